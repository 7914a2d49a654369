package quality

import (
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
)

// TestInventoryData: data objects and stores are listed once each, by
// their references where a reference draws them: a reference without a
// name of its own takes the name of what it refers to; an object or store
// no reference points to is listed itself; one a reference points to is
// not listed again. An unnamed one is described by its kind and position
// (the Namer counts unnamed siblings in the file, R2 among them), never
// by its id.
func TestInventoryData(t *testing.T) {
	t.Parallel()
	const head = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="x">`
	tests := []struct {
		name           string
		body           string
		objects, store []Item
	}{
		{"references named, by their target, and unnamed",
			`<dataStore id="S1" name="ERP"/>
<process id="P">
  <dataObject id="O1" name="Invoice"/>
  <dataObject id="O2"/>
  <dataObjectReference id="R1" name="Invoice [paid]" dataObjectRef="O1"/>
  <dataObjectReference id="R2" dataObjectRef="O1"/>
  <dataObjectReference id="R3" dataObjectRef="O2"/>
  <dataStoreReference id="R4" dataStoreRef="S1"/>
  <dataStoreReference id="R5" name="Archive" dataStoreRef="S1"/>
</process>`,
			[]Item{{ID: "R1", Name: "Invoice [paid]"}, {ID: "R2", Name: "Invoice"}, {ID: "R3", Unnamed: "the 2nd unnamed data object reference"}},
			[]Item{{ID: "R4", Name: "ERP"}, {ID: "R5", Name: "Archive"}}},
		{"objects and stores no reference draws are listed themselves",
			`<dataStore id="S1" name="CRM"/>
<dataStore id="S2"/>
<process id="P">
  <dataObject id="O1" name="Order"/>
  <dataObject id="O2"/>
  <dataObjectReference id="R1" dataObjectRef="missing"/>
</process>`,
			[]Item{{ID: "O1", Name: "Order"}, {ID: "O2", Unnamed: "the unnamed data object"}, {ID: "R1", Unnamed: "the unnamed data object reference"}},
			[]Item{{ID: "S1", Name: "CRM"}, {ID: "S2", Unnamed: "the unnamed data store"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := parse.Parse([]byte(head + tt.body + "</definitions>"))
			if err != nil {
				t.Fatal(err)
			}
			inv := inventory(d, tomodel.NewNamer())
			check := func(what string, got, want []Item) {
				t.Helper()
				if len(got) != len(want) {
					t.Fatalf("%s = %+v, want %+v", what, got, want)
				}
				for i := range want {
					if got[i] != want[i] {
						t.Errorf("%s[%d] = %+v, want %+v", what, i, got[i], want[i])
					}
				}
			}
			check("data objects", inv.DataObjects, tt.objects)
			check("data stores", inv.DataStores, tt.store)
		})
	}
}
