package text

import "testing"

// TestReworkAgainInFlow covers a step done again right after rework with
// no decision to hang the loop on: the way back is a decision whether
// more rework is needed; a step done again without rework before it is
// a second step, no loop.
func TestReworkAgainInFlow(t *testing.T) {
	tests := []logicCase{
		{
			name:   "rework step, then the earlier step again",
			text:   "The associate drafts the contract. The senior counsel reviews the draft. The associate revises the draft. The senior counsel reviews the draft again. The associate sends the contract to the sales manager.",
			loop:   [][2]pattern{{{"review", "draft"}, {"revis", "draft"}}},
			reach:  [][2]pattern{{{"revis", "draft"}, {"send", "contract"}}},
			absent: []pattern{{"review", "again"}},
		},
		{
			name: "the sentence itself names the rework",
			text: "The clerk checks the form. The clerk adds the missing fields. Once corrected, the clerk checks the form again. The clerk files the form.",
			loop: [][2]pattern{{{"check", "form"}, {"add", "field"}}},
		},
		{
			name:  "the case after a loop back, its condition without a comma",
			text:  "The clerk checks the form. When the form is incomplete, the process loops back to checking. When the form is complete the clerk files it.",
			loop:  [][2]pattern{{{"check", "form"}, {"check", "form"}}},
			reach: [][2]pattern{{{"check", "form"}, {"file", "form"}}},
		},
		{
			name:  "a second scan without rework is no loop",
			text:  "The operator scans the label at the wrapping station. The operator loads the pallet. The operator scans the label again at the dock door. The team leader confirms the loaded pallets.",
			never: [][2]pattern{{{"scan", "dock"}, {"scan", "wrapping"}}},
			reach: [][2]pattern{{{"load", "pallet"}, {"confirm"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
