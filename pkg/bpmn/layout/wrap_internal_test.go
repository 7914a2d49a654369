package layout

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// randomLaneGraph is a process-like graph of n nodes over lanes bands (a
// gap above the last, as a second pool): a main path that changes lane
// now and then, branches that join again, a few loops back and a few
// edges between distant nodes (message flows).
func randomLaneGraph(n, lanes int, seed uint64) Graph {
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	g := Graph{Lanes: lanes, Bands: make([]BandSpec, lanes)}
	g.Bands[lanes-1].GapAbove = 30
	lane := 0
	for k := 0; k < n; k++ {
		if r.IntN(6) == 0 {
			lane = r.IntN(lanes)
		}
		nd := Node{Lane: lane, W: TaskWidth, H: TaskHeight, FreePorts: true}
		if r.IntN(4) == 0 {
			nd = Node{Lane: lane, W: GatewaySize, H: GatewaySize, SidePorts: true, TopReserve: 20}
		}
		g.Nodes = append(g.Nodes, nd)
		if k > 0 {
			g.Edges = append(g.Edges, Edge{From: k - 1, To: k})
		}
		if k > 3 && r.IntN(5) == 0 {
			g.Edges = append(g.Edges, Edge{From: k - 1 - r.IntN(3), To: k, LabelW: 30, LabelH: 14})
		}
		if k > 6 && r.IntN(15) == 0 {
			g.Edges = append(g.Edges, Edge{From: k, To: k - 2 - r.IntN(4)})
		}
		if k > 10 && r.IntN(8) == 0 {
			g.Edges = append(g.Edges, Edge{From: r.IntN(k), To: k})
		}
	}
	return g
}

// TestFoldMinCrossings: the lower bounds wrap uses to skip a fold before
// laying it out is never above the crossings of the laid-out fold (else
// wrap would skip a fold it would have used).
func TestFoldMinCrossings(t *testing.T) {
	t.Parallel()
	checked := 0
	for _, n := range []int{40, 90, 160} {
		for _, lanes := range []int{1, 2, 4} {
			for seed := uint64(1); seed <= 4; seed++ {
				t.Run(fmt.Sprintf("n%d_lanes%d_seed%d", n, lanes, seed), func(t *testing.T) {
					g := randomLaneGraph(n, lanes, seed)
					flat, err := layoutFlat(context.Background(), g, lanes, Options{})
					if err != nil {
						t.Fatal(err)
					}
					l := newLayouter(g, lanes)
					l.breakCycles()
					l.assignLayers()
					for rows := 2; rows <= 6; rows++ {
						cuts := l.chooseCuts(flat, rows, 0)
						if len(cuts) == 0 {
							continue
						}
						plans := []foldPlan{{}, {side: true}}
						if gather := l.shortLanes(flat, cuts); gather != nil {
							plans = append(plans, foldPlan{gather: gather})
						}
						for _, plan := range plans {
							f := l.foldGraph(cuts, plan)
							r, err := l.fold(context.Background(), cuts, plan, Options{Wrap: 1.4}, foldLimit{crossings: math.MaxInt})
							if err != nil {
								t.Fatal(err)
							}
							if f == nil || r == nil {
								continue
							}
							checked++
							fl, _ := prepareRow(context.Background(), f.g, f.g.Lanes, Options{})
							if x, lb := Measure(r.Nodes, r.Edges, nil).Crossings, f.minCrossings()+fl.halfCrossings(f); x < lb {
								t.Errorf("%d rows, plan %+v: %d crossings, bound %d", len(cuts)+1, plan, x, lb)
							}
						}
					}
				})
			}
		}
	}
	t.Logf("%d folds checked", checked)
}

// TestSeparate: a flow that starts beside a taller flow above it moves
// below it (with the band under it), unless the flow above reaches down
// to where it starts; flows apart stay.
func TestSeparate(t *testing.T) {
	t.Parallel()
	// flow A: a tall shape (0) and a task (1) beside it; flow B: one task
	// (2) under task 1 at y b
	tests := []struct {
		name  string
		b     float64
		reach float64 // the y of a bend of A's edge (0: none)
		want  float64 // B's y after, -1: nothing moves
	}{
		{"beside the tall shape", 120, 0, 200 + nodeGap},
		{"the flow above reaches down", 120, 150, -1},
		{"below the tall shape", 260, 0, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			g := Graph{Lanes: 1, Nodes: []Node{{W: 100, H: 200}, {W: 100, H: 80}, {W: 100, H: 80}}, Edges: []Edge{{From: 0, To: 1}}}
			l := newLayouter(g, 1)
			l.items = make([]item, len(g.Nodes))
			edge := []Point{{100, 40}, {150, 40}}
			if tt.reach > 0 {
				edge = []Point{{50, 200}, {50, tt.reach}, {200, tt.reach}, {200, 80}}
			}
			fr := &Result{
				Nodes:  []Rect{{0, 0, 100, 200}, {150, 0, 100, 80}, {150, tt.b, 100, 80}},
				Edges:  [][]Point{edge},
				Labels: make([]Rect, 1),
				Lanes:  []Band{{Y: 0, H: tt.b + 100}},
				Height: tt.b + 100,
			}
			out := l.separate(fr, l.flowsOf(fr))
			if tt.want < 0 {
				if out != nil {
					t.Fatalf("moved: B at %.0f", out.Nodes[2].Y)
				}
				return
			}
			if out == nil {
				t.Fatal("nothing moved")
			}
			dy := tt.want - tt.b
			if out.Nodes[2].Y != tt.want || out.Nodes[0] != fr.Nodes[0] || out.Nodes[1] != fr.Nodes[1] {
				t.Errorf("shapes %v, want B at y %.0f and A unmoved", out.Nodes, tt.want)
			}
			if out.Lanes[0].H != fr.Lanes[0].H+dy || out.Height != fr.Height+dy {
				t.Errorf("band %v, height %.0f: want %.0f taller", out.Lanes[0], out.Height, dy)
			}
		})
	}
}
