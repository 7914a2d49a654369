package text

import (
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// TestEndStateFromSentenceBefore covers a closing sentence with no step
// of its own ("it is never registered") after the sentence that named the
// case's state ("A rejected study is closed …"): the branch's end is
// named after that state, and a step-less closing sentence alone names
// no state.
func TestEndStateFromSentenceBefore(t *testing.T) {
	tests := []struct {
		name, text, end string
	}{
		{"state in the sentence before", "The committee votes on the study. A rejected study is closed and the sponsor is informed; it is never registered and no approval letter is issued. The secretary issues the approval letter.", "Study rejected"},
		{"no state before", "The committee votes on the study. If the budget is too high, the secretary informs the sponsor; it is never registered and no approval letter is issued. The secretary issues the approval letter.", "End"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			found := false
			for _, e := range m.Events {
				found = found || e.Type == process.EventEnd && e.Name == tt.end
			}
			if !found {
				t.Errorf("no end %q:%s", tt.end, describe(m))
			}
			checkLogic(t, logicCase{text: tt.text, never: [][2]pattern{{{"inform"}, {"issu"}}}})
		})
	}
}
