package text

import "testing"

func TestSelfIntroRole(t *testing.T) {
	t.Parallel()
	cases := []struct{ head, want string }{
		{"Right, from the start. I'm the import coordinator. It kicks off when …", "Import Coordinator"},
		{"Hello. I am a claims handler and I check every claim.", "Claims Handler"},
		{"I work as the night porter here.", "Night Porter"},
		{"I'm the customer and I want a refund.", ""},
		{"I am the one who checks it.", ""},
		{"As the manager approves it, the clerk books it.", ""},
		{"No introduction at all.", ""},
	}
	for _, c := range cases {
		if got := selfIntroRole(c.head); got != c.want {
			t.Errorf("selfIntroRole(%q) = %q, want %q", c.head, got, c.want)
		}
	}
}

func TestSelfIntroPerformsFirstPerson(t *testing.T) {
	t.Parallel()
	text := "Walkthrough for the new starter.\n\nI'm the import coordinator. The customs broker prepares the declaration. Once it is released, I pay the import duty."
	m := Analyze(t.Context(), text, "t.txt")
	for _, act := range m.Activities {
		if act.Name == "Pay import duty" {
			if act.Performer != "Import Coordinator" {
				t.Errorf("%q by %q, want Import Coordinator", act.Name, act.Performer)
			}
			return
		}
	}
	t.Errorf("no task Pay import duty in %v", m.Activities)
}
