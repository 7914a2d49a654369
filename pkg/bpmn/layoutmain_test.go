package bpmn

import (
	"slices"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/layout"
	"github.com/spade-bpmn/spade/pkg/process"
)

func TestPlanBands(t *testing.T) {
	t.Parallel()
	m := &process.Model{
		ProcessName:  "Order",
		Pools:        []process.Pool{{ID: "P", Name: "Shop"}, {ID: "B", Name: "Bank", Collapsed: true}, {ID: "C", Name: "Carrier"}},
		Participants: []process.Participant{{Name: "Clerk", Pool: "P"}, {Name: "Manager", Pool: "P"}},
		Activities: []process.Activity{
			{ID: "a1", Name: "Take order", Performer: "Clerk", Pool: "P"},
			{ID: "a2", Name: "Approve", Performer: "Manager", Pool: "P"},
			{ID: "a3", Name: "Ship", Pool: "C"},
		},
	}
	g := newGraph(m, m.ProcessName)
	plan := g.planBands()
	// Shop: a band per lane; Bank (collapsed) and Carrier (no lanes): one each.
	if len(plan.specs) != 4 {
		t.Fatalf("%d bands, want 4: %+v", len(plan.specs), plan.specs)
	}
	if want := [][2]int{{0, 1}, {2, 2}, {3, 3}}; !slices.Equal(plan.poolBands, want) {
		t.Errorf("pool bands = %v, want %v", plan.poolBands, want)
	}
	for i, spec := range plan.specs {
		wantGap := 0.0
		if i == 2 || i == 3 { // the first band of every pool but the first
			wantGap = poolGap
		}
		if spec.GapAbove != wantGap {
			t.Errorf("band %d gap above = %v, want %v", i, spec.GapAbove, wantGap)
		}
	}
	if plan.specs[2].MinHeight != collapsedH {
		t.Errorf("collapsed pool's band min height = %v, want %v", plan.specs[2].MinHeight, collapsedH)
	}
	if plan.maxDepth != 1 {
		t.Errorf("max lane depth = %d, want 1", plan.maxDepth)
	}
	// A lane-less pool's nodes go to its only band.
	if got := plan.band(2, -1); got != 3 {
		t.Errorf("band(Carrier) = %d, want 3", got)
	}
}

func TestCutAtPool(t *testing.T) {
	t.Parallel()
	pool := layout.Rect{X: 0, Y: 100, W: 400, H: 100}
	tests := []struct {
		name string
		in   []layout.Point
		want []layout.Point
	}{
		{"down into the pool: ends at its top", []layout.Point{{X: 50, Y: 0}, {X: 50, Y: 150}}, []layout.Point{{X: 50, Y: 0}, {X: 50, Y: 100}}},
		{"up into the pool: ends at its bottom", []layout.Point{{X: 50, Y: 300}, {X: 50, Y: 150}}, []layout.Point{{X: 50, Y: 300}, {X: 50, Y: 200}}},
		{"a bend before the border", []layout.Point{{X: 10, Y: 0}, {X: 10, Y: 50}, {X: 80, Y: 50}, {X: 80, Y: 150}}, []layout.Point{{X: 10, Y: 0}, {X: 10, Y: 50}, {X: 80, Y: 50}, {X: 80, Y: 100}}},
		{"never crossing: unchanged", []layout.Point{{X: 10, Y: 0}, {X: 10, Y: 50}}, []layout.Point{{X: 10, Y: 0}, {X: 10, Y: 50}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cutAtPool(tt.in, pool); !slices.Equal(got, tt.want) {
				t.Errorf("cutAtPool = %v, want %v", got, tt.want)
			}
			if got := reversed(reversed(tt.in)); !slices.Equal(got, tt.in) {
				t.Errorf("reversed twice = %v", got)
			}
		})
	}
}
