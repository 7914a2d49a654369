package bpmn

import (
	"sort"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/process"
)

// Sub-process nesting, boundary events and compensation handlers of the
// diagram being built.

// nest places nodes inside the sub-process their Parent names, when that
// is an expandable activity of the same pool; a chain of parents that
// loops is cut where it closes.
func (g *graph) nest(m *process.Model, byModelID map[string]int) {
	parentOf := map[string]string{}
	for _, a := range m.Activities {
		if _, ok := parentOf[a.ID]; !ok {
			parentOf[a.ID] = a.Parent
		}
	}
	for _, x := range m.Gateways {
		if _, ok := parentOf[x.ID]; !ok {
			parentOf[x.ID] = x.Parent
		}
	}
	for _, e := range m.Events {
		if _, ok := parentOf[e.ID]; !ok {
			parentOf[e.ID] = e.Parent
		}
	}
	for i, n := range g.nodes {
		p, ok := byModelID[parentOf[n.modelRef]]
		if !ok || p == i {
			continue
		}
		if c := g.nodes[p]; c.isContainer() && c.pool == n.pool {
			n.parent = p
		}
	}
	// cut cycles: follow parent pointers, marking the walk; meeting the
	// current walk again closes a loop
	state := make([]int, len(g.nodes)) // 0 new, walk id+1 on the walk, -1 done
	for i := range g.nodes {
		var walk []int
		k := i
		for k >= 0 && state[k] == 0 {
			state[k] = i + 1
			walk = append(walk, k)
			k = g.nodes[k].parent
		}
		if k >= 0 && state[k] == i+1 {
			g.nodes[walk[len(walk)-1]].parent = -1
		}
		for _, w := range walk {
			state[w] = -1
		}
	}
	g.flattenDeep()
	top := g.roots()
	// nodes inside a sub-process share its lane
	for i, n := range g.nodes {
		n.lane = g.nodes[top[i]].lane
	}
}

// maxNesting bounds sub-process nesting: deeper content moves up to the
// deepest allowed level. XML readers refuse deep documents (libxml2 stops
// at 256 levels) and nobody reads a diagram nested further.
const maxNesting = 32

// flattenDeep lifts nodes nested deeper than maxNesting into the
// sub-process at that depth. Parent chains are acyclic here.
func (g *graph) flattenDeep() {
	depth := make([]int, len(g.nodes))
	known := make([]bool, len(g.nodes))
	var chain []int
	for i := range g.nodes {
		chain = chain[:0]
		k := i
		for k >= 0 && !known[k] {
			chain = append(chain, k)
			k = g.nodes[k].parent
		}
		base := -1
		if k >= 0 {
			base = depth[k]
		}
		for j := len(chain) - 1; j >= 0; j-- {
			base++
			depth[chain[j]], known[chain[j]] = base, true
		}
	}
	order := make([]int, len(g.nodes))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return depth[order[a]] < depth[order[b]] })
	for _, i := range order {
		n := g.nodes[i]
		if n.parent < 0 {
			depth[i] = 0
			continue
		}
		if depth[n.parent] >= maxNesting {
			n.parent = g.nodes[n.parent].parent
		}
		depth[i] = depth[n.parent] + 1
	}
}

// roots returns, per node, the top-level node holding it: itself, the
// outermost sub-process around it, or for a boundary event its host's.
// Parent chains are acyclic (nest), host chains one step deep.
func (g *graph) roots() []int {
	top := make([]int, len(g.nodes))
	for i := range top {
		top[i] = -1
	}
	up := func(i int) int {
		if n := g.nodes[i]; n.host >= 0 {
			return n.host
		} else {
			return n.parent
		}
	}
	var chain []int
	for i := range g.nodes {
		chain = chain[:0]
		k := i
		for k >= 0 && top[k] < 0 && len(chain) <= len(g.nodes) {
			chain = append(chain, k)
			if up(k) < 0 {
				top[k] = k
				break
			}
			k = up(k)
		}
		r := top[k]
		if r < 0 {
			r = k // a loop through hosts: stop anywhere
		}
		for _, c := range chain {
			top[c] = r
		}
	}
	return top
}

// attachBoundaries resolves each boundary event's host; a boundary event
// without a valid host becomes an intermediate catch event.
func (g *graph) attachBoundaries(m *process.Model, byModelID map[string]int) {
	attached := map[string]string{}
	for _, e := range m.Events {
		if e.Type == process.EventBoundary {
			if _, dup := attached[e.ID]; !dup {
				attached[e.ID] = e.AttachedTo
			}
		}
	}
	for i, n := range g.nodes {
		if n.kind != parse.KindBoundaryEvent {
			continue
		}
		h, ok := byModelID[attached[n.modelRef]]
		// A file's boundary event on an activity of another process stays
		// attached (attachedToRef may cross processes); the builder's own
		// models keep a boundary event in its host's pool.
		crossPool := ok && h != i && g.nodes[h].isActivity() && g.nodes[h].pool != n.pool
		if !ok || h == i || !g.nodes[h].isActivity() || (crossPool && !g.verbatim) {
			n.kind = parse.KindIntermediateCatchEvent
			if !catchable(n.trigger) {
				if g.verbatim {
					// never an invented trigger: a plain intermediate event
					n.kind = parse.KindIntermediateThrowEvent
					continue
				}
				n.trigger = process.TriggerTimer
			}
			continue
		}
		hn := g.nodes[h]
		n.host, n.lane = h, hn.lane
		if !crossPool {
			n.parent = hn.parent
		}
	}
}

// handlers resolves each compensation boundary event's handler: a
// compensation activity beside the event's host.
func (g *graph) handlers(byModelID map[string]int) {
	for _, n := range g.nodes {
		h, ok := byModelID[n.handlerRef]
		if !ok || n.kind != parse.KindBoundaryEvent || n.trigger != process.TriggerCompensation {
			continue
		}
		if a := g.nodes[h]; a.compensation && a.pool == n.pool && a.parent == n.parent {
			n.handler = h
			n.handlerID = g.newID(associationPrefix, n.id+"_handler")
		}
	}
}
