package versions

import (
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/refine"
)

// TestNotUnderstoodDetail: an instruction nothing was made of is answered
// with a short list of the closest forms, in the diagram's names, not a
// dump of the grammar.
func TestNotUnderstoodDetail(t *testing.T) {
	t.Parallel()
	names := []string{"Check claim", "Pay claim", "Send rejection letter"}
	for _, tc := range []struct {
		parts []string
		want  string
	}{
		{[]string{"get rid of Send rejection letter"}, "• delete 'Send rejection letter'"},
		{[]string{"Send rejection letter finishes it"}, "• end the process after 'Send rejection letter'"},
		{nil, "for example"},
	} {
		d := notUnderstoodDetail(tc.parts, names, names)
		if !strings.Contains(d, tc.want) {
			t.Errorf("%q: detail %q lacks %q", tc.parts, d, tc.want)
		}
		if strings.Contains(d, refine.Grammar) || strings.Count(d, "•") > 3 || strings.Contains(d, "|") {
			t.Errorf("%q: detail is a grammar dump: %q", tc.parts, d)
		}
	}
}
