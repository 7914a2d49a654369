package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// noGatewayJoinForkRule is no-gateway-join-fork: a gateway that both joins
// and forks hides two decisions in one symbol; split it into a join and a
// fork.
func noGatewayJoinForkRule() lint.Rule {
	return newRule("no-gateway-join-fork", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if parse.IsGateway(e.Kind) && len(e.Incoming) > 1 && len(e.Outgoing) > 1 {
				out = append(out, at(e, "Gateway both joins and forks; use one gateway for each"))
			}
		})
		return out
	})
}
