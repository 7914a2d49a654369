package text

import "testing"

// TestEndAfterDecisionEndsItsLastBranch covers an end said in a sentence
// of its own after the steps that follow an "if … / if not …" pair while
// the text goes on: those steps and the end belong to the last branch,
// and the later steps only to the other one. At the end of the text the
// steps stay common to both.
func TestEndAfterDecisionEndsItsLastBranch(t *testing.T) {
	tests := []logicCase{
		{
			name:  "a mismatch is charged and closed, the invoice only after loading",
			text:  "The crew checks the items. If the items match the booking, the crew loads them. If this is not the case, the crew reports a mismatch. The agent then charges a fee and closes the booking. Nothing is loaded. The billing clerk sends the invoice.",
			never: [][2]pattern{{{"report"}, {"send", "invoice"}}, {{"charg"}, {"send", "invoice"}}},
			reach: [][2]pattern{{{"load"}, {"send", "invoice"}}, {{"report"}, {"charg"}}},
		},
		{
			name:  "otherwise branch ends after a step of its own sentence",
			text:  "The clerk checks the form. If the form is complete, the clerk registers it. Otherwise the clerk returns the form. The clerk archives the copy. The process ends. The officer issues the licence.",
			never: [][2]pattern{{{"return"}, {"issu"}}},
			reach: [][2]pattern{{{"regist"}, {"issu"}}},
		},
		{
			name:  "steps and end at the end of the text stay common to both branches",
			text:  "The clerk checks the form. If the form is complete, the clerk registers it. Otherwise the clerk returns the form. The clerk archives the copy. The process ends.",
			reach: [][2]pattern{{{"regist"}, {"archiv"}}, {{"return"}, {"archiv"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}

// TestEndOfNegativeWhetherBranch covers an end said in the "if" sentence
// that answers a "whether" decision in the negative: that branch ends,
// the positive one goes on.
func TestEndOfNegativeWhetherBranch(t *testing.T) {
	tests := []logicCase{
		{
			name:  "that's it ends the branch that does not fit",
			text:  "I read the referral and decide whether physiotherapy makes sense. If it doesn't fit, I phone the patient, explain why, and that's it. If I take the patient on, Anna asks the insurer for approval. Anna books the sessions. I treat the patient.",
			never: [][2]pattern{{{"phone"}, {"book"}}, {{"phone"}, {"treat"}}},
			reach: [][2]pattern{{{"ask"}, {"book"}}, {{"book"}, {"treat"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
