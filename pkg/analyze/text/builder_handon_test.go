package text

import "testing"

// TestHandedOnWorkStaysOnItsBranch covers the steps after a decision
// whose performer one branch handed the case to: they follow that branch
// only, with the rework loop among them; other work after a decision
// stays after the join.
func TestHandedOnWorkStaysOnItsBranch(t *testing.T) {
	tests := []logicCase{
		{
			name:  "escalation to a team, the team's steps and loop on that branch",
			text:  "The agent runs a remote check. If it is only the laptop, the agent reinstalls the VPN profile. Otherwise the agent escalates the ticket to the network team. The network team analyses the gateway logs and fixes the fault. If the test still fails, the network team analyses the logs again. The agent closes the ticket.",
			never: [][2]pattern{{{"reinstall"}, {"analys"}}, {{"reinstall"}, {"fix"}}},
			reach: [][2]pattern{{{"escalat"}, {"analys"}}, {{"reinstall"}, {"clos"}}, {{"fix"}, {"clos"}}},
		},
		{
			name:  "a performer no branch handed to comes after the join",
			text:  "The clerk checks the form. If the form is complete, the clerk registers it. Otherwise the clerk forwards the form to the supervisor. The archivist files the copy.",
			reach: [][2]pattern{{{"regist"}, {"file"}}, {{"forward"}, {"file"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
