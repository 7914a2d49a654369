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
	var obstacles []Rect
	owner := make([]int, 0, len(g.Nodes))
	for v, n := range g.Nodes {
		if n.W == 0 && n.H == 0 {
			continue
		}
		rc := r.Nodes[v]
		obstacles = append(obstacles, Rect{X: rc.X, Y: rc.Y - n.TopReserve, W: rc.W, H: rc.H + n.TopReserve + n.BottomReserve})
		owner = append(owner, v)
	}
	for i, lb := range r.Labels {
		if lb.W > 0 {
			obstacles = append(obstacles, lb)
			owner = append(owner, -1-i)
		}
	}
	defer fitWidth(r, opt)
	for _, i := range r.joined {
		e := g.Edges[i]
		if !e.Message || e.From == e.To {
			continue
		}
		src, dst := r.Nodes[e.From], r.Nodes[e.To]
		srcFree := g.Nodes[e.From].W == 0 && g.Nodes[e.From].H == 0
		dstFree := g.Nodes[e.To].W == 0 && g.Nodes[e.To].H == 0
		// the ends' own shapes (with their reserves) count too: a route
		// leaves and enters them through the border facing away
		blocked := func(pts []Point) bool {
			for k := 0; k+1 < len(pts); k++ {
				for o, rc := range obstacles {
					if owner[o] != -1-i && segmentInRect(pts[k], pts[k+1], rc) {
						return true
					}
				}
			}
			return false
		}
		best, bestLen := []Point(nil), math.Inf(1)
		for _, c := range messageRoutes(src, dst, srcFree, dstFree, opt.X) {
			if l := pathLength(c); l < bestLen && !blocked(c) {
				best, bestLen = c, l
			}
		}
		if best == nil && !srcFree && !dstFree {
			// around the shapes between, on a grid beside them: over the
			// obstacles near the ends and the left outer channel (at most
			// msgGridMax, so that the grid stays small), the route checked
			// against all
			win := Rect{X: opt.X, Y: min(src.Y, dst.Y) - channelMin}
			win.W = max(src.X+src.W, dst.X+dst.W) + 2*channelMin - win.X
			win.H = max(src.Y+src.H, dst.Y+dst.H) + channelMin - win.Y
			var near []Rect
			for o, rc := range obstacles {
				if owner[o] != -1-i && rc.X < win.X+win.W && win.X < rc.X+rc.W && rc.Y < win.Y+win.H && win.Y < rc.Y+rc.H {
					near = append(near, rc)
				}
			}
			if len(near) <= msgGridMax {
				others := slices.Clone(r.Edges)
				others[i] = nil
				best = newMsgGrid(near, others, src, dst).route(src, dst, func(a, b Point) bool { return !blocked([]Point{a, b}) })
				if best != nil && blocked(best) {
					best = nil
				}
			}
		}
		if best == nil || msgCost(r.Edges, i, best) >= msgCost(r.Edges, i, r.Edges[i]) {
			continue
		}
		lb, ok := r.Labels[i], true
		if lb.W > 0 {
			lb, ok = messageLabel(best, lb, opt.X, func(p Rect) bool {
				for o, rc := range obstacles {
					if owner[o] != -1-i && p.X < rc.X+rc.W && rc.X < p.X+p.W && p.Y < rc.Y+rc.H && rc.Y < p.Y+p.H {
						return false
					}
				}
				return true
			})
		}
		if !ok {
			continue
		}
		r.Edges[i], r.Labels[i] = best, lb
		if srcFree {
			r.Nodes[e.From] = Rect{X: best[0].X, Y: best[0].Y}
		}
		if dstFree {
			r.Nodes[e.To] = Rect{X: best[len(best)-1].X, Y: best[len(best)-1].Y}
		}
	}
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
	down := src.Y+src.H/2 < dst.Y+dst.H/2
	yOut := func(r Rect, out bool) float64 { // border facing the other end
		if out == down {
			return r.Y + r.H
		}
		return r.Y
	}
	var routes [][]Point
	lo, hi := max(src.X, dst.X)+msgMargin, min(src.X+src.W, dst.X+dst.W)-msgMargin
	switch {
	case srcFree && dstFree:
		lo, hi = src.X, src.X
	case srcFree:
		lo, hi = dst.X+msgMargin, dst.X+dst.W-msgMargin
	case dstFree:
		lo, hi = src.X+msgMargin, src.X+src.W-msgMargin
	}
	if lo <= hi {
		mid := math.Round((lo + hi) / 2)
		xs := []float64{mid}
		for k := 1; k <= 3; k++ {
			d := (hi - lo) / 2 * float64(k) / 3
			xs = append(xs, math.Round(mid-d), math.Round(mid+d))
		}
		for _, x := range xs {
			routes = append(routes, []Point{{x, yOut(src, true)}, {x, yOut(dst, false)}})
		}
	}
	if srcFree || dstFree {
		return routes
	}
	sc := Point{src.X + src.W/2, src.Y + src.H/2}
	dc := Point{dst.X + dst.W/2, dst.Y + dst.H/2}
	side := func(r Rect, towards float64) float64 {
		if towards > r.X+r.W/2 {
			return r.X + r.W
		}
		return r.X
	}
	// down (or up) from the source, then across into the target's side
	if dc.Y < src.Y || dc.Y > src.Y+src.H {
		routes = append(routes, []Point{{sc.X, yOut(src, true)}, {sc.X, dc.Y}, {side(dst, sc.X), dc.Y}})
	}
	// across from the source's side, then down (or up) into the target
	if sc.Y < dst.Y || sc.Y > dst.Y+dst.H {
		routes = append(routes, []Point{{side(src, dc.X), sc.Y}, {dc.X, sc.Y}, {dc.X, yOut(dst, false)}})
	}
	// out of a side, down (or up) beside both or between them, into a
	// side: the left outer channel is free of shapes
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
