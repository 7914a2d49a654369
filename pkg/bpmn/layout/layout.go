// Package layout places the nodes of a process graph left to right in
// horizontal lane bands and routes its edges orthogonally.
//
// It is a compact layered (Sugiyama-style) layout written for BPMN with
// lanes, which general graph layouters (ELK ports, dot) do not model:
//
//  1. cycle breaking: back edges found by depth-first search are reversed
//     for layering and later drawn as loops that run back below the nodes;
//  2. layer assignment: longest path, with sources pulled right next to
//     their successors;
//  3. long edges are split into dummy items, one per crossed layer;
//  4. crossing minimisation: barycenter sweeps, items grouped by lane;
//  5. vertical coordinates: per lane band, items pulled towards their
//     neighbours (isotonic regression keeps order, spacing and band);
//  6. orthogonal routing: every vertical edge segment runs in the channel
//     between two layers on its own track, tracks ordered to avoid
//     crossings, so no edge passes through a shape;
//  7. with Options.Wrap, a drawing far wider than that aspect is folded
//     into rows inside its lanes, each row with its own column widths,
//     the edges between rows joined through free outer channels, and so
//     an edge between lanes that would cross the other rows (wrap.go).
//
// Collaborations use the same machinery: each pool contributes its lanes
// as bands (Graph.Bands adds the gap between pools and the thin band of a
// collapsed pool), message flows are ordinary edges between bands, and an
// edge from a boundary event (Edge.Boundary) leaves from the event on its
// source's bottom border and runs below the source before turning.
// Expanded sub-processes are laid out first and enter as one big node.
//
// Everything is deterministic: the same graph gives the same drawing.
package layout

import (
	"context"
	"errors"
	"fmt"
)

// Default sizes of BPMN shapes, as bpmn-js draws them.
const (
	TaskWidth     = 100
	TaskHeight    = 80
	GatewaySize   = 50
	EventSize     = 36
	laneMinHeight = 120
)

// Node is one shape to place.
type Node struct {
	// Lane is the index of the lane band the node must stay inside.
	Lane int
	// W and H are the shape's size.
	W, H float64
	// TopReserve and BottomReserve keep free space above and below the
	// shape, for external labels and text annotations.
	TopReserve, BottomReserve float64
	// SidePorts lets edges leave and enter through the top and bottom
	// (gateways: one bend instead of two for a branch above or below).
	SidePorts bool
	// FreePorts lets edges attach anywhere along the left and right sides
	// (rectangles: an edge from a slightly offset neighbour stays straight).
	FreePorts bool
	// pin keeps a row's exit and entry points (wrap) in the last and
	// first layer.
	pin rowEnd
}

// Edge is a directed connection between two nodes (indices into
// Graph.Nodes).
type Edge struct {
	From, To int
	// LabelW and LabelH are the size of the edge's label; zero means no
	// label.
	LabelW, LabelH float64
	// Boundary makes the edge leave from a boundary event on the bottom
	// border of its source, BoundaryX from the source's left side; it runs
	// down BoundaryDrop below the source's bottom before turning, so that
	// it goes around the source.
	Boundary                bool
	BoundaryX, BoundaryDrop float64
	// Message marks an edge between pools (a message flow): when a fold
	// (Options.Wrap) puts its ends in different rows, or would draw it
	// around the side, it runs the short way instead where that passes
	// no shape: straight down or up where the ends' x ranges overlap,
	// else with one bend. A node without size at either end (a pool
	// border) goes where the line meets it.
	Message bool
}

// BandSpec tunes one lane band.
type BandSpec struct {
	// GapAbove is free space above the band (between two pools).
	GapAbove float64
	// MinHeight replaces the default smallest band height when positive
	// (a collapsed pool is a thin band).
	MinHeight float64
	// corridor is free space at the top of the band (wrap: the lines
	// from the row above run there).
	corridor float64
	// collapse draws the band with no height (wrap: a row of a lane
	// without shapes; only lines between other bands cross it).
	collapse bool
}

// Graph is the input of Layout.
type Graph struct {
	Nodes []Node
	Edges []Edge
	// Lanes is the number of lane bands; 0 is treated as 1.
	Lanes int
	// Bands optionally tunes the bands, indexed like lanes.
	Bands []BandSpec
}

// Point is a waypoint.
type Point struct{ X, Y float64 }

// Rect is an axis-aligned rectangle.
type Rect struct{ X, Y, W, H float64 }

// Band is the vertical extent of one lane.
type Band struct{ Y, H float64 }

// Result holds the drawing; slices are indexed like the input.
type Result struct {
	Nodes []Rect
	// Edges holds each edge's waypoints, from source border to target
	// border.
	Edges [][]Point
	// Labels holds each edge's label bounds (zero Rect when unlabelled).
	Labels []Rect
	// Lanes holds one band per lane, stacked without gaps.
	Lanes []Band
	// Width and Height are the size of the drawing area, starting at the
	// origin given in Options.
	Width, Height float64
	// Simplified is set when the graph was over the work budget and was
	// drawn with the simple layout (columns by layer, direct edges).
	Simplified bool
	// joined lists the edges a fold joined around the right (wrap.go);
	// inner is the drawing's width without them.
	joined []int
	inner  float64
}

// Options tune the layout.
type Options struct {
	// X and Y are the top-left corner of the drawing area.
	X, Y float64
	// MaxWork is the work budget (0: DefaultMaxWork), see Work.
	MaxWork int
	// Wrap folds a drawing much wider than this aspect (width / height),
	// and wider than a desktop shows readably, into rows when that makes
	// it fit such a frame at a clearly larger scale (wrap.go); 0 keeps
	// one row.
	Wrap float64
}

// DefaultMaxWork is the default work budget: the layered layout's items
// (shapes plus one dummy per layer an edge crosses). A hand-made process
// of 5,000 elements needs a few ten thousand; a graph of 200 tasks with
// every pair connected needs 1.3 million, which took 137 s and up to 4 GB.
// At this budget the full layout of the densest graph stays under about a
// second of CPU and 150 MB.
const DefaultMaxWork = 60_000

// ErrInvalidGraph reports an edge or lane index out of range.
var ErrInvalidGraph = errors.New("layout: invalid graph")

// Spacing constants (pixels).
const (
	nodeGap      = 40 // between two shapes stacked in one layer and lane
	dummyGap     = 18 // between a shape and an edge passing by, or two edges
	lanePad      = 25 // between the lane border and the first shape
	trackGap     = 12 // between two vertical edge segments in a channel
	channelMin   = 60 // narrowest channel between two layers
	channelOuter = 40 // channel before the first and after the last layer
	labelMargin  = 6
)

// Layout computes positions for g. Its work grows with nodes × edges (an
// edge gets an item in every layer it crosses); when that is over the
// budget (Options.MaxWork) the graph is drawn with the simple layout and
// Result.Simplified is set. ctx is checked in the long loops: a cancelled
// layout returns ctx.Err().
func Layout(ctx context.Context, g Graph, opt Options) (*Result, error) {
	lanes := g.Lanes
	if lanes <= 0 {
		lanes = 1
	}
	for i, n := range g.Nodes {
		if n.Lane < 0 || n.Lane >= lanes {
			return nil, fmt.Errorf("%w: node %d in lane %d of %d", ErrInvalidGraph, i, n.Lane, lanes)
		}
	}
	for i, e := range g.Edges {
		if e.From < 0 || e.From >= len(g.Nodes) || e.To < 0 || e.To >= len(g.Nodes) {
			return nil, fmt.Errorf("%w: edge %d references a missing node", ErrInvalidGraph, i)
		}
	}
	flat, err := layoutFlat(ctx, g, lanes, opt)
	if err != nil || opt.Wrap <= 0 {
		return flat, err
	}
	return wrap(ctx, g, lanes, opt, flat)
}

// layoutFlat is Layout in one row.
func layoutFlat(ctx context.Context, g Graph, lanes int, opt Options) (*Result, error) {
	_, r, err := layoutRow(ctx, g, lanes, opt)
	return r, err
}

// layoutRow is layoutFlat that also answers its layouter (nil when the
// graph was drawn with the simple layout), whose columns and channels
// wrap compacts.
func layoutRow(ctx context.Context, g Graph, lanes int, opt Options) (*layouter, *Result, error) {
	l, ok := prepareRow(ctx, g, lanes, opt)
	if !ok {
		return nil, l.simple(opt), ctx.Err()
	}
	r, err := l.finishRow(opt)
	if err != nil {
		return nil, nil, err
	}
	return l, r, nil
}

// prepareRow breaks the cycles of g and assigns its layers (cheap); false
// when the rest of the layered layout is over the work budget.
func prepareRow(ctx context.Context, g Graph, lanes int, opt Options) (*layouter, bool) {
	l := newLayouter(g, lanes)
	l.ctx = ctx
	l.breakCycles()
	l.assignLayers()
	budget := opt.MaxWork
	if budget <= 0 {
		budget = DefaultMaxWork
	}
	w := l.work()
	if w > budget {
		return l, false
	}
	// All items at once: growing the slice edge by edge copied it over
	// and over (a third of the time of a dense graph).
	l.items = make([]item, 0, w)
	return l, true
}

// finishRow is the rest of the layered layout after prepareRow: items,
// order, vertical coordinates, routes.
func (l *layouter) finishRow(opt Options) (*Result, error) {
	for _, step := range []func(){l.buildItems, l.orderLayers, l.assignY, l.route} {
		step()
		if err := l.ctx.Err(); err != nil {
			return nil, err
		}
	}
	return l.result(opt), nil
}

// Work is the layered layout's work for g: its shapes plus, per edge, the
// layers it crosses. Callers can ask before laying out (an api request
// that must stay cheap).
func Work(g Graph) int {
	lanes := max(g.Lanes, 1)
	for _, n := range g.Nodes {
		if n.Lane < 0 || n.Lane >= lanes {
			return 0
		}
	}
	for _, e := range g.Edges {
		if e.From < 0 || e.From >= len(g.Nodes) || e.To < 0 || e.To >= len(g.Nodes) {
			return 0
		}
	}
	l := newLayouter(g, lanes)
	l.breakCycles()
	l.assignLayers()
	return l.work()
}

// work counts the items buildItems would make, without making them.
func (l *layouter) work() int {
	w := len(l.g.Nodes)
	for i, e := range l.g.Edges {
		d := l.layer[e.To] - l.layer[e.From]
		if l.reversed[i] {
			d = -d + 2
		}
		w += max(d, 1)
	}
	return w
}
