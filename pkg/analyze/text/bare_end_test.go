package text

import (
	"context"
	"testing"
)

// TestBareEnd: a sentence that is only "Stop." or "End." ends the branch
// the sentence before it opened; the main flow goes on without it.
func TestBareEnd(t *testing.T) {
	tests := []struct {
		name, end string
		ends      bool
	}{
		{"stop", "Stop.", true},
		{"capitals", "STOP!", true},
		{"end", "End.", true},
		{"end of process", "End of process.", true},
		{"a step", "Stop the line.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := "The agent verifies the identity.\nIf the identity is not confirmed, the agent logs a security incident. " + tt.end + "\nThe agent checks the account. The agent closes the ticket.\n"
			m := Analyze(context.Background(), text, "x.txt")
			b := newBehaviour(m)
			reaches := b.reachesAny(nodesMatching(m, pattern{"log", "incident"}), pattern{"clos", "ticket"}, nil)
			if reaches == tt.ends {
				t.Errorf("after %q, log incident reaches close ticket = %v, want %v\n%s", tt.end, reaches, !tt.ends, describe(m))
			}
			if !b.reachesAny(nodesMatching(m, pattern{"verif"}), pattern{"clos", "ticket"}, nil) {
				t.Errorf("after %q the main flow no longer reaches the ticket's closing", tt.end)
			}
		})
	}
}
