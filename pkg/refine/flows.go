package refine

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

func (e *editor) connect(op Op) error {
	a, b, err := e.findPair(op)
	if err != nil {
		return err
	}
	if a.pool != b.pool {
		e.m.MessageFlows = append(e.m.MessageFlows, process.MessageFlow{ID: e.newID("MessageFlow"), Name: op.Condition, Source: a.id, Target: b.id})
		return nil
	}
	for _, i := range e.outgoing(a.id) {
		if e.m.Flows[i].Target == b.id {
			return refused("%q is already connected to %q.", a.name, b.name)
		}
	}
	e.addFlow(a.id, b.id, strings.TrimSpace(op.Condition))
	return nil
}

func (e *editor) disconnect(op Op) error {
	a, b, err := e.findPair(op)
	if err != nil {
		return err
	}
	before := len(e.m.Flows) + len(e.m.MessageFlows)
	e.m.Flows = filter(e.m.Flows, func(f process.Flow) bool { return !(f.Source == a.id && f.Target == b.id) })
	e.m.MessageFlows = filter(e.m.MessageFlows, func(f process.MessageFlow) bool { return !(f.Source == a.id && f.Target == b.id) })
	if len(e.m.Flows)+len(e.m.MessageFlows) == before {
		return refused("%q is not connected to %q.", a.name, b.name)
	}
	return nil
}

// endAfter ends the process right after a step: its ways out are replaced
// by a flow to a new end event. An end event left with no way in (the one
// the step led to) goes too; other steps stay, so that nothing the user
// wrote disappears unasked.
func (e *editor) endAfter(op Op) error {
	n, err := e.find(op.Target)
	if err != nil {
		return err
	}
	if n.kind == "gateway" {
		return refused("%q is a decision; say which branch ends, for example: after %q, if rejected, the process ends.", n.name, n.name)
	}
	for _, ev := range e.m.Events {
		if ev.ID == n.id && ev.Type == process.EventEnd {
			return refused("%q already ends the process.", n.name)
		}
	}
	out := e.outgoing(n.id)
	if len(out) == 1 {
		for _, ev := range e.m.Events {
			if ev.ID == e.m.Flows[out[0]].Target && ev.Type == process.EventEnd {
				return refused("The process already ends after %q.", n.name)
			}
		}
	}
	left := map[string]bool{}
	for _, i := range out {
		left[e.m.Flows[i].Target] = true
	}
	e.m.Flows = filter(e.m.Flows, func(f process.Flow) bool { return f.Source != n.id })
	for id := range left {
		if len(e.incoming(id)) > 0 {
			continue
		}
		for _, ev := range e.m.Events {
			if ev.ID == id && ev.Type == process.EventEnd {
				e.removeNode(id)
				break
			}
		}
	}
	end := e.newID("Event")
	e.m.Events = append(e.m.Events, process.Event{ID: end, Type: process.EventEnd, Name: "Process ended", Performer: n.performer, Pool: n.pool, Parent: n.parent})
	e.addFlow(n.id, end, "")
	return nil
}

// nameCondition labels the flow between two elements.
func (e *editor) nameCondition(op Op) error {
	a, b, err := e.findPair(op)
	if err != nil {
		return err
	}
	cond := strings.TrimSpace(strings.Trim(op.Condition, `"'“”‘’`))
	if cond == "" {
		return refused("Say the condition to write on the flow from %q to %q.", a.name, b.name)
	}
	found := false
	for i := range e.m.Flows {
		if f := &e.m.Flows[i]; f.Source == a.id && f.Target == b.id {
			f.Condition, f.Unnamed, found = cond, false, true
		}
	}
	if !found {
		// Through an unnamed join (a gateway with one way out, which
		// repair adds where branches meet) the person sees one arrow.
		for i := range e.m.Flows {
			f := &e.m.Flows[i]
			if f.Source != a.id || !e.passThrough(f.Target, b.id) {
				continue
			}
			f.Condition, f.Unnamed, found = cond, false, true
		}
	}
	if !found {
		return refused("%q does not lead straight to %q; connect them first (connect %q to %q if %s).", a.name, b.name, a.name, b.name, cond)
	}
	return nil
}

// passThrough reports whether id is an unnamed gateway whose only way
// out leads to target.
func (e *editor) passThrough(id, target string) bool {
	for _, g := range e.m.Gateways {
		if g.ID == id && strings.TrimSpace(g.Name) == "" {
			out := e.outgoing(id)
			return len(out) == 1 && e.m.Flows[out[0]].Target == target
		}
	}
	return false
}
