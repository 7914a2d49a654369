package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// noDeadEndRule is no-dead-end: every node the process can reach must be
// able to reach an end. A node from which every path runs into a loop
// without a way out (or into such a loop's entry) keeps its case busy for
// ever; models made from text get there when a "go back" is drawn where the
// text meant "the process ends". A node without outgoing flow is an end
// for this rule (no-implicit-end reports it already), so the rule only
// reports what no drawing rule sees. Paths follow sequence flows, boundary
// events (from their host), link events and sub-processes (into their
// content and out again); nodes no start reaches are left to
// no-unreachable-node.
func noDeadEndRule() lint.Rule {
	return newRule("no-dead-end", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		for _, g := range processGraphs(d) {
			fromStart := g.reach(g.roots(), nil, false)
			toEnd := g.reach(g.terminals(), nil, true)
			for v, e := range g.elems {
				if g.isExit[v] || !fromStart[v] || toEnd[v] {
					continue
				}
				out = append(out, at(e, "No path leads from "+quoted(e)+" to an end: every way on runs into a loop that never exits. Add the way out (a decision with a branch to an end event) or end the branch"))
			}
		}
		return out
	})
}
