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
			w, h := taskSize(n.name, n.decoration(), layout.TaskWidth, layout.TaskHeight)
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
