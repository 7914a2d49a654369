package text

import (
	"strings"
	"testing"
)

// TestBaseFirstVerb: a first verb in the base form that names no step,
// after a plural or a plain non-native role, leaves the step after "and"
// to be read; a verb naming work or a subject that does not take the
// base form does not.
func TestBaseFirstVerb(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"The change manager look at it and call the emergency CAB", 3},
		{"Admitted applicants get an offer letter and pay the deposit", 2},
		{"The clerk go to the archive and fetch the file", 2},
		{"The clerk checks the form and calls the customer", -1},
		{"The clerk, look at it and call the CAB", -1},
		{"The manager check the form and call the customer", -1},
	}
	for _, tt := range tests {
		if got := baseFirstVerb(strings.Fields(tt.in)); got != tt.want {
			t.Errorf("baseFirstVerb(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// TestSecondVerbBase: the step after "and" is read in the base form when
// the first verb names none.
func TestSecondVerbBase(t *testing.T) {
	tests := []struct{ in, verb, object string }{
		{"The change manager look at it and call the emergency CAB by phone", "call", "emergency CAB"},
		{"Admitted applicants get an offer letter and pay the deposit", "pay", "deposit"},
		{"The clerk go to the archive and fetch the file", "fetch", "file"},
	}
	for _, tt := range tests {
		cs := parseClause(tt.in, "")
		if len(cs) != 1 || cs[0].verb != tt.verb || cs[0].objectText() != tt.object {
			t.Errorf("parseClause(%q) = %+v, want one clause %s %s", tt.in, cs, tt.verb, tt.object)
		}
	}
}
