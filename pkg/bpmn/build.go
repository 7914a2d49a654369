// Package bpmn turns a process model into BPMN 2.0 XML with diagram
// interchange (a pool, one lane per performer, a layered layout) that
// validates against the OMG schema, imports into bpmn-js without warnings
// and passes bpmnlint's recommended rules.
package bpmn

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/layout"
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
	labelLineH    = 14
	labelMaxW     = 100
	extLabelW     = 90
	gatewayLabelW = 70
	maxLabelLines = 4
	charW         = 6.5
	noteH         = 30
	noteGap       = 15
	fallbackName  = "Process"
)

// Build renders the model as a BPMN 2.0 document. The output is
// deterministic: the same model always gives the same bytes.
func Build(m *process.Model) ([]byte, error) {
	if m == nil || !hasWork(m) {
		return nil, failure.Permanent("The process has no activities, gateways or events, so there is nothing to draw. Check that the document describes the steps of a process.", ErrEmptyModel)
	}
	g := newGraph(m)
	g.repair()
	g.defaultNames()
	d, err := g.draw()
	if err != nil {
		return nil, fmt.Errorf("bpmn layout: %w", err)
	}
	name := oneLine(m.ProcessName)
	if name == "" {
		name = fallbackName
	}
	return g.write(name, strings.TrimSpace(m.ProcessPurpose), d), nil
}

// defaultNames gives unnamed tasks and events a name, because every flow
// node needs a label (bpmnlint label-required).
func (g *graph) defaultNames() {
	for _, n := range g.nodes {
		if n.name != "" {
			continue
		}
		switch n.kind {
		case kindStart:
			n.name = "Start"
		case kindEnd:
			n.name = "End"
		case kindCatch, kindThrow:
			switch n.trigger {
			case process.TriggerTimer:
				n.name = "Wait"
			case process.TriggerMessage:
				n.name = "Message"
			case process.TriggerSignal:
				n.name = "Signal"
			default:
				n.name = "Event"
			}
		case kindTask, kindUserTask, kindServiceTask:
			n.name = "Task"
		}
	}
}

// drawing is the laid-out graph in absolute coordinates.
type drawing struct {
	res      *layout.Result
	pool     layout.Rect
	lanes    []layout.Rect
	labels   []layout.Rect // external labels of events and gateways
	notes    []layout.Rect // WT/wt annotations (zero when none)
	hasLanes bool
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

// textWidth estimates the rendered width of a label in bpmn-js's default
// 11 px font.
func textWidth(s string) float64 {
	return math.Ceil(float64(len([]rune(s))) * charW)
}

// labelBox wraps a label into lines of at most maxW pixels.
func labelBox(s string, maxW float64) (w, h float64) {
	w = textWidth(s)
	// very long names keep a bounded box; readers draw the rest of the
	// text beyond it rather than push the layout apart
	lines := min(math.Max(1, math.Ceil(w/maxW)), maxLabelLines)
	return math.Min(w, maxW), lines * labelLineH
}

func (g *graph) draw() (*drawing, error) {
	d := &drawing{hasLanes: len(g.lanes) > 0}
	lg := layout.Graph{Lanes: len(g.lanes)}
	for _, n := range g.nodes {
		ln := layout.Node{Lane: n.lane}
		switch {
		case n.isGateway():
			ln.W, ln.H = layout.GatewaySize, layout.GatewaySize
			ln.SidePorts = true
		case n.isEvent():
			ln.W, ln.H = layout.EventSize, layout.EventSize
		default:
			ln.W, ln.H = layout.TaskWidth, layout.TaskHeight
			ln.FreePorts = true
		}
		// Gateway labels go above the diamond because loops leave and
		// enter gateways through the bottom; event labels go below.
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
		if !d.hasLanes {
			ln.Lane = 0
		}
		lg.Nodes = append(lg.Nodes, ln)
	}
	var flowIdx []int
	for i, f := range g.flows {
		if f.deleted {
			continue
		}
		e := layout.Edge{From: f.from, To: f.to}
		if f.name != "" {
			e.LabelW, e.LabelH = labelBox(f.name, labelMaxW)
		}
		lg.Edges = append(lg.Edges, e)
		flowIdx = append(flowIdx, i)
	}
	left := float64(poolX + poolHeader)
	if d.hasLanes {
		left += laneHeader
	}
	res, err := layout.Layout(lg, layout.Options{X: left, Y: poolY})
	if err != nil {
		return nil, err
	}
	// re-index edge results by flow index
	edges := make([][]layout.Point, len(g.flows))
	labels := make([]layout.Rect, len(g.flows))
	for k, fi := range flowIdx {
		edges[fi] = res.Edges[k]
		labels[fi] = res.Labels[k]
	}
	res.Edges, res.Labels = edges, labels
	d.res = res
	contentW := res.Width
	d.pool = layout.Rect{X: poolX, Y: poolY, W: left - poolX + contentW, H: res.Height}
	if d.hasLanes {
		for _, b := range res.Lanes {
			d.lanes = append(d.lanes, layout.Rect{X: poolX + poolHeader, Y: b.Y, W: laneHeader + contentW, H: b.H})
		}
	}
	d.labels = make([]layout.Rect, len(g.nodes))
	d.notes = make([]layout.Rect, len(g.nodes))
	for i, n := range g.nodes {
		r := res.Nodes[i]
		if (n.isGateway() || n.isEvent()) && n.name != "" {
			w, h := labelBox(n.name, extLabelWidth(n))
			x, y := r.X+r.W/2-w/2, r.Y+r.H+5
			if n.isGateway() {
				// above and left of the top corner, which edges may use
				x, y = r.X+r.W/2-4-w, r.Y-5-h
			}
			d.labels[i] = layout.Rect{X: x, Y: y, W: w, H: h}
		}
		if n.note != "" {
			w := math.Min(math.Max(r.W, textWidth(n.note)+10), r.W+50)
			d.notes[i] = layout.Rect{X: r.X + r.W/2 - w/2, Y: r.Y - noteGap - noteH, W: w, H: noteH}
		}
	}
	return d, nil
}
