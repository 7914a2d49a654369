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
		{
			name:  "next cell: 3 if complete, 4 if not; back to 2",
			text:  "| Step | Who | What | Next |\n|---|---|---|---|\n| 1 | Buyer | Enters the product | 2 |\n| 2 | Data steward | Checks the product data | 3 if complete, 4 if not |\n| 3 | Pricing analyst | Sets the price | 5 |\n| 4 | Buyer | Completes the missing data | back to 2 |\n| 5 | Store planner | Places the product | end |",
			loop:  [][2]pattern{{{"check", "data"}, {"complet", "data"}}},
			reach: [][2]pattern{{{"complet", "data"}, {"plac", "product"}}},
		},
		{
			name:  "a Then column, words before back to",
			text:  "| Step | Who | What | Then |\n|---|---|---|---|\n| 1 | Driver | Rings at the address | 2 if the recipient opens, 3 if nobody is home |\n| 2 | Driver | Hands over the parcel | end |\n| 3 | Driver | Leaves a card | next working day back to 1 |",
			loop:  [][2]pattern{{{"ring", "address"}, {"leav", "card"}}},
			never: [][2]pattern{{{"hand", "parcel"}, {"leav", "card"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
