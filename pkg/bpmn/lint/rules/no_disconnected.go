package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// noDisconnectedRule is no-disconnected: tasks, gateways, sub-processes and
// events need a sequence flow in or out. Event sub-processes, compensation
// handlers and compensation boundary events (linked by associations) and the
// contents of ad-hoc sub-processes are exempt.
func noDisconnectedRule() lint.Rule {
	return newRule("no-disconnected", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if !isA(e, parse.IsTask, parse.IsGateway, parse.IsSubProcess, parse.IsEvent) || e.TriggeredByEvent() {
				return
			}
			compensationBoundary := e.Kind == "boundaryEvent" && len(e.EventDefinitions) == 1 &&
				e.EventDefinitions[0].Kind == "compensateEventDefinition"
			if compensationBoundary || e.IsForCompensation() || inAdHoc(e) {
				return
			}
			if len(e.Incoming) == 0 && len(e.Outgoing) == 0 {
				out = append(out, at(e, "Element is not connected by any sequence flow"))
			}
		})
		return out
	})
}
