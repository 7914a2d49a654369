package text

import "testing"

func TestEndPhrasesNeeded(t *testing.T) {
	t.Parallel()
	cases := []struct {
		s    string
		want bool
	}{
		{"If we have it, the assistant puts a hold on it, and no interlibrary loan is needed.", true},
		{"The clerk archives the file; no further signature is required.", true},
		{"The clerk checks whether a new form is needed.", false},
		{"The clerk books the full stop at the port.", false},
		{"No engineer is ever booked for such an account.", true},
		{"No invoice is booked twice.", false},
	}
	for _, c := range cases {
		if got := endRe.MatchString(c.s); got != c.want {
			t.Errorf("endRe.MatchString(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}

func TestNotNeededEndsBranch(t *testing.T) {
	t.Parallel()
	text := "The loan assistant checks our catalogue. If we have it after all, the assistant puts a hold on it, and no interlibrary loan is needed. The loan assistant sends the loan request to the lending library. The librarian charges the fee."
	m := Analyze(t.Context(), text, "t.txt")
	id := map[string]string{}
	for _, act := range m.Activities {
		id[act.Name] = act.ID
	}
	hold := ""
	for name, i := range id {
		if len(name) >= 8 && name[:8] == "Put hold" {
			hold = i
		}
	}
	if hold == "" {
		t.Fatalf("no hold step in %v", m.Activities)
	}
	for _, f := range m.Flows {
		if f.Source == hold && f.Target == id["Send loan request"] {
			t.Errorf("the hold branch goes on to the loan request: %v", m.Flows)
		}
	}
}
