package rules

import (
	"fmt"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// noSingleWayDecisionRule is no-single-way-decision: a decision (an
// exclusive, inclusive, event-based or complex gateway that splits) must
// offer at least two ways out. A decision whose outgoing flows all lead to
// the same node, or that has a single outgoing flow, lost a branch: the
// case the question names ("Policy active?" — and if not?) has nowhere to
// go. A gateway counts as a decision when it is event-based, is named,
// gives its outgoing flow a condition, a label or a default, or has
// several outgoing flows; an unnamed gateway with one flow in and one out
// is left to superfluous-gateway, and a join (several flows in, one out)
// merges rather than decides unless its name asks a question.
func noSingleWayDecisionRule() lint.Rule {
	return newRule("no-single-way-decision", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if !parse.IsGateway(e.Kind) || e.Kind == "parallelGateway" || len(e.Outgoing) == 0 {
				return
			}
			targets := map[*parse.Element]bool{}
			labelled := false
			for _, f := range e.Outgoing {
				targets[f.Target] = true
				if (hasCondition(f) && strings.TrimSpace(f.Condition().Text) != "") || f.Label() != "" || isDefault(e, f) {
					labelled = true
				}
			}
			if len(targets) != 1 {
				return
			}
			question := strings.HasSuffix(e.Label(), "?")
			decides := e.Kind == "eventBasedGateway" || labelled || len(e.Outgoing) > 1 || question ||
				(e.Label() != "" && len(e.Incoming) <= 1)
			if !decides || (len(e.Incoming) > 1 && len(e.Outgoing) == 1 && !question) {
				return
			}
			var target *parse.Element
			for t := range targets {
				target = t
			}
			next := "the same node"
			if target != nil {
				next = quoted(target)
			}
			what := "Decision"
			if e.Label() != "" {
				what = "Decision " + quoted(e)
			}
			ways := "its only way out leads to " + next
			if len(e.Outgoing) > 1 {
				ways = fmt.Sprintf("all %d of its branches lead to %s", len(e.Outgoing), next)
			}
			out = append(out, at(e, strings.TrimSpace(fmt.Sprintf(
				"%s (%s gateway) has one way out: %s. Add the branch for the other answer (for example to an end event), or remove the gateway",
				what, parse.GatewayType(e.Kind), ways))))
		})
		return out
	})
}
