package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// noBpmndiRule is no-bpmndi: every element a reader expects to see (flow
// nodes, flows, data references, artifacts, pools, lanes, message flows) has
// a shape or edge in the diagram; otherwise modellers silently drop it on
// import. Data objects are exempt: only their references are drawn.
func noBpmndiRule() lint.Rule {
	return newRule("no-bpmndi", func(d *parse.Definitions) []lint.Finding {
		drawn := map[*parse.Element]bool{}
		for _, dg := range d.Diagrams {
			for _, s := range dg.Shapes {
				if s.Element != nil {
					drawn[s.Element] = true
				}
			}
			for _, e := range dg.Edges {
				if e.Element != nil {
					drawn[e.Element] = true
				}
			}
		}
		var out []lint.Finding
		for _, root := range d.Root.Children {
			if root.Kind != "process" && root.Kind != "collaboration" {
				continue
			}
			root.Walk(func(e *parse.Element) bool {
				if e != root && needsDI(e) && !drawn[e] {
					out = append(out, at(e, "Element is not drawn: the diagram has no shape or edge for it"))
				}
				// descend through containers, lane sets and lanes only
				return e == root || parse.IsContainer(e.Kind) || e.Kind == "laneSet" || e.Kind == "lane" || e.Kind == "childLaneSet"
			})
		}
		return out
	})
}

func needsDI(e *parse.Element) bool {
	if e.Kind == "dataObject" {
		return false
	}
	return parse.IsFlowElement(e.Kind) || parse.IsArtifact(e.Kind) ||
		e.Kind == "participant" || e.Kind == "lane" || e.Kind == "messageFlow"
}
