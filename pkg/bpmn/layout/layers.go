package layout

import (
	"context"
	"sort"
)

// item is a node or a dummy in the layered graph.
type item struct {
	node   int // node index, or -1 for a dummy
	layer  int
	lane   int
	h      float64 // shape height (0 for dummies)
	top    float64 // space reserved above the shape
	bottom float64 // space reserved below the shape
	// anchor is the item (in the same layer) a back-edge dummy must stay
	// directly below; -1 when free.
	anchor int
	key    float64 // initial order key
	weight float64 // pull towards neighbours when positioning
	preds  []int   // items in layer-1 connected to this one
	succs  []int   // items in layer+1 connected to this one
	y      float64 // center of the shape (or the edge line of a dummy)
}

type layouter struct {
	// ctx is checked in the long loops; once it is done they stop early
	// and Layout returns its error.
	ctx      context.Context
	g        Graph
	lanes    int
	reversed []bool
	layer    []int
	items    []item
	paths    [][]int // per edge: items from the edge's source to its target
	layers   [][]int // per layer: items in order
	pos      []int   // position of each item within its layer
	bands    []Band
	nLayers  int
	channels []channel
	// per-edge routing decisions
	hops    [][]hop
	prev    []int // previous item in the same layer and lane, or -1
	next    []int // next item in the same layer and lane, or -1
	colLeft []float64
	colW    []float64
	width   float64
}

func newLayouter(g Graph, lanes int) *layouter {
	return &layouter{g: g, lanes: lanes}
}

// breakCycles marks back edges found by an iterative depth-first search
// that starts at nodes without incoming edges, in input order, so that the
// main path of a process stays forward.
func (l *layouter) breakCycles() {
	n := len(l.g.Nodes)
	l.reversed = make([]bool, len(l.g.Edges))
	out := make([][]int, n)
	indeg := make([]int, n)
	for i, e := range l.g.Edges {
		out[e.From] = append(out[e.From], i)
		if e.From != e.To {
			indeg[e.To]++
		}
	}
	const (
		white = iota
		grey
		black
	)
	state := make([]uint8, n)
	type frame struct{ node, next int }
	var stack []frame
	visit := func(root int) {
		state[root] = grey
		stack = append(stack[:0], frame{root, 0})
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.next == len(out[top.node]) {
				state[top.node] = black
				stack = stack[:len(stack)-1]
				continue
			}
			ei := out[top.node][top.next]
			top.next++
			to := l.g.Edges[ei].To
			switch state[to] {
			case grey:
				l.reversed[ei] = true
			case white:
				state[to] = grey
				stack = append(stack, frame{to, 0})
			}
		}
	}
	for v := 0; v < n; v++ {
		if indeg[v] == 0 && state[v] == white {
			visit(v)
		}
	}
	for v := 0; v < n; v++ {
		if state[v] == white {
			visit(v)
		}
	}
}

// dagEdge returns the edge's endpoints in layering direction.
func (l *layouter) dagEdge(i int) (int, int) {
	e := l.g.Edges[i]
	if l.reversed[i] {
		return e.To, e.From
	}
	return e.From, e.To
}

// assignLayers gives each node its longest-path layer, then pulls sources
// right so that a start event sits next to its first activity.
func (l *layouter) assignLayers() {
	succ, indeg := l.dagSuccessors()
	l.longestPaths(succ, indeg)
	hasPred := withPredecessor(succ)
	l.pullSources(succ, hasPred)
	l.isolateFree(succ, hasPred)
	l.pinEnds()
	l.countLayers()
}

// dagSuccessors lists each node's successors along the layering direction
// (self loops left out) and counts its predecessors.
func (l *layouter) dagSuccessors() (succ [][]int, indeg []int) {
	n := len(l.g.Nodes)
	succ = make([][]int, n)
	indeg = make([]int, n)
	for i := range l.g.Edges {
		a, b := l.dagEdge(i)
		if a == b {
			continue
		}
		succ[a] = append(succ[a], b)
		indeg[b]++
	}
	return succ, indeg
}

// longestPaths sets each node's layer to the length of the longest path
// from a node without predecessors to it (indeg is used up).
func (l *layouter) longestPaths(succ [][]int, indeg []int) {
	n := len(l.g.Nodes)
	l.layer = make([]int, n)
	queue := make([]int, 0, n)
	for v := 0; v < n; v++ {
		if indeg[v] == 0 {
			queue = append(queue, v)
		}
	}
	for h := 0; h < len(queue); h++ {
		v := queue[h]
		for _, w := range succ[v] {
			if l.layer[v]+1 > l.layer[w] {
				l.layer[w] = l.layer[v] + 1
			}
			indeg[w]--
			if indeg[w] == 0 {
				queue = append(queue, w)
			}
		}
	}
}

// withPredecessor tells per node whether it is some node's successor.
func withPredecessor(succ [][]int) []bool {
	hasPred := make([]bool, len(succ))
	for v := range succ {
		for _, w := range succ[v] {
			hasPred[w] = true
		}
	}
	return hasPred
}

// pullSources moves every source (no predecessor, some successor) to the
// layer just before its nearest successor.
func (l *layouter) pullSources(succ [][]int, hasPred []bool) {
	for v := range succ {
		if hasPred[v] || len(succ[v]) == 0 {
			continue
		}
		m := -1
		for _, w := range succ[v] {
			if m < 0 || l.layer[w] < m {
				m = l.layer[w]
			}
		}
		if m-1 > l.layer[v] {
			l.layer[v] = m - 1
		}
	}
}

// isolateFree puts the nodes without any edge (an event sub-process, a
// free note) in a layer of their own after the flow, instead of widening
// its first column.
func (l *layouter) isolateFree(succ [][]int, hasPred []bool) {
	n := len(l.g.Nodes)
	isolated := make([]bool, n)
	some, flow := false, false
	for v := 0; v < n; v++ {
		isolated[v] = !hasPred[v] && len(succ[v]) == 0
	}
	for _, e := range l.g.Edges {
		isolated[e.From], isolated[e.To] = false, false
	}
	last := 0
	for v := 0; v < n; v++ {
		if isolated[v] {
			some = true
		} else {
			flow = true
			last = max(last, l.layer[v])
		}
	}
	if some && flow {
		for v := 0; v < n; v++ {
			if isolated[v] {
				l.layer[v] = last + 1
			}
		}
	}
}

// countLayers sets nLayers from the nodes' layers (at least one).
func (l *layouter) countLayers() {
	for _, ly := range l.layer {
		if ly+1 > l.nLayers {
			l.nLayers = ly + 1
		}
	}
	if l.nLayers == 0 {
		l.nLayers = 1
	}
}

// dfsOrder numbers nodes in depth-first preorder along forward edges; it
// seeds the crossing minimisation with an order that follows the flow.
func (l *layouter) dfsOrder() []float64 {
	n := len(l.g.Nodes)
	succ := make([][]int, n)
	hasPred := make([]bool, n)
	for i := range l.g.Edges {
		a, b := l.dagEdge(i)
		if a != b {
			succ[a] = append(succ[a], b)
			hasPred[b] = true
		}
	}
	order := make([]float64, n)
	seen := make([]bool, n)
	next := 0
	var stack []int
	run := func(root int) {
		stack = append(stack[:0], root)
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[v] {
				continue
			}
			seen[v] = true
			order[v] = float64(next)
			next++
			for k := len(succ[v]) - 1; k >= 0; k-- {
				if !seen[succ[v][k]] {
					stack = append(stack, succ[v][k])
				}
			}
		}
	}
	for v := 0; v < n; v++ {
		if !hasPred[v] && !seen[v] {
			run(v)
		}
	}
	for v := 0; v < n; v++ {
		if !seen[v] {
			run(v)
		}
	}
	return order
}

// buildItems creates one item per node and dummies for edges that span
// layers or run backwards.
func (l *layouter) buildItems() {
	n := len(l.g.Nodes)
	order := l.dfsOrder()
	l.items = append(l.items[:0], make([]item, n)...)
	for v, nd := range l.g.Nodes {
		l.items[v] = item{node: v, layer: l.layer[v], lane: nd.Lane, h: nd.H,
			top: nd.TopReserve, bottom: nd.BottomReserve, anchor: -1, key: order[v], weight: 1}
	}
	dummy := func(layer, lane, anchor int, key float64) int {
		l.items = append(l.items, item{node: -1, layer: layer, lane: lane, anchor: anchor, key: key, weight: 2})
		return len(l.items) - 1
	}
	l.paths = make([][]int, len(l.g.Edges))
	for i, e := range l.g.Edges {
		if i%1024 == 0 && l.ctx.Err() != nil {
			return
		}
		u, v := e.From, e.To
		lu, lv := l.layer[u], l.layer[v]
		key := order[u] + 0.5
		path := []int{u}
		if !l.reversed[i] {
			for k := lu + 1; k < lv; k++ {
				path = append(path, dummy(k, l.g.Nodes[u].Lane, -1, key))
			}
		} else {
			// Back edge: leave u downwards, run left below the nodes and
			// enter v from below.
			path = append(path, dummy(lu, l.g.Nodes[u].Lane, u, key))
			for k := lu - 1; k > lv; k-- {
				path = append(path, dummy(k, l.g.Nodes[u].Lane, -1, key))
			}
			if lv < lu {
				path = append(path, dummy(lv, l.g.Nodes[v].Lane, v, key))
			}
		}
		path = append(path, v)
		l.paths[i] = path
		for k := 0; k+1 < len(path); k++ {
			a, b := path[k], path[k+1]
			la, lb := l.items[a].layer, l.items[b].layer
			switch {
			case lb == la+1:
				l.items[a].succs = append(l.items[a].succs, b)
				l.items[b].preds = append(l.items[b].preds, a)
			case lb == la-1:
				l.items[b].succs = append(l.items[b].succs, a)
				l.items[a].preds = append(l.items[a].preds, b)
			}
		}
	}
	l.layers = make([][]int, l.nLayers)
	for i := range l.items {
		ly := l.items[i].layer
		l.layers[ly] = append(l.layers[ly], i)
	}
	l.pos = make([]int, len(l.items))
	bary := make([]float64, len(l.items))
	for i := range l.items {
		bary[i] = l.items[i].key
	}
	for ly := range l.layers {
		l.sortLayer(ly, bary)
	}
}

// sortLayer orders a layer by (lane, bary) and puts anchored dummies right
// after their anchor, then records positions.
func (l *layouter) sortLayer(ly int, bary []float64) {
	items := l.layers[ly]
	free := items[:0:0]
	anchored := map[int][]int{}
	for _, it := range items {
		if a := l.items[it].anchor; a >= 0 {
			anchored[a] = append(anchored[a], it)
		} else {
			free = append(free, it)
		}
	}
	sort.SliceStable(free, func(i, j int) bool {
		a, b := &l.items[free[i]], &l.items[free[j]]
		if a.lane != b.lane {
			return a.lane < b.lane
		}
		if bary[free[i]] != bary[free[j]] {
			return bary[free[i]] < bary[free[j]]
		}
		return a.key < b.key
	})
	out := items[:0]
	for _, it := range free {
		out = append(out, it)
		out = append(out, anchored[it]...)
	}
	for k, it := range out {
		l.pos[it] = k
	}
	l.layers[ly] = out
}

// orderLayers runs barycenter sweeps and keeps the order with the fewest
// crossings.
func (l *layouter) orderLayers() {
	best := l.countCrossings()
	bestOrder := l.snapshot()
	bary := make([]float64, len(l.items))
	stale := 0
	for iter := 0; iter < 12 && best > 0 && stale < 3 && l.ctx.Err() == nil; iter++ {
		down := iter%2 == 0
		if down {
			for ly := 1; ly < l.nLayers; ly++ {
				l.baryLayer(ly, bary, true)
			}
		} else {
			for ly := l.nLayers - 2; ly >= 0; ly-- {
				l.baryLayer(ly, bary, false)
			}
		}
		c := l.countCrossings()
		if c < best {
			best = c
			bestOrder = l.snapshot()
			stale = 0
		} else {
			stale++
		}
	}
	l.restore(bestOrder)
}

func (l *layouter) baryLayer(ly int, bary []float64, usePreds bool) {
	for _, it := range l.layers[ly] {
		nb := l.items[it].succs
		if usePreds {
			nb = l.items[it].preds
		}
		if len(nb) == 0 {
			bary[it] = float64(l.pos[it])
			continue
		}
		s := 0.0
		for _, o := range nb {
			s += float64(l.pos[o])
		}
		bary[it] = s / float64(len(nb))
	}
	l.sortLayer(ly, bary)
}

func (l *layouter) snapshot() [][]int {
	s := make([][]int, len(l.layers))
	for i, ly := range l.layers {
		s[i] = append([]int(nil), ly...)
	}
	return s
}

func (l *layouter) restore(s [][]int) {
	l.layers = s
	for _, ly := range s {
		for k, it := range ly {
			l.pos[it] = k
		}
	}
}

// countCrossings counts edge crossings between consecutive layers
// (inversions, with a Fenwick tree).
func (l *layouter) countCrossings() int {
	total := 0
	var pairs [][2]int
	var tree []int
	for ly := 0; ly+1 < l.nLayers; ly++ {
		pairs = pairs[:0]
		for _, a := range l.layers[ly] {
			for _, b := range l.items[a].succs {
				pairs = append(pairs, [2]int{l.pos[a], l.pos[b]})
			}
		}
		sort.Slice(pairs, func(i, j int) bool {
			if pairs[i][0] != pairs[j][0] {
				return pairs[i][0] < pairs[j][0]
			}
			return pairs[i][1] < pairs[j][1]
		})
		m := len(l.layers[ly+1])
		if cap(tree) < m+1 {
			tree = make([]int, m+1)
		}
		tree = tree[:m+1]
		clear(tree)
		seen := 0
		for _, p := range pairs {
			// count earlier pairs with a larger target position
			le := 0
			for k := p[1] + 1; k > 0; k -= k & -k {
				le += tree[k]
			}
			total += seen - le
			for k := p[1] + 1; k <= m; k += k & -k {
				tree[k]++
			}
			seen++
		}
	}
	return total
}

// pinEnds puts the exit points of a wrapped drawing's rows in the last
// layer and their entry points in the first (wrap.go).
func (l *layouter) pinEnds() {
	last, any := 0, false
	for v, n := range l.g.Nodes {
		last = max(last, l.layer[v])
		any = any || n.pin != pinNone
	}
	if !any {
		return
	}
	for v, n := range l.g.Nodes {
		switch n.pin {
		case pinFirst:
			l.layer[v] = 0
		case pinLast:
			l.layer[v] = last
		}
	}
}
