package layout_test

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/spade-bpmn/spade/bench/layout/graphgen"
	"github.com/spade-bpmn/spade/pkg/bpmn/layout"
)

// chain is n tasks in a row, task k in lane lane(k).
func chain(n, lanes int, lane func(k int) int) layout.Graph {
	g := layout.Graph{Lanes: lanes}
	for k := 0; k < n; k++ {
		g.Nodes = append(g.Nodes, task(lane(k)))
		if k > 0 {
			g.Edges = append(g.Edges, layout.Edge{From: k - 1, To: k})
		}
	}
	return g
}

// fitAt is the scale at which a drawing fits a frame of the aspect with height 1.
func fitAt(r *layout.Result, aspect float64) float64 {
	return min(aspect/r.Width, 1/r.Height)
}

func TestWrap(t *testing.T) {
	t.Parallel()
	loop := chain(60, 1, func(int) int { return 0 })
	loop.Nodes[20] = gw(0)
	loop.Edges = append(loop.Edges, layout.Edge{From: 20, To: 5, LabelW: 30, LabelH: 14})
	twoPools := chain(50, 3, func(k int) int { return (k / 7) % 3 })
	twoPools.Bands = []layout.BandSpec{{}, {}, {GapAbove: 30}}
	tests := []struct {
		name string
		g    layout.Graph
		rows int // at least this many rows of shapes
	}{
		{"chain of 79", chain(79, 1, func(int) int { return 0 }), 3},
		{"chain over two lanes", chain(60, 2, func(k int) int { return (k / 5) % 2 }), 2},
		{"loop back", loop, 2},
		{"lanes and a pool gap", twoPools, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			flat, err := layout.Layout(context.Background(), tt.g, layout.Options{X: 10, Y: 20})
			if err != nil {
				t.Fatal(err)
			}
			r, err := layout.Layout(context.Background(), tt.g, layout.Options{X: 10, Y: 20, Wrap: 2})
			if err != nil {
				t.Fatal(err)
			}
			check(t, tt.g, r)
			if got, was := fitAt(r, 2), fitAt(flat, 2); got < 1.25*was {
				t.Errorf("fitted scale %.4f, one row %.4f: want at least 1.25 times larger", got, was)
			}
			// rows: the distinct top edges of the task shapes in lane 0
			tops := map[float64]bool{}
			for i, n := range r.Nodes {
				if tt.g.Nodes[i].Lane == 0 {
					tops[n.Y] = true
				}
			}
			if len(tops) < tt.rows {
				t.Errorf("%d rows in lane 0 (%v), want at least %d; size %.0f × %.0f", len(tops), tops, tt.rows, r.Width, r.Height)
			}
			// lanes stacked without overlap, in input order
			for k := 1; k < len(r.Lanes); k++ {
				if r.Lanes[k].Y < r.Lanes[k-1].Y+r.Lanes[k-1].H {
					t.Errorf("lane %d %v overlaps lane %d %v", k, r.Lanes[k], k-1, r.Lanes[k-1])
				}
			}
			for i, pts := range r.Edges {
				for _, p := range pts {
					if p.X < 10 || p.X > 10+r.Width || p.Y < 20 || p.Y > 20+r.Height {
						t.Errorf("edge %d leaves the drawing area at %v", i, p)
					}
				}
			}
		})
	}
}

// TestWrapKeepsShortDrawings: a drawing that already fits the frame is the
// one-row drawing, unchanged.
func TestWrapKeepsShortDrawings(t *testing.T) {
	t.Parallel()
	for _, g := range []layout.Graph{
		chain(6, 1, func(int) int { return 0 }),
		chain(9, 3, func(k int) int { return k % 3 }),
		{Nodes: []layout.Node{gw(0), task(0), task(0), gw(0)}, Edges: edges(0, 1, 0, 2, 1, 3, 2, 3)},
	} {
		flat, err := layout.Layout(context.Background(), g, layout.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r, err := layout.Layout(context.Background(), g, layout.Options{Wrap: 2})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(flat, r) {
			t.Errorf("%d nodes: the wrapped layout differs from the one-row layout", len(g.Nodes))
		}
	}
}

func TestWrapRandom(t *testing.T) {
	t.Parallel()
	for _, n := range []int{50, 200} {
		for seed := uint64(1); seed <= 6; seed++ {
			t.Run(fmt.Sprintf("n%d_seed%d", n, seed), func(t *testing.T) {
				t.Parallel()
				g, _ := graphgen.Graph(graphgen.Model(n, seed))
				// as generated (many lane changes: mostly left in one row) and in one lane (folded)
				one := layout.Graph{Nodes: append([]layout.Node(nil), g.Nodes...), Edges: g.Edges, Lanes: 1}
				for i := range one.Nodes {
					one.Nodes[i].Lane = 0
				}
				for _, g := range []layout.Graph{g, one} {
					r, err := layout.Layout(context.Background(), g, layout.Options{Wrap: 1.4})
					if err != nil {
						t.Fatal(err)
					}
					check(t, g, r)
				}
			})
		}
	}
}

// TestWrapCompactsRows: a row does not keep the width a wide shape gives
// its column in another row (the rows share a column grid before
// compaction): successive tasks of a row stay close.
func TestWrapCompactsRows(t *testing.T) {
	t.Parallel()
	g := chain(60, 1, func(int) int { return 0 })
	g.Nodes[2].W = 1500
	r, err := layout.Layout(context.Background(), g, layout.Options{Wrap: 1.4})
	if err != nil {
		t.Fatal(err)
	}
	check(t, g, r)
	rows := map[float64]bool{}
	for k := 1; k < len(g.Nodes); k++ {
		a, b := r.Nodes[k-1], r.Nodes[k]
		rows[b.Y] = true
		if a.Y != b.Y || k == 2 || k == 3 {
			continue
		}
		if gap := b.X - (a.X + a.W); gap > 150 {
			t.Errorf("tasks %d and %d of one row %.0f apart", k-1, k, gap)
		}
	}
	if len(rows) < 3 {
		t.Errorf("%d rows, want at least 3 (drawing %.0f × %.0f)", len(rows), r.Width, r.Height)
	}
}

// shortPool is a pool of a 60-task chain above a pool of four tasks
// (nodes 60-63), with the extra edges between them.
func shortPool(between ...layout.Edge) layout.Graph {
	g := chain(60, 1, func(int) int { return 0 })
	g.Lanes = 2
	g.Bands = []layout.BandSpec{{}, {GapAbove: 30}}
	for k := 0; k < 4; k++ {
		g.Nodes = append(g.Nodes, task(1))
		if k > 0 {
			g.Edges = append(g.Edges, layout.Edge{From: 60 + k - 1, To: 60 + k})
		}
	}
	g.Edges = append(g.Edges, between...)
	return g
}

// TestWrapLanesOfOtherRows: the rows of a long lane do not take the
// width and height a short lane beside it would give them.
//   - an early step in another lane (the field book's one drone step)
//     would draw an edge down across every later row of the long lane,
//     which then shared one column grid; it runs around the right instead,
//     and each row keeps its own column widths;
//   - a lane's rows without shapes have no height;
//   - a short pool (four shapes beside a long one) stays in one row.
func TestWrapLanesOfOtherRows(t *testing.T) {
	t.Parallel()
	early := chain(60, 2, func(k int) int { return map[bool]int{true: 1}[k == 1] })
	early.Nodes[3].W = 1500
	short := shortPool(layout.Edge{From: 61, To: 2}, layout.Edge{From: 50, To: 62})
	tests := []struct {
		name string
		g    layout.Graph
		// gap is the widest gap between successive tasks of a row of lane
		// 0 (0: not checked), skipping task wide
		gap  float64
		wide int
		// maxH is the highest lane 1 may be
		maxH float64
	}{
		{"early step in another lane", early, 150, 3, 200},
		{"short pool", short, 0, -1, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, err := layout.Layout(context.Background(), tt.g, layout.Options{Wrap: 1.4})
			if err != nil {
				t.Fatal(err)
			}
			check(t, tt.g, r)
			rows := map[float64]bool{}
			for k := 1; k < len(tt.g.Nodes); k++ {
				a, b := r.Nodes[k-1], r.Nodes[k]
				if tt.g.Nodes[k].Lane != 0 {
					continue
				}
				rows[b.Y] = true
				if tt.gap == 0 || tt.g.Nodes[k-1].Lane != 0 || a.Y != b.Y || k == tt.wide || k == tt.wide+1 {
					continue
				}
				if gap := b.X - (a.X + a.W); gap > tt.gap {
					t.Errorf("tasks %d and %d of one row %.0f apart (drawing %.0f × %.0f)", k-1, k, gap, r.Width, r.Height)
				}
			}
			if len(rows) < 3 {
				t.Errorf("%d rows, want at least 3 (drawing %.0f × %.0f)", len(rows), r.Width, r.Height)
			}
			if h := r.Lanes[1].H; h > tt.maxH {
				t.Errorf("lane 1 is %.0f high, want at most %.0f", h, tt.maxH)
			}
			// lane 1's shapes side by side, not in rows above each other
			lo, hi := math.Inf(1), math.Inf(-1)
			for i, n := range tt.g.Nodes {
				if n.Lane == 1 {
					lo, hi = min(lo, r.Nodes[i].Y), max(hi, r.Nodes[i].Y)
				}
			}
			if hi-lo >= layout.TaskHeight {
				t.Errorf("lane 1's shapes from y %.0f to %.0f: in rows above each other", lo, hi)
			}
		})
	}
}

// TestWrapMessageFlows: a message flow between a folded pool and a short
// pool below runs the short way (no longer than around the right, and
// through no shape) instead of around the drawing like the sequence flows
// between rows.
func TestWrapMessageFlows(t *testing.T) {
	t.Parallel()
	pools := func(message bool) layout.Graph {
		return shortPool(layout.Edge{From: 61, To: 2, Message: message},
			layout.Edge{From: 50, To: 62, Message: message, LabelW: 60, LabelH: 14})
	}
	length := func(pts []layout.Point) float64 {
		l := 0.0
		for k := 0; k+1 < len(pts); k++ {
			l += math.Abs(pts[k+1].X-pts[k].X) + math.Abs(pts[k+1].Y-pts[k].Y)
		}
		return l
	}
	around, err := layout.Layout(context.Background(), pools(false), layout.Options{Wrap: 1.4})
	if err != nil {
		t.Fatal(err)
	}
	g := pools(true)
	short, err := layout.Layout(context.Background(), g, layout.Options{Wrap: 1.4})
	if err != nil {
		t.Fatal(err)
	}
	check(t, g, short)
	var was, now float64
	for i := len(g.Edges) - 2; i < len(g.Edges); i++ {
		was += length(around.Edges[i])
		now += length(short.Edges[i])
		if length(short.Edges[i]) > length(around.Edges[i]) {
			t.Errorf("message flow %d: %.0f px, around the right %.0f px", i, length(short.Edges[i]), length(around.Edges[i]))
		}
	}
	if now >= was {
		t.Errorf("message flows %.0f px long, around the right %.0f px: want shorter", now, was)
	}
	lb := short.Labels[len(g.Edges)-1]
	for v, n := range short.Nodes {
		if lb.X < n.X+n.W && n.X < lb.X+lb.W && lb.Y < n.Y+n.H && n.Y < lb.Y+lb.H {
			t.Errorf("the message flow's label %v covers shape %d %v", lb, v, n)
		}
	}
	t.Logf("message flows %.0f px, around the right %.0f px", now, was)
}

// TestWrapStackedFlows: a row band may hold two flows above each other
// (the field book: the row's steps, then a wide step entered around the
// side after a step in another lane, stacked under them). Each gets its
// own columns: the row's steps stay side by side instead of spreading
// over the wide step's column, and the drawing is no wider than its
// widest flow needs.
func TestWrapStackedFlows(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		detour int // the task in lane 1
		wide   map[int]float64
	}{
		{"wide step after the detour", 5, map[int]float64{6: 2000, 20: 2400}},
		{"wide sub-processes after the detour", 4, map[int]float64{5: 1800, 6: 600, 25: 2600}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			g := chain(40, 2, func(k int) int { return map[bool]int{true: 1}[k == tt.detour] })
			for k, w := range tt.wide {
				g.Nodes[k].W = w
			}
			r, err := layout.Layout(context.Background(), g, layout.Options{Wrap: 1.4})
			if err != nil {
				t.Fatal(err)
			}
			check(t, g, r)
			for k := 1; k < tt.detour; k++ {
				a, b := r.Nodes[k-1], r.Nodes[k]
				if a.Y != b.Y {
					t.Fatalf("tasks %d and %d in different rows", k-1, k)
				}
				if gap := b.X - (a.X + a.W); gap > 150 {
					t.Errorf("tasks %d and %d of one row %.0f apart (drawing %.0f × %.0f)", k-1, k, gap, r.Width, r.Height)
				}
			}
		})
	}
}
