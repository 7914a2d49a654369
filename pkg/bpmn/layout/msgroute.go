package layout

import (
	"container/heap"
	"math"
	"slices"
)

// msgBend and msgCross are what a bend and a crossing with another edge
// cost a message flow's route, in pixels of length: a line across a few
// sequence flows reads better than one around the whole drawing, but not
// one across dozens.
const (
	msgBend  = 40
	msgCross = 100
)

// msgGrid routes orthogonally around rectangles: its lines run msgMargin
// outside every obstacle and through the ends' centres, and a route
// moves along them from one crossing to the next where no obstacle is.
type msgGrid struct {
	xs, ys []float64
	// hFree[j][i]: the step from (xs[i], ys[j]) to (xs[i+1], ys[j]) is
	// free; vFree[i][j] likewise down from (xs[i], ys[j])
	hFree, vFree [][]bool
	// hCross[j][i], vCross[i][j]: the edges the step crosses
	hCross, vCross [][]int
}

func newMsgGrid(obstacles []Rect, edges [][]Point, ends ...Rect) *msgGrid {
	var xs, ys []float64
	for _, o := range obstacles {
		xs = append(xs, o.X-msgMargin, o.X+o.W+msgMargin)
		ys = append(ys, o.Y-msgMargin, o.Y+o.H+msgMargin)
	}
	for _, e := range ends {
		xs = append(xs, e.X+e.W/2)
		ys = append(ys, e.Y+e.H/2)
	}
	slices.Sort(xs)
	slices.Sort(ys)
	g := &msgGrid{xs: slices.Compact(xs), ys: slices.Compact(ys)}
	g.hFree = make([][]bool, len(g.ys))
	for j, y := range g.ys {
		g.hFree[j] = freeSteps(g.xs, obstacles, func(o Rect) (bool, float64, float64) {
			return o.Y < y && y < o.Y+o.H, o.X, o.X + o.W
		})
	}
	g.vFree = make([][]bool, len(g.xs))
	for i, x := range g.xs {
		g.vFree[i] = freeSteps(g.ys, obstacles, func(o Rect) (bool, float64, float64) {
			return o.X < x && x < o.X+o.W, o.Y, o.Y + o.H
		})
	}
	g.hCross = make([][]int, len(g.ys))
	for j := range g.hCross {
		g.hCross[j] = make([]int, max(len(g.xs)-1, 0))
	}
	g.vCross = make([][]int, len(g.xs))
	for i := range g.vCross {
		g.vCross[i] = make([]int, max(len(g.ys)-1, 0))
	}
	for _, pts := range edges {
		for k := 0; k+1 < len(pts); k++ {
			a, b := pts[k], pts[k+1]
			switch {
			case a.X == b.X:
				crossSteps(g.ys, g.xs, a.X, min(a.Y, b.Y), max(a.Y, b.Y), g.hCross)
			case a.Y == b.Y:
				crossSteps(g.xs, g.ys, a.Y, min(a.X, b.X), max(a.X, b.X), g.vCross)
			}
		}
	}
	return g
}

// crossSteps counts a segment at c, from lo to hi along the lines,
// on the steps across it: the steps of each line strictly between lo and
// hi that contain c strictly.
func crossSteps(lines, steps []float64, c, lo, hi float64, count [][]int) {
	k, _ := slices.BinarySearch(steps, c)
	if k == 0 || k >= len(steps) || steps[k] == c {
		return // on a grid line or outside: no step contains c strictly
	}
	j, _ := slices.BinarySearch(lines, lo)
	for ; j < len(lines) && lines[j] < hi; j++ {
		if lines[j] > lo {
			count[j][k-1]++
		}
	}
}

// freeSteps tells for each step between neighbouring lines whether no
// obstacle on the line (cover answers whether it lies on it and its
// extent along it) overlaps the step's inside.
func freeSteps(lines []float64, obstacles []Rect, cover func(Rect) (bool, float64, float64)) []bool {
	free := make([]bool, max(len(lines)-1, 0))
	for k := range free {
		free[k] = true
	}
	for _, o := range obstacles {
		on, lo, hi := cover(o)
		if !on {
			continue
		}
		// steps [lines[k], lines[k+1]] with lines[k] < hi and lines[k+1] > lo
		k0, _ := slices.BinarySearch(lines, lo)
		k0 = max(k0-1, 0)
		for k := k0; k < len(free) && lines[k] < hi; k++ {
			if lines[k+1] > lo {
				free[k] = false
			}
		}
	}
	return free
}

// msgPort is where a route leaves or enters an end: a grid point on a
// margin line beside the middle of a side, the direction of the first
// (or last) step, and the point on the side.
type msgPort struct {
	i, j, dir int
	side      Point
}

// stepTo is the grid point one step from (i, j) in direction d: 0
// right, 1 left, 2 down, 3 up.
func stepTo(i, j, d int) (int, int) {
	switch d {
	case 0:
		return i + 1, j
	case 1:
		return i - 1, j
	case 2:
		return i, j + 1
	default:
		return i, j - 1
	}
}

// ports are the ways out of (out) or into r whose stub from the side to
// the margin line is free.
func (g *msgGrid) ports(r Rect, out bool, free func(a, b Point) bool) []msgPort {
	xi := func(x float64) int { i, _ := slices.BinarySearch(g.xs, x); return i }
	yi := func(y float64) int { j, _ := slices.BinarySearch(g.ys, y); return j }
	cx, cy := r.X+r.W/2, r.Y+r.H/2
	ps := []msgPort{
		{xi(r.X + r.W + msgMargin), yi(cy), 0, Point{r.X + r.W, cy}},
		{xi(r.X - msgMargin), yi(cy), 1, Point{r.X, cy}},
		{xi(cx), yi(r.Y + r.H + msgMargin), 2, Point{cx, r.Y + r.H}},
		{xi(cx), yi(r.Y - msgMargin), 3, Point{cx, r.Y}},
	}
	var ok []msgPort
	for _, p := range ps {
		if p.i >= len(g.xs) || p.j >= len(g.ys) || !free(p.side, Point{g.xs[p.i], g.ys[p.j]}) {
			continue
		}
		if !out {
			p.dir ^= 1 // arrive moving inwards
		}
		ok = append(ok, p)
	}
	return ok
}

// step tells whether the step from grid point (i, j) in direction d is
// open, and how many edges it crosses.
func (g *msgGrid) step(i, j, d int) (bool, int) {
	ni, nj := stepTo(i, j, d)
	if ni < 0 || nj < 0 || ni >= len(g.xs) || nj >= len(g.ys) {
		return false, 0
	}
	switch d {
	case 0:
		return g.hFree[j][i], g.hCross[j][i]
	case 1:
		return g.hFree[j][ni], g.hCross[j][ni]
	case 2:
		return g.vFree[i][j], g.vCross[i][j]
	default:
		return g.vFree[i][nj], g.vCross[i][nj]
	}
}

// route finds the cheapest route (length, bends, crossings) from src to
// dst, leaving and entering through the middles of their sides, out
// beyond their margin lines (Dijkstra over grid points and directions);
// nil when there is none. free tells whether the stub from a side to its
// margin line is free.
func (g *msgGrid) route(src, dst Rect, free func(a, b Point) bool) []Point {
	nx, ny := len(g.xs), len(g.ys)
	state := func(i, j, d int) int { return (j*nx+i)*4 + d }
	dist := make([]float64, nx*ny*4)
	prev := make([]int, nx*ny*4)
	for k := range dist {
		dist[k], prev[k] = math.Inf(1), -1
	}
	goal := map[int]Point{}
	for _, p := range g.ports(dst, false, free) {
		goal[state(p.i, p.j, p.dir)] = p.side
	}
	start := map[int]Point{}
	q := &msgQueue{}
	for _, p := range g.ports(src, true, free) {
		s := state(p.i, p.j, p.dir)
		dist[s] = 0
		start[s] = p.side
		heap.Push(q, msgItem{s, 0})
	}
	for q.Len() > 0 {
		it := heap.Pop(q).(msgItem)
		if it.cost > dist[it.s] {
			continue
		}
		if end, ok := goal[it.s]; ok {
			return g.path(it.s, prev, nx, start, end)
		}
		d := it.s % 4
		i, j := (it.s/4)%nx, (it.s/4)/nx
		for nd := 0; nd < 4; nd++ {
			open, cross := g.step(i, j, nd)
			if nd == d^1 || !open {
				continue // no turning back
			}
			ni, nj := stepTo(i, j, nd)
			c := it.cost + math.Abs(g.xs[ni]-g.xs[i]) + math.Abs(g.ys[nj]-g.ys[j]) + float64(cross*msgCross)
			if nd != d {
				c += msgBend
			}
			if ns := state(ni, nj, nd); c < dist[ns] {
				dist[ns], prev[ns] = c, it.s
				heap.Push(q, msgItem{ns, c})
			}
		}
	}
	return nil
}

// path walks prev back from s and drops the points where the route
// runs on straight.
func (g *msgGrid) path(s int, prev []int, nx int, start map[int]Point, end Point) []Point {
	pts := []Point{end}
	first := s
	for ; s >= 0; s = prev[s] {
		pts = append(pts, Point{g.xs[(s/4)%nx], g.ys[(s/4)/nx]})
		first = s
	}
	pts = append(pts, start[first])
	slices.Reverse(pts)
	return simplify(pts)
}

type msgItem struct {
	s    int
	cost float64
}

type msgQueue []msgItem

func (q msgQueue) Len() int           { return len(q) }
func (q msgQueue) Less(a, b int) bool { return q[a].cost < q[b].cost }
func (q msgQueue) Swap(a, b int)      { q[a], q[b] = q[b], q[a] }
func (q *msgQueue) Push(x any)        { *q = append(*q, x.(msgItem)) }
func (q *msgQueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
