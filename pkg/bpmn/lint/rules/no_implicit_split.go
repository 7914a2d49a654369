package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// noImplicitSplitRule is no-implicit-split: an activity or event with
// several unconditional outgoing flows splits without saying how; model the
// split with a gateway.
func noImplicitSplitRule() lint.Rule {
	return newRule("no-implicit-split", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if !isA(e, parse.IsActivity, parse.IsEvent) {
				return
			}
			plain := 0
			for _, f := range e.Outgoing {
				if !hasCondition(f) && !isDefault(e, f) {
					plain++
				}
			}
			if plain > 1 {
				out = append(out, at(e, "Flow splits implicitly; use a gateway to show how it splits"))
			}
		})
		return out
	})
}
