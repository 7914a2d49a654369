package text

import (
	"strings"
	"testing"
)

// TestRelativeWhether: "X passes the case to Y, who decides whether …"
// keeps the hand-over as X's step and makes Y, when a role, ask the
// question.
func TestRelativeWhether(t *testing.T) {
	for _, tc := range []struct {
		text, step, performer, asker string
	}{
		{"The teller counts the cash. The teller passes the case to the branch manager, who decides whether to accept the deposit. If the branch manager accepts it, the teller credits the deposit. If not, the teller gives the cash back.", "Pass case", "Teller", "Branch Manager"},
		{"The clerk checks the form. The clerk sends the file to the committee, who decides whether to fund the project. If so, the clerk pays the grant. If not, the clerk closes the file.", "Send file", "Clerk", ""},
	} {
		m := analyze(t, tc.text)
		a, ok := activity(m, tc.step)
		if !ok || a.Performer != tc.performer {
			t.Errorf("%q: no step %q by %s: %v", tc.text, tc.step, tc.performer, names(m))
		}
		asked := tc.asker == ""
		for _, g := range m.Gateways {
			if g.Name != "" && strings.EqualFold(g.Performer, tc.asker) {
				asked = true
			}
		}
		if !asked {
			t.Errorf("%q: no question asked by %s: %+v", tc.text, tc.asker, m.Gateways)
		}
	}
}
