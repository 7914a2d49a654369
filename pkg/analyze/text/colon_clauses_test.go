package text

import (
	"strings"
	"testing"
)

func TestClauseColonSentences(t *testing.T) {
	t.Parallel()
	cases := []struct {
		p    string
		want []string
	}{
		{"The nurse refers the patient: the coordinator sends a care request to the nursing service.",
			[]string{"The nurse refers the patient.", "the coordinator sends a care request to the nursing service."}},
		{"Patients who need home care are referred by the discharge coordinator: the coordinator sends a care request.",
			[]string{"Patients who need home care are referred by the discharge coordinator.", "the coordinator sends a care request."}},
		{"Two things happen at the same time: the clerk books the flight and the assistant books the hotel.",
			[]string{"Two things happen at the same time: the clerk books the flight and the assistant books the hotel."}},
		{"If the part fails the test: the operator scraps it and logs the defect.",
			[]string{"If the part fails the test: the operator scraps it and logs the defect."}},
		{"The clerk checks three things: the invoice is complete and the amount matches.",
			[]string{"The clerk checks three things: the invoice is complete and the amount matches."}},
		{"Our consultant make a proposal: she ask three airlines for group fares and she reserve the hotel.",
			[]string{"Our consultant make a proposal.", "she ask three airlines for group fares and she reserve the hotel."}},
		{"The clerk checks the parcel: it goes back to the sender if it is damaged.",
			[]string{"The clerk checks the parcel: it goes back to the sender if it is damaged."}},
	}
	for _, c := range cases {
		got := sentences(c.p)
		if strings.Join(got, " | ") != strings.Join(c.want, " | ") {
			t.Errorf("sentences(%q) = %q, want %q", c.p, got, c.want)
		}
	}
}
