package text

import (
	"slices"
	"strings"
	"testing"
)

// TestRoleBracketParties covers a role glossed with a business's name in
// brackets: both name the outside party; staff and a bare first name do
// not.
func TestRoleBracketParties(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"samples go to the lab by the afternoon courier (Medilink Pathology)", []string{"afternoon courier", "medilink pathology"}},
		{"The plants are ordered from the wholesale nursery (Greenleaf Plants Ltd).", []string{"wholesale nursery", "greenleaf plants ltd"}},
		{"The request goes to the manager (Anna Smith).", nil},
		{"The parcel goes with the driver (Dave).", nil},
		{"The internal auditor (Audit Partners) checks it.", nil},
	}
	for _, tt := range tests {
		if got := roleBracketParties(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("roleBracketParties(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestNounPhraseStopsAtBracket covers a name in brackets after a noun
// phrase: an aside, not part of it.
func TestNounPhraseStopsAtBracket(t *testing.T) {
	tests := []struct{ in, want string }{
		{"the wholesale nursery (Greenleaf Plants Ltd)", "Wholesale Nursery"},
		{"the lab (Medilink)", "Lab"},
		{"the wholesale nursery", "Wholesale Nursery"},
		{"Marek (QA Lead)", "Marek QA"}, // as before: a name, not a role,
	}
	for _, tt := range tests {
		if got := nounPhrase(strings.Fields(tt.in), 4); got != tt.want {
			t.Errorf("nounPhrase(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
