package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// singleBlankStartEventRule is single-blank-start-event: a process or
// sub-process has at most one start event without a trigger; several blank
// starts cannot be told apart.
func singleBlankStartEventRule() lint.Rule {
	return newRule("single-blank-start-event", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if !parse.IsContainer(e.Kind) {
				return
			}
			blank := 0
			for _, s := range e.ChildrenOf("startEvent") {
				if len(s.EventDefinitions) == 0 {
					blank++
				}
			}
			if blank > 1 {
				out = append(out, at(e, containerLabel(e)+" has more than one blank start event"))
			}
		})
		return out
	})
}
