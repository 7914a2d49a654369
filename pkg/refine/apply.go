package refine

import (
	"fmt"
	"sort"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// Apply carries out ops on a copy of m, in order, and repairs the result.
// It stops at the first operation it cannot carry out and returns an
// ErrRefused error whose Detail names the operation and why; m is never
// changed.
func Apply(m *process.Model, ops []Op) (*process.Model, error) {
	if len(ops) == 0 {
		return nil, refused("There is nothing to change: no edit was given.")
	}
	e := &editor{m: clone(m)}
	for i, op := range ops {
		if err := e.apply(op); err != nil {
			if len(ops) > 1 {
				return nil, refused("Edit %d of %d (%s): %s", i+1, len(ops), op.Op, Detail(err))
			}
			return nil, err
		}
	}
	process.Repair(e.m)
	return e.m, nil
}

func clone(m *process.Model) *process.Model {
	c := *m
	c.Pools = append([]process.Pool(nil), m.Pools...)
	c.Participants = append([]process.Participant(nil), m.Participants...)
	c.Activities = append([]process.Activity(nil), m.Activities...)
	c.Gateways = append([]process.Gateway(nil), m.Gateways...)
	c.Events = append([]process.Event(nil), m.Events...)
	c.Flows = append([]process.Flow(nil), m.Flows...)
	c.MessageFlows = append([]process.MessageFlow(nil), m.MessageFlows...)
	c.Data = append([]process.Data(nil), m.Data...)
	c.DataAssociations = append([]process.DataAssociation(nil), m.DataAssociations...)
	c.Annotations = append([]process.Annotation(nil), m.Annotations...)
	return &c
}

type editor struct{ m *process.Model }

// node is a flow node found by reference.
type node struct {
	id, name, kind  string
	performer, pool string
	parent          string
}

func (e *editor) nodes() []node {
	var out []node
	for _, a := range e.m.Activities {
		out = append(out, node{a.ID, a.Name, "activity", a.Performer, a.Pool, a.Parent})
	}
	for _, g := range e.m.Gateways {
		out = append(out, node{g.ID, g.Name, "gateway", g.Performer, g.Pool, g.Parent})
	}
	for _, ev := range e.m.Events {
		out = append(out, node{ev.ID, ev.Name, "event", ev.Performer, ev.Pool, ev.Parent})
	}
	return out
}

func norm(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.Trim(s, `"'“”‘’.`)
	return strings.Join(strings.Fields(s), " ")
}

// find resolves a reference written by a person or a model: an id, a name
// (case and quotes ignored), or a unique part of a name.
func (e *editor) find(ref string) (node, error) {
	r := norm(ref)
	if r == "" {
		return node{}, refused("An element to change is missing.")
	}
	ns := e.nodes()
	for _, n := range ns {
		if n.id == strings.TrimSpace(ref) {
			return n, nil
		}
	}
	var exact, partial []node
	for _, n := range ns {
		name := norm(n.name)
		switch {
		case name == r:
			exact = append(exact, n)
		case name != "" && (strings.Contains(name, r) || strings.Contains(r, name) && len(name) > 3):
			partial = append(partial, n)
		}
	}
	if len(exact) == 1 {
		return exact[0], nil
	}
	if len(exact) == 0 && len(partial) == 1 {
		return partial[0], nil
	}
	cands := exact
	if len(cands) == 0 {
		cands = partial
	}
	if len(cands) > 1 {
		var names []string
		for _, c := range cands {
			names = append(names, fmt.Sprintf("%q (%s)", c.name, c.id))
		}
		return node{}, refused("%q matches several elements: %s. Use the full name.", strings.TrimSpace(ref), strings.Join(names, ", "))
	}
	return node{}, refused("There is no step, decision or event called %q in the diagram.", strings.TrimSpace(ref))
}

func (e *editor) used() map[string]bool {
	u := e.m.NodeIDs()
	for _, f := range e.m.Flows {
		u[f.ID] = true
	}
	for _, f := range e.m.MessageFlows {
		u[f.ID] = true
	}
	for _, p := range e.m.Pools {
		u[p.ID] = true
	}
	for _, d := range e.m.Data {
		u[d.ID] = true
	}
	return u
}

// findPair resolves the two elements an operation names (Target, Other).
func (e *editor) findPair(op Op) (node, node, error) {
	a, err := e.find(op.Target)
	if err != nil {
		return node{}, node{}, err
	}
	b, err := e.find(op.Other)
	return a, b, err
}

func (e *editor) newID(prefix string) string {
	u := e.used()
	for i := 1; ; i++ {
		id := fmt.Sprintf("%s_r%d", prefix, i)
		if !u[id] {
			return id
		}
	}
}

func (e *editor) addFlow(from, to, cond string) {
	e.m.Flows = append(e.m.Flows, process.Flow{ID: e.newID("Flow"), Source: from, Target: to, Condition: cond})
}

func (e *editor) outgoing(id string) []int {
	var out []int
	for i, f := range e.m.Flows {
		if f.Source == id {
			out = append(out, i)
		}
	}
	return out
}

func (e *editor) incoming(id string) []int {
	var out []int
	for i, f := range e.m.Flows {
		if f.Target == id {
			out = append(out, i)
		}
	}
	return out
}

// lane finds the participant named like lane (case-insensitive) in pool,
// adding it when the model has none of that name.
func (e *editor) lane(lane, pool string) string {
	l := strings.TrimSpace(strings.Trim(lane, `"'“”`))
	for _, p := range e.m.Participants {
		if strings.EqualFold(p.Name, l) {
			return p.Name
		}
	}
	e.m.Participants = append(e.m.Participants, process.Participant{Name: l, Pool: pool})
	return l
}

func (e *editor) apply(op Op) error {
	switch op.Op {
	case OpRename:
		return e.rename(op)
	case OpMove:
		return e.move(op)
	case OpAddActivity, OpAddEvent:
		return e.insert(op)
	case OpDelete:
		return e.delete(op)
	case OpAddDecision:
		return e.decision(op)
	case OpMakeParallel:
		return e.parallel(op)
	case OpLoopBack:
		return e.loopBack(op)
	case OpConnect:
		return e.connect(op)
	case OpDisconnect:
		return e.disconnect(op)
	case OpEndAfter:
		return e.endAfter(op)
	case OpNameCondition:
		return e.nameCondition(op)
	}
	return refused("%q is not an edit SPADE knows.", op.Op)
}

// Names lists the element names a user can refer to, sorted: for the
// grammar's help text and the LLM prompt.
func Names(m *process.Model) []string {
	var out []string
	for _, n := range (&editor{m: m}).nodes() {
		if n.name != "" {
			out = append(out, n.name)
		}
	}
	sort.Strings(out)
	return out
}

// TaskNames lists the names of the model's tasks (activities) in the
// model's order: the steps the suggestions' examples are written with.
func TaskNames(m *process.Model) []string {
	var out []string
	for _, a := range m.Activities {
		if strings.TrimSpace(a.Name) != "" {
			out = append(out, a.Name)
		}
	}
	return out
}
