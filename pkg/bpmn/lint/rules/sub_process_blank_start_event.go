package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// subProcessBlankStartEventRule is sub-process-blank-start-event: an
// embedded sub-process is started by its parent's flow, so its start event
// has no trigger (event sub-processes are the exception).
func subProcessBlankStartEventRule() lint.Rule {
	return newRule("sub-process-blank-start-event", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if !parse.IsSubProcess(e.Kind) || e.TriggeredByEvent() {
				return
			}
			for _, s := range e.ChildrenOf("startEvent") {
				if len(s.EventDefinitions) > 0 {
					out = append(out, at(s, "Start event of a sub-process must be blank (no trigger)"))
				}
			}
		})
		return out
	})
}
