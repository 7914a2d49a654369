package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// endEventRequiredRule is end-event-required: every process and non-ad-hoc
// sub-process shows where it ends.
func endEventRequiredRule() lint.Rule {
	return newRule("end-event-required", func(d *parse.Definitions) []lint.Finding {
		return requireChild(d, "endEvent", "has no end event; add one so readers see where it ends")
	})
}
