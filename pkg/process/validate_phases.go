package process

import "strings"

// The phases of Validate, in the order validationPhases runs them.

// checkActivities: there is at least one activity, and each has an id, a
// name, a performer where its pool has lanes, and a known type and marker.
func (v *validation) checkActivities() {
	m, main := v.m, v.main
	if len(m.Activities) == 0 {
		v.add(ProblemNoActivities, "", "The process has no activities.")
	}
	hasLanes := map[string]bool{}
	for _, p := range m.Participants {
		hasLanes[poolKey(main, p.Pool)] = true
	}
	for _, a := range m.Activities {
		if strings.TrimSpace(a.Performer) != "" {
			hasLanes[poolKey(main, a.Pool)] = true
		}
	}
	for _, a := range m.Activities {
		v.checkID(a.ID, "activity", a.Name)
		if strings.TrimSpace(a.Name) == "" {
			v.add(ProblemMissingName, a.ID, "Activity %q has no name.", a.ID)
		}
		if strings.TrimSpace(a.Performer) == "" && hasLanes[poolKey(main, a.Pool)] {
			v.add(ProblemMissingPerformer, a.ID, "Activity %q has no performer.", a.Name)
		}
		if !knownActivityType(a.Type) {
			v.add(ProblemUnknownActivityType, a.ID, "Activity %q has unknown type %q (use task, user, service, send, receive, manual, business_rule, script, subprocess, event_subprocess, transaction, adhoc_subprocess or call_activity).", a.Name, a.Type)
		}
		switch a.Marker {
		case "", MarkerNone, MarkerLoop, MarkerParallel, MarkerSequential:
		default:
			v.add(ProblemUnknownActivityType, a.ID, "Activity %q has unknown marker %q (use none, loop, parallel or sequential).", a.Name, a.Marker)
		}
	}
}

// checkGateways: each gateway has an id and a known type.
func (v *validation) checkGateways() {
	for _, g := range v.m.Gateways {
		v.checkID(g.ID, "gateway", g.Name)
		if !knownGatewayType(g.Type) {
			v.add(ProblemUnknownGatewayType, g.ID, "Gateway %q has unknown type %q (use exclusive, parallel, inclusive, event_based or complex).", g.ID, g.Type)
		}
	}
}

// checkEvents: each event has an id, a known type and a known trigger.
func (v *validation) checkEvents() {
	for _, e := range v.m.Events {
		v.checkID(e.ID, "event", e.Name)
		switch e.Type {
		case EventStart, EventEnd, EventIntermediate, EventBoundary:
		default:
			v.add(ProblemUnknownEventType, e.ID, "Event %q has unknown type %q (use start, end, intermediate or boundary).", e.ID, e.Type)
		}
		if !knownTrigger(e.Trigger) {
			v.add(ProblemUnknownTrigger, e.ID, "Event %q has unknown trigger %q (use none, message, timer, signal, error, escalation, conditional, terminate, compensation, link, cancel or multiple).", e.Name, e.Trigger)
		}
	}
}

// checkOtherIDs: pools, lanes (an unnamed lane may go without), data
// items and annotations have ids no other element has.
func (v *validation) checkOtherIDs() {
	m := v.m
	for _, p := range m.Pools {
		v.checkID(p.ID, "pool", p.Name)
	}
	for _, p := range m.Participants {
		if p.ID != "" {
			v.checkID(p.ID, "lane", p.Name)
		}
	}
	for _, d := range m.Data {
		v.checkID(d.ID, "data item", d.Name)
	}
	for _, a := range m.Annotations {
		v.checkID(a.ID, "annotation", a.Text)
	}
}

// checkPools: every pool named exists (each missing one reported once),
// and a collapsed pool holds no nodes.
func (v *validation) checkPools() {
	m, g := v.m, v.g
	badPool := map[string]bool{}
	checkPool := func(ref, what, name string) {
		if ref == "" {
			return
		}
		if _, ok := v.pools[ref]; !ok && !badPool[ref] {
			badPool[ref] = true
			v.add(ProblemUnknownPool, ref, "The %s %q names pool %q, which does not exist.", what, name, ref)
		}
	}
	collapsedUsed := map[string]bool{}
	for _, n := range g.nodes {
		pool, _ := nodePlace(m, n)
		checkPool(pool, n.Kind, g.name(m, n.ID))
		if p, ok := v.pools[pool]; ok && p.Collapsed && !collapsedUsed[pool] {
			collapsedUsed[pool] = true
			v.add(ProblemCollapsedPoolHasNodes, pool, "Pool %q is collapsed (a black box) but holds %q; put the node in another pool or expand the pool.", p.Name, g.name(m, n.ID))
		}
	}
	for _, p := range m.Participants {
		checkPool(p.Pool, "lane", p.Name)
	}
	for _, d := range m.Data {
		checkPool(d.Pool, "data item", d.Name)
	}
	for _, a := range m.Annotations {
		checkPool(a.Pool, "annotation", a.Text)
	}
}

// checkNesting: parents are sub-processes without cycles or excess depth
// (validateNesting), and an ad-hoc sub-process holds no start or end
// event.
func (v *validation) checkNesting() {
	m, g := v.m, v.g
	validateNesting(m, g, v.add)
	for _, e := range m.Events {
		if e.Type != EventStart && e.Type != EventEnd {
			continue
		}
		if n, ok := g.node(e.Parent); ok && n.Kind == KindActivity && m.Activities[n.Index].Type == ActivityAdHoc {
			v.add(ProblemAdHocStartEnd, e.ID, "Ad-hoc sub-process %q holds the %s event %q; its activities run in any order, without start or end events.", m.Activities[n.Index].Name, e.Type, orNone(e.Name, e.ID))
		}
	}
}

// checkStartEnd: every pool and sub-process with flows has a start and an
// end event.
func (v *validation) checkStartEnd() {
	m, g := v.m, v.g
	for _, c := range v.conts {
		if c.flowless {
			continue
		}
		starts, ends := 0, 0
		for _, n := range c.nodes {
			switch g.eventType(n.ID) {
			case EventStart:
				starts++
			case EventEnd:
				ends++
			}
		}
		if starts == 0 {
			v.add(ProblemMissingStart, c.ref(m), "%s has no start event.", c.label(m))
		}
		if ends == 0 {
			v.add(ProblemMissingEnd, c.ref(m), "%s has no end event.", c.label(m))
		}
	}
}

// checkSequenceFlows: each sequence flow has a unique id, joins two
// existing nodes of one pool and level, enters no start or boundary event,
// leaves no end event, touches no event sub-process, and is a default flow
// only where one may be.
func (v *validation) checkSequenceFlows() {
	m, g := v.m, v.g
	defaults := map[string]int{}
	for _, f := range m.Flows {
		v.checkFlowID(f.ID, "sequence flow", f.Source, f.Target)
		if !g.has(f.Source) || !g.has(f.Target) {
			v.add(ProblemDanglingFlow, f.ID, "Sequence flow %q connects %q to %q, but at least one of them does not exist.", f.ID, f.Source, f.Target)
			continue
		}
		if g.cont[f.Source] != g.cont[f.Target] {
			v.add(ProblemFlowCrossesContainer, f.ID, "Sequence flow %q connects %q to %q across pools or sub-process levels; use a message flow between pools, and connect a sub-process itself from outside.", f.ID, g.name(m, f.Source), g.name(m, f.Target))
		}
		switch g.eventType(f.Target) {
		case EventStart:
			v.add(ProblemStartHasIncoming, f.Target, "Start event %q has an incoming sequence flow.", f.Target)
		case EventBoundary:
			v.add(ProblemBoundaryHasIncoming, f.Target, "Boundary event %q has an incoming sequence flow; it is triggered while its activity runs.", g.name(m, f.Target))
		}
		if g.eventType(f.Source) == EventEnd {
			v.add(ProblemEndHasOutgoing, f.Source, "End event %q has an outgoing sequence flow.", f.Source)
		}
		if g.outside[f.Source] || g.outside[f.Target] {
			v.add(ProblemEventSubProcessFlow, f.ID, "Sequence flow %q touches an event sub-process or a compensation handler; those start by their own event, without flows.", f.ID)
		}
		if f.Default {
			defaults[f.Source]++
			if defaults[f.Source] == 2 {
				v.add(ProblemInvalidDefaultFlow, f.Source, "%q has more than one default flow.", g.name(m, f.Source))
			} else if defaults[f.Source] == 1 && (!defaultSource(m, g, f.Source) || len(g.out[f.Source]) < 2) {
				v.add(ProblemInvalidDefaultFlow, f.ID, "Sequence flow %q is marked default, but only an exclusive, inclusive or complex gateway or an activity with several outgoing flows has a default flow.", f.ID)
			}
		}
	}
}

// checkMessageFlows: each message flow has a unique id and joins two
// activities, events or pools of different pools.
func (v *validation) checkMessageFlows() {
	m, g, main := v.m, v.g, v.main
	end := func(id string) (pool string, ok bool) {
		if n, ok := g.node(id); ok {
			if n.Kind == KindGateway {
				return "", false
			}
			p, _ := nodePlace(m, n)
			return poolKey(main, p), true
		}
		if _, ok := v.pools[id]; ok {
			return poolKey(main, id), true
		}
		return "", false
	}
	for _, f := range m.MessageFlows {
		v.checkFlowID(f.ID, "message flow", f.Source, f.Target)
		sp, sok := end(f.Source)
		tp, tok := end(f.Target)
		if !sok || !tok {
			v.add(ProblemDanglingMessageFlow, f.ID, "Message flow %q connects %q to %q, but at least one of them is not an activity, event or pool.", f.ID, f.Source, f.Target)
			continue
		}
		if sp == tp {
			v.add(ProblemMessageFlowSamePool, f.ID, "Message flow %q stays inside pool %q; messages go between pools, steps inside one pool are joined by sequence flows.", f.ID, poolLabel(m, sp))
		}
	}
}

// checkBoundaryEvents: a boundary event is attached to an activity (not
// an event sub-process) in its own pool and sub-process.
func (v *validation) checkBoundaryEvents() {
	m, g, main := v.m, v.g, v.main
	for _, e := range m.Events {
		if e.Type != EventBoundary {
			continue
		}
		n, ok := g.node(e.AttachedTo)
		if !ok || n.Kind != KindActivity || m.Activities[n.Index].Type == ActivityEventSubProcess {
			v.add(ProblemBoundaryWithoutHost, e.ID, "Boundary event %q is attached to %q, which is not an activity; attach it to the activity it interrupts or make it an intermediate event.", orNone(e.Name, e.ID), e.AttachedTo)
			continue
		}
		if a := m.Activities[n.Index]; poolKey(main, a.Pool) != poolKey(main, e.Pool) || a.Parent != e.Parent {
			v.add(ProblemPoolMismatch, e.ID, "Boundary event %q must sit in the same pool and sub-process as its activity %q.", orNone(e.Name, e.ID), a.Name)
		}
	}
}

// checkDataAssociations: each data association has a unique id and joins
// one data item to one activity or event.
func (v *validation) checkDataAssociations() {
	m, g := v.m, v.g
	dataIDs := map[string]bool{}
	for _, d := range m.Data {
		dataIDs[d.ID] = true
	}
	nodeEnd := func(id string) bool {
		n, ok := g.node(id)
		return ok && n.Kind != KindGateway
	}
	for _, d := range m.DataAssociations {
		v.checkFlowID(d.ID, "data association", d.Source, d.Target)
		if !(dataIDs[d.Source] && nodeEnd(d.Target)) && !(nodeEnd(d.Source) && dataIDs[d.Target]) {
			v.add(ProblemDanglingDataAssociation, d.ID, "Data association %q connects %q to %q; it must join one data object or store to one activity or event.", d.ID, d.Source, d.Target)
		}
	}
}

// checkReachability: in every pool and sub-process with flows, each node
// (but event sub-processes and compensation handlers) is reached from a
// start and reaches an end.
func (v *validation) checkReachability() {
	m, g := v.m, v.g
	for _, c := range v.conts {
		if c.flowless {
			continue
		}
		startIDs, endIDs := roots(g, c.nodes)
		skip := func(n node) bool { return g.outside[n.ID] }
		if len(startIDs) > 0 {
			fwd := g.reach(m, startIDs, true)
			for _, n := range c.nodes {
				if !fwd[n.ID] && !skip(n) {
					v.add(ProblemUnreachable, n.ID, "%q cannot be reached from a start event.", g.name(m, n.ID))
				}
			}
		}
		if len(endIDs) > 0 {
			back := g.reach(m, endIDs, false)
			for _, n := range c.nodes {
				if !back[n.ID] && !skip(n) {
					v.add(ProblemDeadEnd, n.ID, "%q has no path to an end event.", g.name(m, n.ID))
				}
			}
		}
	}
}

// checkBalance: the branches of a split meet again at a joining gateway.
func (v *validation) checkBalance() {
	for _, u := range unbalancedSplits(v.m, v.g) {
		v.add(ProblemUnbalancedGateway, u.split, "Gateway %q splits the flow, but its branches meet at %q without a joining gateway.", v.g.name(v.m, u.split), v.g.name(v.m, u.meet))
	}
}
