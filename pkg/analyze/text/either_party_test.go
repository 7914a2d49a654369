package text

import (
	"strings"
	"testing"
)

// TestEitherParty covers a subject of two outside parties joined by
// "or": one performer named by both, whatever the verb's agreement; two
// roles of ours stay eitherPerformer's choice.
func TestEitherParty(t *testing.T) {
	tests := []struct {
		text, performer string
		n               int
	}{
		{"The school or the club send us the request with the dates.", "School or Club", 1},
		{"The school or the club sends us the request with the dates.", "School or Club", 1},
		{"The league or the sponsor sign the agreement.", "League or Sponsor", 1},
		{"The team lead or the director approves it.", "Team Lead", 2},
		{"The school sends us the request.", "School", 1},
	}
	for _, tt := range tests {
		cs := parseClause(tt.text, "")
		if len(cs) != tt.n || cs[0].performer != tt.performer {
			t.Errorf("parseClause(%q) = %+v, want %d clause(s) by %q", tt.text, cs, tt.n, tt.performer)
		}
	}
}

// TestOrPairAgrees covers the base-form verb after "the X or the Y".
func TestOrPairAgrees(t *testing.T) {
	tests := []struct {
		text string
		i    int
		want bool
	}{
		{"The school or the club send us the request", 5, true},
		{"The school or the club send the request", 5, true},
		{"The school or the club send requests", 5, false},
		{"The school and the club send us the request", 5, false},
		{"School or club send us the request", 3, false},
	}
	for _, tt := range tests {
		ws := strings.Fields(tt.text)
		if got := orPairAgrees(ws[:tt.i], ws, tt.i); got != tt.want {
			t.Errorf("orPairAgrees(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
