package rules

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// flowGraph is the sequence-flow graph of one top-level process (a pool),
// with sub-processes opened up, on which the logic rules (no-dead-end,
// no-unreachable-node, no-negative-to-positive, no-message-deadlock) ask
// what can follow what. Every flow node is a vertex; a sub-process with
// content gets a second vertex, its exit, so that a path can enter it
// (entry → the nodes that start its content), leave it (the nodes that end
// its content → exit) and go on from its exit along its outgoing flows,
// without the entry and the exit being the same point (that would make the
// content look like a loop). A boundary event follows its host's entry;
// a throwing link event leads to the catching link events of the same name
// in the same scope.
//
// Roots are the vertices nothing leads to (start events, implicit starts,
// event sub-processes, compensation handlers); terminals are those that
// lead nowhere (end events, implicit ends, the exit of a top-level
// sub-process without outgoing flow).
type flowGraph struct {
	proc *parse.Element
	// elems[v] is the element of vertex v; isExit[v] marks a sub-process's
	// exit vertex.
	elems  []*parse.Element
	isExit []bool
	entry  map[*parse.Element]int
	exit   map[*parse.Element]int
	succ   [][]int
	pred   [][]int
}

// processGraphs builds one graph per top-level process of the file.
func processGraphs(d *parse.Definitions) []*flowGraph {
	out := make([]*flowGraph, 0, len(d.Processes))
	for _, p := range d.Processes {
		out = append(out, newFlowGraph(p))
	}
	return out
}

func newFlowGraph(proc *parse.Element) *flowGraph {
	g := &flowGraph{proc: proc, entry: map[*parse.Element]int{}, exit: map[*parse.Element]int{}}
	// Vertices: every flow node below the process, in document order.
	proc.Walk(func(e *parse.Element) bool {
		if e != proc && e.Kind == "process" {
			return false
		}
		if parse.IsFlowNode(e.Kind) {
			g.entry[e] = g.add(e, false)
			if parse.IsSubProcess(e.Kind) && len(flowNodesIn(e)) > 0 {
				g.exit[e] = g.add(e, true)
			}
		}
		return true
	})
	g.succ = make([][]int, len(g.elems))
	g.pred = make([][]int, len(g.elems))
	links := map[*parse.Element]map[string][]int{} // scope → link name → catch vertices
	var throws []*parse.Element
	for v, e := range g.elems {
		if g.isExit[v] {
			continue
		}
		for _, f := range e.Outgoing {
			if f.Target == nil {
				continue
			}
			if t, ok := g.entry[f.Target]; ok {
				g.link(g.out(e), t)
			}
		}
		if e.Kind == "boundaryEvent" && e.AttachedTo != nil {
			if h, ok := g.entry[e.AttachedTo]; ok {
				g.link(h, v)
			}
		}
		if name, ok := linkName(e); ok {
			scope := e.Container()
			switch e.Kind {
			case "intermediateCatchEvent":
				if links[scope] == nil {
					links[scope] = map[string][]int{}
				}
				links[scope][name] = append(links[scope][name], v)
			case "intermediateThrowEvent":
				throws = append(throws, e)
			}
		}
		if x, ok := g.exit[e]; ok {
			g.openUp(e, v, x)
		}
	}
	for _, th := range throws {
		name, _ := linkName(th)
		for _, c := range links[th.Container()][name] {
			g.link(g.entry[th], c)
		}
	}
	return g
}

// openUp connects a sub-process's entry to the nodes that start its
// content and the nodes that end it to its exit. The activities of an
// ad-hoc sub-process run in any order, so each is both.
func (g *flowGraph) openUp(sub *parse.Element, entry, exit int) {
	adHoc := sub.Kind == "adHocSubProcess"
	for _, c := range flowNodesIn(sub) {
		if c.Kind == "boundaryEvent" || isEventSubProcess(c) || (parse.IsActivity(c.Kind) && c.IsForCompensation()) {
			if len(c.Outgoing) == 0 && c.Kind == "boundaryEvent" {
				g.link(g.out(c), exit)
			}
			continue
		}
		if adHoc || len(c.Incoming) == 0 {
			if _, isLink := linkName(c); !isLink || c.Kind != "intermediateCatchEvent" {
				g.link(entry, g.entry[c])
			}
		}
		if adHoc || len(c.Outgoing) == 0 {
			if _, isLink := linkName(c); !isLink || c.Kind != "intermediateThrowEvent" {
				g.link(g.out(c), exit)
			}
		}
	}
}

// flowNodesIn returns the flow nodes a process or sub-process directly
// contains.
func flowNodesIn(container *parse.Element) []*parse.Element {
	var out []*parse.Element
	for _, c := range container.Children {
		if parse.IsFlowNode(c.Kind) {
			out = append(out, c)
		}
	}
	return out
}

func linkName(e *parse.Element) (string, bool) {
	for _, d := range e.EventDefinitions {
		if d.Kind == "linkEventDefinition" {
			return strings.TrimSpace(d.Attr("name")), true
		}
	}
	return "", false
}

func (g *flowGraph) add(e *parse.Element, exit bool) int {
	g.elems = append(g.elems, e)
	g.isExit = append(g.isExit, exit)
	return len(g.elems) - 1
}

// out is the vertex a node's outgoing flows leave from: a sub-process's
// exit, any other node itself.
func (g *flowGraph) out(e *parse.Element) int {
	if x, ok := g.exit[e]; ok {
		return x
	}
	return g.entry[e]
}

func (g *flowGraph) link(from, to int) {
	for _, s := range g.succ[from] {
		if s == to {
			return
		}
	}
	g.succ[from] = append(g.succ[from], to)
	g.pred[to] = append(g.pred[to], from)
}

// roots are the vertices nothing leads to.
func (g *flowGraph) roots() []int {
	var out []int
	for v := range g.elems {
		if len(g.pred[v]) == 0 {
			out = append(out, v)
		}
	}
	return out
}

// terminals are the vertices that lead nowhere.
func (g *flowGraph) terminals() []int {
	var out []int
	for v := range g.elems {
		if len(g.succ[v]) == 0 {
			out = append(out, v)
		}
	}
	return out
}

// reach returns the vertices reachable from the start vertices (included)
// without entering a blocked vertex; backward follows flows against their
// direction. blocked may be nil.
func (g *flowGraph) reach(start []int, blocked []bool, backward bool) []bool {
	seen := make([]bool, len(g.elems))
	stack := make([]int, 0, len(start))
	for _, s := range start {
		if !seen[s] && (blocked == nil || !blocked[s]) {
			seen[s] = true
			stack = append(stack, s)
		}
	}
	next := g.succ
	if backward {
		next = g.pred
	}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, w := range next[v] {
			if !seen[w] && (blocked == nil || !blocked[w]) {
				seen[w] = true
				stack = append(stack, w)
			}
		}
	}
	return seen
}

// only returns a blocked-set holding just the given vertices.
func (g *flowGraph) only(vs ...int) []bool {
	b := make([]bool, len(g.elems))
	for _, v := range vs {
		b[v] = true
	}
	return b
}

// any reports whether some vertex of vs is set in the mask.
func anyOf(mask []bool, vs []int) bool {
	for _, v := range vs {
		if mask[v] {
			return true
		}
	}
	return false
}

// quoted names an element for a message: its label in quotes, else its
// kind and id.
func quoted(e *parse.Element) string {
	if l := e.Label(); l != "" {
		return "\"" + oneLineLabel(l) + "\""
	}
	if parse.IsGateway(e.Kind) {
		return "the unnamed " + parse.GatewayType(e.Kind) + " gateway " + e.ID
	}
	return "the unnamed " + e.Kind + " " + e.ID
}

func oneLineLabel(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 80 {
		s = string(r[:79]) + "…"
	}
	return s
}
