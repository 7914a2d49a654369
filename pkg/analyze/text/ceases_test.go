package text

import "testing"

// TestCeasingEndsItsBranch covers a branch that gives up the work on the
// case ("and we stop chasing"): it ends and never reaches the closing
// steps of the other cases; a stop with a thing for object is a step.
func TestCeasingEndsItsBranch(t *testing.T) {
	tests := []logicCase{
		{
			name:  "stop chasing ends the hand-over branch",
			text:  "The agent calls the customer. If the customer has still not paid after 60 days, the team lead hands the account to the agency, and we stop chasing. Otherwise the agent records the payment. The agent closes the case.",
			never: [][2]pattern{{{"hand"}, {"clos"}}, {{"stop"}, {"clos"}}},
			reach: [][2]pattern{{{"record"}, {"clos"}}},
		},
		{
			name:  "stopping a machine goes on",
			text:  "The operator watches the line. If the line jams, the operator stops the machine and clears the jam. The operator packs the parts.",
			reach: [][2]pattern{{{"clear"}, {"pack"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
