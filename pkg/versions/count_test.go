package versions

import (
	"encoding/json"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// TestElementsInJSON: the count read from a model's JSON without decoding
// it equals CountElements on the decoded model, whatever the names hold
// (commas, brackets, quotes, escapes) and for null and empty arrays.
func TestElementsInJSON(t *testing.T) {
	t.Parallel()
	tricky := `a, "b" [c] {d} \ e,`
	for _, tc := range []struct {
		name string
		m    process.Model
		raw  string // used instead of m when set
	}{
		{name: "empty model", m: process.Model{}},
		{name: "null arrays", raw: `{"activities":null,"gateways":null,"events":null,"flows":null}`},
		{name: "empty arrays", raw: `{"activities":[],"gateways":[ ],"events":[],"flows":[]}`},
		{name: "one task", m: process.Model{Activities: []process.Activity{{ID: "a", Name: "A"}}}},
		{name: "names with JSON characters", m: process.Model{
			Activities: []process.Activity{{ID: "a1", Name: tricky}, {ID: "a2", Name: tricky}, {ID: "a3", Name: "[{"}},
			Gateways:   []process.Gateway{{ID: "g", Name: tricky}},
			Events:     []process.Event{{ID: "e1", Name: "}]"}, {ID: "e2"}},
			Flows:      []process.Flow{{ID: "f1", Source: "a1", Target: "a2", Condition: tricky}, {ID: "f2", Source: "a2", Target: "a3"}},
			Data:       []process.Data{{ID: "d", Name: tricky}},
		}},
		{name: "spaced", raw: "{ \"activities\" : [ {\"id\":\"a\"} , {\"id\":\"b\", \"x\":[1,2,3]} ] , \"flows\":[{\"id\":\"f\"}]}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			raw := tc.raw
			if raw == "" {
				b, err := json.Marshal(tc.m)
				if err != nil {
					t.Fatal(err)
				}
				raw = string(b)
			}
			var m process.Model
			if err := json.Unmarshal([]byte(raw), &m); err != nil {
				t.Fatal(err)
			}
			got, err := elementsInJSON(raw)
			if err != nil || got != CountElements(&m) {
				t.Errorf("elementsInJSON = %d, %v; CountElements = %d", got, err, CountElements(&m))
			}
		})
	}
	if _, err := elementsInJSON(`{"activities":[`); err == nil {
		t.Error("broken JSON counted")
	}
}
