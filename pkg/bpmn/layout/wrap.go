package layout

import (
	"context"
	"math"
	"sort"
)

// Row wrapping: a long process (a 79-step procedure) drawn in one row is
// 35 times wider than high, and every screen or page shows it at a few
// per cent, unreadable. With Options.Wrap the layered layout is folded
// into rows like lines of text:
//
//   - the layers of the one-row layout are cut into rows at channels that
//     as few edges cross as possible (never one a loop runs back over),
//     near equal widths;
//   - every lane band becomes one band per row, stacked inside the lane
//     (so a lane stays one rectangle around all its shapes, and a pool
//     around its lanes), and the rows share one column grid;
//   - an edge that crosses a cut is laid out as two halves: from its
//     source to an exit point in the last column of its row, and from an
//     entry point in the first column of the next row to its target. The
//     two are joined right of the drawing, down (or up) to a corridor
//     kept free at the top of the target's row band and left to the first
//     column: only free space, so no edge passes through a shape. The
//     joins run on tracks by length, the longest outermost;
//   - a lane's rows without shapes have no height;
//   - each row may shrink to its own column widths (compactRows), unless
//     an edge between lanes of a row runs down across another row's
//     shapes; such an edge may instead be joined around the right like
//     an edge between rows (foldPlan.side), and a short lane beside a
//     long one may keep all its shapes in one row (foldPlan.gather):
//     wrap tries these plans and keeps the one that fits best.

// rowEnd pins a node to the first or last layer (the entry and exit
// points of the edges between rows).
type rowEnd int8

const (
	pinNone rowEnd = iota
	pinFirst
	pinLast
)

// corridorGap is the distance between two corridors at the top of a row
// band, and between two connectors right and left of the drawing.
const corridorGap = 8

// wrapCutWindow is how far from its ideal place (as a share of a row's
// width) a cut may move to cross fewer edges (a cut through a gateway's
// branches splits each branch: more lines between rows, crossing each
// other).
const wrapCutWindow = 0.4

// wrapGain is how much larger the fitted scale of the wrapped drawing must
// be than the one-row drawing's (at Options.Wrap's aspect) to be used.
const wrapGain = 1.25

// wrapTrade is how much larger a fold that draws edges around the side
// or keeps a short lane in one row (foldPlan) must fit than the best fold
// so far when it has more crossings.
const wrapTrade = 1.1

// fitScale is the scale at which a w × h drawing fits a frame of the
// given aspect (width / height) with height 1.
func fitScale(w, h, aspect float64) float64 {
	return min(aspect/max(w, 1), 1/max(h, 1))
}

// wrapRows is the number of rows that fits a w × h one-row drawing best
// into a frame of the given aspect, supposing each row keeps the height h.
func wrapRows(w, h, aspect float64) int {
	best, bestS := 1, fitScale(w, h, aspect)
	for r := 2; r <= 64; r++ {
		s := fitScale(w/float64(r), h*float64(r), aspect)
		if s <= bestS {
			break
		}
		best, bestS = r, s
	}
	return best
}

// wrapMinWidth is the narrowest drawing wrap folds: one that fits a
// desktop's diagram stage (about 1,390 CSS px at 1440 px) at the readable
// zoom (9 px text from bpmn-js's 11 px labels) stays in one row.
const wrapMinWidth = 1700

// wrapCrossings is how many edges between lanes per row a process may
// have to be tried for folding at all: an edge from a lane to another
// crosses the other rows' bands, and a process that changes lanes at
// every step would become a lattice of lines.
const wrapCrossings = 8

// wrapCutCrossings is how many more edge crossings a fold may add per
// cut (the lines between rows cross a row's edges between lanes and each
// other), beyond a quarter more than the one-row drawing has. At 8 the
// folds of the development cases (generated processes of 20-120 nodes,
// MIWG A and B, round-trip files, the APPN documents; 138 drawings) added
// 85 crossings, for a sum of scale gains (the fitted scale over the
// one-row drawing's, 1 when not folded) of 163.9; at 2 (with
// wrapCutWindow 0.4) 17 crossings for 159.7; with wrapLongWidth, 25
// crossings for 160.4.
const wrapCutCrossings = 2

// wrapLongWidth is the width beyond which a one-row drawing is unreadable
// on any screen (three desktop stages): its folds may add wrapCrossings
// per cut, like lines of text that must break somewhere.
const wrapLongWidth = 3 * wrapMinWidth

// wrapTries is how many row counts wrap compares around its estimate
// (each is one more layout; the shared column grid and the cuts make the
// estimate from the one-row drawing rough).
const wrapTries = 6

// wrap folds the one-row drawing flat of g into rows (see above), trying
// a few row counts and keeping the one that fits Options.Wrap's frame at
// the largest scale; it returns flat itself when no fold is clearly
// better (wrapGain).
func wrap(ctx context.Context, g Graph, lanes int, opt Options, flat *Result) (*Result, error) {
	est := wrapRows(flat.Width, flat.Height, opt.Wrap)
	if est < 2 || flat.Simplified || flat.Width < wrapMinWidth || lattice(g, est) {
		return flat, nil
	}
	l := newLayouter(g, lanes)
	l.breakCycles()
	l.assignLayers()
	b := &foldBest{r: flat, lim: foldLimit{scale: wrapGain * fitScale(flat.Width, flat.Height, opt.Wrap)}}
	flatX := Measure(flat.Nodes, flat.Edges, nil).Crossings
	b.x = flatX
	tried := map[int]bool{}
	perCut := wrapCutCrossings
	if flat.Width > wrapLongWidth {
		perCut = wrapCrossings
	}
	for rows := max(2, est-1); rows <= est+wrapTries; rows++ {
		cuts := l.chooseCuts(flat, rows, opt.X)
		if len(cuts) == 0 || tried[len(cuts)] {
			continue
		}
		tried[len(cuts)] = true
		plans := []foldPlan{{}, {side: true}}
		if gather := l.shortLanes(flat, cuts); gather != nil {
			plans = append(plans, foldPlan{gather: gather}, foldPlan{side: true, gather: gather})
		}
		b.lim.crossings = flatX + max(perCut*len(cuts), flatX/4)
		for _, plan := range plans {
			r, err := l.fold(ctx, cuts, plan, opt, b.lim)
			if err != nil {
				return nil, err
			}
			b.offer(r, plan, opt.Wrap)
		}
	}
	if b.r != flat {
		shortenMessages(g, b.r, opt)
	}
	return b.r, nil
}

// lattice tells whether g has too many edges between lanes to be folded
// into est rows: each crosses the other rows' bands, and a process with
// many would become a lattice of lines (it is not tried, which would cost
// a layout per row count).
func lattice(g Graph, est int) bool {
	between := 0
	for _, e := range g.Edges {
		if g.Nodes[e.From].Lane != g.Nodes[e.To].Lane {
			between++
		}
	}
	return between > wrapCrossings*est
}

// foldBest is the best drawing wrap has so far, its crossings, and what
// a fold must do to replace it.
type foldBest struct {
	r   *Result
	x   int
	lim foldLimit
}

// offer keeps the fold r (nil: none) of plan when it fits the frame of
// the given aspect at a larger scale within the crossings limit; a side
// route or a gathered lane that adds crossings must fit clearly larger
// (wrapTrade).
func (b *foldBest) offer(r *Result, plan foldPlan, aspect float64) {
	if r == nil {
		return
	}
	s := fitScale(r.Width, r.Height, aspect)
	if s <= b.lim.scale {
		return
	}
	x := Measure(r.Nodes, r.Edges, nil).Crossings
	if x > b.lim.crossings {
		return
	}
	if (plan.side || plan.gather != nil) && x > b.x && s < wrapTrade*b.lim.scale {
		return
	}
	b.r, b.lim.scale, b.x = r, s, x
}

// foldLimit is what a fold must do to be used: fit at a scale above
// scale, with at most crossings edge crossings.
type foldLimit struct {
	scale     float64
	crossings int
}

// foldPlan is how fold draws the rows besides its cuts.
type foldPlan struct {
	// side draws an edge between lanes of one row that would cross
	// another row's shapes around the right of the drawing, like the
	// edges between rows, so that the rows keep their own column widths.
	side bool
	// gather, when set, is per lane the row that holds all its shapes, or
	// -1 for a lane cut like the layers (shortLanes).
	gather []int
}

// shortLanes picks the lanes whose shapes fit one row of the fold that
// cuts start but fall into several rows (a short pool beside a long one:
// four shapes in three rows, each row band as high as a shape): they
// stay in the row of their first shape. Nil when no lane is short.
func (l *layouter) shortLanes(flat *Result, cuts []int) []int {
	rowW := flat.Width / float64(len(cuts)+1)
	rowOf := func(v int) int {
		return sort.Search(len(cuts), func(k int) bool { return cuts[k] > l.layer[v] })
	}
	width := make([]float64, l.lanes)
	first := make([]int, l.lanes)
	rows := make([]map[int]bool, l.lanes)
	for ln := range first {
		first[ln] = -1
		rows[ln] = map[int]bool{}
	}
	for v, n := range l.g.Nodes {
		width[n.Lane] += n.W + channelMin
		rows[n.Lane][rowOf(v)] = true
		if first[n.Lane] < 0 || l.layer[v] < l.layer[first[n.Lane]] {
			first[n.Lane] = v
		}
	}
	var gather []int
	for ln := range first {
		if len(rows[ln]) < 2 || width[ln] > rowW/2 {
			continue
		}
		if gather == nil {
			gather = make([]int, l.lanes)
			for k := range gather {
				gather[k] = -1
			}
		}
		gather[ln] = rowOf(first[ln])
	}
	return gather
}

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

// chooseCuts picks the layers that start rows 2, 3, …: near equal
// widths of the one-row drawing, moved within wrapCutWindow to the cut the
// fewest edges cross, never one a back edge crosses (its loop would have
// to run between rows). Empty when no cut is allowed.
func (l *layouter) chooseCuts(flat *Result, rows int, x0 float64) []int {
	left := make([]float64, l.nLayers)
	for i := range left {
		left[i] = math.Inf(1)
	}
	for v, rc := range flat.Nodes {
		left[l.layer[v]] = min(left[l.layer[v]], rc.X-x0)
	}
	// crossing[c]: edges from a layer before c to c or after; a back edge
	// over c forbids the cut (-1)
	diff := make([]int, l.nLayers+1)
	back := make([]int, l.nLayers+1)
	for i := range l.g.Edges {
		a, b := l.dagEdge(i)
		la, lb := l.layer[a], l.layer[b]
		if la >= lb {
			continue
		}
		if l.reversed[i] {
			back[la+1]++
			back[lb+1]--
		} else {
			diff[la+1]++
			diff[lb+1]--
		}
	}
	crossing := make([]int, l.nLayers)
	cur, curBack := 0, 0
	for c := 0; c < l.nLayers; c++ {
		cur += diff[c]
		curBack += back[c]
		crossing[c] = cur
		if curBack > 0 || math.IsInf(left[c], 1) {
			crossing[c] = -1
		}
	}
	rowW := flat.Width / float64(rows)
	var cuts []int
	for k := 1; k < rows; k++ {
		target := float64(k) * rowW
		best := -1
		for c := 1; c < l.nLayers; c++ {
			if crossing[c] < 0 || (len(cuts) > 0 && c <= cuts[len(cuts)-1]) || math.Abs(left[c]-target) > wrapCutWindow*rowW {
				continue
			}
			if best < 0 || crossing[c] < crossing[best] ||
				(crossing[c] == crossing[best] && math.Abs(left[c]-target) < math.Abs(left[best]-target)) {
				best = c
			}
		}
		if best > 0 {
			cuts = append(cuts, best)
		}
	}
	return cuts
}

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
