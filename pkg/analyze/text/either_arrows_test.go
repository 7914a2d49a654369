package text

import (
	"context"
	"testing"
)

// TestEitherArrows: "Either <case> -> <step>, or <case> -> <step>" is one
// exclusive choice between the two steps, and a following "In all other
// cases" is a third branch of it.
func TestEitherArrows(t *testing.T) {
	tests := []struct {
		name, text string
		apart      [][2]pattern
	}{
		{"two cases", "The agent checks the account status.\nEither the account is locked -> agent unlocks the account, or the password has expired -> agent issues a temporary password.\nThe agent closes the ticket.\n",
			[][2]pattern{{{"unlock"}, {"issu", "password"}}}},
		{"and all other cases", "- Agent checks the account status.\n- Either the account is locked → agent unlocks the account, or the password has expired → agent issues a temporary password.\n- In all other cases: agent escalates the ticket.\n- Agent closes the ticket.\n",
			[][2]pattern{{{"unlock"}, {"issu", "password"}}, {{"unlock"}, {"escalat"}}, {{"issu", "password"}, {"escalat"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := Analyze(context.Background(), tt.text, "x.txt")
			b := newBehaviour(m)
			for _, p := range tt.apart {
				if !b.exclusiveApart(p[0], p[1]) {
					t.Errorf("%v and %v are not exclusive\n%s", p[0], p[1], describe(m))
				}
			}
			if !b.reachesAny(nodesMatching(m, pattern{"unlock"}), pattern{"clos", "ticket"}, nil) {
				t.Errorf("the unlocking never reaches the ticket's closing\n%s", describe(m))
			}
		})
	}
}

func TestEitherArrowRe(t *testing.T) {
	tests := []struct {
		s    string
		want bool
	}{
		{"Either the account is locked -> agent unlocks the account, or the password has expired -> agent issues a temporary password.", true},
		{"Either the part passes → QA releases it, or it fails → QA blocks it.", true},
		{"Either the clerk approves it or the manager rejects it.", false},
		{"The account is locked -> agent unlocks it.", false},
	}
	for _, tt := range tests {
		if got := eitherArrowRe.MatchString(tt.s); got != tt.want {
			t.Errorf("eitherArrowRe(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}
