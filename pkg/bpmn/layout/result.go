package layout

import "math"

// result turns items, channels and hops into absolute shapes and
// waypoints.
func (l *layouter) result(opt Options) *Result {
	n := len(l.g.Nodes)
	r := &Result{
		Nodes:  make([]Rect, n),
		Edges:  make([][]Point, len(l.g.Edges)),
		Labels: make([]Rect, len(l.g.Edges)),
		Lanes:  make([]Band, l.lanes),
		Width:  l.width,
	}
	for v, nd := range l.g.Nodes {
		it := &l.items[v]
		cx := l.colLeft[it.layer] + l.colW[it.layer]/2
		r.Nodes[v] = Rect{X: opt.X + cx - nd.W/2, Y: opt.Y + it.y - nd.H/2, W: nd.W, H: nd.H}
	}
	for i, b := range l.bands {
		r.Lanes[i] = Band{Y: opt.Y + b.Y, H: b.H}
		r.Height = b.Y + b.H
	}
	for i, p := range l.paths {
		e := l.g.Edges[i]
		src, dst := r.Nodes[e.From], r.Nodes[e.To]
		hs := l.hops[i]
		pts := make([]Point, 0, 2*len(hs)+3)
		x0 := src.X + src.W/2
		if e.Boundary {
			x0 = src.X + e.BoundaryX
			pts = append(pts, Point{x0, src.Y + src.H + EventSize/2})
			if hs[0].kind == hopTrack {
				pts = append(pts, Point{x0, opt.Y + l.channels[hs[0].channel].segs[hs[0].seg].ya})
			}
		}
		switch {
		case e.Boundary:
		case hs[0].kind == hopDown, hs[0].kind == hopSideOut && !hs[0].top:
			pts = append(pts, Point{src.X + src.W/2, src.Y + src.H})
		case hs[0].kind == hopSideOut:
			pts = append(pts, Point{src.X + src.W/2, src.Y})
		case hs[0].kind == hopStraight && hs[0].offStart:
			// leave at the height of the next item (within the side)
			pts = append(pts, Point{src.X + src.W, opt.Y + l.items[p[1]].y})
		default:
			pts = append(pts, Point{src.X + src.W, src.Y + src.H/2})
		}
		for k, h := range hs {
			ya := opt.Y + l.items[p[k]].y
			yb := opt.Y + l.items[p[k+1]].y
			switch h.kind {
			case hopTrack:
				ch := &l.channels[h.channel]
				seg := &ch.segs[h.seg]
				tx := opt.X + ch.trackX(seg.track)
				pts = append(pts, Point{tx, opt.Y + seg.ya}, Point{tx, opt.Y + seg.yb})
			case hopDown:
				pts = append(pts, Point{x0, yb})
			case hopUp, hopSideIn:
				pts = append(pts, Point{dst.X + dst.W/2, ya})
			case hopSideOut:
				pts = append(pts, Point{src.X + src.W/2, yb})
			}
		}
		last := hs[len(hs)-1]
		switch {
		case last.kind == hopUp, last.kind == hopSideIn && !last.top:
			pts = append(pts, Point{dst.X + dst.W/2, dst.Y + dst.H})
		case last.kind == hopSideIn:
			pts = append(pts, Point{dst.X + dst.W/2, dst.Y})
		case last.kind == hopStraight && last.offEnd:
			pts = append(pts, Point{dst.X, opt.Y + l.items[p[len(p)-2]].y})
		default:
			pts = append(pts, Point{dst.X, dst.Y + dst.H/2})
		}
		r.Edges[i] = simplify(pts)
		if e.LabelW > 0 {
			r.Labels[i] = l.labelRect(i, r.Edges[i], src, opt)
		}
	}
	r.declutterLabels()
	return r
}

// declutterLabels moves a label from above its line to below it when an
// edge runs through it there and the place below is free of edges, shapes
// and other labels. A grid of buckets keeps this linear in practice.
func (r *Result) declutterLabels() {
	grid := newGrid()
	for i, pts := range r.Edges {
		for k := 0; k+1 < len(pts); k++ {
			grid.add(boundsOf(pts[k], pts[k+1]), gridItem{kind: 0, i: i, k: k})
		}
	}
	for i, n := range r.Nodes {
		grid.add(n, gridItem{kind: 1, i: i})
	}
	for i, lb := range r.Labels {
		if lb.W > 0 {
			grid.add(lb, gridItem{kind: 2, i: i})
		}
	}
	overlaps := func(a, b Rect) bool {
		return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
	}
	// blocked reports whether b meets an edge (and, with all, a shape or
	// another label than self).
	blocked := func(b Rect, self int, all bool) bool {
		hit := false
		grid.visit(b, func(it gridItem) bool {
			switch {
			case it.kind == 0:
				pts := r.Edges[it.i]
				hit = segmentInRect(pts[it.k], pts[it.k+1], b)
			case it.kind == 1 && all:
				hit = overlaps(b, r.Nodes[it.i])
			case it.kind == 2 && all && it.i != self:
				hit = overlaps(b, r.Labels[it.i])
			}
			return hit
		})
		return hit
	}
	for i, lb := range r.Labels {
		if lb.W == 0 || !blocked(lb, i, false) {
			continue
		}
		below := lb
		below.Y = lb.Y + lb.H + 8 // the line runs 4 px under the label
		if !blocked(below, i, true) {
			r.Labels[i] = below
			grid.add(below, gridItem{kind: 2, i: i})
		}
	}
}

func boundsOf(a, b Point) Rect {
	return Rect{X: min(a.X, b.X), Y: min(a.Y, b.Y), W: math.Abs(a.X - b.X), H: math.Abs(a.Y - b.Y)}
}

type gridItem struct {
	kind uint8 // 0 edge segment, 1 node, 2 label
	i, k int
}

// grid buckets rectangles by 256-pixel cells; rectangles spanning many
// cells (a large sub-process, a long edge) go to a list every visit
// scans, so that adding them stays cheap.
type grid struct {
	cells map[[2]int][]gridItem
	big   []gridItem
}

const (
	cellSize = 256
	bigCells = 16
)

func newGrid() *grid { return &grid{cells: map[[2]int][]gridItem{}} }

func cellRange(b Rect) (x0, y0, x1, y1 int) {
	return int(math.Floor(b.X / cellSize)), int(math.Floor(b.Y / cellSize)),
		int(math.Floor((b.X + b.W) / cellSize)), int(math.Floor((b.Y + b.H) / cellSize))
}

func (g *grid) add(b Rect, it gridItem) {
	x0, y0, x1, y1 := cellRange(b)
	if (x1-x0+1)*(y1-y0+1) > bigCells {
		g.big = append(g.big, it)
		return
	}
	for x := x0; x <= x1; x++ {
		for y := y0; y <= y1; y++ {
			g.cells[[2]int{x, y}] = append(g.cells[[2]int{x, y}], it)
		}
	}
}

// visit calls f for the items in the cells b touches until f returns true.
func (g *grid) visit(b Rect, f func(gridItem) bool) {
	for _, it := range g.big {
		if f(it) {
			return
		}
	}
	x0, y0, x1, y1 := cellRange(b)
	for x := x0; x <= x1; x++ {
		for y := y0; y <= y1; y++ {
			for _, it := range g.cells[[2]int{x, y}] {
				if f(it) {
					return
				}
			}
		}
	}
}

// labelRect places an edge label next to the edge's first hop: above the
// line where it enters the next layer (tracks are packed to the left of the
// channel, leaving room for the label), or below the line of a loop.
func (l *layouter) labelRect(i int, pts []Point, src Rect, opt Options) Rect {
	e := l.g.Edges[i]
	h := l.hops[i][0]
	switch {
	case h.kind == hopDown:
		y := opt.Y + l.items[l.paths[i][1]].y
		return Rect{X: src.X + src.W/2 - labelMargin - e.LabelW, Y: y + 4, W: e.LabelW, H: e.LabelH}
	case h.kind == hopSideOut:
		// between the shape and the bend: below the line when the edge
		// leaves through the top, above it when through the bottom, so
		// that the label never reaches into a shape beyond the bend
		y := opt.Y + l.items[l.paths[i][1]].y
		if h.top {
			return Rect{X: src.X + src.W/2 + labelMargin, Y: y + 4, W: e.LabelW, H: e.LabelH}
		}
		return Rect{X: src.X + src.W/2 + labelMargin, Y: y - 4 - e.LabelH, W: e.LabelW, H: e.LabelH}
	case h.kind == hopTrack:
		ch := &l.channels[h.channel]
		seg := ch.segs[h.seg]
		x := opt.X + ch.trackX(ch.tracks-1) + labelMargin
		return Rect{X: x, Y: opt.Y + seg.yb - 4 - e.LabelH, W: e.LabelW, H: e.LabelH}
	default:
		y := pts[0].Y
		return Rect{X: src.X + src.W + labelMargin, Y: y - 4 - e.LabelH, W: e.LabelW, H: e.LabelH}
	}
}

// simplify drops repeated points and middle points of straight runs.
func simplify(pts []Point) []Point {
	out := pts[:0]
	for _, p := range pts {
		if len(out) > 0 && out[len(out)-1] == p {
			continue
		}
		if len(out) >= 2 {
			a, b := out[len(out)-2], out[len(out)-1]
			if (a.X == b.X && b.X == p.X) || (a.Y == b.Y && b.Y == p.Y) {
				out[len(out)-1] = p
				continue
			}
		}
		out = append(out, p)
	}
	return out
}
