package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// superfluousGatewayRule is superfluous-gateway: a gateway with one flow in
// and one out decides nothing and can be removed.
func superfluousGatewayRule() lint.Rule {
	return newRule("superfluous-gateway", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if parse.IsGateway(e.Kind) && len(e.Incoming) == 1 && len(e.Outgoing) == 1 {
				out = append(out, at(e, "Gateway has a single incoming and a single outgoing flow and does nothing"))
			}
		})
		return out
	})
}
