package text

import "testing"

// TestNegativeSentenceEndsTheNamedBranch covers a sentence of its own
// that says a case is not carried on ("A refused parcel is never
// delivered.") after an "If …" sentence: it ends the branch whose
// condition it names, never the branch that carries on, and the main
// path keeps its later steps.
func TestNegativeSentenceEndsTheNamedBranch(t *testing.T) {
	tests := []logicCase{
		{
			name:  "a rejected item is never sent on, after its rejection",
			text:  "The clerk receives the parcel and checks the seal. If the seal is broken, the clerk rejects the parcel and informs the sender. A rejected parcel is never forwarded. The clerk labels the parcel. The dispatcher ships the parcel.",
			never: [][2]pattern{{{"reject"}, {"label"}}, {{"reject"}, {"ship"}}},
			reach: [][2]pattern{{{"check"}, {"label"}}, {{"label"}, {"ship"}}},
		},
		{
			name:  "a rejected item is never sent on, after a request for a new one",
			text:  "The nurse takes the swab and sends it to the lab. The lab assistant logs the swab and checks its label. If the label is missing, the assistant rejects the swab and asks the ward for a new swab. A rejected swab is never processed. The assistant plates the swab. The microbiologist reads the plate. The microbiologist reports the finding.",
			never: [][2]pattern{{{"reject"}, {"plate"}}, {{"reject"}, {"report"}}},
			reach: [][2]pattern{{{"check"}, {"plate"}}, {{"plate"}, {"report"}}},
		},
		{
			name:  "a refused request is never paid, later steps stay",
			text:  "The accountant reviews the expense claim. If the receipt is missing, the accountant refuses the claim and notifies the employee. A refused claim is never paid. The accountant books the claim. The treasurer pays the employee.",
			never: [][2]pattern{{{"refus"}, {"book"}}, {{"refus"}, {"pay"}}},
			reach: [][2]pattern{{{"review"}, {"book"}}, {{"book"}, {"pay"}}},
		},
		{
			name:  "a second condition naming its own case ends that case",
			text:  "The inspector examines the casting. If the casting fails, the inspector scraps it. If the casting has cracks, it is not delivered. The packer boxes the casting. The driver delivers the casting.",
			never: [][2]pattern{{{"scrap"}, {"box"}}, {{"scrap"}, {"deliver"}}},
			reach: [][2]pattern{{{"examin"}, {"box"}}, {{"box"}, {"deliver"}}},
		},
		{
			name:  "a negative sentence naming no branch keeps the main path",
			text:  "The clerk opens the letter. If the letter is an advert, the clerk throws it away. Such mail is never registered. The clerk stamps the letter. The clerk files the letter.",
			reach: [][2]pattern{{{"open"}, {"stamp"}}, {{"stamp"}, {"file"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}

// TestPartyChoiceInItsPool covers an outside party's "either … or" choice:
// its two steps are alternatives inside its pool, not a chain.
func TestPartyChoiceInItsPool(t *testing.T) {
	tests := []logicCase{
		{
			name:      "an authority clears or holds",
			text:      "The shipping clerk submits the export declaration to the tax office. The tax office either approves the shipment directly or selects the shipment for an audit. The shipping clerk pays the fees. The warehouse clerk loads the truck.",
			exclusive: [][2]pattern{{{"approv"}, {"select"}}},
			reach:     [][2]pattern{{{"pay"}, {"load"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
