package text

import (
	"context"
	"testing"
)

// TestTerminationPhrases lists ways a text says a branch is over, and
// sentences that only look like it.
func TestTerminationPhrases(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"The consultant discharges the patient and the clinic's part ends there.", true},
		{"The procedure is thereby terminated.", true},
		{"The application is then closed.", true},
		{"If CAB say no, it is finish for this change.", true},
		{"The port never happens.", true},
		{"The process ends.", true},
		{"The road ends at the depot.", false},
		{"The nurse ends the call and books the slot.", false},
	} {
		if got := endRe.MatchString(tc.s); got != tc.want {
			t.Errorf("endRe(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

// TestChoiceShapes checks choices written without "if": a "when" lead-in
// answered by "otherwise" decides like "if".
func TestChoiceShapes(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		exclusive [][2]pattern
		never     [][2]pattern
	}{
		{
			name:      "when … otherwise",
			text:      "The consultant assesses the patient. When no disorder is found, the consultant discharges the patient and the clinic's part ends there. Otherwise the consultant agrees a treatment plan with the family.",
			exclusive: [][2]pattern{{{"discharg"}, {"agre", "plan"}}},
			never:     [][2]pattern{{{"discharg"}, {"agre", "plan"}}},
		},
		{
			name:      "whenever … otherwise",
			text:      "The inspector checks the crate. Whenever a seal is broken, the inspector quarantines the crate. Otherwise the clerk stores the crate.",
			exclusive: [][2]pattern{{{"quarantin"}, {"stor"}}},
		},
	}
	for _, tc := range tests {
		m := Analyze(context.Background(), tc.text, "t.txt")
		b := newBehaviour(m)
		for _, p := range tc.exclusive {
			if !b.exclusiveApart(p[0], p[1]) {
				t.Errorf("%s: %v and %v not on two branches of a choice:%s", tc.name, p[0], p[1], describe(m))
			}
		}
		for _, p := range tc.never {
			if b.reachesAny(nodesMatching(m, p[0]), p[1], nil) {
				t.Errorf("%s: %v reaches %v:%s", tc.name, p[0], p[1], describe(m))
			}
		}
	}
}

// TestWhenWithoutOtherwiseStaysTemporal: a "when" with no "otherwise"
// after it is a point in time, not a choice.
func TestWhenWithoutOtherwiseStaysTemporal(t *testing.T) {
	m := Analyze(context.Background(), "The clerk registers the parcel. When the parcel is registered, the clerk stores it. The driver delivers it.", "t.txt")
	for _, g := range m.Gateways {
		t.Errorf("unexpected gateway %q:%s", g.Name, describe(m))
	}
}
