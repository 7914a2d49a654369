package refine

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

func (e *editor) rename(op Op) error {
	n, err := e.find(op.Target)
	if err != nil {
		return err
	}
	name := strings.TrimSpace(strings.Trim(op.Name, `"'“”`))
	if name == "" {
		return refused("Say the new name of %q.", n.name)
	}
	e.setNode(n.id, func(p *string, _ *string) { *p = name })
	return nil
}

// setNode edits the name (and performer) of the node with id.
func (e *editor) setNode(id string, fn func(name, performer *string)) {
	for i := range e.m.Activities {
		if e.m.Activities[i].ID == id {
			fn(&e.m.Activities[i].Name, &e.m.Activities[i].Performer)
		}
	}
	for i := range e.m.Gateways {
		if e.m.Gateways[i].ID == id {
			fn(&e.m.Gateways[i].Name, &e.m.Gateways[i].Performer)
		}
	}
	for i := range e.m.Events {
		if e.m.Events[i].ID == id {
			fn(&e.m.Events[i].Name, &e.m.Events[i].Performer)
		}
	}
}

func (e *editor) move(op Op) error {
	n, err := e.find(op.Target)
	if err != nil {
		return err
	}
	if strings.TrimSpace(op.Lane) == "" {
		return refused("Say which lane %q moves to.", n.name)
	}
	lane := e.lane(op.Lane, n.pool)
	e.setNode(n.id, func(_, p *string) { *p = lane })
	return nil
}

// insert adds an activity or an intermediate event after or before the
// anchor, on the anchor's path.
func (e *editor) insert(op Op) error {
	a, err := e.find(op.Anchor)
	if err != nil {
		return err
	}
	name := strings.TrimSpace(strings.Trim(op.Name, `"'“”`))
	if name == "" {
		return refused("Say the name of the new step.")
	}
	pos := op.Position
	if pos == "" {
		pos = After
	}
	out, in := e.outgoing(a.id), e.incoming(a.id)
	if pos == After && len(out) > 1 {
		return refused("%q has %d ways out; add the step after a step of one branch instead.", a.name, len(out))
	}
	if pos == Before && len(in) > 1 {
		return refused("%q has %d ways in; add the step before a step of one branch instead.", a.name, len(in))
	}
	performer := a.performer
	if strings.TrimSpace(op.Lane) != "" {
		performer = e.lane(op.Lane, a.pool)
	}
	var id string
	if op.Op == OpAddEvent {
		id = e.newID("Event")
		trig := op.Trigger
		if trig == "" {
			trig = process.TriggerTimer
		}
		ev := process.Event{ID: id, Type: process.EventIntermediate, Trigger: trig, Name: name, Performer: performer, Pool: a.pool, Parent: a.parent}
		if trig == process.TriggerTimer {
			ev.Timer = name
		}
		e.m.Events = append(e.m.Events, ev)
	} else {
		id = e.newID("Activity")
		e.m.Activities = append(e.m.Activities, process.Activity{ID: id, Name: name, Performer: performer, Pool: a.pool, Parent: a.parent})
	}
	if pos == After {
		for _, i := range out {
			e.m.Flows[i].Source = id
		}
		e.addFlow(a.id, id, "")
	} else {
		for _, i := range in {
			e.m.Flows[i].Target = id
		}
		e.addFlow(id, a.id, "")
	}
	return nil
}

func (e *editor) delete(op Op) error {
	n, err := e.find(op.Target)
	if err != nil {
		return err
	}
	in, out := e.incoming(n.id), e.outgoing(n.id)
	var preds, succs []process.Flow
	for _, i := range in {
		preds = append(preds, e.m.Flows[i])
	}
	for _, i := range out {
		succs = append(succs, e.m.Flows[i])
	}
	e.removeNode(n.id)
	// Close the gap: every way in leads on to every way out when one side
	// is single, so deleting a step keeps the path around it.
	if len(preds) == 1 || len(succs) == 1 {
		for _, p := range preds {
			for _, s := range succs {
				cond := p.Condition
				if cond == "" {
					cond = s.Condition
				}
				e.addFlow(p.Source, s.Target, cond)
			}
		}
	}
	return nil
}

// removeNode drops the node, its flows, the boundary events on it and the
// links that named it.
func (e *editor) removeNode(id string) {
	drop := map[string]bool{id: true}
	for _, ev := range e.m.Events {
		if ev.AttachedTo == id {
			drop[ev.ID] = true
		}
	}
	e.m.Activities = filter(e.m.Activities, func(a process.Activity) bool { return !drop[a.ID] })
	e.m.Gateways = filter(e.m.Gateways, func(g process.Gateway) bool { return !drop[g.ID] })
	e.m.Events = filter(e.m.Events, func(ev process.Event) bool { return !drop[ev.ID] })
	e.m.Flows = filter(e.m.Flows, func(f process.Flow) bool { return !drop[f.Source] && !drop[f.Target] })
	e.m.MessageFlows = filter(e.m.MessageFlows, func(f process.MessageFlow) bool { return !drop[f.Source] && !drop[f.Target] })
	e.m.DataAssociations = filter(e.m.DataAssociations, func(d process.DataAssociation) bool { return !drop[d.Source] && !drop[d.Target] })
}

func filter[T any](s []T, keep func(T) bool) []T {
	out := s[:0]
	for _, v := range s {
		if keep(v) {
			out = append(out, v)
		}
	}
	return out
}
