package layout

import (
	"cmp"
	"math"
	"slices"
)

// Message flows of a fold. A fold joins an edge between rows (and, with
// foldPlan.side, an edge between lanes across another row) around the
// right of the drawing: for a sequence flow that reads like the line
// continuing, but a message flow between two pools then runs along the
// drawing and back although its ends may sit one above the other.
// shortenMessages draws such message flows the short way where that
// passes no shape, shape reserve (labels, boundary events) or edge
// label: straight where the ends' x ranges overlap, else with one bend,
// else with two beside the ends; and only when that crosses no more
// edges than the way around.

// msgMargin keeps a straight message flow this far inside both ends.
const msgMargin = 10

// msgGridMax is the most obstacles a grid route considers (the grid has
// about four times their square in states).
const msgGridMax = 300

// shortenMessages reroutes r's joined message flows of g (see above).
func shortenMessages(g Graph, r *Result, opt Options) {
	m := newMsgRouter(g, r, opt)
	defer fitWidth(r, opt)
	for _, i := range r.joined {
		e := g.Edges[i]
		if !e.Message || e.From == e.To {
			continue
		}
		best := m.shortRoute(i)
		if best == nil || msgCost(r.Edges, i, best) >= msgCost(r.Edges, i, r.Edges[i]) {
			continue
		}
		lb, ok := r.Labels[i], true
		if lb.W > 0 {
			lb, ok = messageLabel(best, lb, opt.X, func(p Rect) bool { return !m.covers(i, p) })
		}
		if !ok {
			continue
		}
		r.Edges[i], r.Labels[i] = best, lb
		if m.free(e.From) {
			r.Nodes[e.From] = Rect{X: best[0].X, Y: best[0].Y}
		}
		if m.free(e.To) {
			r.Nodes[e.To] = Rect{X: best[len(best)-1].X, Y: best[len(best)-1].Y}
		}
	}
}

// msgRouter holds what a message flow's route must stay out of: every
// shape with its reserves (the ends' too: a route leaves and enters them
// through the border facing away) and every edge label, each with its
// owner (node v, or -1-i for the label of edge i).
type msgRouter struct {
	g         Graph
	r         *Result
	opt       Options
	obstacles []Rect
	owner     []int
}

func newMsgRouter(g Graph, r *Result, opt Options) *msgRouter {
	m := &msgRouter{g: g, r: r, opt: opt}
	for v, n := range g.Nodes {
		if m.free(v) {
			continue
		}
		rc := r.Nodes[v]
		m.obstacles = append(m.obstacles, Rect{X: rc.X, Y: rc.Y - n.TopReserve, W: rc.W, H: rc.H + n.TopReserve + n.BottomReserve})
		m.owner = append(m.owner, v)
	}
	for i, lb := range r.Labels {
		if lb.W > 0 {
			m.obstacles = append(m.obstacles, lb)
			m.owner = append(m.owner, -1-i)
		}
	}
	return m
}

// free tells whether node v is a point without size (a pool border).
func (m *msgRouter) free(v int) bool {
	return m.g.Nodes[v].W == 0 && m.g.Nodes[v].H == 0
}

// blocked tells whether the route pts of edge i passes an obstacle
// (not its own label).
func (m *msgRouter) blocked(i int, pts []Point) bool {
	for k := 0; k+1 < len(pts); k++ {
		for o, rc := range m.obstacles {
			if m.owner[o] != -1-i && segmentInRect(pts[k], pts[k+1], rc) {
				return true
			}
		}
	}
	return false
}

// covers tells whether the label place p of edge i covers an obstacle.
func (m *msgRouter) covers(i int, p Rect) bool {
	for o, rc := range m.obstacles {
		if m.owner[o] != -1-i && p.X < rc.X+rc.W && rc.X < p.X+p.W && p.Y < rc.Y+rc.H && rc.Y < p.Y+p.H {
			return true
		}
	}
	return false
}

// shortRoute is the shortest free one of messageRoutes for edge i, else
// the grid route (gridRoute); nil when there is none.
func (m *msgRouter) shortRoute(i int) []Point {
	e := m.g.Edges[i]
	src, dst := m.r.Nodes[e.From], m.r.Nodes[e.To]
	best, bestLen := []Point(nil), math.Inf(1)
	for _, c := range messageRoutes(src, dst, m.free(e.From), m.free(e.To), m.opt.X) {
		if l := pathLength(c); l < bestLen && !m.blocked(i, c) {
			best, bestLen = c, l
		}
	}
	if best == nil && !m.free(e.From) && !m.free(e.To) {
		best = m.gridRoute(i, src, dst)
	}
	return best
}

// gridRoute routes edge i around the shapes between its ends, on a grid
// beside them: over the obstacles near the ends and the left outer
// channel (at most msgGridMax, so that the grid stays small), the route
// checked against all.
func (m *msgRouter) gridRoute(i int, src, dst Rect) []Point {
	win := Rect{X: m.opt.X, Y: min(src.Y, dst.Y) - channelMin}
	win.W = max(src.X+src.W, dst.X+dst.W) + 2*channelMin - win.X
	win.H = max(src.Y+src.H, dst.Y+dst.H) + channelMin - win.Y
	var near []Rect
	for o, rc := range m.obstacles {
		if m.owner[o] != -1-i && rc.X < win.X+win.W && win.X < rc.X+rc.W && rc.Y < win.Y+win.H && win.Y < rc.Y+rc.H {
			near = append(near, rc)
		}
	}
	if len(near) > msgGridMax {
		return nil
	}
	others := slices.Clone(m.r.Edges)
	others[i] = nil
	c := newMsgGrid(near, others, src, dst).route(src, dst, func(a, b Point) bool { return !m.blocked(i, []Point{a, b}) })
	if c == nil || m.blocked(i, c) {
		return nil
	}
	return c
}

// fitWidth narrows r to what its joined edges still need right of the
// inner drawing (none when every one became a short message flow) and
// its edge labels.
func fitWidth(r *Result, opt Options) {
	w := r.inner
	for _, i := range r.joined {
		for _, p := range r.Edges[i] {
			w = max(w, p.X+10-opt.X)
		}
	}
	for _, lb := range r.Labels {
		if lb.W > 0 {
			w = max(w, lb.X+lb.W+labelMargin-opt.X)
		}
	}
	r.Width = min(r.Width, w)
}

// messageRoutes lists the short routes from src to dst: straight down or
// up at a few places of the overlap of their x ranges, then one bend
// either way, then two (down or up beside both ends, between them, or in
// the left outer channel from x0). A free end (a pool border) is a point
// the route may move.
func messageRoutes(src, dst Rect, srcFree, dstFree bool, x0 float64) [][]Point {
	routes := straightRoutes(src, dst, srcFree, dstFree)
	if srcFree || dstFree {
		return routes
	}
	return append(routes, bentRoutes(src, dst, x0)...)
}

// facing is the border of r (a message flow's end) that faces the other
// end: its bottom when the flow runs down and leaves r (out) or runs up
// and enters it.
func facing(r Rect, down, out bool) float64 {
	if out == down {
		return r.Y + r.H
	}
	return r.Y
}

// straightRoutes are the vertical routes from src to dst at a few places
// of the overlap of their x ranges (msgMargin inside); a free end takes
// the other's range.
func straightRoutes(src, dst Rect, srcFree, dstFree bool) [][]Point {
	down := src.Y+src.H/2 < dst.Y+dst.H/2
	lo, hi := max(src.X, dst.X)+msgMargin, min(src.X+src.W, dst.X+dst.W)-msgMargin
	switch {
	case srcFree && dstFree:
		lo, hi = src.X, src.X
	case srcFree:
		lo, hi = dst.X+msgMargin, dst.X+dst.W-msgMargin
	case dstFree:
		lo, hi = src.X+msgMargin, src.X+src.W-msgMargin
	}
	if lo > hi {
		return nil
	}
	mid := math.Round((lo + hi) / 2)
	xs := []float64{mid}
	for k := 1; k <= 3; k++ {
		d := (hi - lo) / 2 * float64(k) / 3
		xs = append(xs, math.Round(mid-d), math.Round(mid+d))
	}
	routes := make([][]Point, 0, len(xs))
	for _, x := range xs {
		routes = append(routes, []Point{{x, facing(src, down, true)}, {x, facing(dst, down, false)}})
	}
	return routes
}

// bentRoutes are the routes with one bend (down or up, then across, or
// the other way) and with two (out of a side, down or up beside both
// ends, between them or in the left outer channel from x0, into a side).
func bentRoutes(src, dst Rect, x0 float64) [][]Point {
	down := src.Y+src.H/2 < dst.Y+dst.H/2
	sc := Point{src.X + src.W/2, src.Y + src.H/2}
	dc := Point{dst.X + dst.W/2, dst.Y + dst.H/2}
	side := func(r Rect, towards float64) float64 {
		if towards > r.X+r.W/2 {
			return r.X + r.W
		}
		return r.X
	}
	var routes [][]Point
	if dc.Y < src.Y || dc.Y > src.Y+src.H {
		routes = append(routes, []Point{{sc.X, facing(src, down, true)}, {sc.X, dc.Y}, {side(dst, sc.X), dc.Y}})
	}
	if sc.Y < dst.Y || sc.Y > dst.Y+dst.H {
		routes = append(routes, []Point{{side(src, dc.X), sc.Y}, {dc.X, sc.Y}, {dc.X, facing(dst, down, false)}})
	}
	for _, x := range []float64{x0 + channelOuter/2, min(src.X, dst.X) - channelMin/2, max(src.X+src.W, dst.X+dst.W) + channelMin/2, math.Round((sc.X + dc.X) / 2)} {
		inSrc := x > src.X-msgMargin && x < src.X+src.W+msgMargin
		inDst := x > dst.X-msgMargin && x < dst.X+dst.W+msgMargin
		if x < x0 || inSrc || inDst {
			continue
		}
		routes = append(routes, []Point{{side(src, x), sc.Y}, {x, sc.Y}, {x, dc.Y}, {side(dst, x), dc.Y}})
	}
	return routes
}

// msgCost is what the route pts of edge self costs: length, bends and
// crossings with the other edges.
func msgCost(edges [][]Point, self int, pts []Point) float64 {
	return pathLength(pts) + float64(msgBend*max(len(pts)-2, 0)+msgCross*edgeCrossings(edges, self, pts))
}

func pathLength(pts []Point) float64 {
	l := 0.0
	for k := 0; k+1 < len(pts); k++ {
		l += math.Abs(pts[k+1].X-pts[k].X) + math.Abs(pts[k+1].Y-pts[k].Y)
	}
	return l
}

// edgeCrossings counts the proper crossings of pts with the other edges.
func edgeCrossings(edges [][]Point, self int, pts []Point) int {
	n := 0
	for j, o := range edges {
		if j == self {
			continue
		}
		for a := 0; a+1 < len(pts); a++ {
			for b := 0; b+1 < len(o); b++ {
				if properCross(pts[a], pts[a+1], o[b], o[b+1]) {
					n++
				}
			}
		}
	}
	return n
}

// messageLabel puts a message flow's label beside the middle of one of
// its segments, the longest first, where it covers no obstacle and stays
// right of x0; false when there is no such place.
func messageLabel(pts []Point, lb Rect, x0 float64, clear func(Rect) bool) (Rect, bool) {
	segs := make([]int, 0, len(pts))
	for k := 0; k+1 < len(pts); k++ {
		segs = append(segs, k)
	}
	slices.SortStableFunc(segs, func(a, b int) int {
		return cmp.Compare(pathLength(pts[b:b+2]), pathLength(pts[a:a+2]))
	})
	for _, k := range segs {
		a, b := pts[k], pts[k+1]
		mx, my := (a.X+b.X)/2, (a.Y+b.Y)/2
		var places []Rect
		if a.X == b.X {
			places = []Rect{{X: mx + labelMargin, Y: my - lb.H/2}, {X: mx - labelMargin - lb.W, Y: my - lb.H/2}}
		} else {
			places = []Rect{{X: mx - lb.W/2, Y: my - labelMargin - lb.H}, {X: mx - lb.W/2, Y: my + labelMargin}}
		}
		for _, p := range places {
			p.W, p.H = lb.W, lb.H
			if p.X >= x0 && clear(p) {
				return p, true
			}
		}
	}
	return lb, false
}
