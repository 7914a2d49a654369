package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// labelRequiredRule is label-required: flow nodes, conditional sequence
// flows, pools and lanes carry a name. Parallel and event-based gateways,
// joining gateways and sub-processes (their contents speak for them) are
// exempt.
func labelRequiredRule() lint.Rule {
	return newRule("label-required", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			switch {
			case e.Kind == "parallelGateway", e.Kind == "eventBasedGateway":
				return
			case parse.IsGateway(e.Kind) && len(e.Outgoing) <= 1:
				return
			case parse.IsSubProcess(e.Kind):
				return
			case e.Kind == "sequenceFlow" && !hasCondition(e):
				return
			}
			if !isA(e, parse.IsFlowNode) && e.Kind != "sequenceFlow" && e.Kind != "participant" && e.Kind != "lane" {
				return
			}
			if e.Label() == "" {
				out = append(out, at(e, "Element has no label; name it so readers know what it does"))
			}
		})
		return out
	})
}
