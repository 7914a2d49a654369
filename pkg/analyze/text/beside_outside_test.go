package text

import (
	"context"
	"testing"
)

// TestBesideOutsideParty covers "In parallel" after an outside party's
// reply (and its wait): the new work runs beside our own request before
// the reply, not beside nothing.
func TestBesideOutsideParty(t *testing.T) {
	tests := []struct {
		name, text string
		a, b       pattern
	}{
		{"previous employer with a wait", "Once the interview is over, the recruiter asks the candidate's previous employer for a written reference. They answer by e-mail, usually within a week. In parallel, the recruiter asks Veritas Screening for a criminal record check. The recruiter reads both documents.",
			pattern{"ask", "reference"}, pattern{"ask", "check"}},
		{"insurer with a wait", "The clerk sends the claim to the insurer. The insurer answers within five days. Meanwhile, the clerk books the repair. The clerk closes the file.",
			pattern{"send", "claim"}, pattern{"book", "repair"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := Analyze(context.Background(), tt.text, "t.txt")
			if !parallelApart(m, tt.a, tt.b) {
				t.Errorf("%v and %v not on two branches of a parallel split:%s", tt.a, tt.b, describe(m))
			}
		})
	}
}
