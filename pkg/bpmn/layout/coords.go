package layout

import (
	"math"
	"sort"
)

// assignY sizes the lane bands and places every item vertically inside its
// band, pulling items towards their neighbours so that edges run straight.
func (l *layouter) assignY() {
	groups, need := l.laneGroups()
	l.sizeBands(need)
	desired := make([]float64, len(l.items))
	l.centreGroups(groups, desired)
	l.pullGroups(groups, desired)
	l.linkGroups(groups)
	// alternate: nodes snap to their neighbours, then long edges
	// straighten around them, each making room for the other
	for round := 0; round < 6; round++ {
		l.snap()
		l.straighten()
	}
	// whole pixels keep the XML short; rounding every item the same way
	// keeps straight lines straight
	for i := range l.items {
		l.items[i].y = math.Round(l.items[i].y)
	}
}

// laneGroups splits every layer by lane: groups[layer][lane] are the
// items of that layer in that lane, in order. need is per lane the
// height its tallest group takes.
func (l *layouter) laneGroups() (groups [][][]int, need []float64) {
	groups = make([][][]int, l.nLayers)
	need = make([]float64, l.lanes)
	for ly, items := range l.layers {
		groups[ly] = make([][]int, l.lanes)
		for _, it := range items {
			ln := l.items[it].lane
			groups[ly][ln] = append(groups[ly][ln], it)
		}
		for ln, g := range groups[ly] {
			if len(g) == 0 {
				continue
			}
			h := l.slotTop(g[0]) + l.slotBottom(g[len(g)-1])
			for k := 0; k+1 < len(g); k++ {
				h += l.sep(g[k], g[k+1])
			}
			if h > need[ln] {
				need[ln] = h
			}
		}
	}
	return groups, need
}

// sizeBands stacks the lane bands, each as high as its need with padding
// and corridor, at least its smallest height (none when collapsed), a
// band's gap above it.
func (l *layouter) sizeBands(need []float64) {
	l.bands = make([]Band, l.lanes)
	y := 0.0
	for ln := range l.bands {
		h := need[ln] + 2*lanePad + l.corridor(ln)
		minH := float64(laneMinHeight)
		if ln < len(l.g.Bands) {
			y += l.g.Bands[ln].GapAbove
			if l.g.Bands[ln].MinHeight > 0 {
				minH = l.g.Bands[ln].MinHeight
			}
			if l.g.Bands[ln].collapse {
				h, minH = 0, 0
			}
		}
		if h < minH {
			h = minH
		}
		l.bands[ln] = Band{Y: y, H: h}
		y += h
	}
}

// centreGroups starts with every group centred in its band.
func (l *layouter) centreGroups(groups [][][]int, desired []float64) {
	for ly := range groups {
		for ln, g := range groups[ly] {
			for _, it := range g {
				desired[it] = l.bands[ln].Y + l.bands[ln].H/2
			}
			l.placeGroup(g, desired, ln)
		}
	}
}

// pullGroups moves the groups towards their neighbours: four sweeps
// towards the predecessors left to right and the successors right to
// left, then one towards both.
func (l *layouter) pullGroups(groups [][][]int, desired []float64) {
	for round := 0; round < 4; round++ {
		for ly := 1; ly < l.nLayers; ly++ {
			l.pullLayer(groups[ly], desired, true, false)
		}
		for ly := l.nLayers - 2; ly >= 0; ly-- {
			l.pullLayer(groups[ly], desired, false, true)
		}
	}
	for ly := 0; ly < l.nLayers; ly++ {
		l.pullLayer(groups[ly], desired, true, true)
	}
}

// pullLayer places each of a layer's lane groups at the mean height of
// its items' predecessors, successors or both (an item without any
// stays).
func (l *layouter) pullLayer(layer [][]int, desired []float64, preds, succs bool) {
	for ln, g := range layer {
		for _, it := range g {
			s, c := 0.0, 0
			if preds {
				for _, o := range l.items[it].preds {
					s += l.items[o].y
					c++
				}
			}
			if succs {
				for _, o := range l.items[it].succs {
					s += l.items[o].y
					c++
				}
			}
			if c == 0 {
				desired[it] = l.items[it].y
			} else {
				desired[it] = s / float64(c)
			}
		}
		l.placeGroup(g, desired, ln)
	}
}

// corridor is the free space kept at the top of a band (wrap).
func (l *layouter) corridor(lane int) float64 {
	if lane < len(l.g.Bands) {
		return l.g.Bands[lane].corridor
	}
	return 0
}

// linkGroups records each item's neighbours in its (layer, lane) group.
func (l *layouter) linkGroups(groups [][][]int) {
	l.prev = make([]int, len(l.items))
	l.next = make([]int, len(l.items))
	for ly := range groups {
		for _, g := range groups[ly] {
			for k, it := range g {
				l.prev[it], l.next[it] = -1, -1
				if k > 0 {
					l.prev[it] = g[k-1]
				}
				if k+1 < len(g) {
					l.next[it] = g[k+1]
				}
			}
		}
	}
}

// interval is the range of y an item can take without moving its
// neighbours or leaving its band.
func (l *layouter) interval(it int) (float64, float64) {
	band := l.bands[l.items[it].lane]
	lo, hi := band.Y+lanePad+l.corridor(l.items[it].lane)+l.slotTop(it), band.Y+band.H-lanePad-l.slotBottom(it)
	if p := l.prev[it]; p >= 0 {
		lo = max(lo, l.items[p].y+l.sep(p, it))
	}
	if n := l.next[it]; n >= 0 {
		hi = min(hi, l.items[n].y-l.sep(it, n))
	}
	return lo, hi
}

// median returns the y of the middle neighbour (of the two middle ones,
// the one closer to cur).
func (l *layouter) median(nb []int, cur float64) float64 {
	ys := make([]float64, len(nb))
	for i, o := range nb {
		ys[i] = l.items[o].y
	}
	sort.Float64s(ys)
	m := ys[len(ys)/2]
	if len(ys)%2 == 0 && math.Abs(ys[len(ys)/2-1]-cur) < math.Abs(m-cur) {
		m = ys[len(ys)/2-1]
	}
	return m
}

// snap moves nodes onto the line of their median predecessor (left to
// right) or, failing that, of their median successor (right to left),
// wherever their neighbours leave room: straight edges need no bends.
func (l *layouter) snap() {
	aligned := make([]bool, len(l.items))
	try := func(it int, nb []int) bool {
		if len(nb) == 0 {
			return false
		}
		want := l.median(nb, l.items[it].y)
		lo, hi := l.interval(it)
		if want < lo || want > hi {
			return false
		}
		l.items[it].y = want
		return true
	}
	for pass := 0; pass < 2; pass++ {
		for ly := 1; ly < l.nLayers; ly++ {
			for _, it := range l.layers[ly] {
				if l.items[it].node >= 0 {
					aligned[it] = try(it, l.items[it].preds)
				}
			}
		}
		for ly := l.nLayers - 2; ly >= 0; ly-- {
			for _, it := range l.layers[ly] {
				if l.items[it].node >= 0 && !aligned[it] {
					try(it, l.items[it].succs)
				}
			}
		}
	}
}

// straighten puts the dummies of each long edge on as few horizontal
// lines as the items around them allow, so that long edges and loops run
// straight instead of in steps.
func (l *layouter) straighten() {
	interval := l.interval
	for _, p := range l.paths {
		if len(p) < 3 {
			continue
		}
		dummies := p[1 : len(p)-1]
		start := 0
		for start < len(dummies) {
			lo, hi := interval(dummies[start])
			end := start + 1
			for ; end < len(dummies); end++ {
				a, b := interval(dummies[end])
				if max(lo, a) > min(hi, b) {
					break
				}
				lo, hi = max(lo, a), min(hi, b)
			}
			var want float64
			switch {
			case start == 0:
				want = l.items[p[0]].y
			case end == len(dummies):
				want = l.items[p[len(p)-1]].y
			default:
				for _, d := range dummies[start:end] {
					want += l.items[d].y
				}
				want /= float64(end - start)
			}
			want = min(max(want, lo), hi)
			for _, d := range dummies[start:end] {
				l.items[d].y = want
			}
			start = end
		}
	}
}

// slotTop is the room an item needs above its center line.
func (l *layouter) slotTop(it int) float64 {
	return l.items[it].h/2 + l.items[it].top
}

// slotBottom is the room an item needs below its center line.
func (l *layouter) slotBottom(it int) float64 {
	return l.items[it].h/2 + l.items[it].bottom
}

// sep is the minimum distance between the center lines of two items
// stacked in one group.
func (l *layouter) sep(a, b int) float64 {
	gap := float64(dummyGap)
	if l.items[a].node >= 0 && l.items[b].node >= 0 {
		gap = nodeGap
	}
	return l.slotBottom(a) + gap + l.slotTop(b)
}

// placeGroup sets the y of the items of one group as close as possible
// (weighted least squares) to desired while keeping their order, their
// spacing and the lane band: isotonic regression by pooling adjacent
// violators on offset-shifted values, then clamping to the band.
func (l *layouter) placeGroup(g []int, desired []float64, lane int) {
	if len(g) == 0 {
		return
	}
	offs := make([]float64, len(g))
	for k := 1; k < len(g); k++ {
		offs[k] = offs[k-1] + l.sep(g[k-1], g[k])
	}
	type block struct {
		sum, w float64
		n      int
	}
	blocks := make([]block, 0, len(g))
	for k, it := range g {
		w := l.items[it].weight
		blocks = append(blocks, block{sum: (desired[it] - offs[k]) * w, w: w, n: 1})
		for len(blocks) > 1 {
			a, b := blocks[len(blocks)-2], blocks[len(blocks)-1]
			if a.sum/a.w <= b.sum/b.w {
				break
			}
			blocks = blocks[:len(blocks)-2]
			blocks = append(blocks, block{sum: a.sum + b.sum, w: a.w + b.w, n: a.n + b.n})
		}
	}
	band := l.bands[lane]
	lo := band.Y + lanePad + l.corridor(lane) + l.slotTop(g[0])
	hi := band.Y + band.H - lanePad - l.slotBottom(g[len(g)-1]) - offs[len(g)-1]
	k := 0
	for _, b := range blocks {
		z := b.sum / b.w
		if z > hi {
			z = hi
		}
		if z < lo {
			z = lo
		}
		for j := 0; j < b.n; j++ {
			l.items[g[k]].y = z + offs[k]
			k++
		}
	}
}
