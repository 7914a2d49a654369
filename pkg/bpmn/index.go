package bpmn

import "github.com/spade-bpmn/spade/pkg/bpmn/parse"

// index groups the graph's elements by where they sit, built once the
// graph is repaired, so that drawing and writing stay linear even for
// thousands of nested sub-processes.
type index struct {
	// by scope: the containing sub-process' node index, -1 for a pool's
	// top level
	nodes, flows, data, notes map[int][]int
	// bounds lists the boundary events of each host
	bounds map[int][]int
	// assoc and dataAssoc list the data associations of each node and
	// of each data item
	assoc, dataAssoc map[int][]int
	// depth is each node's sub-process nesting depth
	depth []int
}

// buildIndex (re)computes g.ix.
func (g *graph) buildIndex() {
	ix := &index{nodes: map[int][]int{}, flows: map[int][]int{}, data: map[int][]int{}, notes: map[int][]int{},
		bounds: map[int][]int{}, assoc: map[int][]int{}, dataAssoc: map[int][]int{}, depth: make([]int, len(g.nodes))}
	for i, n := range g.nodes {
		ix.nodes[n.parent] = append(ix.nodes[n.parent], i)
		if n.kind == parse.KindBoundaryEvent {
			ix.bounds[n.host] = append(ix.bounds[n.host], i)
		}
	}
	for i, f := range g.flows {
		if !f.deleted {
			ix.flows[g.nodes[f.from].parent] = append(ix.flows[g.nodes[f.from].parent], i)
		}
	}
	for i, d := range g.data {
		ix.data[d.parent] = append(ix.data[d.parent], i)
	}
	for i, t := range g.notes {
		ix.notes[t.parent] = append(ix.notes[t.parent], i)
	}
	for i, a := range g.assoc {
		ix.assoc[a.node] = append(ix.assoc[a.node], i)
		ix.dataAssoc[a.data] = append(ix.dataAssoc[a.data], i)
	}
	// depths by memo: walk up to a known depth, then fill the chain
	known := make([]bool, len(g.nodes))
	var chain []int
	for i := range g.nodes {
		chain = chain[:0]
		k := i
		for k >= 0 && !known[k] && len(chain) <= len(g.nodes) {
			chain = append(chain, k)
			k = g.nodes[k].parent
		}
		base := -1
		if k >= 0 {
			base = ix.depth[k]
		}
		for j := len(chain) - 1; j >= 0; j-- {
			base++
			ix.depth[chain[j]] = base
			known[chain[j]] = true
		}
	}
	g.ix = ix
}
