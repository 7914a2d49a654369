package text

import "testing"

// TestFirstRepeated covers a sentence that ends in two or more steps
// said only to be done again: the branch goes back to the first of them,
// and none of them is a step of its own; a single "again" keeps the
// rules it had.
func TestFirstRepeated(t *testing.T) {
	tests := []logicCase{
		{
			name:   "restores again and checks again: back to the restore",
			text:   "The backup operator restores the latest backup. The application owner checks the data. If the check fails, the backup operator opens an incident, fixes the backup job and restores again, and the owner checks again. The operator records the result.",
			loop:   [][2]pattern{{{"restor", "backup"}, {"check", "data"}}, {{"fix", "job"}, {"restor", "backup"}}},
			reach:  [][2]pattern{{{"fix", "job"}, {"record", "result"}}},
			absent: []pattern{{"restor", "again"}, {"check", "again"}},
		},
		{
			name:  "one step again: the check it goes back to",
			text:  "The clerk enters the order. The supervisor checks the order. If it is wrong, the clerk corrects the order and the supervisor checks again. The clerk ships the order.",
			loop:  [][2]pattern{{{"correct", "order"}, {"check", "order"}}},
			reach: [][2]pattern{{{"correct", "order"}, {"ship", "order"}}},
		},
		{
			name: "steps again in another order than first done: the rule leaves them",
			text: "The cook weighs the flour. The cook mixes the dough. If the dough is too dry, the cook adds water, mixes again and weighs again.",
			loop: [][2]pattern{{{"weigh", "flour"}, {"mix", "again"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
