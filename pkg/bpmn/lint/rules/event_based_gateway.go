package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// eventBasedGatewayRule is event-based-gateway: an event-based gateway races
// at least two events; its outgoing flows carry no conditions (the events
// decide).
func eventBasedGatewayRule() lint.Rule {
	return newRule("event-based-gateway", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if e.Kind != "eventBasedGateway" {
				return
			}
			if len(e.Outgoing) < 2 {
				out = append(out, at(e, "Event-based gateway needs at least two outgoing sequence flows"))
			}
			for _, f := range e.Outgoing {
				if hasCondition(f) {
					out = append(out, at(f, "Sequence flow leaving an event-based gateway must not have a condition"))
				}
			}
		})
		return out
	})
}
