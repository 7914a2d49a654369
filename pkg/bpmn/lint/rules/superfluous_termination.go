package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// superfluousTerminationRule is superfluous-termination: a terminate end
// event is only needed when other paths could still be running. When every
// way out of a process or sub-process ends at the single terminate end event
// (or in an interrupting event sub-process), a plain end event says the
// same.
func superfluousTerminationRule() lint.Rule {
	return newRule("superfluous-termination", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(c *parse.Element) {
			if !parse.IsContainer(c.Kind) {
				return
			}
			var ends, terminates []*parse.Element
			for _, e := range c.Children {
				if parse.IsFlowNode(e.Kind) && len(e.Outgoing) == 0 {
					ends = append(ends, e)
					if isTerminateEnd(e) {
						terminates = append(terminates, e)
					}
				}
			}
			if len(terminates) != 1 {
				return
			}
			for _, e := range ends {
				if !isTerminateEnd(e) && !isInterruptingEventSub(e) {
					return
				}
			}
			out = append(out, at(terminates[0], "Terminate end event is superfluous: no other path can still be running here"))
		})
		return out
	})
}

func isTerminateEnd(e *parse.Element) bool {
	return e.Kind == "endEvent" && e.HasEventDefinition("terminateEventDefinition")
}

func isInterruptingEventSub(e *parse.Element) bool {
	if !isEventSubProcess(e) {
		return false
	}
	for _, s := range e.ChildrenOf("startEvent") {
		if s.BoolAttr("isInterrupting", true) {
			return true
		}
	}
	return false
}
