package text

import "testing"

// TestForBranch covers a sentence led by the case it applies to ("For a
// refund …") right after a choice: its steps go to the branch of that
// case; a lead naming no branch, or after no choice, adds the steps to
// the flow.
func TestForBranch(t *testing.T) {
	tests := []logicCase{
		{
			name:      "for a refund, no comma",
			text:      "The clerk receives the complaint. The clerk either replaces the kettle or refunds the price. For a refund the cashier pays the money back to the customer. The clerk closes the complaint.",
			exclusive: [][2]pattern{{{"replac", "kettle"}, {"pay", "money"}}},
			reach:     [][2]pattern{{{"pay", "money"}, {"clos", "complaint"}}},
		},
		{
			name:  "a lead naming no branch",
			text:  "The clerk receives the complaint. The clerk either replaces the kettle or refunds the price. For a change the cashier counts the till. The clerk closes the complaint.",
			reach: [][2]pattern{{{"replac", "kettle"}, {"count", "till"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
