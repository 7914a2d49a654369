package text

import (
	"strings"
	"testing"
)

// TestBareRoleVerb covers plain non-native English where a role named
// without an article is followed by a bare verb and an object whose
// first word could be a verb.
func TestBareRoleVerb(t *testing.T) {
	tests := []struct {
		in         string
		verb, perf string
		object     string
	}{
		{"underwriter write decline letter", "write", "Underwriter", "decline letter"},
		{"Underwriter write decline letter", "write", "Underwriter", "decline letter"},
		{"Underwriter check answers.", "check", "Underwriter", "answers"},
		{"HR send warning letter", "send", "HR", "warning letter"},
	}
	for _, tt := range tests {
		cs := parseClause(tt.in, "")
		if len(cs) == 0 {
			t.Errorf("parseClause(%q) = no clause", tt.in)
			continue
		}
		c := cs[0]
		if c.verb != tt.verb || c.performer != tt.perf || c.objectText() != tt.object {
			t.Errorf("parseClause(%q) = %q %q %q, want %q %q %q", tt.in, c.performer, c.verb, c.objectText(), tt.perf, tt.verb, tt.object)
		}
	}
}

// TestBareRoleVerbKeepsOrders covers the first word being a verb: an
// order, never a role.
func TestBareRoleVerbKeepsOrders(t *testing.T) {
	for _, in := range []string{"check supplier invoice", "order spare parts", "register customer data"} {
		if bareRoleVerb(strings.Fields(in), 1) {
			t.Errorf("bareRoleVerb(%q) = true, want false", in)
		}
	}
}

// TestBareRoleVerbBranch covers a whole non-native description: the
// decline branch keeps its step and never reaches the policy.
func TestBareRoleVerbBranch(t *testing.T) {
	checkLogic(t, logicCase{
		name:  "non-native decline branch",
		text:  "Underwriting assistant register the case in system. Underwriter look the medical answers. Underwriter decide: accept, or decline. After approve, underwriting assistant put the premium in system and send the policy to agent. If decline, underwriter write decline letter and case is closed.",
		never: [][2]pattern{{{"write", "decline"}, {"put", "premium"}}, {{"write", "decline"}, {"send", "policy"}}},
	})
}
