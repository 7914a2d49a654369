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
