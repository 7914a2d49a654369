package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// eventSubProcessTypedStartEventRule is event-sub-process-typed-start-event:
// an event sub-process is started by its trigger, so its start event must
// say which (message, timer, …).
func eventSubProcessTypedStartEventRule() lint.Rule {
	return newRule("event-sub-process-typed-start-event", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if !isEventSubProcess(e) {
				return
			}
			for _, s := range e.ChildrenOf("startEvent") {
				if len(s.EventDefinitions) == 0 {
					out = append(out, at(s, "Start event of an event sub-process needs a trigger (event definition)"))
				}
			}
		})
		return out
	})
}
