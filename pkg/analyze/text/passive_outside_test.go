package text

import "testing"

func TestPassiveAgentOutsideParty(t *testing.T) {
	t.Parallel()
	cases := []struct {
		np   string
		want bool
	}{
		{"manager", true},
		{"workshop", true},
		{"patient", true},
		{"haulier", true},
		{"leasing company", true},
		{"e-mail", false},
		{"end", false},
		{"", false},
	}
	for _, c := range cases {
		if got := passiveAgent(c.np, "the"); got != c.want {
			t.Errorf("passiveAgent(%q) = %v, want %v", c.np, got, c.want)
		}
	}
}

func TestPassiveByOutsideParty(t *testing.T) {
	t.Parallel()
	cases := []struct {
		text, task, performer string
	}{
		{"The fleet coordinator books the appointment. Then the vehicle is repaired by the workshop.", "Repair vehicle", "Workshop"},
		{"The clerk prepares the form. The form is then signed by the patient.", "Sign form", "Patient"},
		{"The clerk books the slot. The invoice is sent by e-mail.", "Send invoice", "Clerk"},
	}
	for _, c := range cases {
		m := Analyze(t.Context(), c.text, "t.txt")
		found := false
		for _, act := range m.Activities {
			if act.Name == c.task {
				found = true
				if act.Performer != c.performer {
					t.Errorf("%q: %q by %q, want %q", c.text, act.Name, act.Performer, c.performer)
				}
			}
		}
		if !found {
			t.Errorf("%q: no task %q in %v", c.text, c.task, m.Activities)
		}
	}
}
