package text

import "testing"

// TestForPhraseSubject: "for <items> <phrase> the … does" sets the
// condition the phrase names; a clause that only opens with "for" and a
// plural without such a phrase is left to the other readings.
func TestForPhraseSubject(t *testing.T) {
	tests := []struct{ in, cond, main string }{
		{"for stalls selling second-hand goods the licensing officer shall check the trader against the police register", "stalls selling second-hand goods", "the licensing officer shall check the trader against the police register"},
		{"For buildings with more than three storeys the case officer asks the fire brigade for an opinion", "buildings with more than three storeys", "the case officer asks the fire brigade for an opinion"},
		{"For parcels containing batteries, the clerk adds a hazard label", "parcels containing batteries", "the clerk adds a hazard label"},
		{"For domestic shipments, the clerk books a truck", "", ""},
		{"For years the clerk has checked the form", "", ""},
	}
	for _, tt := range tests {
		cond, main := forPhraseSubject(tt.in)
		if cond != tt.cond || main != tt.main {
			t.Errorf("forPhraseSubject(%q) = %q, %q; want %q, %q", tt.in, cond, main, tt.cond, tt.main)
		}
	}
	logic := []logicCase{{
		name:      "three kinds of stall: two checks apart",
		text:      "The officer examines the application. For food stalls the officer books a hygiene inspection; for stalls selling second-hand goods the officer checks the police register. The officer issues the licence.",
		exclusive: [][2]pattern{{{"book", "inspection"}, {"check", "register"}}},
		reach:     [][2]pattern{{{"check", "register"}, {"issu", "licence"}}},
	}}
	for _, tt := range logic {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
