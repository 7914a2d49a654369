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
//     wrap tries these plans and keeps the one that fits best;
//   - the separate flows of a row band (a step entered around the side,
//     stacked under the row's steps) each get their own columns, moved
//     below the taller flow beside them when that fits better: a lane is
//     one rectangle as wide as its pool (BPMN DI), so the drawing is as
//     wide as its widest flow, not as a stack of flows sharing columns.

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
