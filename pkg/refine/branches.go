package refine

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// decision puts an exclusive gateway after the anchor: the existing path
// becomes one branch, the new one goes to BranchTo.
func (e *editor) decision(op Op) error {
	a, err := e.find(op.Anchor)
	if err != nil {
		return err
	}
	if n := len(e.outgoing(a.id)); n > 1 {
		return refused("%q already has %d ways out; add the decision after a step of one branch.", a.name, n)
	}
	cond := strings.TrimSpace(op.Condition)
	if cond == "" {
		cond = "Otherwise"
	}
	g := e.splitAfter(a, op.Name, cond)
	to, err := e.branchTarget(op.BranchTo, a, op.Lane)
	if err != nil {
		return err
	}
	e.addFlow(g, to, cond)
	return nil
}

// splitAfter puts an exclusive gateway asking question (or one made from
// cond) right after n: n's way out now leaves the gateway, labelled as the
// other answer to cond, and the caller adds the new branch. It returns the
// gateway's id.
func (e *editor) splitAfter(n node, question, cond string) string {
	q := strings.TrimSpace(question)
	if q == "" {
		q = questionFor(cond)
	}
	g := e.newID("Gateway")
	e.m.Gateways = append(e.m.Gateways, process.Gateway{ID: g, Type: process.GatewayExclusive, Name: q, Performer: n.performer, Pool: n.pool, Parent: n.parent})
	for _, i := range e.outgoing(n.id) {
		e.m.Flows[i].Source = g
		if e.m.Flows[i].Condition == "" {
			e.m.Flows[i].Condition = otherwise(cond)
		}
	}
	e.addFlow(n.id, g, "")
	return g
}

// branchTarget resolves where a new branch goes: the end of the process,
// an existing element, or a new activity followed by an end event.
func (e *editor) branchTarget(to string, a node, lane string) (string, error) {
	t := norm(to)
	if t == "" || t == EndOfProcess || t == "the end" || strings.Contains(t, "process ends") || t == "end event" {
		id := e.newID("Event")
		e.m.Events = append(e.m.Events, process.Event{ID: id, Type: process.EventEnd, Name: "Process ended", Performer: a.performer, Pool: a.pool, Parent: a.parent})
		return id, nil
	}
	if n, err := e.find(to); err == nil {
		return n.id, nil
	}
	performer := a.performer
	if strings.TrimSpace(lane) != "" {
		performer = e.lane(lane, a.pool)
	}
	id := e.newID("Activity")
	e.m.Activities = append(e.m.Activities, process.Activity{ID: id, Name: strings.TrimSpace(strings.Trim(to, `"'“”`)), Performer: performer, Pool: a.pool, Parent: a.parent})
	end := e.newID("Event")
	e.m.Events = append(e.m.Events, process.Event{ID: end, Type: process.EventEnd, Name: "Process ended", Performer: performer, Pool: a.pool, Parent: a.parent})
	e.addFlow(id, end, "")
	return id, nil
}

func questionFor(cond string) string {
	c := strings.TrimSuffix(strings.TrimSpace(cond), "?")
	if c == "" {
		return "Decision"
	}
	return strings.ToUpper(c[:1]) + c[1:] + "?"
}

// otherwise labels the existing path of a new decision.
func otherwise(cond string) string {
	switch strings.ToLower(cond) {
	case "yes":
		return "No"
	case "no":
		return "Yes"
	case "otherwise":
		return "Default"
	}
	return "Otherwise"
}

func (e *editor) parallel(op Op) error {
	t, o, err := e.findPair(op)
	if err != nil {
		return err
	}
	if t.id == o.id {
		return refused("Name two different steps to run in parallel.")
	}
	direct := -1
	for _, i := range e.outgoing(t.id) {
		if e.m.Flows[i].Target == o.id {
			direct = i
		}
	}
	if direct < 0 {
		for _, i := range e.outgoing(o.id) {
			if e.m.Flows[i].Target == t.id {
				t, o = o, t
				direct = i
			}
		}
	}
	if direct < 0 {
		return refused("%q and %q do not follow each other; only two steps in a row can be made parallel.", t.name, o.name)
	}
	if len(e.outgoing(t.id)) != 1 || len(e.incoming(o.id)) != 1 {
		return refused("%q and %q are part of a decision; make steps of one branch parallel instead.", t.name, o.name)
	}
	split, join := e.newID("Gateway"), ""
	e.m.Gateways = append(e.m.Gateways, process.Gateway{ID: split, Type: process.GatewayParallel, Performer: t.performer, Pool: t.pool, Parent: t.parent})
	join = e.newID("Gateway")
	e.m.Gateways = append(e.m.Gateways, process.Gateway{ID: join, Type: process.GatewayParallel, Performer: o.performer, Pool: o.pool, Parent: o.parent})
	e.m.Flows = append(e.m.Flows[:direct], e.m.Flows[direct+1:]...)
	for _, i := range e.incoming(t.id) {
		e.m.Flows[i].Target = split
	}
	for _, i := range e.outgoing(o.id) {
		e.m.Flows[i].Source = join
	}
	e.addFlow(split, t.id, "")
	e.addFlow(split, o.id, "")
	e.addFlow(t.id, join, "")
	e.addFlow(o.id, join, "")
	return nil
}

func (e *editor) loopBack(op Op) error {
	from, to, err := e.findPair(op)
	if err != nil {
		return err
	}
	if n := len(e.outgoing(from.id)); n > 1 {
		return refused("%q already has %d ways out; loop back from a step with one.", from.name, n)
	}
	cond := strings.TrimSpace(op.Condition)
	if cond == "" {
		cond = "Rework needed"
	}
	e.addFlow(e.splitAfter(from, op.Name, cond), to.id, cond)
	return nil
}
