package layout

import (
	"context"
	"math"
	"sort"
)

// foldLink is an edge between rows (or around the side) in the folded
// graph: its two halves, the exit and entry points they end and start
// at, and the band of the entry.
type foldLink struct{ edge, first, second, exit, entry, band int }

// folded is the graph fold lays out: the nodes in their row bands (band
// lane × rows + row), then an exit and an entry point per link.
type folded struct {
	g     Graph
	nRows int
	links []foldLink
	half  []int // edge → its (first) edge in g
}

// fold lays out l's graph in the rows that cuts start (nil when the
// folded layout was over the work budget, plan.side changes nothing, or
// it cannot meet lim: it fits Options.Wrap's frame no larger, or it has
// more crossings).
func (l *layouter) fold(ctx context.Context, cuts []int, plan foldPlan, opt Options, lim foldLimit) (*Result, error) {
	f := l.foldGraph(cuts, plan)
	if f == nil || f.minCrossings() > lim.crossings {
		return nil, nil
	}
	fl, ok := prepareRow(ctx, f.g, f.g.Lanes, Options{X: opt.X, Y: opt.Y, MaxWork: opt.MaxWork})
	if !ok {
		return nil, ctx.Err()
	}
	// the layers are known now: a fold that cannot fit larger than the
	// best so far, or must cross more, is not laid out (most of wrap's
	// time)
	if fl.foldBound(len(l.g.Nodes), f.nRows, opt.Wrap) <= lim.scale ||
		f.minCrossings()+fl.halfCrossings(f) > lim.crossings {
		return nil, nil
	}
	fr, err := fl.finishRow(Options{X: opt.X, Y: opt.Y, MaxWork: opt.MaxWork})
	if err != nil {
		return nil, err
	}
	if c := fl.compactRows(fr, f.nRows, opt); c != nil {
		fr = c
	}
	return l.joinRows(f, fr, opt), nil
}

// foldGraph builds the folded graph of cuts and plan; nil when plan.side
// changes nothing (the same drawing as without side routes).
func (l *layouter) foldGraph(cuts []int, plan foldPlan) *folded {
	g, lanes := l.g, l.lanes
	rowOf := func(v int) int {
		if plan.gather != nil && plan.gather[g.Nodes[v].Lane] >= 0 {
			return plan.gather[g.Nodes[v].Lane]
		}
		return sort.Search(len(cuts), func(k int) bool { return cuts[k] > l.layer[v] })
	}
	nRows := len(cuts) + 1
	f := &folded{nRows: nRows, half: make([]int, len(g.Edges))}
	fg := &f.g
	used := f.bands(g, lanes)
	fg.Nodes = make([]Node, len(g.Nodes), len(g.Nodes)+8)
	for v, n := range g.Nodes {
		n.Lane = n.Lane*nRows + rowOf(v)
		fg.Nodes[v] = n
		used[n.Lane] = true
	}
	f.collapseEmpty(lanes, used)
	// crossesRows tells whether a line from band a to band b would cross
	// another row's band with shapes
	crossesRows := func(a, b int) bool {
		for k := min(a, b) + 1; k < max(a, b); k++ {
			if used[k] {
				return true
			}
		}
		return false
	}
	sideways := false
	for i, e := range g.Edges {
		ru, rv := rowOf(e.From), rowOf(e.To)
		around := ru == rv && plan.side && crossesRows(fg.Nodes[e.From].Lane, fg.Nodes[e.To].Lane)
		sideways = sideways || around
		if ru == rv && !around {
			f.half[i] = len(fg.Edges)
			fg.Edges = append(fg.Edges, e)
			continue
		}
		f.link(i, e)
	}
	if plan.side && !sideways {
		return nil
	}
	// room for the corridors at the top of the bands the links enter
	corridors := make([]int, fg.Lanes)
	for _, k := range f.links {
		corridors[k.band]++
	}
	for b, c := range corridors {
		if c > 0 {
			fg.Bands[b].corridor = float64(c*corridorGap + 4)
		}
	}
	return f
}

// bands sets up one band per lane and row, the gap above a pool on its
// first row; it answers a fresh per-band "has shapes" slice.
func (f *folded) bands(g Graph, lanes int) []bool {
	nRows := f.nRows
	f.g.Lanes = lanes * nRows
	f.g.Bands = make([]BandSpec, lanes*nRows)
	for ln := 0; ln < lanes; ln++ {
		var spec BandSpec
		if ln < len(g.Bands) {
			spec = g.Bands[ln]
		}
		for r := 0; r < nRows; r++ {
			s := BandSpec{MinHeight: spec.MinHeight}
			if r == 0 {
				s.GapAbove = spec.GapAbove
			}
			f.g.Bands[ln*nRows+r] = s
		}
	}
	return make([]bool, f.g.Lanes)
}

// collapseEmpty gives a lane's rows without shapes no height (only lines
// between other bands cross them); a lane without any shape keeps a thin
// strip in its first row.
func (f *folded) collapseEmpty(lanes int, used []bool) {
	nRows := f.nRows
	for ln := 0; ln < lanes; ln++ {
		some := false
		for r := 0; r < nRows; r++ {
			some = some || used[ln*nRows+r]
		}
		for r := 0; r < nRows; r++ {
			b := ln*nRows + r
			switch {
			case used[b]:
			case some || r > 0:
				f.g.Bands[b].collapse = true
			case f.g.Bands[b].MinHeight == 0:
				f.g.Bands[b].MinHeight = 2 * lanePad
			}
		}
	}
}

// link splits edge i of the original graph into two halves joined later
// (joinRows): to an exit point pinned to the last layer and from an entry
// point pinned to the first.
func (f *folded) link(i int, e Edge) {
	fg := &f.g
	bu, bv := fg.Nodes[e.From].Lane, fg.Nodes[e.To].Lane
	exit := len(fg.Nodes)
	fg.Nodes = append(fg.Nodes, Node{Lane: bu, pin: pinLast}, Node{Lane: bv, pin: pinFirst})
	first := e
	first.To = exit
	second := Edge{From: exit + 1, To: e.To}
	f.half[i] = len(fg.Edges)
	f.links = append(f.links, foldLink{edge: i, first: len(fg.Edges), second: len(fg.Edges) + 1, exit: exit, entry: exit + 1, band: bv})
	fg.Edges = append(fg.Edges, first, second)
}

// minCrossings is a lower bound of the crossings of the folded drawing,
// known before it is laid out: the connector of a link runs along a
// corridor at the top of its entry band, from right of the drawing to
// left of the first column, and so crosses every edge kept in a row that
// joins a band above that corridor with one below it (such an edge runs
// down on a vertical segment inside the drawing, and no shape or
// horizontal segment lies in a corridor).
func (f *folded) minCrossings() int {
	if len(f.links) == 0 {
		return 0
	}
	// per band, the kept edges whose ends lie on both sides of its top
	straddle := make([]int, f.g.Lanes+1)
	isLink := make([]bool, len(f.g.Edges))
	for _, k := range f.links {
		isLink[k.first], isLink[k.second] = true, true
	}
	for i, e := range f.g.Edges {
		if isLink[i] {
			continue
		}
		a, b := f.g.Nodes[e.From].Lane, f.g.Nodes[e.To].Lane
		if a > b {
			a, b = b, a
		}
		// bands a+1 … b have their top between the ends
		straddle[a+1]++
		straddle[b+1]--
	}
	for b := 1; b <= f.g.Lanes; b++ {
		straddle[b] += straddle[b-1]
	}
	n := 0
	for _, k := range f.links {
		n += straddle[k.band]
	}
	// connectors into one band: a lower corridor reaches further left
	// than a higher one's drop to its entry (joinRows's xls) unless
	// their places left repeat
	inBand := make([]int, f.g.Lanes)
	seen := make([][6]int, f.g.Lanes)
	for _, k := range f.links {
		at := inBand[k.band] % 6
		for p := 0; p < at; p++ {
			n += seen[k.band][p]
		}
		seen[k.band][at]++
		inBand[k.band]++
	}
	// two connectors whose runs each pass the other's corridor cross,
	// whichever runs outside (at the height of the inner one's corridor)
	for a, j := range f.links {
		for _, k := range f.links[a+1:] {
			if f.passes(j, k) && f.passes(k, j) {
				n++
			}
		}
	}
	return n
}

// halfCrossings is a lower bound of the crossings between the halves of
// the links and the edges kept in a row, once the folded graph's layers
// are known (l is its layouter after prepareRow). The first half of a
// link runs inside its source's band from the source to the exit in the
// last column, the second inside the target's band from the entry in the
// first column to the target. A kept forward edge between a band above
// and one below runs its dummies in its source's band and drops (or
// rises) across all bands between on one vertical segment, in the
// channel before its target's column or at its target's centre: when
// that lies strictly between a half's ends, the half crosses it.
func (l *layouter) halfCrossings(f *folded) int {
	if len(f.links) == 0 {
		return 0
	}
	type drop struct{ lo, hi, layer int }
	var drops []drop
	isLink := make([]bool, len(f.g.Edges))
	for _, k := range f.links {
		isLink[k.first], isLink[k.second] = true, true
	}
	for i, e := range f.g.Edges {
		a, b := f.g.Nodes[e.From].Lane, f.g.Nodes[e.To].Lane
		if isLink[i] || l.reversed[i] || e.Boundary || max(a, b)-min(a, b) < 2 {
			continue
		}
		drops = append(drops, drop{min(a, b), max(a, b), l.layer[e.To]})
	}
	n := 0
	for _, k := range f.links {
		u, v := f.g.Edges[k.first].From, f.g.Edges[k.second].To
		bu, bv := f.g.Nodes[u].Lane, f.g.Nodes[v].Lane
		for _, d := range drops {
			if d.lo < bu && bu < d.hi && l.layer[u] < d.layer && d.layer < l.layer[k.exit] {
				n++
			}
			if d.lo < bv && bv < d.hi && l.layer[k.entry] < d.layer && d.layer < l.layer[v] {
				n++
			}
		}
	}
	return n
}

// passes tells whether the run of link j right of the drawing, from its
// exit down or up to its corridor, passes the corridor of link k (at the
// top of a band strictly between; corridors of one band are not told
// apart).
func (f *folded) passes(j, k foldLink) bool {
	if j.band == k.band {
		return false
	}
	// a band's interior at 2b, the corridor at its top at 2b-1
	from, to, at := 2*f.g.Nodes[j.exit].Lane, 2*j.band-1, 2*k.band-1
	return min(from, to) < at && at < max(from, to)
}

// foldBound is the largest scale at which the folded graph, its layers
// assigned (prepareRow), can fit a frame of the given aspect: its bands
// are at least as high as their highest shape, and each row at least as
// wide as its own columns (compactRows) with the channels beside them.
// nOrig is the number of shapes (the exit and entry points follow).
func (l *layouter) foldBound(nOrig, nRows int, aspect float64) float64 {
	nl := l.nLayers
	slot := make([]float64, l.lanes)
	colW := make([][]float64, nRows)
	hasNode := make([][]bool, nRows)
	for r := range colW {
		colW[r] = make([]float64, nl)
		hasNode[r] = make([]bool, nl)
	}
	for v, n := range l.g.Nodes[:nOrig] {
		slot[n.Lane] = max(slot[n.Lane], n.H+n.TopReserve+n.BottomReserve)
		r, c := n.Lane%nRows, l.layer[v]
		hasNode[r][c] = true
		colW[r][c] = max(colW[r][c], n.W)
	}
	h := 0.0
	for ln, b := range l.g.Bands {
		h += b.GapAbove
		if b.collapse {
			continue
		}
		minH := float64(laneMinHeight)
		if b.MinHeight > 0 {
			minH = b.MinHeight
		}
		h += max(minH, slot[ln]+2*lanePad+b.corridor)
	}
	w := 0.0
	for r := 0; r < nRows; r++ {
		x := float64(channelOuter)
		for c := 0; c < nl; c++ {
			x += colW[r][c]
			if !hasNode[r][c] && (c+1 >= nl || !hasNode[r][c+1]) {
				continue
			}
			if c+1 == nl {
				x += channelOuter
			} else {
				x += channelMin
			}
		}
		w = max(w, x)
	}
	return fitScale(w, h, aspect)
}

// joinRows maps the folded drawing fr back to l's graph and joins the
// halves of every link: right of the exit column, each on its own track,
// then along the corridor of the target's row band to the left of the
// entry column.
func (l *layouter) joinRows(f *folded, fr *Result, opt Options) *Result {
	g, nRows, links := l.g, f.nRows, f.links
	r := &Result{
		Nodes:  fr.Nodes[:len(g.Nodes)],
		Edges:  make([][]Point, len(g.Edges)),
		Labels: make([]Rect, len(g.Edges)),
		Lanes:  make([]Band, l.lanes),
		Width:  fr.Width,
		Height: fr.Height,
	}
	for ln := range r.Lanes {
		top, bottom := fr.Lanes[ln*nRows], fr.Lanes[ln*nRows+nRows-1]
		r.Lanes[ln] = Band{Y: top.Y, H: bottom.Y + bottom.H - top.Y}
	}
	for i := range g.Edges {
		r.Edges[i] = fr.Edges[f.half[i]]
		r.Labels[i] = fr.Labels[f.half[i]]
	}
	// the connectors' vertical runs on tracks right of the drawing, the
	// shorter ones inside: a long run (an edge around the side past
	// several rows) then crosses none of the rows' short connectors
	inBand := make([]int, f.g.Lanes)
	ycs, xls, spans := make([]float64, len(links)), make([]float64, len(links)), make([]float64, len(links))
	for k, c := range links {
		a := fr.Edges[c.first]
		ycs[k] = fr.Lanes[c.band].Y + 6 + float64(inBand[c.band])*corridorGap
		xls[k] = opt.X + channelOuter - 10 - float64(inBand[c.band]%6)*corridorGap/2
		inBand[c.band]++
		spans[k] = math.Abs(ycs[k] - a[len(a)-1].Y)
	}
	track := make([]int, len(links))
	for k := range track {
		track[k] = k
	}
	sort.SliceStable(track, func(i, j int) bool { return spans[track[i]] < spans[track[j]] })
	right := 0.0
	for t, k := range track {
		c := links[k]
		a, b := fr.Edges[c.first], fr.Edges[c.second]
		exit, entry := a[len(a)-1], b[0]
		// the outer channels are free: channelOuter wide, left of the first
		// and right of the last column
		xr := opt.X + fr.Width - channelOuter + 10 + float64(t)*corridorGap
		right = max(right, xr+10-opt.X)
		yc, xl := ycs[k], xls[k]
		pts := append([]Point(nil), a...)
		pts = append(pts, Point{xr, exit.Y}, Point{xr, yc}, Point{xl, yc}, Point{xl, entry.Y})
		pts = append(pts, b...)
		r.Edges[c.edge] = simplify(pts)
		r.joined = append(r.joined, c.edge)
	}
	r.inner = r.Width
	r.Width = max(r.Width, right)
	return r
}
