package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// superfluousLabelRule is superfluous-label: a label on a plain sequence
// flow (no condition, not a default flow, not a branch of a deciding
// gateway) reads like a condition that is not there.
func superfluousLabelRule() lint.Rule {
	return newRule("superfluous-label", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if e.Kind != "sequenceFlow" || e.Label() == "" || hasCondition(e) {
				return
			}
			if s := e.Source; s != nil {
				if isDefault(s, e) {
					return
				}
				if (s.Kind == "exclusiveGateway" || s.Kind == "inclusiveGateway") && len(s.Outgoing) > 1 {
					return
				}
			}
			out = append(out, at(e, "Sequence flow has a label but no condition; the label reads like a condition that is not there"))
		})
		return out
	})
}
