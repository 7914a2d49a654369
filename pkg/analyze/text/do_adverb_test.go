package text

import (
	"strings"
	"testing"
)

// TestLightDoAfterAdverb covers "do" between a subject with an adverb
// and a thing of work, in plain non-native English: it is the verb; an
// inversion keeps its auxiliary.
func TestLightDoAfterAdverb(t *testing.T) {
	tests := []struct{ in, want string }{
		{"the mechanic only do the safety check", "the mechanic only carry out the safety check"},
		{"we also do a stock count", "we also carry out a stock count"},
		{"Only then does the manager sign the form", "Only then does the manager sign the form"},
		{"Not only do the clerks check the form", "Not only do the clerks check the form"},
	}
	for _, tt := range tests {
		if got := lightDo(tt.in); got != tt.want {
			t.Errorf("lightDo(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestOwnPronounInTail covers a coordinated clause whose own pronoun
// names its performer: "they" after "and" is not the first subject.
func TestOwnPronounInTail(t *testing.T) {
	tests := []struct {
		text      string
		wantPron  string
		wantPerf  string
		tailIndex int
	}{
		{"I send the signed plan to the land registry and they update the register.", "they", "", 1},
		{"The clerk sends the plan to the registry and they update the register.", "they", "", 1},
		{"The clerk sends the plan to the registry and updates the file.", "", "Clerk", 1},
	}
	for _, tt := range tests {
		cs := parseClause(tt.text, "")
		if len(cs) <= tt.tailIndex {
			t.Errorf("%q: %d clauses", tt.text, len(cs))
			continue
		}
		c := cs[tt.tailIndex]
		if c.pron != tt.wantPron || c.performer != tt.wantPerf {
			t.Errorf("%q: tail %q pron %q performer %q, want pron %q performer %q", tt.text, c.verb+" "+strings.Join(c.object, " "), c.pron, c.performer, tt.wantPron, tt.wantPerf)
		}
	}
}
