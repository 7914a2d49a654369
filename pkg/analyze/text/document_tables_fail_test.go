package text

import "testing"

// TestTableFailColumn covers a procedure table whose "If not OK" column
// says what is done when the row's check fails: a decision after the
// row, its failing branch does the cell's work and "repeat N" goes back
// to row N; a dash adds nothing.
func TestTableFailColumn(t *testing.T) {
	tests := []logicCase{
		{
			name:  "corrects, then repeat 1",
			text:  "| # | Activity | Responsible | If not OK |\n|---|---|---|---|\n| 1 | Check the formwork | Site engineer | Carpenter corrects the formwork, then repeat 1 |\n| 2 | Pour the concrete | Concrete crew | – |",
			loop:  [][2]pattern{{{"check", "formwork"}, {"correct", "formwork"}}},
			reach: [][2]pattern{{{"correct", "formwork"}, {"pour", "concrete"}}},
		},
		{
			name:  "sent back and repeat 2",
			text:  "| # | Activity | Responsible | If failed |\n|---|---|---|---|\n| 1 | Order the concrete | Site manager | – |\n| 2 | Test the slump | Lab technician | Truck is sent back to the plant and repeat 2 |\n| 3 | Pour the concrete | Concrete crew | – |",
			loop:  [][2]pattern{{{"test", "slump"}, {"send", "truck"}}},
			never: [][2]pattern{{{"pour", "concrete"}, {"order", "concrete"}}},
		},
		{
			name:  "dashes only: a plain sequence",
			text:  "| # | Activity | Responsible | If not OK |\n|---|---|---|---|\n| 1 | Check the formwork | Site engineer | – |\n| 2 | Pour the concrete | Concrete crew | - |",
			reach: [][2]pattern{{{"check", "formwork"}, {"pour", "concrete"}}},
			never: [][2]pattern{{{"pour", "concrete"}, {"check", "formwork"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
