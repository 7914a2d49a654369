package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// startEventRequiredRule is start-event-required: every process and
// sub-process (ad-hoc ones excepted, they have no flow to start) shows where
// it begins.
func startEventRequiredRule() lint.Rule {
	return newRule("start-event-required", func(d *parse.Definitions) []lint.Finding {
		return requireChild(d, "startEvent", "has no start event; add one so readers see where it begins")
	})
}

// requireChild reports processes and non-ad-hoc sub-processes without a
// direct flow element of kind; shared by start- and end-event-required.
func requireChild(d *parse.Definitions, kind, msg string) []lint.Finding {
	var out []lint.Finding
	eachElement(d, func(e *parse.Element) {
		if !parse.IsContainer(e.Kind) || e.Kind == "adHocSubProcess" {
			return
		}
		if e.Child(kind) == nil {
			out = append(out, at(e, containerLabel(e)+" "+msg))
		}
	})
	return out
}
