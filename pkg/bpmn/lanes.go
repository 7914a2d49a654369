package bpmn

import (
	"fmt"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// Pools and lanes of the diagram being built: participants of the
// collaboration from the model's pools, lanes from its participants and
// performers.

// mainPool is the pool of nodes and lanes that name none: the first pool
// that is not collapsed.
func (g *graph) mainPool() int {
	for i, p := range g.pools {
		if !p.collapsed {
			return i
		}
	}
	return 0
}

// buildPools turns the model's pools into participants; a model without
// pools gets one, named after the process, with the ids of version 1.
func (g *graph) buildPools(m *process.Model, name string) map[string]int {
	byID := map[string]int{}
	if len(m.Pools) == 0 {
		g.ids["Participant_1"], g.ids["Process_1"] = true, true
		g.pools = []pool{{id: "Participant_1", processID: "Process_1", name: name}}
		return byID
	}
	g.multiPool = true
	for i, p := range m.Pools {
		pl := pool{name: oneLine(p.Name), doc: strings.TrimSpace(p.Description), collapsed: p.Collapsed}
		pl.id = g.modelID("Participant_", p.ID)
		if pl.name == "" && !g.verbatim {
			// a file's unnamed pool stays unnamed
			pl.name = fmt.Sprintf("Pool %d", i+1)
		}
		if p.ProcessID != "" {
			pl.processID = g.modelID("Process_", p.ProcessID)
		} else {
			pl.processID = g.newID("Process_", pl.id)
		}
		if _, dup := byID[p.ID]; !dup && p.ID != "" {
			byID[p.ID] = len(g.pools)
		}
		g.pools = append(g.pools, pl)
	}
	return byID
}

// buildLanes turns participants into lanes of their pools, nested ones
// under their parent lane.
func (g *graph) buildLanes(m *process.Model, poolOf func(string) int) {
	type pending struct {
		lane   int
		parent string
	}
	var nested []pending
	for _, p := range m.Participants {
		name := oneLine(p.Name)
		if name == "" {
			continue
		}
		pl := poolOf(p.Pool)
		found := -1
		for i, l := range g.lanes {
			if l.pool == pl && strings.EqualFold(l.name, name) {
				found = i
			}
		}
		if found >= 0 {
			if d := strings.TrimSpace(p.Description); d != "" && g.lanes[found].doc == "" {
				g.lanes[found].doc = d
			}
			continue
		}
		id := g.newID("Lane_", fmt.Sprint(len(g.lanes)+1))
		if p.ID != "" {
			delete(g.ids, id)
			id = g.modelID("Lane_", p.ID)
		}
		g.lanes = append(g.lanes, lane{id: id, name: name, doc: strings.TrimSpace(p.Description), pool: pl, parent: -1, unnamed: g.verbatim && p.Unnamed})
		if par := oneLine(p.Parent); par != "" {
			nested = append(nested, pending{len(g.lanes) - 1, par})
		}
	}
	for _, n := range nested {
		l := &g.lanes[n.lane]
		for i, o := range g.lanes {
			if i != n.lane && o.pool == l.pool && strings.EqualFold(o.name, n.parent) && !g.laneUnder(i, n.lane) {
				l.parent = i
				g.lanes[i].children = append(g.lanes[i].children, n.lane)
				break
			}
		}
	}
}

// laneUnder reports whether lane a is lane b or nested (deeply) in it, so
// that nesting never makes a cycle.
func (g *graph) laneUnder(a, b int) bool {
	for i := a; i >= 0; i = g.lanes[i].parent {
		if i == b {
			return true
		}
	}
	return false
}

// lookupLane finds the leaf lane of a performer in a pool, adding a lane
// for a performer that is not among the pool's participants.
func (g *graph) lookupLane(pl int, performer string) int {
	p := oneLine(performer)
	if p == "" {
		return -1
	}
	for i, l := range g.lanes {
		if l.pool == pl && strings.EqualFold(l.name, p) {
			return g.leafLane(i)
		}
	}
	g.lanes = append(g.lanes, lane{id: g.newID("Lane_", fmt.Sprint(len(g.lanes)+1)), name: p, pool: pl, parent: -1})
	return len(g.lanes) - 1
}

// leafLane returns the first leaf lane under lane i: nodes sit in leaves.
func (g *graph) leafLane(i int) int {
	for len(g.lanes[i].children) > 0 {
		i = g.lanes[i].children[0]
	}
	return i
}
