package layout_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/spade-bpmn/spade/bench/layout/graphgen"
	"github.com/spade-bpmn/spade/pkg/bpmn/layout"
)

func task(lane int) layout.Node {
	return layout.Node{Lane: lane, W: layout.TaskWidth, H: layout.TaskHeight}
}

func gw(lane int) layout.Node {
	return layout.Node{Lane: lane, W: layout.GatewaySize, H: layout.GatewaySize, BottomReserve: 30}
}

func edges(pairs ...int) []layout.Edge {
	var es []layout.Edge
	for i := 0; i+1 < len(pairs); i += 2 {
		es = append(es, layout.Edge{From: pairs[i], To: pairs[i+1]})
	}
	return es
}

// check verifies the invariants every drawing must keep.
func check(t *testing.T, g layout.Graph, r *layout.Result) layout.Metrics {
	t.Helper()
	ends := make([][2]int, len(g.Edges))
	for i, e := range g.Edges {
		ends[i] = [2]int{e.From, e.To}
	}
	m := layout.Measure(r.Nodes, r.Edges, ends)
	if m.Overlaps != 0 {
		t.Errorf("%d overlapping shapes", m.Overlaps)
	}
	if m.Through != 0 {
		t.Errorf("%d edge segments pass through shapes", m.Through)
	}
	for i, n := range g.Nodes {
		b := r.Lanes[n.Lane]
		rc := r.Nodes[i]
		if rc.Y < b.Y || rc.Y+rc.H > b.Y+b.H {
			t.Errorf("node %d (%v) outside its lane band %v", i, rc, b)
		}
	}
	for i, lb := range r.Labels {
		if lb.W == 0 {
			continue
		}
		for k, n := range r.Nodes {
			if lb.X < n.X+n.W && n.X < lb.X+lb.W && lb.Y < n.Y+n.H && n.Y < lb.Y+lb.H {
				t.Errorf("label of edge %d %v overlaps node %d %v", i, lb, k, n)
			}
		}
		for k, o := range r.Labels[i+1:] {
			if o.W > 0 && lb.X < o.X+o.W && o.X < lb.X+lb.W && lb.Y < o.Y+o.H && o.Y < lb.Y+lb.H {
				t.Errorf("labels of edges %d and %d overlap", i, i+1+k)
			}
		}
	}
	for i, pts := range r.Edges {
		if len(pts) < 2 {
			t.Fatalf("edge %d has %d waypoints", i, len(pts))
		}
		for k := 0; k+1 < len(pts); k++ {
			if pts[k].X != pts[k+1].X && pts[k].Y != pts[k+1].Y {
				t.Errorf("edge %d segment %d is not orthogonal: %v", i, k, pts)
			}
		}
		// an edge from a boundary event starts at the event, below its
		// source
		if (!g.Edges[i].Boundary && !onBorder(pts[0], r.Nodes[g.Edges[i].From])) || !onBorder(pts[len(pts)-1], r.Nodes[g.Edges[i].To]) {
			t.Errorf("edge %d does not start and end on its shapes: %v", i, pts)
		}
	}
	return m
}

func onBorder(p layout.Point, r layout.Rect) bool {
	in := p.X >= r.X && p.X <= r.X+r.W && p.Y >= r.Y && p.Y <= r.Y+r.H
	return in && (p.X == r.X || p.X == r.X+r.W || p.Y == r.Y || p.Y == r.Y+r.H)
}

func TestLayout(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		g         layout.Graph
		crossings int
	}{
		{"single", layout.Graph{Nodes: []layout.Node{task(0)}}, 0},
		{"linear", layout.Graph{Nodes: []layout.Node{task(0), task(0), task(0)}, Edges: edges(0, 1, 1, 2)}, 0},
		{"split join", layout.Graph{Nodes: []layout.Node{gw(0), task(0), task(0), gw(0)}, Edges: edges(0, 1, 0, 2, 1, 3, 2, 3)}, 0},
		{"loop back", layout.Graph{Nodes: []layout.Node{gw(0), task(0), task(0), gw(0), task(0)}, Edges: edges(0, 1, 1, 2, 2, 3, 3, 0, 3, 4)}, 0},
		{"self loop", layout.Graph{Nodes: []layout.Node{task(0), task(0)}, Edges: edges(0, 0, 0, 1)}, 0},
		{"three lanes", layout.Graph{Lanes: 3, Nodes: []layout.Node{task(0), task(1), task(2), task(1), task(0)}, Edges: edges(0, 1, 1, 2, 2, 3, 3, 4)}, 0},
		{"long edge", layout.Graph{Lanes: 2, Nodes: []layout.Node{gw(0), task(0), task(0), task(0), gw(1)}, Edges: edges(0, 1, 1, 2, 2, 3, 3, 4, 0, 4)}, 0},
		{"stacked in lane", layout.Graph{Lanes: 2, Nodes: []layout.Node{gw(0), task(1), task(1), task(1), gw(0)}, Edges: edges(0, 1, 0, 2, 0, 3, 1, 4, 2, 4, 3, 4)}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, err := layout.Layout(context.Background(), tt.g, layout.Options{X: 10, Y: 20})
			if err != nil {
				t.Fatal(err)
			}
			m := check(t, tt.g, r)
			if m.Crossings > tt.crossings {
				t.Errorf("crossings = %d, want <= %d", m.Crossings, tt.crossings)
			}
		})
	}
}

func TestLayoutLinearIsStraight(t *testing.T) {
	t.Parallel()
	g := layout.Graph{Nodes: []layout.Node{task(0), task(0), task(0)}, Edges: edges(0, 1, 1, 2)}
	r, err := layout.Layout(context.Background(), g, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := check(t, g, r)
	if m.Bends != 0 {
		t.Errorf("bends = %d, want 0", m.Bends)
	}
	if !(r.Nodes[0].X < r.Nodes[1].X && r.Nodes[1].X < r.Nodes[2].X) {
		t.Errorf("not left to right: %v", r.Nodes)
	}
}

func TestLayoutInvalid(t *testing.T) {
	t.Parallel()
	for _, g := range []layout.Graph{
		{Nodes: []layout.Node{task(1)}},
		{Nodes: []layout.Node{task(0)}, Edges: edges(0, 3)},
	} {
		if _, err := layout.Layout(context.Background(), g, layout.Options{}); !errors.Is(err, layout.ErrInvalidGraph) {
			t.Errorf("err = %v, want ErrInvalidGraph", err)
		}
	}
}

func TestLayoutRandom(t *testing.T) {
	t.Parallel()
	for _, n := range []int{10, 50, 200} {
		for seed := uint64(1); seed <= 8; seed++ {
			t.Run(fmt.Sprintf("n%d_seed%d", n, seed), func(t *testing.T) {
				t.Parallel()
				g, _ := graphgen.Graph(graphgen.Model(n, seed))
				r, err := layout.Layout(context.Background(), g, layout.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if r.Simplified {
					t.Fatalf("a generated process of %d nodes went over the budget (work %d)", n, layout.Work(g))
				}
				check(t, g, r)
			})
		}
	}
}

func BenchmarkLayout(b *testing.B) {
	for _, n := range []int{10, 50, 500, 2000} {
		g, _ := graphgen.Graph(graphgen.Model(n, 42))
		b.Run(fmt.Sprintf("nodes=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := layout.Layout(context.Background(), g, layout.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestBoundaryAndBands covers what collaborations add: bands with a gap
// and a minimum height (pools), and edges leaving a boundary event on
// their source's bottom border and running below it.
func TestBoundaryAndBands(t *testing.T) {
	t.Parallel()
	host := task(0)
	host.BottomReserve = 50
	cases := []struct {
		name string
		g    layout.Graph
	}{
		{"boundary to next task", layout.Graph{Lanes: 1, Nodes: []layout.Node{host, task(0), task(0)},
			Edges: []layout.Edge{{From: 0, To: 1}, {From: 0, To: 2, Boundary: true, BoundaryX: 72, BoundaryDrop: 28}}}},
		{"boundary back to an earlier task", layout.Graph{Lanes: 1, Nodes: []layout.Node{task(0), host, task(0)},
			Edges: []layout.Edge{{From: 0, To: 1}, {From: 1, To: 2}, {From: 1, To: 0, Boundary: true, BoundaryX: 72, BoundaryDrop: 28}}}},
		{"pools with a gap and a thin band", layout.Graph{Lanes: 3, Nodes: []layout.Node{task(0), {Lane: 1}, task(2)},
			Edges: edges(0, 1, 1, 2),
			Bands: []layout.BandSpec{{}, {GapAbove: 40, MinHeight: 60}, {GapAbove: 40}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r, err := layout.Layout(context.Background(), c.g, layout.Options{X: 10, Y: 20})
			if err != nil {
				t.Fatal(err)
			}
			check(t, c.g, r)
			for i, e := range c.g.Edges {
				if !e.Boundary {
					continue
				}
				src := r.Nodes[e.From]
				p0 := r.Edges[i][0]
				if p0.X != src.X+e.BoundaryX || p0.Y != src.Y+src.H+layout.EventSize/2 {
					t.Errorf("edge %d starts at %v, want the bottom of the boundary event at x %v", i, p0, src.X+e.BoundaryX)
				}
				if p1 := r.Edges[i][1]; p1.X != p0.X || p1.Y <= p0.Y {
					t.Errorf("edge %d goes %v → %v, want straight down first", i, p0, p1)
				}
			}
			if len(c.g.Bands) > 0 {
				for k := 1; k < len(r.Lanes); k++ {
					gap := r.Lanes[k].Y - (r.Lanes[k-1].Y + r.Lanes[k-1].H)
					if gap != c.g.Bands[k].GapAbove {
						t.Errorf("gap above band %d is %v, want %v", k, gap, c.g.Bands[k].GapAbove)
					}
				}
				if r.Lanes[1].H != 60 {
					t.Errorf("thin band is %v high, want 60", r.Lanes[1].H)
				}
			}
		})
	}
}

// dense is n tasks with every pair connected (i → j for i < j): the
// attack graph of issue 27 (200 tasks, 19,900 flows).
func dense(n int) layout.Graph {
	g := layout.Graph{Lanes: 1}
	for range n {
		g.Nodes = append(g.Nodes, task(0))
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			g.Edges = append(g.Edges, layout.Edge{From: i, To: j})
		}
	}
	return g
}

// BenchmarkLayoutDense lays out dense graphs: the full layout under the
// budget, the simple one beyond it (200 tasks: before the budget 137 s and
// up to 4 GB in a worker).
func BenchmarkLayoutDense(b *testing.B) {
	for _, n := range []int{30, 70, 200, 300} {
		g := dense(n)
		b.Run(fmt.Sprintf("tasks=%d,flows=%d,work=%d", n, len(g.Edges), layout.Work(g)), func(b *testing.B) {
			for b.Loop() {
				if _, err := layout.Layout(context.Background(), g, layout.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestLayoutBudget: a graph over the work budget gets the simple layout
// (shapes still apart, every edge drawn from its source to its target,
// Simplified set); a cancelled context stops the full layout.
func TestLayoutBudget(t *testing.T) {
	t.Parallel()
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name       string
		g          layout.Graph
		opt        layout.Options
		ctx        context.Context
		simplified bool
		err        error
	}{
		{"dense 200 tasks", dense(200), layout.Options{}, context.Background(), true, nil},
		{"dense 20 tasks", dense(20), layout.Options{}, context.Background(), false, nil},
		{"small budget", dense(20), layout.Options{MaxWork: 100}, context.Background(), true, nil},
		{"two lanes over the budget", func() layout.Graph {
			g := dense(40)
			g.Lanes = 2
			for i := range g.Nodes {
				g.Nodes[i].Lane = i % 2
			}
			g.Edges = append(g.Edges, layout.Edge{From: 5, To: 1}, layout.Edge{From: 3, To: 3})
			return g
		}(), layout.Options{MaxWork: 1000, X: 10, Y: 20}, context.Background(), true, nil},
		{"cancelled", dense(20), layout.Options{}, cancelled, false, context.Canceled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := layout.Layout(tc.ctx, tc.g, tc.opt)
			if !errors.Is(err, tc.err) {
				t.Fatalf("err = %v, want %v", err, tc.err)
			}
			if err != nil {
				return
			}
			if r.Simplified != tc.simplified {
				t.Fatalf("Simplified = %v, want %v (work %d)", r.Simplified, tc.simplified, layout.Work(tc.g))
			}
			if !tc.simplified {
				check(t, tc.g, r)
				return
			}
			ends := make([][2]int, len(tc.g.Edges))
			for i, e := range tc.g.Edges {
				ends[i] = [2]int{e.From, e.To}
			}
			if m := layout.Measure(r.Nodes, r.Edges, ends); m.Overlaps != 0 {
				t.Errorf("%d overlapping shapes", m.Overlaps)
			}
			for i, e := range tc.g.Edges {
				pts := r.Edges[i]
				if len(pts) < 2 || !onBorder(pts[0], r.Nodes[e.From]) || !onBorder(pts[len(pts)-1], r.Nodes[e.To]) {
					t.Fatalf("edge %d (%d→%d) = %v does not join its shapes %v %v", i, e.From, e.To, pts, r.Nodes[e.From], r.Nodes[e.To])
				}
			}
			for i, n := range tc.g.Nodes {
				b := r.Lanes[n.Lane]
				if r.Nodes[i].Y < b.Y || r.Nodes[i].Y+r.Nodes[i].H > b.Y+b.H {
					t.Fatalf("node %d %v outside its lane %v", i, r.Nodes[i], b)
				}
			}
		})
	}
}
