package text

import "testing"

// TestRedoPrefix covers a step whose verb is an earlier step's verb with
// "re" in front: it is that step done again and loops back like "again",
// keeping its own name; words with a meaning of their own and nouns stay
// as they are.
func TestRedoPrefix(t *testing.T) {
	tests := []logicCase{
		{
			name:  "rescans after a reprint loops back to the scan",
			text:  "The picker labels the pallet. The inspector scans the pallet. If the label does not scan, the picker reprints the label and the inspector rescans the pallet. The clerk books the shipment.",
			loop:  [][2]pattern{{{"scan", "pallet"}, {"reprint", "label"}}, {{"rescan", "pallet"}, {"reprint", "label"}}},
			reach: [][2]pattern{{{"scan", "pallet"}, {"book", "shipment"}}},
		},
		{
			name:  "a hyphen: re-inspects",
			text:  "The quality engineer inspects the parts. If a part fails, production reworks the part and the quality engineer re-inspects it. The planner releases the batch.",
			loop:  [][2]pattern{{{"inspect", "part"}, {"rework", "part"}}},
			reach: [][2]pattern{{{"rework", "part"}, {"releas", "batch"}}},
		},
		{
			name:  "recalculates and sends back: still the hand-back loop",
			text:  "The finance officer calculates the refund. The duty manager approves the refund. If the amount is wrong, the finance officer recalculates the amount and sends the refund back to the duty manager. The cashier pays the refund.",
			loop:  [][2]pattern{{{"recalculat", "amount"}, {"approv", "refund"}}},
			reach: [][2]pattern{{{"approv", "refund"}, {"pay", "refund"}}},
		},
		{
			name:   "removes is no second move",
			text:   "The picker moves the box to the shelf. The clerk removes the old label. The clerk prints a new label.",
			never:  [][2]pattern{{{"remov", "label"}, {"mov", "box"}}},
			absent: []pattern{{"mov", "label"}},
		},
		{
			name:   "reapplying is a new case, no way back",
			text:   "The applicant applies for the grant. The officer reviews the application. If the officer rejects it, the officer informs the applicant, who may reapply next year. Otherwise the officer grants the funds.",
			never:  [][2]pattern{{{"inform", "applicant"}, {"grant", "fund"}}},
			absent: []pattern{{"apply", "again"}},
		},
		{
			name:   "a full recount is a noun",
			text:   "The floor team counts the shelf. The store manager reviews the count. If the shrinkage is too high, the store manager orders a full recount.",
			reach:  [][2]pattern{{{"count", "shelf"}, {"order", "recount"}}},
			absent: []pattern{{"count", "again"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
