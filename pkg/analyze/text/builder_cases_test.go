package text

import "testing"

// TestCasesInARowAreOneDecision covers several "if" cases in a row that
// answer one decision although their conditions name different things:
// they are branches of one split, so no case passes another's steps.
// Cases on different things stay decisions in sequence.
func TestCasesInARowAreOneDecision(t *testing.T) {
	tests := []logicCase{
		{
			name:      "a third case that turns down what the first approves",
			text:      "The engineer assesses the impact of the change. If the impact is small, the engineer approves the change and updates the drawing. If the impact is large, the engineer asks the designer for a new proposal. If the change is not feasible at all, the engineer rejects the change and the process ends. The planner schedules the production run.",
			never:     [][2]pattern{{{"reject"}, {"schedul"}}, {{"updat"}, {"reject"}}, {{"ask"}, {"reject"}}},
			exclusive: [][2]pattern{{{"approv"}, {"reject"}}},
			reach:     [][2]pattern{{{"updat"}, {"schedul"}}},
		},
		{
			name:      "bare verdicts as labels, a case with no step of its own on its label",
			text:      "Grant applications\n\n- The committee reviews the application.\n- There are three results:\n  - approved: the clerk sends the contract to the applicant.\n  - on hold: something is missing. The clerk requests the documents from the applicant, and when they arrive the committee reviews the application again.\n  - declined: the clerk archives the application and sends a refusal letter. Nothing is paid.\n",
			never:     [][2]pattern{{{"archiv"}, {"contract"}}, {{"contract"}, {"archiv"}}, {{"contract"}, {"request"}}, {{"archiv"}, {"request"}}},
			exclusive: [][2]pattern{{{"contract"}, {"archiv"}}},
			loop:      [][2]pattern{{{"request", "document"}, {"review"}}},
			absent:    []pattern{{"missing"}, {"nothing"}},
		},
		{
			name:      "everything, part of it, nothing",
			text:      "The clerk checks the stock for the order. If everything is in stock, the clerk ships the order. If only part of the order is in stock, the clerk ships the available items and creates a backorder. If nothing is in stock, the clerk cancels the order and informs the customer.",
			never:     [][2]pattern{{{"cancel"}, {"ship"}}, {{"ship", "order"}, {"backorder"}}, {{"backorder"}, {"cancel"}}},
			exclusive: [][2]pattern{{{"ship", "order"}, {"cancel"}}, {{"backorder"}, {"ship", "order"}}},
		},
		{
			name:      "all is fine, or one of the findings that stop it",
			text:      "The inspector checks the welded frame. If all is fine, the inspector signs the certificate. If a seam is wrong, the welder repairs the seam and the inspector checks the frame again. If the material test failed, the inspector rejects the frame and informs the supplier. The inspector files the report.",
			never:     [][2]pattern{{{"reject"}, {"sign"}}, {{"sign"}, {"reject"}}, {{"reject"}, {"repair"}}},
			exclusive: [][2]pattern{{{"sign"}, {"reject"}}},
			loop:      [][2]pattern{{{"repair"}, {"check"}}},
		},
		{
			name:      "the sentences after a choice name each branch's case",
			text:      "The clerk registers the order. Depending on the order value, the clerk either approves the order at once or forwards it to the buyer. Below 1,000 EUR the clerk approves it at once. Above 1,000 EUR the buyer compares three offers and approves the order. The warehouse receives the goods.",
			exclusive: [][2]pattern{{{"approv"}, {"compar"}}},
			reach:     [][2]pattern{{{"compar"}, {"receiv"}}, {{"forward"}, {"compar"}}},
			never:     [][2]pattern{{{"compar"}, {"forward"}}},
		},
		{
			name:  "the end of an outcome with a step of its own stays on its branch",
			text:  "The clerk checks the seal of the parcel. If the seal is broken, the clerk rejects the parcel. A rejected parcel is returned to the sender and never forwarded. The clerk forwards the parcel to the ward.",
			never: [][2]pattern{{{"reject"}, {"forward"}}, {{"return"}, {"forward"}}},
			reach: [][2]pattern{{{"check"}, {"forward"}}},
		},
		{
			name:  "cases on different things stay in sequence",
			text:  "The cashier scans the items. If the customer is a member, the cashier applies the member discount. If the total is above 100 EUR, the cashier adds a free gift. The cashier prints the receipt.",
			reach: [][2]pattern{{{"appl"}, {"gift"}}, {{"scan"}, {"gift"}}, {{"scan"}, {"print"}}},
		},
		{
			name:  "a refusal the condition names stays on its case",
			text:  "The agent checks the booking. If the booking is above 5,000 EUR, the manager approves the booking. If the manager rejects the booking, the agent informs the customer and the process ends. The agent issues the tickets.",
			never: [][2]pattern{{{"inform"}, {"issu"}}},
			reach: [][2]pattern{{{"check"}, {"issu"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
