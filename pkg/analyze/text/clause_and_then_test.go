package text

import "testing"

// TestSecondVerbAndThen: after a first verb that names no step ("waits
// five days"), the step after "and then" is read, for "I"/"we" with the
// base form as for a named role with the third person.
func TestSecondVerbAndThen(t *testing.T) {
	tests := []struct{ in, verb, object string }{
		{"the clerk waits five working days and then sends a reminder", "send", "reminder"},
		{"I wait five working days and then send a reminder", "send", "reminder"},
		{"we wait two days and chase the supplier", "chase", "supplier"},
		{"she waits five minutes and measures again", "measure", "again"},
	}
	for _, tt := range tests {
		cs := parseClause(tt.in, "")
		if len(cs) != 1 || cs[0].verb != tt.verb || cs[0].objectText() != tt.object {
			t.Errorf("parseClause(%q) = %+v, want one clause %s %s", tt.in, cs, tt.verb, tt.object)
		}
	}
}
