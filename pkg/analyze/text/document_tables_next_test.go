package text

import "testing"

// TestTableNextRow covers next cells that name rows by number: a later
// row than the next is a jump ahead (the rows between are skipped), the
// next row goes on in the branch its row is on (so that row's "end"
// ends that branch), "answer: row" pairs are a decision's branches, and
// "back to N; after … M" loops back until the condition sends the case
// on.
func TestTableNextRow(t *testing.T) {
	tests := []logicCase{
		{
			name: "a number past the next row skips the rows between",
			text: "| Step | Who | Task | Then |\n|---|---|---|---|\n| 1 | Clerk | Weighs the sack | 2 if the sack is heavy, 3 if the sack is light |\n| 2 | Porter | Loads the sack onto the lorry | 5 |\n" +
				"| 3 | Clerk | Seals the sack | 4 |\n| 4 | Clerk | Stores the sack in the shed | end |\n| 5 | Driver | Signs the waybill | end |",
			never:     [][2]pattern{{{"load", "sack"}, {"seal", "sack"}}, {{"stor", "sack"}, {"sign", "waybill"}}},
			reach:     [][2]pattern{{{"load", "sack"}, {"sign", "waybill"}}},
			exclusive: [][2]pattern{{{"load", "sack"}, {"seal", "sack"}}},
		},
		{
			name: "answers with colons, each row going on in its branch",
			text: "| Step | Who | Task | Next |\n|---|---|---|---|\n| 1 | Teller | Reviews the loan file | 2 |\n| 2 | Manager | Rules on the loan: yes or no | yes: 3, no: 5 |\n" +
				"| 3 | Teller | Pays out the loan | 4 |\n| 4 | Teller | Files the contract | end |\n| 5 | Teller | Writes the refusal letter | end |",
			never:     [][2]pattern{{{"fil", "contract"}, {"writ", "letter"}}, {{"writ", "letter"}, {"pay", "loan"}}},
			exclusive: [][2]pattern{{{"pay", "loan"}, {"writ", "letter"}}},
		},
		{
			name: "back to a row until a condition sends the case on",
			text: "| Step | Who | Task | Then |\n|---|---|---|---|\n| 1 | Nurse | Calls the patient | 2 if the patient answers, 3 if there is no answer |\n| 2 | Nurse | Books the appointment | 5 |\n" +
				"| 3 | Nurse | Leaves a voicemail | next morning back to 1; after the second try 4 |\n| 4 | Clerk | Closes the referral | end |\n| 5 | Nurse | Sends the confirmation | end |",
			loop:  [][2]pattern{{{"call", "patient"}, {"leav", "voicemail"}}},
			reach: [][2]pattern{{{"leav", "voicemail"}, {"clos", "referral"}}, {{"book", "appointment"}, {"send", "confirmation"}}},
			never: [][2]pattern{{{"clos", "referral"}, {"send", "confirmation"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}

// TestTableRemarkBack covers a remarks column whose cell sends the case
// back on a condition: a decision after the row loops back to the row
// named; a remark that only explains adds nothing.
func TestTableRemarkBack(t *testing.T) {
	tests := []logicCase{
		{
			name:  "if …, back to step 1",
			text:  "| Step | Who | What | Remarks |\n|---|---|---|---|\n| 1 | Editor | Drafts the article | keep it short |\n| 2 | Lawyer | Reviews the article | if the lawyer objects, back to step 1 |\n| 3 | Editor | Publishes the article | |",
			loop:  [][2]pattern{{{"draft", "article"}, {"review", "article"}}},
			reach: [][2]pattern{{{"review", "article"}, {"publish", "article"}}},
		},
		{
			name:  "a remark without a way back",
			text:  "| Step | Who | What | Remarks |\n|---|---|---|---|\n| 1 | Editor | Drafts the article | keep it short |\n| 2 | Editor | Publishes the article | before noon |",
			never: [][2]pattern{{{"publish", "article"}, {"draft", "article"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
