package layout

import (
	"math"
	"sort"
)

// compactRows gives every row its own column widths: the rows share one
// column grid, so a row would keep the width of a wide sub-process
// another row has in the same column, and the empty columns a row's last
// edge runs through. Each row's columns shrink to its own widest shape
// (none when it has no shape there) and the channels it does not use to
// nothing; channel 0 stays (the connectors run there). A row band may
// hold separate flows above each other (a row's steps and, below them,
// a step entered around the side, as wide as the row): each such flow
// gets its own columns (compactFlows), moved below the flows beside it
// when they overlap (separate), whichever fits Options.Wrap's frame
// best. Nil when every way would draw an edge through a shape or shapes
// over each other (an edge between lanes runs across the other rows'
// bands).
func (l *layouter) compactRows(fr *Result, nRows int, opt Options) *Result {
	unit := make([]int, len(l.g.Nodes))
	for v, n := range l.g.Nodes {
		unit[v] = n.Lane % nRows
	}
	cols := l.rowColumns(nRows, unit)
	l.shareCrossedRows(cols)
	best := l.compactTo(fr, cols, unit, opt)
	// the flows' own columns win a tie (the same size, rows without gaps);
	// moving flows apart must fit larger
	fit := func(r *Result) float64 { return fitScale(r.Width, r.Height, opt.Wrap) }
	if out := l.compactFlows(fr, nRows, opt); out != nil && (best == nil || fit(out) >= fit(best)) {
		best = out
	}
	if sep := l.separate(fr, l.flowsOf(fr)); sep != nil {
		if out := l.compactFlows(sep, nRows, opt); out != nil && (best == nil || fit(out) > fit(best)) {
			best = out
		}
	}
	return best
}

// compactTo moves fr to the columns of cols (unit: each node's row or
// unit); nil when that is no narrower or not clean.
func (l *layouter) compactTo(fr *Result, cols *rowCols, unit []int, opt Options) *Result {
	center, chShift, width := l.rowOffsets(cols)
	if width >= l.width-1 {
		return nil
	}
	out := l.moveToRows(fr, unit, opt, center, chShift)
	out.Width = width
	if !cleanDrawing(out, l.g.Edges) {
		return nil
	}
	return out
}

// flows are the shapes of a fold that edges join: per node its flow (a
// root node); per root the flow's extent lo … hi (shapes with the room
// kept for their labels, edge points, edge labels) and where its lowest
// part starts (start); the roots by lo.
type flows struct {
	root          []int
	lo, hi, start []float64
	order         []int
}

// flowsOf finds the flows of fr.
func (l *layouter) flowsOf(fr *Result) *flows {
	n := len(l.g.Nodes)
	sets := newDisjoint(n)
	find := sets.find
	for _, e := range l.g.Edges {
		sets[find(e.From)] = find(e.To)
	}
	f := &flows{root: make([]int, n), lo: make([]float64, n), hi: make([]float64, n), start: make([]float64, n)}
	for v := range sets {
		f.root[v] = find(v)
		f.lo[v], f.hi[v], f.start[v] = math.Inf(1), math.Inf(-1), math.Inf(-1)
	}
	grow := func(v int, a, b float64) {
		r := f.root[v]
		f.lo[r], f.hi[r], f.start[r] = min(f.lo[r], a), max(f.hi[r], b), max(f.start[r], a)
	}
	for v, rc := range fr.Nodes {
		grow(v, rc.Y-l.items[v].top, rc.Y+rc.H+l.items[v].bottom)
	}
	for i, e := range l.g.Edges {
		for _, p := range fr.Edges[i] {
			grow(e.From, p.Y, p.Y)
		}
		if lb := fr.Labels[i]; lb.W > 0 {
			grow(e.From, lb.Y, lb.Y+lb.H)
		}
	}
	for v := range sets {
		if f.root[v] == v {
			f.order = append(f.order, v)
		}
	}
	sort.SliceStable(f.order, func(a, b int) bool { return f.lo[f.order[a]] < f.lo[f.order[b]] })
	return f
}

// separate moves each flow that starts beside a taller flow above it
// (below the row's steps, a step entered around the side, stacked
// between the row's sub-processes) down below that flow, with everything
// under it, when nothing of the flows above reaches down to where it
// starts: the two can then have their own columns. The bands grow by
// the moves. Nil when no flow moves.
func (l *layouter) separate(fr *Result, f *flows) *Result {
	type move struct{ at, dy float64 }
	var moves []move
	shift := make([]float64, len(l.g.Nodes))
	off, bottom, reach := 0.0, math.Inf(-1), math.Inf(-1)
	for _, r := range f.order {
		if f.lo[r]+off < bottom && reach < f.lo[r] {
			dy := bottom + nodeGap - (f.lo[r] + off)
			moves = append(moves, move{f.lo[r], dy})
			off += dy
		}
		shift[r] = off
		bottom = max(bottom, f.hi[r]+off)
		reach = max(reach, f.start[r])
	}
	if len(moves) == 0 {
		return nil
	}
	at := func(y float64) float64 {
		d := 0.0
		for _, m := range moves {
			if m.at <= y {
				d += m.dy
			}
		}
		return d
	}
	out := &Result{
		Nodes:  make([]Rect, len(fr.Nodes)),
		Edges:  make([][]Point, len(fr.Edges)),
		Labels: make([]Rect, len(fr.Labels)),
		Lanes:  make([]Band, len(fr.Lanes)),
		Width:  fr.Width,
		Height: fr.Height + off,
	}
	for v, n := range fr.Nodes {
		n.Y += shift[f.root[v]]
		out.Nodes[v] = n
	}
	for i, e := range l.g.Edges {
		dy := shift[f.root[e.From]]
		pts := make([]Point, len(fr.Edges[i]))
		for k, p := range fr.Edges[i] {
			pts[k] = Point{p.X, p.Y + dy}
		}
		out.Edges[i] = pts
		lb := fr.Labels[i]
		if lb.W > 0 {
			lb.Y += dy
		}
		out.Labels[i] = lb
	}
	for b, bd := range fr.Lanes {
		y, end := bd.Y+at(bd.Y), bd.Y+bd.H+at(bd.Y+bd.H)
		out.Lanes[b] = Band{Y: y, H: end - y}
	}
	return out
}

// compactFlows gives each flow of fr its own columns, unless flows
// overlap: those share theirs.
// Nil when no flow is on its own beyond the rows, or that is not clean.
func (l *layouter) compactFlows(fr *Result, nRows int, opt Options) *Result {
	f := l.flowsOf(fr)
	group := make([]int, len(l.g.Nodes))
	n, bottom := 0, math.Inf(-1)
	for _, r := range f.order {
		if f.lo[r] >= bottom {
			n++
		}
		group[r] = n - 1
		bottom = max(bottom, f.hi[r])
	}
	if n <= nRows {
		return nil
	}
	unit := make([]int, len(l.g.Nodes))
	for v := range unit {
		unit[v] = group[f.root[v]]
	}
	cols := l.rowColumns(n, unit)
	l.edgeSegs(cols, fr, unit, opt.X)
	return l.compactTo(fr, cols, unit, opt)
}

// edgeSegs records each unit's channels with vertical edge segments (x0
// is the drawing's left, Options.X).
func (l *layouter) edgeSegs(rc *rowCols, fr *Result, unit []int, x0 float64) {
	for i, e := range l.g.Edges {
		pts := fr.Edges[i]
		for k := 1; k < len(pts); k++ {
			if pts[k].X != pts[k-1].X || pts[k].Y == pts[k-1].Y {
				continue
			}
			x := pts[k].X - x0
			c := sort.Search(len(l.channels), func(c int) bool { return l.channels[c].left+l.channels[c].width >= x })
			if c < len(l.channels) && x >= l.channels[c].left {
				rc.seg[unit[e.From]][c] = true
			}
		}
	}
}

// disjoint is a union-find forest: each element's parent, a root its
// own.
type disjoint []int

func newDisjoint(n int) disjoint {
	d := make(disjoint, n)
	for v := range d {
		d[v] = v
	}
	return d
}

// find is v's root (halving the path).
func (d disjoint) find(v int) int {
	for d[v] != v {
		d[v] = d[d[v]]
		v = d[v]
	}
	return v
}

// rowCols is per row of a fold its widest shape per column, whether it
// has a shape there, and whether it has a vertical edge segment in a
// channel.
type rowCols struct {
	nRows   int
	colW    [][]float64
	hasNode [][]bool
	seg     [][]bool
}

// rowColumns collects the own columns of nRows rows (or units) from the
// shapes, unit giving each node's.
func (l *layouter) rowColumns(nRows int, unit []int) *rowCols {
	nl := l.nLayers
	rc := &rowCols{nRows: nRows, colW: make([][]float64, nRows), hasNode: make([][]bool, nRows), seg: make([][]bool, nRows)}
	for r := range rc.colW {
		rc.colW[r] = make([]float64, nl)
		rc.hasNode[r] = make([]bool, nl)
		rc.seg[r] = make([]bool, nl+1)
	}
	for _, it := range l.items {
		if it.node < 0 {
			continue
		}
		r := unit[it.node]
		rc.hasNode[r][it.layer] = true
		rc.colW[r][it.layer] = max(rc.colW[r][it.layer], l.g.Nodes[it.node].W)
	}
	return rc
}

// shareCrossedRows: a vertical segment from one lane to another runs
// across the other rows' bands between them; rows it crosses where they
// have shapes or edges share one grid (a group), so that it stays in a
// channel there. It also records each row's channels with segments.
func (l *layouter) shareCrossedRows(rc *rowCols) {
	nl, nRows := l.nLayers, rc.nRows
	bandAt := func(y float64) int {
		k := sort.Search(len(l.bands), func(i int) bool { return l.bands[i].Y+l.bands[i].H > y })
		return min(k, len(l.bands)-1)
	}
	full := make([]bool, len(l.bands))
	for _, it := range l.items {
		full[it.lane] = true
	}
	group := newDisjoint(nRows)
	find := group.find
	for c := range l.channels {
		for _, s := range l.channels[c].segs {
			own := bandAt(s.ya) % nRows
			rc.seg[own][c] = true
			for b := bandAt(min(s.ya, s.yb)); b <= bandAt(max(s.ya, s.yb)); b++ {
				if full[b] && b%nRows != own {
					group[find(b%nRows)] = find(own)
				}
			}
		}
	}
	for r := 0; r < nRows; r++ {
		g := find(r)
		if g == r {
			continue
		}
		for c := 0; c < nl; c++ {
			rc.colW[g][c] = max(rc.colW[g][c], rc.colW[r][c])
			rc.hasNode[g][c] = rc.hasNode[g][c] || rc.hasNode[r][c]
		}
		for c := 0; c <= nl; c++ {
			rc.seg[g][c] = rc.seg[g][c] || rc.seg[r][c]
		}
	}
	for r := 0; r < nRows; r++ {
		g := find(r)
		rc.colW[r], rc.hasNode[r], rc.seg[r] = rc.colW[g], rc.hasNode[g], rc.seg[g]
	}
}

// rowOffsets places each row's columns: per row the centre of every
// column and the shift of every channel, and the widest row's width.
func (l *layouter) rowOffsets(rc *rowCols) (center, chShift [][]float64, width float64) {
	nl := l.nLayers
	chShift = make([][]float64, rc.nRows)
	center = make([][]float64, rc.nRows)
	for r := 0; r < rc.nRows; r++ {
		chShift[r] = make([]float64, nl+1)
		center[r] = make([]float64, nl)
		x := 0.0
		for c := 0; c <= nl; c++ {
			ch := &l.channels[c]
			near := (c > 0 && rc.hasNode[r][c-1]) || (c < nl && rc.hasNode[r][c])
			chShift[r][c] = x - ch.left
			if c == 0 || rc.seg[r][c] || near {
				x += ch.width
			}
			if c < nl {
				center[r][c] = x + rc.colW[r][c]/2
				x += rc.colW[r][c]
			}
		}
		width = max(width, x)
	}
	return center, chShift, width
}

// moveToRows moves the shapes, edges and labels of fr (on the shared
// grid) to their rows' own columns.
func (l *layouter) moveToRows(fr *Result, unit []int, opt Options, center, chShift [][]float64) *Result {
	nl := l.nLayers
	// mapX moves an x of the shared grid (from opt.X) to row r's columns
	mapX := func(r int, x float64) float64 {
		x -= opt.X
		c := sort.Search(nl, func(k int) bool { return l.colLeft[k]+l.colW[k] >= x })
		if c < nl && x >= l.colLeft[c] {
			return opt.X + x - (l.colLeft[c] + l.colW[c]/2) + center[r][c]
		}
		return opt.X + x + chShift[r][c]
	}
	out := &Result{
		Nodes:  make([]Rect, len(fr.Nodes)),
		Edges:  make([][]Point, len(fr.Edges)),
		Labels: make([]Rect, len(fr.Labels)),
		Lanes:  fr.Lanes,
		Height: fr.Height,
	}
	for v, n := range fr.Nodes {
		n.X = mapX(unit[v], n.X+n.W/2) - n.W/2
		out.Nodes[v] = n
	}
	for i, e := range l.g.Edges {
		r := unit[e.From]
		pts := make([]Point, len(fr.Edges[i]))
		for k, p := range fr.Edges[i] {
			pts[k] = Point{mapX(r, p.X), p.Y}
		}
		out.Edges[i] = pts
		if lb := fr.Labels[i]; lb.W > 0 {
			lb.X = mapX(r, lb.X)
			out.Labels[i] = lb
		}
	}
	return out
}

// cleanDrawing tells whether no edge of out passes through a shape, no
// two shapes overlap and no edge label covers a shape.
func cleanDrawing(out *Result, edges []Edge) bool {
	ends := make([][2]int, len(edges))
	for i, e := range edges {
		ends[i] = [2]int{e.From, e.To}
	}
	if m := Measure(out.Nodes, out.Edges, ends); m.Through > 0 || m.Overlaps > 0 {
		return false
	}
	for _, lb := range out.Labels {
		if lb.W == 0 {
			continue
		}
		for _, n := range out.Nodes {
			if lb.X < n.X+n.W && n.X < lb.X+lb.W && lb.Y < n.Y+n.H && n.Y < lb.Y+lb.H {
				return false
			}
		}
	}
	return true
}
