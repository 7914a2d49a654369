package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// singleEventDefinitionRule is single-event-definition: an event with
// several definitions (a "multiple" event) is hard to read and poorly
// supported by tools.
func singleEventDefinitionRule() lint.Rule {
	return newRule("single-event-definition", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if parse.IsEvent(e.Kind) && len(e.EventDefinitions) > 1 {
				out = append(out, at(e, "Event has more than one event definition"))
			}
		})
		return out
	})
}
