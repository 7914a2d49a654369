package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// fakeJoinRule is fake-join: several flows entering an activity or event do
// not wait for each other; join them with a gateway so the intent is
// explicit.
func fakeJoinRule() lint.Rule {
	return newRule("fake-join", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if isA(e, parse.IsActivity, parse.IsEvent) && len(e.Incoming) > 1 {
				out = append(out, at(e, "Several incoming flows enter without a joining gateway"))
			}
		})
		return out
	})
}
