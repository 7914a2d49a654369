package text

import "testing"

// TestRestart covers a branch that starts the work over: it goes back to
// the step the text names by a list of verbs, by the thing it starts
// with, or to the first step for "from the top"; the "start over" is no
// step of its own.
func TestRestart(t *testing.T) {
	tests := []logicCase{
		{
			name:  "the cycle repeats: a list of verbs",
			text:  "The operator loads the pan. The operator sprays a layer and the operator dries the tablets. The operator weighs a sample. If the gain is below 3 %, the cycle repeats: spray, dry, weigh. The inspector releases the batch.",
			loop:  [][2]pattern{{{"spray", "layer"}, {"weigh", "sample"}}},
			never: [][2]pattern{{{"weigh", "sample"}, {"load", "pan"}}},
			reach: [][2]pattern{{{"weigh", "sample"}, {"releas", "batch"}}},
		},
		{
			name:   "start over with a new call",
			text:   "The agent runs a video call with the customer. The agent checks the ID document. If the connection drops, the agent aborts the identification and has to start over with a new video call. The back office creates the account.",
			loop:   [][2]pattern{{{"run", "video"}, {"abort", "identification"}}},
			reach:  [][2]pattern{{{"abort", "identification"}, {"creat", "account"}}},
			absent: []pattern{{"start"}},
		},
		{
			name: "again from the top",
			text: "The examiner marks the scripts. The moderator checks a sample. If the marks differ, the examiner corrects the marks and we go again from the top. The officer publishes the results.",
			loop: [][2]pattern{{{"mark", "script"}, {"correct", "mark"}}},
		},
		{
			name:  "start again from the first count",
			text:  "The floor team counts the bay. The controller compares the count with the stock figure. The manager reviews the report. If the shrinkage is high, the manager orders a full recount and we start again from the first count. The controller posts the adjustments.",
			loop:  [][2]pattern{{{"count", "bay"}, {"order", "recount"}}},
			reach: [][2]pattern{{{"review", "report"}, {"post", "adjustment"}}},
		},
		{
			name:  "goes through review again after a revision in the main flow",
			text:  "The associate drafts the contract. The counsel reviews the draft. The associate revises the draft; once revised, the draft goes through review again. The associate sends the contract.",
			loop:  [][2]pattern{{{"review", "draft"}, {"revis", "draft"}}},
			reach: [][2]pattern{{{"revis", "draft"}, {"send", "contract"}}},
		},
		{
			name:  "goes through customs again, no rework: no loop",
			text:  "The broker files the declaration. The officer checks the goods. The truck goes through the checkpoint again. The driver delivers the goods.",
			never: [][2]pattern{{{"deliver", "good"}, {"file", "declaration"}}},
		},
		{
			name:  "another role's step, then the driver tries again",
			text:  "The driver records the failed delivery. The clerk contacts the recipient. If the recipient picks a new date, dispatch plans the parcel on the route and the driver tries again. Otherwise the clerk returns the parcel to the sender.",
			loop:  [][2]pattern{{{"record", "delivery"}, {"plan", "parcel"}}},
			never: [][2]pattern{{{"return", "parcel"}, {"record", "delivery"}}},
		},
		{
			name:  "start over with nothing named: no loop",
			text:  "The clerk checks the form. If the form is torn, the clerk asks the applicant to start over. The clerk files the form.",
			never: [][2]pattern{{{"ask", "applicant"}, {"check", "form"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
