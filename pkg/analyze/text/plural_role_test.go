package text

import (
	"strings"
	"testing"
)

// TestPluralRoleFirst covers a plural role that opens a sentence with a
// word that is also a verb, and commands that only look like one.
func TestPluralRoleFirst(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"Judges review the entries.", true},
		{"Nurses check the patient.", true},
		{"Checks the invoice.", false},
		{"Check the invoice.", false},
		{"Sends reminder to the customer.", false},
	}
	for _, tt := range tests {
		ws := strings.Fields(tt.in)
		_, f := verbForm(ws[0])
		if got := pluralRoleFirst(ws, f); got != tt.want {
			t.Errorf("pluralRoleFirst(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestPluralRoleFirstClause covers the clause read from such a
// sentence: the plural role performs the verb after it.
func TestPluralRoleFirstClause(t *testing.T) {
	checkFirstClause(t, []firstClause{
		{"Judges review the entries.", "Judges", "review"},
		{"Nurses check the patient.", "Nurses", "check"},
	})
}
