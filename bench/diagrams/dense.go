package main

import (
	"fmt"
	"math/rand/v2"

	"github.com/spade-bpmn/spade/pkg/process"
)

// The Mermaid set's dense charts: 12 charts past the shared ones
// (mm-48 … mm-59, Mermaid only; every fourth kept back as before) with
// 12 or more nodes, a decision nested in another's exit, exits that
// skip across the other branch and a long way back to an early step, so
// that the reader meets crossing lines and crowded layouts that the
// small charts never draw.

// mmDense is how many dense charts the Mermaid set adds after puCharts.
const mmDense = 12

// denseChart builds chart i (puCharts ≤ i < puCharts+mmDense):
//
//	start → a → b → D1
//	D1 yes → c → D2; D2 yes → d → e (the merge); D2 no → f → e, the
//	  other branch's g (a line across it) or an end of its own
//	D1 no → g [→ h] → e, or past it to i
//	e → i → D3; D3 yes → j [→ l] → end; D3 no → k → back to b or a
//
// with Mermaid's shapes chosen by i as the small charts choose them,
// every third chart in two or three lanes.
func denseChart(i int) gvChart {
	rng := rand.New(rand.NewPCG(uint64(i)+1, 25))
	m := &process.Model{ProcessName: fmt.Sprintf("Dense chart %d", i)}
	d := &denseBuilder{m: m, fc: flowchart{lr: i%2 == 0}}
	if i%3 == 2 {
		d.fc.lanes = 2 + rng.IntN(2)
	}
	d.steps = append([]string(nil), gvSteps...)
	rng.Shuffle(len(d.steps), func(a, b int) { d.steps[a], d.steps[b] = d.steps[b], d.steps[a] })
	qs := append([][3]string(nil), gvQuestions...)
	rng.Shuffle(len(qs), func(a, b int) { qs[a], qs[b] = qs[b], qs[a] })

	d.event("start", "Start", process.EventStart)
	a, b := d.task(), d.task()
	d.edge("start", a, "")
	d.edge(a, b, "")
	d1 := d.decision(qs[0])
	d.edge(b, d1, "")
	c := d.task()
	d.edge(d1, c, qs[0][1])
	d2 := d.decision(qs[1])
	d.edge(c, d2, "")
	dd, e := d.task(), d.task()
	d.edge(d2, dd, qs[1][1])
	d.edge(dd, e, "")
	f := d.task()
	d.edge(d2, f, qs[1][2])
	g := d.task()
	d.edge(d1, g, qs[0][2])
	last := g
	if rng.IntN(2) == 0 {
		last = d.task()
		d.edge(g, last, "")
	}
	it := d.task()
	// the no branch of D1 meets the yes branch at e, or skips past it
	if rng.IntN(3) == 0 {
		d.edge(last, it, "")
	} else {
		d.edge(last, e, "")
	}
	// D2's no step: back to the merge, across to the other branch, or
	// to an end of its own
	switch rng.IntN(3) {
	case 0:
		d.edge(f, e, "")
	case 1:
		d.edge(f, g, "")
	default:
		d.event("x1", "End", process.EventEnd)
		d.edge(f, "x1", "")
	}
	d.edge(e, it, "")
	d3 := d.decision(qs[2])
	d.edge(it, d3, "")
	j := d.task()
	d.edge(d3, j, qs[2][1])
	if rng.IntN(2) == 0 {
		l := d.task()
		d.edge(j, l, "")
		j = l
	}
	k := d.task()
	d.edge(d3, k, qs[2][2])
	d.edge(k, []string{a, b}[rng.IntN(2)], "")
	d.event("end", "End", process.EventEnd)
	d.edge(j, "end", "")
	for ln := range d.fc.lanes {
		m.Participants = append(m.Participants, process.Participant{Name: gvLanes[ln]})
	}
	// as for the small charts, the reference is the model SPADE keeps:
	// a step several lines come into gets its merging gateway
	process.Repair(m)
	dir := "tb"
	if d.fc.lr {
		dir = "lr"
	}
	return gvChart{name: fmt.Sprintf("gv-%02d-%s", i, dir), ref: m, dev: i%4 != 3, fc: d.fc}
}

// denseBuilder records a dense chart's nodes and edges in the reference
// model and the flowchart the Mermaid source is written from.
type denseBuilder struct {
	m     *process.Model
	fc    flowchart
	steps []string
	tasks int
	decs  int
	// nodes counts the nodes placed, which the lanes follow in turns
	nodes int
}

func (d *denseBuilder) lane() (int, string) {
	d.nodes++
	if d.fc.lanes == 0 {
		return -1, ""
	}
	ln := ((d.nodes - 1) / 3) % d.fc.lanes
	return ln, gvLanes[ln]
}

func (d *denseBuilder) event(id, name string, typ string) {
	ln, perf := d.lane()
	d.fc.nodes = append(d.fc.nodes, fcNode{id: id, label: name, kind: fcKind(id), lane: ln})
	d.m.Events = append(d.m.Events, process.Event{ID: id, Name: name, Type: typ, Performer: perf})
}

func (d *denseBuilder) task() string {
	d.tasks++
	id := fmt.Sprintf("t%d", d.tasks)
	name := d.steps[d.tasks-1]
	ln, perf := d.lane()
	d.fc.nodes = append(d.fc.nodes, fcNode{id: id, label: name, kind: "task", lane: ln})
	d.m.Activities = append(d.m.Activities, process.Activity{ID: id, Name: name, Performer: perf})
	return id
}

func (d *denseBuilder) decision(q [3]string) string {
	d.decs++
	id := fmt.Sprintf("d%d", d.decs)
	ln, perf := d.lane()
	d.fc.nodes = append(d.fc.nodes, fcNode{id: id, label: q[0], kind: "decision", lane: ln})
	d.m.Gateways = append(d.m.Gateways, process.Gateway{ID: id, Name: q[0], Type: process.GatewayExclusive, Performer: perf})
	return id
}

func (d *denseBuilder) edge(from, to, label string) {
	d.m.Flows = append(d.m.Flows, process.Flow{ID: fmt.Sprintf("f%d", len(d.m.Flows)+1), Source: from, Target: to, Condition: label})
	d.fc.edges = append(d.fc.edges, fcEdge{from: from, to: to, label: label})
}

// mmChart is chart i of the Mermaid set: the shared charts, then the
// dense ones.
func mmChart(i int) gvChart {
	if i >= puCharts {
		return denseChart(i)
	}
	return gvGenerate(i)
}
