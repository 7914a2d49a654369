package main

import (
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// TestFlowchartSources: every chart of the set is written in both
// notations with all its steps, a loop as PlantUML's repeat (whose
// reference gains the merge PlantUML draws), an end branch as an if, and
// Mermaid's node ids clear of its keyword "end"; the charts past the
// Graphviz set have one parallel block, a fork … end fork (two of
// Mermaid's fork bars) whose reference has a splitting and a joining
// parallel gateway.
func TestFlowchartSources(t *testing.T) {
	for i := range puCharts {
		c := gvGenerate(i)
		pu, mm := c.fc.plantUML(i), c.fc.mermaid(i)
		loops, ends, forks, branches := 0, 0, 0, 0
		for _, s := range c.fc.steps {
			if s.dec != nil && s.dec.loop {
				loops++
			} else if s.dec != nil {
				ends++
			}
			if len(s.par) > 0 {
				forks++
				branches += len(s.par)
			}
		}
		parallel := 0
		for _, g := range c.ref.Gateways {
			if g.Type == process.GatewayParallel {
				parallel++
			}
		}
		wantForks := 0
		if i >= gvCharts {
			wantForks = 1
		}
		tests := []struct {
			what      string
			got, want int
		}{
			{"repeat", strings.Count(pu, "\nrepeat\n"), loops},
			{"backward", strings.Count(pu, "backward :"), loops},
			{"if", strings.Count(pu, "\nif ("), ends},
			{"stop", strings.Count(pu, "\nstop\n"), ends + 1},
			{"merges", len(c.fc.withLoopMerges(c.ref).Gateways) - len(c.ref.Gateways), loops},
			{"mermaid edges", strings.Count(mm, " -->"), len(c.fc.edges)},
			{"forks", forks, wantForks},
			{"fork", strings.Count(pu, "\nfork\n"), forks},
			{"fork again", strings.Count(pu, "\nfork again\n"), branches},
			{"end fork", strings.Count(pu, "\nend fork\n"), forks},
			{"parallel gateways", parallel, 2 * forks},
			{"mermaid bars", strings.Count(mm, "@{ shape: fork }"), 2 * forks},
			{"bare end id", strings.Count(mm, " end\n") + strings.Count(mm, "--> end"), c.fc.lanes},
		}
		for _, tt := range tests {
			if tt.got != tt.want {
				t.Errorf("chart %d: %s %d, want %d", i, tt.what, tt.got, tt.want)
			}
		}
		for _, a := range c.ref.Activities {
			if !strings.Contains(pu, ":"+a.Name+";") || !strings.Contains(mm, `"`+a.Name+`"`) {
				t.Errorf("chart %d: step %q missing", i, a.Name)
			}
		}
	}
}

// TestDenseCharts: the Mermaid set's dense charts have 12 nodes or more,
// three decisions of which the second sits on the first's yes exit, a
// line back to an early step, every node and edge in the Mermaid source,
// a reference that repair leaves valid, and no two alike.
func TestDenseCharts(t *testing.T) {
	seen := map[string]int{}
	for i := puCharts; i < puCharts+mmDense; i++ {
		c := mmChart(i)
		mm := c.fc.mermaid(i)
		decs := 0
		for _, n := range c.fc.nodes {
			if n.kind == "decision" {
				decs++
			}
		}
		nested, back := false, false
		for _, e := range c.fc.edges {
			if e.from == "d1" && e.to == "t3" {
				for _, e2 := range c.fc.edges {
					nested = nested || (e2.from == "t3" && e2.to == "d2")
				}
			}
			back = back || (e.from != "start" && (e.to == "t1" || e.to == "t2") && e.from != "t1")
		}
		tests := []struct {
			what      string
			got, want int
		}{
			{"nodes ≥ 12", min(len(c.fc.nodes), 12), 12},
			{"decisions", decs, 3},
			{"nested", boolInt(nested), 1},
			{"line back", boolInt(back), 1},
			{"mermaid edges", strings.Count(mm, " -->"), len(c.fc.edges)},
			{"mermaid nodes", strings.Count(mm, "    n_") + strings.Count(mm, "\n  n_") - len(c.fc.edges), len(c.fc.nodes)},
			{"problems", len(c.ref.Validate()), 0},
			{"dev", boolInt(c.dev), boolInt(i%4 != 3)},
		}
		for _, tt := range tests {
			if tt.got != tt.want {
				t.Errorf("chart %d: %s %d, want %d", i, tt.what, tt.got, tt.want)
			}
		}
		if j, ok := seen[mm]; ok {
			t.Errorf("charts %d and %d are the same", j, i)
		}
		seen[mm] = i
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
