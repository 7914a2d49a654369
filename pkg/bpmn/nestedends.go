package bpmn

import (
	"math"

	"github.com/spade-bpmn/spade/pkg/bpmn/layout"
)

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
