package text

import "testing"

// TestAnnouncedLabels: after a sentence announces the outcomes of a
// decision ("one of three things: …"), "Label: …" sentences naming one
// of them are that outcome's case, the branches of one choice; without
// the announcement a "Label: …" sentence stays as it was.
func TestAnnouncedLabels(t *testing.T) {
	tests := []logicCase{
		{
			name:      "three outcomes, each a label",
			text:      "The coordinator decides one of three things: suited for work with children, suited for adult programmes only, or not suited. Adult programmes: she adds the volunteer to the adult roster. Children: she requests a background check. Not suited: she sends a rejection letter. The coordinator closes the file.",
			exclusive: [][2]pattern{{{"add", "volunteer"}, {"request", "check"}}, {{"add", "volunteer"}, {"send", "rejection"}}, {{"request", "check"}, {"send", "rejection"}}},
			reach:     [][2]pattern{{{"request", "check"}, {"clos", "file"}}},
		},
		{
			name:   "no announcement: a label is no case",
			text:   "The clerk checks the order. Adult programmes: the clerk adds the volunteer to the adult roster. The clerk closes the file.",
			reach:  [][2]pattern{{{"check", "order"}, {"clos", "file"}}},
			absent: []pattern{{"outcome"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
	opts := announcedOptions("There are three possible outcomes: approved, approved with conditions, or refused.")
	if len(opts) != 3 {
		t.Errorf("announcedOptions: %v, want three outcomes", opts)
	}
	if announcedOptions("The clerk sends the letter.") != nil {
		t.Errorf("announcedOptions of a plain step: want none")
	}
}
