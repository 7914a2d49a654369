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

// TestConditionalNoteAnchor covers a note whose case names a step before
// the last: its decision comes right after that step, the steps between
// are the way on of the branch that goes on; a note naming no step
// stays after the last.
func TestConditionalNoteAnchor(t *testing.T) {
	tests := []logicCase{
		{
			name: "the budget check of step 2",
			text: "1. The buyer requests a quote from the supplier.\n2. The buyer checks the quote against the budget.\n3. The buyer places the purchase order.\n4. The clerk files the purchase order.\n\n" +
				"Note 1: if the budget check fails, the buyer cancels the request and the controller is informed.",
			exclusive: [][2]pattern{{{"cancel", "request"}, {"plac", "order"}}},
			never:     [][2]pattern{{{"cancel", "request"}, {"fil", "order"}}},
			reach:     [][2]pattern{{{"check", "quote"}, {"plac", "order"}}},
		},
		{
			name: "two notes, each after its own step",
			text: "1. The agent shows the flat to the tenant.\n2. The agent sends the lease offer to the tenant.\n3. The letting manager checks the tenant's references.\n4. The agent collects the deposit.\n\n" +
				"Note A: if the tenant refuses the lease offer, the agent archives the file.\n\nNote B: if the reference check fails, the letting manager withdraws the offer.",
			exclusive: [][2]pattern{{{"archiv", "file"}, {"check", "reference"}}, {{"withdraw", "offer"}, {"collect", "deposit"}}},
			never:     [][2]pattern{{{"archiv", "file"}, {"collect", "deposit"}}, {{"withdraw", "offer"}, {"collect", "deposit"}}},
		},
		{
			name: "a note naming a step still waiting after an if",
			text: "| Step | Who | What | Notes |\n|---|---|---|---|\n| 1 | Buyer | Requests the quote | |\n| 2 | Buyer | Checks the quote | if the quote is too high, back to step 1 |\n| 3 | Controller | Checks the budget | see note 1 |\n| 4 | Buyer | Places the purchase order | |\n\n" +
				"Note 1: if the budget check fails, the controller cancels the request.",
			exclusive: [][2]pattern{{{"cancel", "request"}, {"plac", "order"}}},
			loop:      [][2]pattern{{{"request", "quote"}, {"check", "quote"}}},
		},
		{
			name:  "a note naming no step stays after the last",
			text:  "1. The cook prepares the dough.\n2. The cook bakes the bread.\n3. The baker packs the loaves.\n\nNote A: if the flour delivery is late, the cook informs the manager.",
			reach: [][2]pattern{{{"pack", "loaves"}, {"inform", "manager"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
