package text

import "testing"

// TestNarratorRole covers every reading of who "I" is: a title that
// says who tells the text, the job the narrator names, a looser
// self-introduction, and no role for a state or a missing introduction.
func TestNarratorRole(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"job for", "I am the case officer for boundary corrections at the municipality.", "Case Officer"},
		{"works at a desk", "So, I work at the reception of the practice.", "Reception"},
		{"job here", "I'm the shift lead here.", "Shift Lead"},
		{"works as", "I work as a dispatcher.", "Dispatcher"},
		{"works as here", "I work as the night porter here.", "Night Porter"},
		{"job after a greeting", "Right, from the start. I'm the import coordinator. It kicks off when …", "Import Coordinator"},
		{"job and", "Hello. I am a claims handler and I check every claim.", "Claims Handler"},
		// the job reading takes an outside party too
		{"customer and", "I'm the customer and I want a refund.", "Customer"},
		{"a state", "I am a bit late today.", ""},
		{"the only one", "I am the only one who knows.", ""},
		{"the one who", "I am the one who checks it.", ""},
		{"no introduction", "I check the invoice.", ""},
		{"a third person", "As the manager approves it, the clerk books it.", ""},
		{"nothing", "No introduction at all.", ""},
		{"told by", "How lost property works - as told by our head housekeeper\n\nI log every item.", "Head Housekeeper"},
		{"told by a name", "How a quote goes — told by Marco, account manager, for new hires\n", "Account Manager"},
		{"memo from", "(voice memo from the night shift supervisor, for new starters)\n", "Night Shift Supervisor"},
		{"told by an outside party", "Refunds as told by the customer\n", ""},
		{"how I at a desk", "How I handle a refund request at the box office\n\nWhen a customer writes in, I look up the booking.", "Box Office"},
		{"how I at a place", "How I plan my week at the farm\n", ""},
		{"told by later", "Intro\nThe clerk is told by the manager to wait.", ""},
		{"self-intro with", "I'm the coordinator with the customs team.", "Coordinator"},
		{"self-intro our", "I'm our import coordinator.", "Import Coordinator"},
		{"self-intro outside party", "I'm the customer with a question.", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := narratorRole(tt.in); got != tt.want {
				t.Errorf("narratorRole(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestNarratorPerformsFirstPerson checks that the role a narrator names
// does what "I" does.
func TestNarratorPerformsFirstPerson(t *testing.T) {
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
