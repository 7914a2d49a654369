package text

import "testing"

// TestWithCaseLabel covers a line that names its case by what the case
// comes with before a colon ("Without a receipt: the associate offers an
// exchange"): a condition and what happens then, like an arrow; a lead
// that is a clause of its own stays as it is.
func TestWithCaseLabel(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"with", "With a receipt: the associate refunds the amount.", "With a receipt -> the associate refunds the amount."},
		{"without", "Without a booking: the desk turns the guest away.", "Without a booking -> the desk turns the guest away."},
		{"with a time", "With a receipt, within 30 days: the associate refunds the amount.", "With a receipt, within 30 days -> the associate refunds the amount."},
		{"clause lead", "With the complete documentation, two things are made at once: the advisor drafts the contract.", "With the complete documentation, two things are made at once: the advisor drafts the contract."},
		{"plain label", "Note: the associate refunds the amount.", "Note: the associate refunds the amount."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := colonCondition(tt.in); got != tt.want {
				t.Errorf("colonCondition(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
	checkLogic(t, logicCase{
		name:      "cases by what they come with",
		text:      "The clerk opens the till.\n\nWith a receipt: the associate refunds the full amount.\nWithout a receipt: the associate offers an exchange.\n\nThe clerk closes the till.",
		exclusive: [][2]pattern{{{"refund"}, {"offer", "exchange"}}},
		reach:     [][2]pattern{{{"open"}, {"offer", "exchange"}}},
	})
}
