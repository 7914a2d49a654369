// Package bpmn turns a process model into BPMN 2.0 XML with diagram
// interchange (a collaboration of pools stacked top to bottom, lanes
// inside them, a layered layout with message flows routed between pools,
// boundary events on their hosts, expanded sub-processes as containers)
// that validates against the OMG schema, imports into bpmn-js without
// warnings and passes bpmnlint's recommended rules.
package bpmn

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/layout"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/process"
)

// ErrEmptyModel is the cause of the error Build returns for a model
// without activities, gateways or events.
var ErrEmptyModel = errors.New("bpmn: empty process model")

// Drawing constants (pixels).
const (
	poolX         = 160
	poolY         = 80
	poolHeader    = 30
	laneHeader    = 30
	poolGap       = 40
	collapsedH    = 60
	labelLineH    = 14
	labelMaxW     = 100
	extLabelW     = 90
	gatewayLabelW = 70
	maxLabelLines = 4
	noteH         = 30
	noteGap       = 15
	subHeader     = 20
	boundaryStep  = 44
	dataObjectW   = 36
	dataObjectH   = 50
	dataStoreW    = 50
	dataStoreH    = 50
	annotationMax = 160
	fallbackName  = "Process"
)

// Build renders the model as a BPMN 2.0 document. The output is
// deterministic: the same model always gives the same bytes. It is
// BuildContext without a context.
func Build(m *process.Model) ([]byte, error) {
	b, err := BuildContext(context.Background(), m)
	if err != nil {
		return nil, err
	}
	return b.XML, nil
}

// Built is a document drawn by BuildContext.
type Built struct {
	XML []byte
	// Simplified is set when a graph was over the layout's work budget
	// (layout.DefaultMaxWork, growing with nodes × flows) and was drawn
	// with the simple layout; SimplifiedNote says so to the user.
	Simplified bool
}

// SimplifiedNote tells the user why a diagram looks plain.
const SimplifiedNote = "This process has too many connections for SPADE's full layout, so it is drawn with a simple one: shapes in columns, flows as direct lines that may cross shapes."

// BuildContext is Build with a context, checked in the layout's long
// loops: a cancelled build returns ctx.Err().
func BuildContext(ctx context.Context, m *process.Model) (*Built, error) {
	if m == nil || !hasWork(m) {
		return nil, failure.Permanent("The process has no activities, gateways or events, so there is nothing to draw. Check that the document describes the steps of a process.", ErrEmptyModel)
	}
	name := oneLine(m.ProcessName)
	if name == "" {
		name = fallbackName
	}
	g := newGraph(m, name)
	g.ctx = ctx
	g.repair()
	g.defaultNames()
	g.buildIndex()
	d, err := g.draw()
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("bpmn layout: %w", err)
	}
	return &Built{XML: g.write(name, strings.TrimSpace(m.ProcessPurpose), d), Simplified: g.simplified}, nil
}

// defaultNames gives unnamed tasks and events a name, because every flow
// node needs a label (bpmnlint label-required); a verbatim graph keeps the
// file's unnamed nodes unnamed.
func (g *graph) defaultNames() {
	for _, n := range g.nodes {
		if n.name != "" || g.verbatim {
			continue
		}
		switch n.kind {
		case parse.KindStartEvent:
			n.name = "Start"
		case parse.KindEndEvent:
			n.name = "End"
		case parse.KindIntermediateCatchEvent, parse.KindIntermediateThrowEvent, parse.KindBoundaryEvent:
			switch n.trigger {
			case process.TriggerTimer:
				n.name = "Wait"
			case process.TriggerMessage:
				n.name = "Message"
			case process.TriggerSignal:
				n.name = "Signal"
			case process.TriggerError:
				n.name = "Error"
			case process.TriggerEscalation:
				n.name = "Escalation"
			default:
				n.name = "Event"
			}
		case parse.KindExclusiveGateway, parse.KindInclusiveGateway, parse.KindComplexGateway, parse.KindParallelGateway, parse.KindEventBasedGateway, parse.KindSubProcess, parse.KindTransaction, parse.KindAdHocSubProcess:
		default:
			n.name = "Task"
		}
	}
	for i := range g.lanes {
		if g.lanes[i].name == "" {
			g.lanes[i].name = "Lane"
		}
	}
}

// drawing is the laid-out collaboration in absolute coordinates; slices
// are indexed like the graph's.
type drawing struct {
	nodes      []layout.Rect
	labels     []layout.Rect // external labels of events and gateways
	notes      []layout.Rect // WT/wt annotations (zero when none)
	flows      [][]layout.Point
	flowLabels []layout.Rect
	msgs       [][]layout.Point
	msgLabels  []layout.Rect
	pools      []layout.Rect
	lanes      []layout.Rect
	data       []layout.Rect
	dataLabels []layout.Rect
	assoc      [][]layout.Point
	texts      []layout.Rect
	textLinks  [][]layout.Point
	// handlerLinks are, per compensation boundary event, the association
	// to its handler
	handlerLinks [][]layout.Point
	// plane is, per node, the collapsed sub-process whose own diagram
	// shows it (-1: the main diagram).
	plane []int
	// off is, per expanded sub-process, where its content's origin lies
	// in the frame of the sub-process' own scope.
	off []layout.Point
}

// planeOf returns the diagram that shows the content of scope (a
// container index or -1).
func (g *graph) planeOf(d *drawing, scope int) int {
	if scope < 0 {
		return -1
	}
	if g.nodes[scope].collapsed {
		return scope
	}
	return d.plane[scope]
}

func shift(r layout.Rect, dx, dy float64) layout.Rect {
	if r == (layout.Rect{}) {
		return r
	}
	return layout.Rect{X: r.X + dx, Y: r.Y + dy, W: r.W, H: r.H}
}

func shiftPts(pts []layout.Point, dx, dy float64) {
	for i := range pts {
		pts[i].X += dx
		pts[i].Y += dy
	}
}

// place moves every sub-process' content, laid out relative to its
// container, to absolute coordinates: each scope once, by the sum of its
// containers' offsets (parents first), so deep nesting stays linear.
func (g *graph) place(d *drawing, order []int) {
	cum := make([]layout.Point, len(g.nodes))
	for _, c := range order {
		n := g.nodes[c]
		if !n.isContainer() || n.collapsed {
			// a collapsed sub-process' content is laid out in place in
			// its own diagram
			continue
		}
		cum[c] = d.off[c]
		if p := n.parent; p >= 0 {
			cum[c].X += cum[p].X
			cum[c].Y += cum[p].Y
		}
		dx, dy := cum[c].X, cum[c].Y
		for _, i := range g.ix.nodes[c] {
			shiftPts(d.handlerLinks[i], dx, dy)
			d.nodes[i] = shift(d.nodes[i], dx, dy)
			d.labels[i] = shift(d.labels[i], dx, dy)
			d.notes[i] = shift(d.notes[i], dx, dy)
		}
		for _, i := range g.ix.flows[c] {
			shiftPts(d.flows[i], dx, dy)
			d.flowLabels[i] = shift(d.flowLabels[i], dx, dy)
		}
		for _, i := range g.ix.data[c] {
			d.data[i] = shift(d.data[i], dx, dy)
			d.dataLabels[i] = shift(d.dataLabels[i], dx, dy)
			for _, a := range g.ix.dataAssoc[i] {
				shiftPts(d.assoc[a], dx, dy)
			}
		}
		for _, i := range g.ix.notes[c] {
			d.texts[i] = shift(d.texts[i], dx, dy)
			shiftPts(d.textLinks[i], dx, dy)
		}
	}
}

// extLabelWidth is the wrapping width of an external label: narrower for
// gateways, whose label sits left of the top corner and must stay within
// the channel before the gateway.
func extLabelWidth(n *node) float64 {
	if n.isGateway() {
		return gatewayLabelW
	}
	return extLabelW
}

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
		ln.W, ln.H = taskSize(n.name, layout.TaskWidth, layout.TaskHeight)
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

// topOf returns the ancestor of node i (itself included) whose parent is
// scope; -1 when i is not inside scope.
func (g *graph) topOf(i, scope int) int {
	for depth := 0; i >= 0 && depth <= len(g.nodes); depth++ {
		n := g.nodes[i]
		if n.kind == parse.KindBoundaryEvent {
			i = n.host
			continue
		}
		if n.parent == scope {
			return i
		}
		i = n.parent
	}
	return -1
}

func (g *graph) draw() (*drawing, error) {
	d := &drawing{
		nodes:        make([]layout.Rect, len(g.nodes)),
		labels:       make([]layout.Rect, len(g.nodes)),
		notes:        make([]layout.Rect, len(g.nodes)),
		plane:        make([]int, len(g.nodes)),
		off:          make([]layout.Point, len(g.nodes)),
		flows:        make([][]layout.Point, len(g.flows)),
		flowLabels:   make([]layout.Rect, len(g.flows)),
		msgs:         make([][]layout.Point, len(g.msgs)),
		msgLabels:    make([]layout.Rect, len(g.msgs)),
		pools:        make([]layout.Rect, len(g.pools)),
		lanes:        make([]layout.Rect, len(g.lanes)),
		data:         make([]layout.Rect, len(g.data)),
		dataLabels:   make([]layout.Rect, len(g.data)),
		assoc:        make([][]layout.Point, len(g.assoc)),
		texts:        make([]layout.Rect, len(g.notes)),
		textLinks:    make([][]layout.Point, len(g.notes)),
		handlerLinks: make([][]layout.Point, len(g.nodes)),
	}
	// plane: the nearest collapsed container above, parents first
	order := make([]int, len(g.nodes))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return g.ix.depth[order[a]] < g.ix.depth[order[b]] })
	for _, i := range order {
		d.plane[i] = -1
		if p := g.nodes[i].parent; p >= 0 {
			d.plane[i] = d.plane[p]
			if g.nodes[p].collapsed && g.nodes[p].isContainer() {
				d.plane[i] = p
			}
		}
	}
	// containers deepest first, so that each one's size is known when its
	// parent is laid out
	for k := len(order) - 1; k >= 0; k-- {
		i := order[k]
		n := g.nodes[i]
		if !n.isContainer() {
			continue
		}
		w, h, err := g.layoutInner(d, i)
		if err != nil {
			return nil, err
		}
		if n.collapsed {
			w, h := taskSize(n.name, layout.TaskWidth, layout.TaskHeight)
			d.nodes[i] = layout.Rect{W: w, H: h}
		} else {
			d.nodes[i] = layout.Rect{W: w, H: h + subHeader}
		}
	}
	if err := g.layoutMain(d); err != nil {
		return nil, err
	}
	g.place(d, order)
	g.reachNestedEnds(d)
	return d, nil
}

// reachNestedEnds carries message flows that the main layout routed to
// the border of an expanded sub-process on to the node inside it that
// sends or receives the message: through the container's header band,
// across to above (or below) the node, and straight to its border. A
// node inside a collapsed sub-process keeps the line at the collapsed
// shape, which is what the main diagram shows of it.
func (g *graph) reachNestedEnds(d *drawing) {
	for i, m := range g.msgs {
		if len(d.msgs[i]) < 2 {
			continue
		}
		if n := m.to.node; n >= 0 && g.topOf(n, -1) != n && d.plane[n] < 0 {
			d.msgs[i] = g.extendInto(d, d.msgs[i], n)
		}
		if n := m.from.node; n >= 0 && g.topOf(n, -1) != n && d.plane[n] < 0 {
			d.msgs[i] = reversed(g.extendInto(d, reversed(d.msgs[i]), n))
		}
	}
}

// hits counts the crossings of the segments of pts with the shapes
// inside the top-level sub-process top (nodes other than n and the
// sub-processes around it, work-time notes, data, text annotations).
func (g *graph) hits(d *drawing, top, n int, pts []layout.Point) int {
	around := map[int]bool{}
	for k := n; k >= 0; k = g.nodes[k].parent {
		around[k] = true
	}
	var shapes []layout.Rect
	for i := range g.nodes {
		if g.topOf(i, -1) != top || d.plane[i] >= 0 {
			continue
		}
		if !around[i] {
			shapes = append(shapes, d.nodes[i])
		}
		shapes = append(shapes, d.notes[i])
	}
	for i, it := range g.data {
		if it.parent >= 0 && g.topOf(it.parent, -1) == top && d.plane[it.parent] < 0 {
			shapes = append(shapes, d.data[i])
		}
	}
	for i, t := range g.notes {
		if t.parent >= 0 && g.topOf(t.parent, -1) == top && d.plane[t.parent] < 0 {
			shapes = append(shapes, d.texts[i])
		}
	}
	count := 0
	for _, r := range shapes {
		if r.W == 0 {
			continue
		}
		for k := 0; k+1 < len(pts); k++ {
			a, b := pts[k], pts[k+1]
			x0, x1 := math.Min(a.X, b.X), math.Max(a.X, b.X)
			y0, y1 := math.Min(a.Y, b.Y), math.Max(a.Y, b.Y)
			if x0 < r.X+r.W-0.5 && x1 > r.X+0.5 && y0 < r.Y+r.H-0.5 && y1 > r.Y+0.5 {
				count++
			}
		}
	}
	return count
}

// extendInto carries pts, which end on the border of the top-level
// sub-process holding node n, on to n's shape. Inside the sub-process'
// border runs a free ring: the header band (which holds only the
// sub-process' name), a band above the boundary events at the bottom, and
// a column inside each side, clear of the content's padding. The line
// steps from the border onto the ring, follows it to above, below, left
// or right of n, and goes straight to n's border; of those four ways it
// takes the shortest that crosses no shape. When every way crosses one,
// the line keeps ending at the sub-process, which holds n.
func (g *graph) extendInto(d *drawing, pts []layout.Point, n int) []layout.Point {
	top := g.topOf(n, -1)
	if top < 0 {
		return pts
	}
	c, r := d.nodes[top], d.nodes[n]
	if c.W == 0 || r.W == 0 {
		return pts
	}
	const inset = 8
	ring := layout.Rect{X: c.X + inset, Y: c.Y + subHeader/2, W: c.W - 2*inset}
	// boundary events reach half their size above the bottom border
	ring.H = c.Y + c.H - layout.EventSize/2 - 4 - ring.Y
	if ring.W <= 0 || ring.H <= 0 {
		return pts
	}
	end := pts[len(pts)-1]
	var entry layout.Point
	switch {
	case math.Abs(end.Y-c.Y) < 1:
		entry = layout.Point{X: end.X, Y: ring.Y}
	case math.Abs(end.Y-(c.Y+c.H)) < 1:
		entry = layout.Point{X: end.X, Y: ring.Y + ring.H}
	case math.Abs(end.X-c.X) < 1:
		entry = layout.Point{X: ring.X, Y: end.Y}
	case math.Abs(end.X-(c.X+c.W)) < 1:
		entry = layout.Point{X: ring.X + ring.W, Y: end.Y}
	default:
		return pts
	}
	cx, cy := r.X+r.W/2, r.Y+r.H/2
	ways := [][2]layout.Point{
		{{X: cx, Y: ring.Y}, {X: cx, Y: r.Y}},
		{{X: cx, Y: ring.Y + ring.H}, {X: cx, Y: r.Y + r.H}},
		{{X: ring.X, Y: cy}, {X: r.X, Y: cy}},
		{{X: ring.X + ring.W, Y: cy}, {X: r.X + r.W, Y: cy}},
	}
	var best []layout.Point
	bestLen := math.Inf(1)
	for _, w := range ways {
		path := append([]layout.Point{end}, alongRing(ring, entry, w[0])...)
		path = append(path, w[1])
		if g.hits(d, top, n, path) > 0 {
			continue
		}
		if l := pathLength(path); l < bestLen {
			best, bestLen = path, l
		}
	}
	if best == nil {
		return pts
	}
	return append(append([]layout.Point(nil), pts[:len(pts)-1]...), best...)
}

// alongRing is the way from a to b, both on the border of ring, along
// that border: straight on one side, through the corners otherwise (the
// shorter way round for opposite sides).
func alongRing(ring layout.Rect, a, b layout.Point) []layout.Point {
	side := func(p layout.Point) int { // 0 top, 1 right, 2 bottom, 3 left
		switch {
		case p.Y == ring.Y:
			return 0
		case p.X == ring.X+ring.W:
			return 1
		case p.Y == ring.Y+ring.H:
			return 2
		}
		return 3
	}
	corner := []layout.Point{ // corner after side k, clockwise
		{X: ring.X + ring.W, Y: ring.Y}, {X: ring.X + ring.W, Y: ring.Y + ring.H},
		{X: ring.X, Y: ring.Y + ring.H}, {X: ring.X, Y: ring.Y},
	}
	sa, sb := side(a), side(b)
	if sa == sb {
		return []layout.Point{a, b}
	}
	cw := []layout.Point{a}
	for k := sa; k != sb; k = (k + 1) % 4 {
		cw = append(cw, corner[k])
	}
	cw = append(cw, b)
	ccw := []layout.Point{a}
	for k := sa; k != sb; k = (k + 3) % 4 {
		ccw = append(ccw, corner[(k+3)%4])
	}
	ccw = append(ccw, b)
	if pathLength(ccw) < pathLength(cw) {
		return ccw
	}
	return cw
}

func pathLength(pts []layout.Point) float64 {
	l := 0.0
	for k := 0; k+1 < len(pts); k++ {
		l += math.Abs(pts[k+1].X-pts[k].X) + math.Abs(pts[k+1].Y-pts[k].Y)
	}
	return l
}

// layoutInner lays out the content of container c at the origin, with its
// own content already laid out.
func (g *graph) layoutInner(d *drawing, c int) (float64, float64, error) {
	s := newScene(1)
	for _, i := range g.ix.nodes[c] {
		if g.nodes[i].kind != parse.KindBoundaryEvent {
			s.addNode(0, i, g.shapeNode(d, i, 0))
		}
	}
	for _, i := range g.ix.data[c] {
		s.addNode(1, i, g.dataNode(i, 0))
	}
	for _, i := range g.ix.notes[c] {
		s.addNode(2, i, textNode(g.notes[i].text, 0))
	}
	g.sceneEdges(s, c)
	ox, oy := 0.0, 0.0
	if g.nodes[c].collapsed {
		// the sub-process' own diagram
		ox, oy = poolX, poolY
	}
	res, err := layout.Layout(g.ctx, s.lg, layout.Options{X: ox, Y: oy})
	if err != nil {
		return 0, 0, err
	}
	g.simplified = g.simplified || res.Simplified
	g.apply(d, s, res)
	return res.Width, res.Height, nil
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

// apply copies a layout result into the drawing; content of expanded
// sub-processes gets the offset place applies.
func (g *graph) apply(d *drawing, s *scene, res *layout.Result) {
	for k, w := range s.what {
		r := res.Nodes[k]
		switch w.kind {
		case 0:
			n := g.nodes[w.i]
			d.nodes[w.i] = r
			if n.isContainer() && !n.collapsed {
				d.off[w.i] = layout.Point{X: r.X, Y: r.Y + subHeader}
			}
			g.placeLabels(d, w.i)
			for j, bi := range g.boundaries(w.i) {
				bx := r.X + r.W - 10 - layout.EventSize - float64(j)*boundaryStep
				d.nodes[bi] = layout.Rect{X: bx, Y: r.Y + r.H - layout.EventSize/2, W: layout.EventSize, H: layout.EventSize}
				lw, lh := labelBox(g.nodes[bi].name, g.boundaryLabelW(len(g.boundaries(w.i))))
				ly := r.Y + r.H + boundaryDrop(len(g.boundaries(w.i))-1) + 6
				d.labels[bi] = layout.Rect{X: bx + layout.EventSize/2 - lw/2, Y: ly, W: lw, H: lh}
			}
		case 1:
			d.data[w.i] = r
			if g.data[w.i].name != "" {
				lw, lh := labelBox(dataLabel(g.data[w.i]), extLabelW)
				d.dataLabels[w.i] = layout.Rect{X: r.X + r.W/2 - lw/2, Y: r.Y + r.H + 5, W: lw, H: lh}
			}
		case 2:
			d.texts[w.i] = r
		}
	}
	for k, e := range s.edges {
		pts := res.Edges[k]
		switch e.kind {
		case 0:
			d.flows[e.i] = pts
			d.flowLabels[e.i] = res.Labels[k]
		case 1:
			d.msgs[e.i] = pts
			d.msgLabels[e.i] = res.Labels[k]
		case 2:
			d.assoc[e.i] = pts
		case 3:
			d.textLinks[e.i] = pts
		case 4:
			d.handlerLinks[e.i] = pts
		}
	}
}

// placeLabels puts the external label and the WT/wt note of node i.
func (g *graph) placeLabels(d *drawing, i int) {
	n := g.nodes[i]
	r := d.nodes[i]
	if (n.isGateway() || n.isEvent()) && n.name != "" {
		w, h := labelBox(n.name, extLabelWidth(n))
		x, y := r.X+r.W/2-w/2, r.Y+r.H+5
		if n.isGateway() {
			// above and left of the top corner, which edges may use
			x, y = r.X+r.W/2-4-w, r.Y-5-h
		}
		d.labels[i] = layout.Rect{X: math.Round(x), Y: y, W: w, H: h}
	}
	if n.note != "" {
		w := math.Min(math.Max(r.W, textWidth(n.note, extFontPx)+12), r.W+50)
		d.notes[i] = layout.Rect{X: r.X + r.W/2 - w/2, Y: r.Y - noteGap - noteH, W: w, H: noteH}
	}
}
