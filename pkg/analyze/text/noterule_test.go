package text

import "testing"

// TestConditionalNote covers labelled notes: one that states what a
// performer does in a case is a rule of the procedure; one that only
// warns or explains stays out.
func TestConditionalNote(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"Note A: if the right-to-work check fails, the compliance officer withdraws the offer.", "If the right-to-work check fails, the compliance officer withdraws the offer.", true},
		{"Note: where the tenant objects, the agent books a second viewing.", "Where the tenant objects, the agent books a second viewing.", true},
		{"Note: the form is available on the intranet.", "", false},
		{"Note: if in doubt, ask.", "", false},
		{"Warning: if the lamp is hot, the technician waits.", "", false},
	}
	for _, tt := range tests {
		got, ok := conditionalNote(tt.in)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("conditionalNote(%q) = %q, %v, want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestConditionalNoteBranch covers a table whose note says the negative
// outcome: the note's steps are a branch that never reaches the fee.
func TestConditionalNoteBranch(t *testing.T) {
	checkLogic(t, logicCase{
		name:  "note after the steps",
		text:  "1. The recruiter makes the offer to the candidate.\n2. The compliance officer checks the right to work.\n3. The account manager sends the fee invoice to the client.\n\nNote A: if the right-to-work check fails, the compliance officer withdraws the offer and the recruiter informs the client.",
		never: [][2]pattern{{{"withdraw"}, {"send", "invoice"}}},
		reach: [][2]pattern{{{"make", "offer"}, {"send", "invoice"}}},
	})
}
