package text

import "testing"

// TestFailedGoBack covers a closing clause that sends the cases failing
// a check back to earlier work: a decision after the check, its failing
// answer goes back, the other goes on.
func TestFailedGoBack(t *testing.T) {
	tests := []logicCase{
		{
			name:  "in a disposition list's branch, after a semicolon",
			text:  "The quality engineer decides the disposition, one of:\n  USE AS IS - the quality engineer releases the parts.\n  REWORK - production reworks the parts, then the quality engineer re-inspects them; parts that fail re-inspection go back to rework.\n  SCRAP - the warehouse scraps the parts.\nThe planner closes the report.",
			loop:  [][2]pattern{{{"rework", "part"}, {"reinspect", "part"}}},
			never: [][2]pattern{{{"scrap", "part"}, {"rework", "part"}}},
			reach: [][2]pattern{{{"reinspect", "part"}, {"clos", "report"}}},
		},
		{
			name:  "in the main flow, after a semicolon",
			text:  "The writer drafts the text. The editor reviews the text; texts that fail review are returned to drafting. The designer lays out the page.",
			loop:  [][2]pattern{{{"draft", "text"}, {"review", "text"}}},
			reach: [][2]pattern{{{"review", "text"}, {"lay", "page"}}},
		},
		{
			name:  "work never read: no loop",
			text:  "The clerk checks the forms. Forms that fail the check go back to scanning. The clerk files the forms.",
			never: [][2]pattern{{{"file", "form"}, {"check", "form"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
