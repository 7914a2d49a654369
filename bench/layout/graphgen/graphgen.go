// Package graphgen generates seeded random process models for the layout
// benchmark: mostly sequences of tasks spread over a few lanes, with
// exclusive and parallel splits/joins, loops back and timer events, like
// the processes SPADE extracts from documents.
package graphgen

import (
	"fmt"
	"math/rand/v2"

	"github.com/spade-bpmn/spade/pkg/bpmn/layout"
	"github.com/spade-bpmn/spade/pkg/process"
)

type gen struct {
	r     *rand.Rand
	m     *process.Model
	lanes int
	lane  int
	seq   int
	left  int
}

// Model returns a process of about n flow nodes (tasks, gateways, events),
// the same for the same n and seed.
func Model(n int, seed uint64) *process.Model {
	g := &gen{r: rand.New(rand.NewPCG(seed, uint64(n))), m: &process.Model{ProcessName: fmt.Sprintf("Random process %d", n)}}
	g.lanes = min(6, max(2, n/15))
	for i := 0; i < g.lanes; i++ {
		g.m.Participants = append(g.m.Participants, process.Participant{Name: fmt.Sprintf("Role %d", i+1)})
	}
	g.left = n - 2
	start := g.event(process.EventStart, "Start")
	first, last := g.sequence(0)
	end := g.event(process.EventEnd, "End")
	g.flow(start, first, "")
	g.flow(last, end, "")
	return g.m
}

func (g *gen) id(prefix string) string {
	g.seq++
	return fmt.Sprintf("%s%d", prefix, g.seq)
}

func (g *gen) performer() string {
	if g.r.IntN(10) < 3 {
		g.lane = g.r.IntN(g.lanes)
	}
	return g.m.Participants[g.lane].Name
}

func (g *gen) event(typ, name string) string {
	id := g.id("E")
	ev := process.Event{ID: id, Type: typ, Name: name, Performer: g.m.Participants[g.lane].Name}
	if typ == process.EventIntermediate {
		ev.Trigger = process.TriggerTimer
	}
	g.m.Events = append(g.m.Events, ev)
	return id
}

func (g *gen) task() string {
	id := g.id("A")
	g.m.Activities = append(g.m.Activities, process.Activity{ID: id, Name: "Task " + id, Performer: g.performer(),
		WorkMinutes: float64(g.r.IntN(4) * 30)})
	g.left--
	return id
}

func (g *gen) gateway(typ, name string) string {
	id := g.id("G")
	g.m.Gateways = append(g.m.Gateways, process.Gateway{ID: id, Type: typ, Name: name, Performer: g.m.Participants[g.lane].Name})
	g.left--
	return id
}

func (g *gen) flow(a, b, cond string) {
	g.m.Flows = append(g.m.Flows, process.Flow{ID: fmt.Sprintf("F%d", len(g.m.Flows)+1), Source: a, Target: b, Condition: cond})
}

// sequence emits blocks until the budget runs out or, when nested, the
// block decides to end; it returns the first and last node.
func (g *gen) sequence(depth int) (string, string) {
	first, last := "", ""
	link := func(a, b string) {
		if first == "" {
			first = a
		} else {
			g.flow(last, a, "")
		}
		last = b
	}
	for blocks := 0; ; blocks++ {
		if g.left <= 0 && first != "" {
			break
		}
		if depth > 0 && blocks > 0 && g.r.IntN(3) == 0 {
			break
		}
		k := g.r.IntN(100)
		switch {
		case k < 12 && depth < 4 && g.left > 6:
			a, b := g.split(process.GatewayExclusive, depth)
			link(a, b)
		case k < 18 && depth < 4 && g.left > 6:
			a, b := g.split(process.GatewayParallel, depth)
			link(a, b)
		case k < 24 && depth < 4 && g.left > 4:
			a, b := g.loop(depth)
			link(a, b)
		case k < 27:
			e := g.event(process.EventIntermediate, "Wait")
			g.left--
			link(e, e)
		default:
			t := g.task()
			link(t, t)
		}
	}
	return first, last
}

func (g *gen) split(typ string, depth int) (string, string) {
	name := "Decide?"
	if typ == process.GatewayParallel {
		name = "Fork"
	}
	s := g.gateway(typ, name)
	j := g.gateway(typ, "Merge")
	n := 2 + g.r.IntN(2)
	for b := 0; b < n; b++ {
		cond := ""
		if typ == process.GatewayExclusive {
			cond = fmt.Sprintf("Option %d", b+1)
		}
		f, l := g.sequence(depth + 1)
		g.flow(s, f, cond)
		g.flow(l, j, "")
	}
	return s, j
}

func (g *gen) loop(depth int) (string, string) {
	j := g.gateway(process.GatewayExclusive, "Merge")
	f, l := g.sequence(depth + 1)
	d := g.gateway(process.GatewayExclusive, "Done?")
	g.flow(j, f, "")
	g.flow(l, d, "")
	g.flow(d, j, "No")
	return j, d
}

// Graph converts a generated model into a layout graph with BPMN shape
// sizes; flows keep the model's order and the ids map node ids to indices.
func Graph(m *process.Model) (layout.Graph, map[string]int) {
	lane := map[string]int{}
	for i, p := range m.Participants {
		lane[p.Name] = i
	}
	var g layout.Graph
	g.Lanes = len(m.Participants)
	idx := map[string]int{}
	add := func(id, performer string, w, h, bottom float64) {
		idx[id] = len(g.Nodes)
		g.Nodes = append(g.Nodes, layout.Node{Lane: lane[performer], W: w, H: h, BottomReserve: bottom,
			SidePorts: w == layout.GatewaySize, FreePorts: w == layout.TaskWidth})
	}
	for _, e := range m.Events {
		add(e.ID, e.Performer, layout.EventSize, layout.EventSize, 30)
	}
	for _, a := range m.Activities {
		add(a.ID, a.Performer, layout.TaskWidth, layout.TaskHeight, 0)
	}
	for _, gw := range m.Gateways {
		add(gw.ID, gw.Performer, layout.GatewaySize, layout.GatewaySize, 30)
	}
	for _, f := range m.Flows {
		e := layout.Edge{From: idx[f.Source], To: idx[f.Target]}
		if f.Condition != "" {
			e.LabelW, e.LabelH = float64(7*len(f.Condition)), 14
		}
		g.Edges = append(g.Edges, e)
	}
	return g, idx
}
