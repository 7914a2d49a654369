package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// noDuplicateSequenceFlowsRule is no-duplicate-sequence-flows: two flows
// with the same source, target and condition are one flow drawn twice. The
// duplicate is reported, and its source and target once each. State lives in
// one Check call, so models never influence each other (bpmnlint's shared
// Linter does).
func noDuplicateSequenceFlowsRule() lint.Rule {
	return newRule("no-duplicate-sequence-flows", func(d *parse.Definitions) []lint.Finding {
		seen := map[string]bool{}
		srcDone := map[*parse.Element]bool{}
		tgtDone := map[*parse.Element]bool{}
		var out []lint.Finding
		eachElement(d, func(e *parse.Element) {
			if e.Kind != "sequenceFlow" {
				return
			}
			src, tgt := e.Attr("sourceRef"), e.Attr("targetRef")
			if e.Source != nil {
				src = e.Source.ID
			}
			if e.Target != nil {
				tgt = e.Target.ID
			}
			cond := ""
			if c := e.Condition(); c != nil {
				cond = c.Text
			}
			key := src + "\x00" + tgt + "\x00" + cond
			if !seen[key] {
				seen[key] = true
				return
			}
			out = append(out, at(e, "Sequence flow duplicates another with the same source, target and condition"))
			if e.Source != nil && !srcDone[e.Source] {
				srcDone[e.Source] = true
				out = append(out, at(e.Source, "Element has duplicate outgoing sequence flows"))
			}
			if e.Target != nil && !tgtDone[e.Target] {
				tgtDone[e.Target] = true
				out = append(out, at(e.Target, "Element has duplicate incoming sequence flows"))
			}
		})
		return out
	})
}
