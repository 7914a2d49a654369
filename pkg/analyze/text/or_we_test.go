package text

import (
	"context"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// TestOrWeAlternative covers a choice whose other branch is the
// narrator's side, named by "we" or "I" after "or": the other step is
// made, ours, on a branch of an exclusive split.
func TestOrWeAlternative(t *testing.T) {
	tests := []struct {
		name, text, act, party string
	}{
		{"we send to insurer", "The dentist writes the record and I prepare the invoice. The patient pays at the desk or we send the invoice to their insurer.", "Send invoice", "Patient"},
		{"I send a reminder", "The clerk books the slot. The tenant signs the form or I send a reminder to the tenant.", "Send reminder", "Tenant"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := Analyze(context.Background(), tt.text, "t.txt")
			if !afterChoice(m, tt.act, tt.party) {
				t.Errorf("no step %q outside %q after an exclusive split:%s", tt.act, tt.party, describe(m))
			}
		})
	}
}

// afterChoice reports a step named act (by someone other than party)
// that an exclusive gateway leads to.
func afterChoice(m process.Model, act, party string) bool {
	gws := map[string]bool{}
	for _, g := range m.Gateways {
		if g.Type == process.GatewayExclusive {
			gws[g.ID] = true
		}
	}
	for _, a := range m.Activities {
		if !strings.HasPrefix(a.Name, act) || a.Performer == party {
			continue
		}
		for _, f := range m.Flows {
			if f.Target == a.ID && gws[f.Source] {
				return true
			}
		}
	}
	return false
}
