package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// adHocSubProcessRule is ad-hoc-sub-process: the activities of an ad-hoc
// sub-process run in any order, so start and end events have no place in it.
func adHocSubProcessRule() lint.Rule {
	return newRule("ad-hoc-sub-process", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if !inAdHoc(e) {
				return
			}
			switch e.Kind {
			case "startEvent":
				out = append(out, at(e, "Start events are not allowed in an ad-hoc sub-process"))
			case "endEvent":
				out = append(out, at(e, "End events are not allowed in an ad-hoc sub-process"))
			}
		})
		return out
	})
}
