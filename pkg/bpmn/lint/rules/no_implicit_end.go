package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// noImplicitEndRule is no-implicit-end: a node without outgoing flow ends
// the process implicitly. End events, link throw events, event
// sub-processes, compensation handlers, compensation boundary events wired
// to their handler by an association, and ad-hoc contents are exempt.
func noImplicitEndRule() lint.Rule {
	return newRule("no-implicit-end", func(d *parse.Definitions) []lint.Finding {
		associated := map[*parse.Element]bool{}
		eachElement(d, func(e *parse.Element) {
			if e.Kind == "association" && e.Source != nil {
				associated[e.Source] = true
			}
		})
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if !isA(e, parse.IsEvent, parse.IsActivity, parse.IsGateway) || len(e.Outgoing) > 0 {
				return
			}
			switch {
			case isEventSubProcess(e), inAdHoc(e), e.Kind == "endEvent":
			case e.Kind == "intermediateThrowEvent" && onlyDefinitions(e, "linkEventDefinition"):
			case e.Kind == "boundaryEvent" && onlyDefinitions(e, "compensateEventDefinition") && associated[e]:
			case parse.IsActivity(e.Kind) && e.IsForCompensation():
			default:
				out = append(out, at(e, "Element has no outgoing flow and so ends the process implicitly; connect it or finish with an end event"))
			}
		})
		return out
	})
}
