package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// noImplicitStartRule is no-implicit-start: a node without incoming flow
// starts the process implicitly. Start and boundary events, link catch
// events, event sub-processes, compensation handlers and ad-hoc contents are
// exempt.
func noImplicitStartRule() lint.Rule {
	return newRule("no-implicit-start", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if !isA(e, parse.IsEvent, parse.IsActivity, parse.IsGateway) || len(e.Incoming) > 0 {
				return
			}
			switch {
			case parse.IsActivity(e.Kind) && e.IsForCompensation():
			case inAdHoc(e), isEventSubProcess(e):
			case e.Kind == "intermediateCatchEvent" && onlyDefinitions(e, "linkEventDefinition"):
			case e.Kind == "startEvent", e.Kind == "boundaryEvent":
			default:
				out = append(out, at(e, "Element has no incoming flow and so starts the process implicitly; connect it or begin with a start event"))
			}
		})
		return out
	})
}
