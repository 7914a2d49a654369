package process

import (
	"fmt"
	"slices"
	"testing"
)

// parents lists the activities' Parent fields, in slice order.
func parents(m *Model) []string {
	var p []string
	for _, a := range m.Activities {
		p = append(p, a.Parent)
	}
	return p
}

// TestResolveParents: a Parent becomes the exact ID of the activity it
// names, or is cleared; a plain task named as a parent becomes a
// sub-process.
func TestResolveParents(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		acts      []Activity
		want      []string
		wantTypes []string
	}{
		{"exact id", []Activity{{ID: "s", Type: ActivitySubProcess}, {ID: "a", Parent: "s"}}, []string{"", "s"}, []string{ActivitySubProcess, ""}},
		{"case folded", []Activity{{ID: "Sub", Type: ActivitySubProcess}, {ID: "a", Parent: "sub"}}, []string{"", "Sub"}, []string{ActivitySubProcess, ""}},
		{"ambiguous fold", []Activity{{ID: "Sub", Type: ActivitySubProcess}, {ID: "sub", Type: ActivitySubProcess}, {ID: "a", Parent: "SUB"}}, []string{"", "", ""}, []string{ActivitySubProcess, ActivitySubProcess, ""}},
		{"missing", []Activity{{ID: "a", Parent: "nowhere"}}, []string{""}, []string{""}},
		{"itself", []Activity{{ID: "a", Parent: "a"}}, []string{""}, []string{""}},
		{"plain task becomes sub-process", []Activity{{ID: "t"}, {ID: "a", Parent: "t"}}, []string{"", "t"}, []string{ActivitySubProcess, ""}},
		{"typed task holds nothing", []Activity{{ID: "u", Type: ActivityUser}, {ID: "a", Parent: "u"}}, []string{"", ""}, []string{ActivityUser, ""}},
		{"call activity holds nothing", []Activity{{ID: "c", Type: ActivityCall}, {ID: "a", Parent: "c"}}, []string{"", ""}, []string{ActivityCall, ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := &Model{Activities: slices.Clone(tt.acts)}
			resolveParents(m, newActivityIndex(m))
			if got := parents(m); !slices.Equal(got, tt.want) {
				t.Errorf("parents = %q, want %q", got, tt.want)
			}
			var types []string
			for _, a := range m.Activities {
				types = append(types, a.Type)
			}
			if !slices.Equal(types, tt.wantTypes) {
				t.Errorf("types = %q, want %q", types, tt.wantTypes)
			}
		})
	}
}

// TestBreakParentCycles: the first activity of each cycle, in slice
// order, moves to the top level; chains without a cycle stay.
func TestBreakParentCycles(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		acts []Activity
		want []string
	}{
		{"chain", []Activity{{ID: "a"}, {ID: "b", Parent: "a"}, {ID: "c", Parent: "b"}}, []string{"", "a", "b"}},
		{"two-cycle", []Activity{{ID: "a", Parent: "b"}, {ID: "b", Parent: "a"}}, []string{"", "a"}},
		{"three-cycle entered late", []Activity{{ID: "x", Parent: "c"}, {ID: "c", Parent: "b"}, {ID: "b", Parent: "d"}, {ID: "d", Parent: "c"}}, []string{"c", "", "d", "c"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := &Model{Activities: slices.Clone(tt.acts)}
			breakParentCycles(m, newActivityIndex(m))
			if got := parents(m); !slices.Equal(got, tt.want) {
				t.Errorf("parents = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestCapNesting: a chain deeper than MaxNesting keeps its first
// MaxNesting levels; deeper activities join the deepest allowed level.
func TestCapNesting(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, MaxNesting + 1, MaxNesting + 3} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			t.Parallel()
			m := &Model{}
			for i := range n {
				a := Activity{ID: fmt.Sprint("a", i)}
				if i > 0 {
					a.Parent = fmt.Sprint("a", i-1)
				}
				m.Activities = append(m.Activities, a)
			}
			depth := capNesting(m, newActivityIndex(m))
			for i, d := range depth {
				if want := min(i, MaxNesting); d != want {
					t.Errorf("depth[%d] = %d, want %d", i, d, want)
				}
			}
			if last := m.Activities[n-1]; n > MaxNesting+1 && last.Parent != fmt.Sprint("a", MaxNesting-1) {
				t.Errorf("deepest parent = %q, want a%d", last.Parent, MaxNesting-1)
			}
		})
	}
}
