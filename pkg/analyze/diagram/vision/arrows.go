package vision

import (
	"image"
	"math"
	"sort"
)

// Flow is a connector between two shapes, directed by its arrowhead.
type Flow struct {
	// From and To index Diagram.Shapes.
	From, To int
	// Path samples the connector's ink, for placing labels beside it.
	Path []image.Point
	// Sure is false when no arrowhead told the direction and it was
	// guessed from the reading order.
	Sure bool
	// Dashed is true for a connector drawn in dashes: a message flow
	// between pools (or an association), not a sequence flow.
	Dashed bool
}

// Trace is a connector followed from a shape to nowhere: its other end
// touches no shape found (an arrow cut by a smudge, a shape not
// recognised). It is not drawn as a flow; the reader says it is there.
type Trace struct {
	// Node indexes Diagram.Shapes: the shape the connector leaves.
	Node int
	// End is the connector's ink farthest from that shape.
	End image.Point
	// Start is where the connector touches the shape.
	Start image.Point
	// Dashed is true for a connector drawn in dashes (an association to
	// a note or a data object, a message flow to a pool not read).
	Dashed bool
}

// contact is where a connector touches a shape's surroundings.
type contact struct {
	node      int
	sx, sy, n int
	// via is set for a dashed line's end found along the solid line its
	// last dash merges into
	via     bool
	x, y    int
	density float64
}

// findFlows removes the shapes and lane lines from the ink, collects the
// remaining line pieces that touch two or more shapes, and directs each
// by the filled arrowhead at its target end. Lines crossing a lane border
// are joined across it; cross are frame lines (a flowchart's swimlanes),
// removed too and joined across whichever way they run; icons are
// small boxes drawn on a line (a message flow's envelope), joined to
// the dashes that run into them. Each phase is a method of flowTracer,
// in the order below.
func findFlows(bm *bitmap, d *Diagram, lines, cross, icons []image.Rectangle) []Flow {
	t := newFlowTracer(bm, d, lines, cross)
	t.markShapes()
	t.markLines()
	t.labelPieces()
	t.joinAcrossRows()
	t.joinAcrossColumns()
	t.collectDashes()
	t.joinDashes()
	t.joinIcons(icons)
	t.joinCrossings()
	t.joinAcrossLabels()
	t.joinThroughLabels()
	t.countDashes()
	t.collectGroups()
	t.extendDashEnds()
	roots := t.connectors()
	var flows []Flow
	for _, r := range roots {
		flows = append(flows, t.direct(r)...)
	}
	return flows
}

// flowTracer holds what findFlows' phases share: the ink left when the
// shapes and lines are taken out, its pieces, and the joins between
// them (a union-find over the pieces).
type flowTracer struct {
	bm     *bitmap
	d      *Diagram
	w, h   int
	stroke int
	bounds image.Rectangle
	// lines are lane lines, cross a flowchart frame's lines; all both
	lines, cross, all []image.Rectangle
	// removed marks the shapes' outlines and the lines, halo the shape
	// (index + 1) whose surroundings a pixel is in, cut the pixels where
	// two lines cross
	removed []bool
	halo    []int32
	cut     []bool
	ls      *labels
	parent  []int32
	// dashes lists the dash-like pieces; isDash those that count
	// towards calling a line dashed, stub those cut short
	dashes              []int32
	isDash, stub        map[int32]bool
	dashCount, dashArea map[int32]int
	// iconPieces are the icons' own pieces, iconArea their ink per
	// group (not counted against a dashed line's dashes)
	iconPieces []int32
	iconArea   map[int32]int
	groups     map[int32]*inkGroup
}

// inkGroup is one joined connector: where it touches shapes, and its
// ink sampled.
type inkGroup struct {
	contacts map[int]*contact
	path     []image.Point
	pixels   int
}

func newFlowTracer(bm *bitmap, d *Diagram, lines, cross []image.Rectangle) *flowTracer {
	return &flowTracer{
		bm: bm, d: d, w: bm.w, h: bm.h, stroke: d.Stroke,
		bounds:  image.Rect(0, 0, bm.w, bm.h),
		lines:   lines,
		cross:   cross,
		all:     append(append([]image.Rectangle(nil), lines...), cross...),
		removed: make([]bool, bm.w*bm.h),
		halo:    make([]int32, bm.w*bm.h),
		isDash:  map[int32]bool{},
		stub:    map[int32]bool{},
	}
}

// markShapes marks each shape's surroundings in halo (big shapes first,
// so that a boundary event on a task's border wins) and its outline in
// removed.
func (t *flowTracer) markShapes() {
	d, w := t.d, t.w
	order := make([]int, len(d.Shapes))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		ra, rb := d.Shapes[order[a]].Box, d.Shapes[order[b]].Box
		return ra.Dx()*ra.Dy() > rb.Dx()*rb.Dy()
	})
	for _, i := range order {
		hb := d.Shapes[i].Box.Inset(-t.stroke - 3).Intersect(t.bounds)
		for y := hb.Min.Y; y < hb.Max.Y; y++ {
			for x := hb.Min.X; x < hb.Max.X; x++ {
				t.halo[y*w+x] = int32(i + 1)
			}
		}
	}
	for _, s := range d.Shapes {
		cb := s.Box.Inset(-1).Intersect(t.bounds)
		in := outline(s, t.stroke)
		for y := cb.Min.Y; y < cb.Max.Y; y++ {
			for x := cb.Min.X; x < cb.Max.X; x++ {
				if in(x, y) {
					t.removed[y*w+x] = true
				}
			}
		}
	}
}

// markLines marks the lane and frame lines in removed, each widened to
// the rows (or columns) beside it inked along nearly its whole length:
// a soft photo's line binarises thicker than the white regions beside
// it say, and a row of it left standing would join every connector
// crossing the line into one.
func (t *flowTracer) markLines() {
	for i, r := range t.all {
		r = t.lineInk(r.Intersect(t.bounds))
		t.all[i] = r
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				t.removed[y*t.w+x] = true
			}
		}
	}
}

// lineInk widens line r by the rows (or columns) beside it that are
// inked along nearly its whole length, a stroke's width at most each
// way.
func (t *flowTracer) lineInk(r image.Rectangle) image.Rectangle {
	if r.Empty() || max(r.Dx(), r.Dy()) < 8*t.stroke {
		return r
	}
	inked := func(x0, y0, dx, dy, n int) bool {
		if x0 < 0 || y0 < 0 || x0 >= t.w || y0 >= t.h {
			return false
		}
		ink := 0
		for k := range n {
			if t.bm.pix[(y0+k*dy)*t.w+x0+k*dx] {
				ink++
			}
		}
		return ink*10 >= n*9
	}
	if r.Dx() >= r.Dy() {
		for k := 0; k < t.stroke && inked(r.Min.X, r.Min.Y-1, 1, 0, r.Dx()); k++ {
			r.Min.Y--
		}
		for k := 0; k < t.stroke && inked(r.Min.X, r.Max.Y, 1, 0, r.Dx()); k++ {
			r.Max.Y++
		}
		return r
	}
	for k := 0; k < t.stroke && inked(r.Min.X-1, r.Min.Y, 0, 1, r.Dy()); k++ {
		r.Min.X--
	}
	for k := 0; k < t.stroke && inked(r.Max.X, r.Min.Y, 0, 1, r.Dy()); k++ {
		r.Max.X++
	}
	return r
}

// labelPieces finds the crossings and labels the ink left, each piece
// a set of its own.
func (t *flowTracer) labelPieces() {
	bm := t.bm
	t.cut = crossings(bm, t.removed, t.stroke)
	t.ls = label(t.w, t.h, func(i int) bool { return bm.pix[i] && !t.removed[i] && !t.cut[i] }, true)
	t.parent = make([]int32, len(t.ls.comps))
	for i := range t.parent {
		t.parent[i] = int32(i)
	}
}

func (t *flowTracer) find(a int32) int32 {
	for t.parent[a] != a {
		t.parent[a] = t.parent[t.parent[a]]
		a = t.parent[a]
	}
	return a
}

func (t *flowTracer) union(a, b int32) {
	if ra, rb := t.find(a), t.find(b); ra != rb {
		t.parent[ra] = rb
	}
}

// crossings marks the ink where a horizontal and a vertical line cross:
// pixels inside a long horizontal run and a long vertical run, away from
// both runs' ends. A line that ends on another (a T, a bend) is no
// crossing: its run stops there. Its phases: the runs' lengths
// (inkRuns), the pixels inside both long runs (crossingCores), and
// those grown by a pixel (growByPixel).
func crossings(bm *bitmap, removed []bool, stroke int) []bool {
	ink := func(i int) bool { return bm.pix[i] && !removed[i] }
	reach := 3*stroke + 3
	left, up := inkRuns(bm.w, bm.h, ink)
	cut := crossingCores(bm.w, bm.h, ink, left, up, reach)
	return growByPixel(cut, bm.w, bm.h)
}

// inkRuns gives, for each pixel of a w×h picture, the length of the ink
// run ending there from the left and from above; only whether it passes
// a crossing's reach matters, so it stops counting at 255 (a byte a
// pixel, not four).
func inkRuns(w, h int, ink func(int) bool) (left, up []uint8) {
	left = make([]uint8, w*h)
	up = make([]uint8, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			if !ink(i) {
				continue
			}
			left[i], up[i] = 1, 1
			if x > 0 {
				left[i] = max(left[i-1], left[i-1]+1) // stays at 255
			}
			if y > 0 {
				up[i] = max(up[i-w], up[i-w]+1)
			}
		}
	}
	return left, up
}

// crossingCores marks the ink pixels whose runs from the left and from
// above (left, up) are longer than reach and go on at least reach to the
// right and down.
func crossingCores(w, h int, ink func(int) bool, left, up []uint8, reach int) []bool {
	cut := make([]bool, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			if !ink(i) || int(left[i]) <= reach || int(up[i]) <= reach {
				continue
			}
			// the runs go on at least reach to the right and down
			if x+reach >= w || y+reach >= h {
				continue
			}
			if inkOnFor(ink, i, 1, reach) && inkOnFor(ink, i, w, reach) {
				cut[i] = true
			}
		}
	}
	return cut
}

// inkOnFor reports whether the reach pixels after i, step apart, are
// all ink.
func inkOnFor(ink func(int) bool, i, step, reach int) bool {
	for k := 1; k <= reach; k++ {
		if !ink(i + k*step) {
			return false
		}
	}
	return true
}

// growByPixel grows the marked blocks of a w×h picture by a pixel:
// diagonal neighbours would otherwise keep a crossing's four arms
// connected.
func growByPixel(cut []bool, w, h int) []bool {
	grown := make([]bool, w*h)
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			if !cut[y*w+x] {
				continue
			}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					grown[(y+dy)*w+x+dx] = true
				}
			}
		}
	}
	return grown
}

// outline reports the pixels a shape covers, its outline and a pixel or
// two beyond: a box's whole box, but only the diamond or the ellipse
// itself for a gateway or an event, so that an arrowhead touching a
// diamond's slanted side (inside its bounding box) stays an arrowhead.
func outline(s Shape, stroke int) func(x, y int) bool {
	b := s.Box
	cx, cy := float64(b.Min.X+b.Max.X-1)/2, float64(b.Min.Y+b.Max.Y-1)/2
	switch {
	case s.Kind == Gateway && (s.Hexagon || s.Bar):
	case s.Kind == Gateway:
		// the inside's half extents; the outline lies within stroke+2
		// of its sides, measured along their normals
		hw, hh := float64(s.Inner.Dx())/2, float64(s.Inner.Dy())/2
		icx, icy := float64(s.Inner.Min.X+s.Inner.Max.X-1)/2, float64(s.Inner.Min.Y+s.Inner.Max.Y-1)/2
		lim := hw*hh + float64(stroke+2)*math.Hypot(hw, hh)
		return func(x, y int) bool {
			return math.Abs(float64(x)-icx)*hh+math.Abs(float64(y)-icy)*hw <= lim
		}
	case s.Kind == Event:
		a, c := float64(b.Dx())/2+1, float64(b.Dy())/2+1
		return func(x, y int) bool {
			dx, dy := (float64(x)-cx)/a, (float64(y)-cy)/c
			return dx*dx+dy*dy <= 1
		}
	}
	return func(int, int) bool { return true }
}
