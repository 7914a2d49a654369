package text

import "testing"

// TestBareDepartmentActs covers a department named bare before its verb:
// "billing credits the account" is Billing's step "Credit account", not
// the verb "bill".
func TestBareDepartmentActs(t *testing.T) {
	tests := []struct {
		name, text, lane, act string
	}{
		{"billing", "The agent closes the ticket. Once the engineer confirms the repair, billing credits the account.", "Billing", "Credit account"},
		{"purchasing", "The clerk checks the request. Purchasing orders the parts.", "Purchasing", "Order parts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			found := false
			for _, a := range m.Activities {
				if a.Name == tt.act && a.Performer == tt.lane {
					found = true
				}
			}
			if !found {
				t.Errorf("no step %q by %q:%s", tt.act, tt.lane, describe(m))
			}
		})
	}
}
