package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// conditionalFlowsRule is conditional-flows: once a node routes by condition
// (a default flow or a conditional outgoing flow), every other outgoing flow
// needs a condition too, or it is taken unconditionally.
func conditionalFlowsRule() lint.Rule {
	return newRule("conditional-flows", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			conditional := e.Default != nil
			for _, f := range e.Outgoing {
				conditional = conditional || hasCondition(f)
			}
			if !conditional {
				return
			}
			for _, f := range e.Outgoing {
				if !hasCondition(f) && !isDefault(e, f) {
					out = append(out, at(f, "Sequence flow leaves a conditional split without a condition"))
				}
			}
		})
		return out
	})
}
