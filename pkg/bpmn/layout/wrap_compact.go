package layout

import "sort"

// compactRows gives every row its own column widths: the rows share one
// column grid, so a row would keep the width of a wide sub-process
// another row has in the same column, and the empty columns a row's last
// edge runs through. Each row's columns shrink to its own widest shape
// (none when it has no shape there) and the channels it does not use to
// nothing; channel 0 stays (the connectors run there). Nil when that
// would draw an edge through a shape or shapes over each other (an edge
// between lanes runs across the other rows' bands).
func (l *layouter) compactRows(fr *Result, nRows int, opt Options) *Result {
	cols := l.rowColumns(nRows)
	l.shareCrossedRows(cols)
	center, chShift, width := l.rowOffsets(cols)
	if width >= l.width-1 {
		return nil
	}
	out := l.moveToRows(fr, nRows, opt, center, chShift)
	out.Width = width
	if !cleanDrawing(out, l.g.Edges) {
		return nil
	}
	return out
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

// rowColumns collects the rows' own columns from the items.
func (l *layouter) rowColumns(nRows int) *rowCols {
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
		r := it.lane % nRows
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
	group := make([]int, nRows)
	for r := range group {
		group[r] = r
	}
	find := func(r int) int {
		for group[r] != r {
			group[r] = group[group[r]]
			r = group[r]
		}
		return r
	}
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
func (l *layouter) moveToRows(fr *Result, nRows int, opt Options, center, chShift [][]float64) *Result {
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
	rowOf := func(band int) int { return band % nRows }
	out := &Result{
		Nodes:  make([]Rect, len(fr.Nodes)),
		Edges:  make([][]Point, len(fr.Edges)),
		Labels: make([]Rect, len(fr.Labels)),
		Lanes:  fr.Lanes,
		Height: fr.Height,
	}
	for v, n := range fr.Nodes {
		n.X = mapX(rowOf(l.g.Nodes[v].Lane), n.X+n.W/2) - n.W/2
		out.Nodes[v] = n
	}
	for i, e := range l.g.Edges {
		r := rowOf(l.g.Nodes[e.From].Lane)
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
