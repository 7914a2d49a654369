package rules

import "github.com/spade-bpmn/spade/pkg/bpmn/lint"

// noInclusiveGatewayRule is no-inclusive-gateway: inclusive (OR) gateways
// make readers work out which combinations of paths run; bpmnlint warns
// about them.
func noInclusiveGatewayRule() lint.Rule {
	return newRule("no-inclusive-gateway", discouraged("inclusiveGateway", "Inclusive gateways are discouraged; readers must work out which paths run together"))
}
