package text

import "testing"

// TestFillerAsides: a long aside of procedural filler after "shall" no
// longer cuts the verb from its subject; other long asides and asides
// with a condition stay.
func TestFillerAsides(t *testing.T) {
	tests := []struct{ in, want string }{
		{"The licensing officer shall, without undue delay and having regard to the principles of good administration, examine the application for completeness.", "The licensing officer shall examine the application for completeness."},
		{"The registrar must, in accordance with the rules laid down in Annex II of this regulation, record the decision.", "The registrar must record the decision."},
		{"The clerk shall, as soon as reasonably practicable, notify the applicant.", "The clerk shall notify the applicant."},
		{"The clerk shall, having regard to the file and where the fee is unpaid, send a reminder.", "The clerk shall, having regard to the file and where the fee is unpaid, send a reminder."},
		{"The clerk shall, after the committee has met and the minutes are signed by the chair, publish them.", "The clerk shall, after the committee has met and the minutes are signed by the chair, publish them."},
	}
	for _, tt := range tests {
		if got := dropFillerAsides(tt.in); got != tt.want {
			t.Errorf("dropFillerAsides(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
