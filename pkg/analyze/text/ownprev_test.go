package text

import (
	"slices"
	"testing"
)

// TestPronounInOwnSubjectClause covers "it" in a clause with a subject of
// its own joined by "and": it stands for the object of the clause before
// it, not for the thing the sentence before named.
func TestPronounInOwnSubjectClause(t *testing.T) {
	tests := []struct {
		name, text, act string
	}{
		{"letter just written", "The GP examines the patient. For a referral the GP writes the referral letter and the receptionist sends it to the hospital.", "Send referral letter"},
		{"report after a lead", "The GP examines the patient. After treatment the GP writes a short report and the receptionist sends it to the family doctor.", "Send short report"},
		{"no object before", "The clerk receives the invoice. The clerk checks and the manager approves it.", "Approve invoice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			var names []string
			for _, a := range m.Activities {
				names = append(names, a.Name)
			}
			if !slices.Contains(names, tt.act) {
				t.Errorf("activities %q, want %q:%s", names, tt.act, describe(m))
			}
		})
	}
}
