package text

import (
	"strings"
	"testing"
)

// TestPlainAgreement covers base forms after a singular role in plain
// non-native English: a titled role with "of", a verb that reaches its
// place or person through a preposition, the writer's own person ("our
// legal colleague") and an idle verb joined to the step by "and" ("the
// driver come and inspect").
func TestPlainAgreement(t *testing.T) {
	checkFirstClause(t, []firstClause{
		{"The head of department sign the refusal.", "Head of Department", "sign"},
		{"The director of finance approve the budget.", "Director of Finance", "approve"},
		{"Dispute team write to the card scheme.", "Dispute Team", "write"},
		{"Our legal colleague check the contract.", "Legal Colleague", "check"},
		{"The driver come and inspect the truck.", "Driver", "inspect"},
		{"The driver go and check the truck.", "Driver", "check"},
	})
}

// TestPlainSubject covers what may stand before a base form as its
// performer.
func TestPlainSubject(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"the head of department", true},
		{"the quality inspector", true},
		{"requires that the manager", false},
		{"the box of parts", false},
		{"of department", false},
	}
	for _, tt := range tests {
		if got := plainSubject(strings.Fields(tt.in)); got != tt.want {
			t.Errorf("plainSubject(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestMovementAfterRole covers a verb that reaches its person with its preposition
// and words that only look like one.
func TestMovementAfterRole(t *testing.T) {
	tests := []struct {
		in   string
		i    int
		want bool
	}{
		{"supplier reply to the query", 1, true},
		{"team write to the scheme", 1, true},
		{"team write the letter", 1, false},
		{"team check with the control", 1, false},
		{"team write", 1, false},
	}
	for _, tt := range tests {
		if got := movementAfterRole(strings.Fields(tt.in), tt.i); got != tt.want {
			t.Errorf("movementAfterRole(%q, %d) = %v, want %v", tt.in, tt.i, got, tt.want)
		}
	}
}

// TestPossessedSubject covers the writer's own people and what only
// looks like them.
func TestPossessedSubject(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"our legal colleague", true},
		{"my assistant", true},
		{"our", false},
		{"the legal colleague", false},
		{"our team checks", false},
	}
	for _, tt := range tests {
		if got := possessedSubject(strings.Fields(tt.in)); got != tt.want {
			t.Errorf("possessedSubject(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestPlainIdleVerb covers an idle base form joined to the step by "and".
func TestPlainIdleVerb(t *testing.T) {
	tests := []struct {
		in   string
		j    int
		want bool
	}{
		{"the driver come and inspect the truck", 2, true},
		{"the driver comes and inspects the truck", 2, false},
		{"the driver come to the depot", 2, false},
		{"the box come and go", 2, false},
	}
	for _, tt := range tests {
		if got := plainIdleVerb(strings.Fields(tt.in), tt.j); got != tt.want {
			t.Errorf("plainIdleVerb(%q, %d) = %v, want %v", tt.in, tt.j, got, tt.want)
		}
	}
}

// firstClause is a sentence and the performer and verb of the first
// clause read from it.
type firstClause struct {
	in         string
	perf, verb string
}

// checkFirstClause reads each sentence and compares its first clause's
// performer and verb.
func checkFirstClause(t *testing.T, tests []firstClause) {
	t.Helper()
	for _, tt := range tests {
		cs := parseClause(tt.in, "")
		if len(cs) == 0 {
			t.Errorf("parseClause(%q) = no clause", tt.in)
			continue
		}
		if c := cs[0]; c.verb != tt.verb || !strings.EqualFold(c.performer, tt.perf) {
			t.Errorf("parseClause(%q) = %q %q, want %q %q", tt.in, c.performer, c.verb, tt.perf, tt.verb)
		}
	}
}
