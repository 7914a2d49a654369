package bpmn

import (
	"math"

	"github.com/spade-bpmn/spade/pkg/bpmn/layout"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// scene collects the layout input of one layout run and maps its results
// back to the graph.
type scene struct {
	lg layout.Graph
	// what each layout node is: kind 0 node, 1 data, 2 text note, 3 pool
	// proxy (an end of a message flow at a pool's border)
	what []struct{ kind, i int }
	// per layout edge: kind 0 flow, 1 message flow, 2 data association,
	// 3 text note link, 4 compensation association (indexed by its
	// boundary event), and its index
	edges []struct{ kind, i int }
	at    map[[2]int]int // (kind, index) → layout node
}

func newScene(lanes int) *scene {
	return &scene{lg: layout.Graph{Lanes: lanes}, at: map[[2]int]int{}}
}

func (s *scene) addNode(kind, i int, n layout.Node) int {
	s.lg.Nodes = append(s.lg.Nodes, n)
	s.what = append(s.what, struct{ kind, i int }{kind, i})
	k := len(s.lg.Nodes) - 1
	s.at[[2]int{kind, i}] = k
	return k
}

func (s *scene) addEdge(kind, i int, e layout.Edge) {
	s.lg.Edges = append(s.lg.Edges, e)
	s.edges = append(s.edges, struct{ kind, i int }{kind, i})
}

// sizes of shapes and their reserves.
func (g *graph) shapeNode(d *drawing, i, band int) layout.Node {
	n := g.nodes[i]
	ln := layout.Node{Lane: band}
	switch {
	case n.isGateway():
		ln.W, ln.H = layout.GatewaySize, layout.GatewaySize
		ln.SidePorts = true
	case n.isEvent():
		ln.W, ln.H = layout.EventSize, layout.EventSize
	case n.isContainer():
		ln.W, ln.H = d.nodes[i].W, d.nodes[i].H
		ln.FreePorts = true
	default:
		ln.W, ln.H = taskSize(n.name, n.decoration(), layout.TaskWidth, layout.TaskHeight)
		ln.FreePorts = true
	}
	// Gateway labels go above the diamond because loops leave and enter
	// gateways through the bottom; event labels go below.
	if (n.isGateway() || n.isEvent()) && n.name != "" {
		_, h := labelBox(n.name, extLabelWidth(n))
		if n.isGateway() {
			ln.TopReserve = h + 5
		} else {
			ln.BottomReserve = h + 5
		}
	}
	if n.note != "" {
		ln.TopReserve = noteH + noteGap
	}
	if b := g.boundaries(i); len(b) > 0 {
		ln.W = math.Max(ln.W, float64(len(b))*boundaryStep+20)
		var lh float64
		for _, bi := range b {
			_, h := labelBox(g.nodes[bi].name, g.boundaryLabelW(len(b)))
			lh = math.Max(lh, h)
		}
		ln.BottomReserve = boundaryDrop(len(b)-1) + 6 + lh + 4
	}
	return ln
}

// boundaries lists the boundary events on node i.
func (g *graph) boundaries(i int) []int { return g.ix.bounds[i] }

// boundaryDrop is how far below its host's bottom the flow out of the
// j-th boundary event turns: each event's run gets its own line.
func boundaryDrop(j int) float64 { return layout.EventSize/2 + 10 + 12*float64(j) }

// boundaryLabelW keeps the labels of several boundary events on one host
// from running into each other.
func (g *graph) boundaryLabelW(count int) float64 {
	if count > 1 {
		return boundaryStep - 4
	}
	return extLabelW
}

// dataNode sizes a data object or store with its label below.
func (g *graph) dataNode(i, band int) layout.Node {
	it := g.data[i]
	ln := layout.Node{Lane: band, W: dataObjectW, H: dataObjectH}
	if it.store {
		ln.W, ln.H = dataStoreW, dataStoreH
	}
	if it.name != "" {
		_, h := labelBox(dataLabel(it), extLabelW)
		ln.BottomReserve = h + 5
	}
	return ln
}

// dataLabel is the text under a data shape: its name and state.
func dataLabel(it dataItem) string {
	if it.state != "" {
		return it.name + " [" + it.state + "]"
	}
	return it.name
}

// textNode sizes a text annotation.
func textNode(text string, band int) layout.Node {
	w := math.Min(textWidth(text, 12)+16, annotationMax)
	w = math.Max(w, math.Min(longestWord(text, 12)+16, 2*annotationMax))
	lines := len(wrapLabel(text, w-12, 12))
	return layout.Node{Lane: band, W: math.Ceil(w), H: float64(min(lines, 8))*15 + 12}
}

// sceneEdges adds the flows, data associations and note links among the
// scene's nodes in scope (a container index, or -1 for the pools' top
// level, where message flows join them).
func (g *graph) sceneEdges(s *scene, scope int) {
	for _, i := range g.ix.flows[scope] {
		f := g.flows[i]
		e := g.edgeFrom(s, f.from, f.to)
		if f.name != "" {
			e.LabelW, e.LabelH = labelBox(f.name, labelMaxW)
		}
		s.addEdge(0, i, e)
	}
	for _, i := range g.ix.nodes[scope] {
		if h := g.nodes[i].handler; h >= 0 {
			if _, ok := s.at[[2]int{0, h}]; ok {
				s.addEdge(4, i, g.edgeFrom(s, i, h))
			}
		}
	}
	for _, di := range g.ix.data[scope] {
		for _, i := range g.assocOfData(di) {
			g.sceneAssoc(s, scope, i)
		}
	}
	for _, i := range g.ix.notes[scope] {
		t := g.notes[i]
		tn, ok := s.at[[2]int{2, i}]
		if !ok || t.node < 0 {
			continue
		}
		top := g.topOf(t.node, scope)
		if top < 0 {
			continue
		}
		s.addEdge(3, i, layout.Edge{From: s.at[[2]int{0, top}], To: tn})
	}
}

// edgeFrom is the layout edge from node from to node to; one from a
// boundary event leaves its host's border where the event sits.
func (g *graph) edgeFrom(s *scene, from, to int) layout.Edge {
	a := g.nodes[from]
	e := layout.Edge{From: s.at[[2]int{0, from}], To: s.at[[2]int{0, to}]}
	if a.kind != parse.KindBoundaryEvent {
		return e
	}
	e.From = s.at[[2]int{0, a.host}]
	for j, bi := range g.boundaries(a.host) {
		if bi == from {
			e.Boundary = true
			e.BoundaryX = s.lg.Nodes[e.From].W - 10 - layout.EventSize/2 - float64(j)*boundaryStep
			e.BoundaryDrop = boundaryDrop(j)
		}
	}
	return e
}

// assocOfData lists the associations of data item di.
func (g *graph) assocOfData(di int) []int { return g.ix.dataAssoc[di] }

// sceneAssoc adds data association i to a scene.
func (g *graph) sceneAssoc(s *scene, scope, i int) {
	a := g.assoc[i]
	dn, ok := s.at[[2]int{1, a.data}]
	if !ok {
		return
	}
	t := g.topOf(a.node, scope)
	if t < 0 {
		return
	}
	nn := s.at[[2]int{0, t}]
	if a.input {
		s.addEdge(2, i, layout.Edge{From: dn, To: nn})
	} else {
		s.addEdge(2, i, layout.Edge{From: nn, To: dn})
	}
}
