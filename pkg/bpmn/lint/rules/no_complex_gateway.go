package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// noComplexGatewayRule is no-complex-gateway: complex gateways are rarely
// understood by readers or supported by engines.
func noComplexGatewayRule() lint.Rule {
	return newRule("no-complex-gateway", discouraged("complexGateway", "Complex gateways are discouraged; express the rule with exclusive or parallel gateways"))
}

// discouraged reports every element of a kind; shared by the rules that
// discourage an element type.
func discouraged(kind, msg string) func(*parse.Definitions) []lint.Finding {
	return func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if e.Kind == kind {
				out = append(out, at(e, msg))
			}
		})
		return out
	}
}
