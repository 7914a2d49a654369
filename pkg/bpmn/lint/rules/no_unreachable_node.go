package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// noUnreachableNodeRule is no-unreachable-node: every node must be
// reachable from a start. Nodes that have incoming flows but only from a
// loop that nothing enters never run; a node without any incoming flow is
// a start for this rule (no-implicit-start reports it already), as are
// start events, event sub-processes and compensation handlers. Paths follow
// sequence flows, boundary events (from their host), link events and
// sub-processes (into their content and out again).
func noUnreachableNodeRule() lint.Rule {
	return newRule("no-unreachable-node", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		for _, g := range processGraphs(d) {
			fromStart := g.reach(g.roots(), nil, false)
			for v, e := range g.elems {
				if g.isExit[v] || fromStart[v] {
					continue
				}
				out = append(out, at(e, "No start leads to "+quoted(e)+": it only follows a loop that nothing enters, so it never runs. Connect the loop from the step before it"))
			}
		}
		return out
	})
}
