package layout

import (
	"slices"
	"testing"
)

// TestAssignLayers pins assignLayers' phases: longest paths, a source
// pulled next to its first successor, nodes without edges after the flow,
// pinned row ends, and the layer count.
func TestAssignLayers(t *testing.T) {
	t.Parallel()
	type edge struct{ from, to int }
	tests := []struct {
		name    string
		nodes   int
		pins    map[int]rowEnd
		edges   []edge
		layers  []int
		nLayers int
	}{
		{name: "no nodes", layers: []int{}, nLayers: 1},
		{name: "one free node stays first", nodes: 1, layers: []int{0}, nLayers: 1},
		{name: "chain", nodes: 3, edges: []edge{{0, 1}, {1, 2}}, layers: []int{0, 1, 2}, nLayers: 3},
		{name: "longest path wins", nodes: 4, edges: []edge{{0, 1}, {1, 2}, {0, 2}, {2, 3}}, layers: []int{0, 1, 2, 3}, nLayers: 4},
		{
			name: "second start pulled next to the join", nodes: 5,
			edges:  []edge{{0, 1}, {1, 2}, {2, 3}, {4, 3}},
			layers: []int{0, 1, 2, 3, 2}, nLayers: 4,
		},
		{
			name: "loop back keeps the main path forward", nodes: 3,
			edges:  []edge{{0, 1}, {1, 2}, {2, 1}},
			layers: []int{0, 1, 2}, nLayers: 3,
		},
		{
			name: "node without edges after the flow", nodes: 3,
			edges:  []edge{{0, 1}},
			layers: []int{0, 1, 2}, nLayers: 3,
		},
		{
			name: "self loop only is still free", nodes: 3,
			edges:  []edge{{0, 1}, {2, 2}},
			layers: []int{0, 1, 0}, nLayers: 2,
		},
		{
			name: "pinned row ends", nodes: 4,
			pins:   map[int]rowEnd{0: pinLast, 3: pinFirst},
			edges:  []edge{{0, 1}, {1, 2}, {3, 2}},
			layers: []int{2, 1, 2, 0}, nLayers: 3,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var g Graph
			for v := 0; v < tc.nodes; v++ {
				g.Nodes = append(g.Nodes, Node{W: TaskWidth, H: TaskHeight, pin: tc.pins[v]})
			}
			for _, e := range tc.edges {
				g.Edges = append(g.Edges, Edge{From: e.from, To: e.to})
			}
			l := newLayouter(g, 1)
			l.breakCycles()
			l.assignLayers()
			if !slices.Equal(l.layer, tc.layers) || l.nLayers != tc.nLayers {
				t.Errorf("layers %v (%d), want %v (%d)", l.layer, l.nLayers, tc.layers, tc.nLayers)
			}
		})
	}
}
