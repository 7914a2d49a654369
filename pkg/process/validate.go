package process

import (
	"fmt"
	"sort"
	"strings"
)

// Problem codes reported by Validate. They are stable so that callers (and
// the corrective LLM round trip) can act on them.
const (
	ProblemMissingID          = "missing_id"
	ProblemDuplicateID        = "duplicate_id"
	ProblemDanglingFlow       = "dangling_flow"
	ProblemMissingStart       = "missing_start"
	ProblemMissingEnd         = "missing_end"
	ProblemUnreachable        = "unreachable"
	ProblemDeadEnd            = "dead_end"
	ProblemUnbalancedGateway  = "unbalanced_gateway"
	ProblemMissingName        = "missing_name"
	ProblemMissingPerformer   = "missing_performer"
	ProblemUnknownGatewayType = "unknown_gateway_type"
	ProblemUnknownEventType   = "unknown_event_type"
	ProblemStartHasIncoming   = "start_has_incoming"
	ProblemEndHasOutgoing     = "end_has_outgoing"
	ProblemNoActivities       = "no_activities"
	// ProblemUnknownPool: a node, lane, data item or note names a pool
	// that does not exist.
	ProblemUnknownPool = "unknown_pool"
	// ProblemCollapsedPoolHasNodes: a collapsed (black-box) pool holds
	// flow nodes.
	ProblemCollapsedPoolHasNodes = "collapsed_pool_has_nodes"
	// ProblemUnknownParent: a node's parent is missing or is not a
	// sub-process.
	ProblemUnknownParent = "unknown_parent"
	// ProblemParentCycle: sub-processes contain each other in a circle.
	ProblemParentCycle = "parent_cycle"
	// ProblemNestingTooDeep: sub-processes nest deeper than MaxNesting.
	ProblemNestingTooDeep = "nesting_too_deep"
	// ProblemPoolMismatch: a node sits in another pool than its
	// sub-process, or a boundary event elsewhere than its host.
	ProblemPoolMismatch = "pool_mismatch"
	// ProblemFlowCrossesContainer: a sequence flow joins two pools or two
	// sub-process levels.
	ProblemFlowCrossesContainer = "flow_crosses_container"
	// ProblemDanglingMessageFlow: a message flow end is missing or is a
	// gateway.
	ProblemDanglingMessageFlow = "dangling_message_flow"
	// ProblemMessageFlowSamePool: a message flow stays inside one pool.
	ProblemMessageFlowSamePool = "message_flow_same_pool"
	// ProblemBoundaryWithoutHost: a boundary event is not attached to an
	// existing activity.
	ProblemBoundaryWithoutHost = "boundary_without_host"
	// ProblemBoundaryHasIncoming: a sequence flow enters a boundary event.
	ProblemBoundaryHasIncoming = "boundary_has_incoming"
	// ProblemEventSubProcessFlow: a sequence flow enters or leaves an event
	// sub-process or a compensation handler.
	ProblemEventSubProcessFlow = "event_subprocess_has_flow"
	// ProblemInvalidDefaultFlow: a default flow leaves a node that cannot
	// have one, or a node has more than one.
	ProblemInvalidDefaultFlow = "invalid_default_flow"
	// ProblemDanglingDataAssociation: a data association does not join one
	// data object or store to one activity or event.
	ProblemDanglingDataAssociation = "dangling_data_association"
	// ProblemUnknownTrigger: an event trigger is none of the Trigger*
	// constants.
	ProblemUnknownTrigger = "unknown_trigger"
	// ProblemUnknownActivityType: an activity type or marker is none of
	// the Activity* or Marker* constants.
	ProblemUnknownActivityType = "unknown_activity_type"
	// ProblemAdHocStartEnd: an ad-hoc sub-process holds a start or end
	// event.
	ProblemAdHocStartEnd = "adhoc_start_end"
)

// Problem is one thing wrong with a model.
type Problem struct {
	Code    string `json:"code"`
	NodeID  string `json:"node_id,omitempty"`
	Message string `json:"message"`
}

// String returns the message, the form a person (or a model) reads.
func (p Problem) String() string { return p.Message }

// Messages returns the problems' messages, the form sent back to a model in
// the corrective round trip.
func Messages(ps []Problem) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Message
	}
	return out
}

// Validate reports everything that would make the model a broken diagram:
// ids (unique across every kind of element), pools, sub-process nesting,
// sequence flows (inside one pool and level), message flows (between
// pools), boundary events, default flows, data associations, reachability
// and start/end events per pool and sub-process, gateway balance, names,
// performers and types. An empty result means the model is valid.
func (m *Model) Validate() []Problem {
	var ps []Problem
	add := func(code, id, format string, args ...any) {
		ps = append(ps, Problem{Code: code, NodeID: id, Message: fmt.Sprintf(format, args...)})
	}
	if len(m.Activities) == 0 {
		add(ProblemNoActivities, "", "The process has no activities.")
	}
	main := m.MainPool()
	pools := map[string]Pool{}
	for _, p := range m.Pools {
		if _, ok := pools[p.ID]; !ok {
			pools[p.ID] = p
		}
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

	seen := map[string]bool{}
	checkID := func(id, what, name string) {
		if strings.TrimSpace(id) == "" {
			add(ProblemMissingID, "", "The %s %q has no id.", what, name)
			return
		}
		if seen[id] {
			add(ProblemDuplicateID, id, "The id %q is used by more than one element.", id)
		}
		seen[id] = true
	}
	for _, a := range m.Activities {
		checkID(a.ID, "activity", a.Name)
		if strings.TrimSpace(a.Name) == "" {
			add(ProblemMissingName, a.ID, "Activity %q has no name.", a.ID)
		}
		if strings.TrimSpace(a.Performer) == "" && hasLanes[poolKey(main, a.Pool)] {
			add(ProblemMissingPerformer, a.ID, "Activity %q has no performer.", a.Name)
		}
		if !knownActivityType(a.Type) {
			add(ProblemUnknownActivityType, a.ID, "Activity %q has unknown type %q (use task, user, service, send, receive, manual, business_rule, script, subprocess, event_subprocess, transaction, adhoc_subprocess or call_activity).", a.Name, a.Type)
		}
		switch a.Marker {
		case "", MarkerNone, MarkerLoop, MarkerParallel, MarkerSequential:
		default:
			add(ProblemUnknownActivityType, a.ID, "Activity %q has unknown marker %q (use none, loop, parallel or sequential).", a.Name, a.Marker)
		}
	}
	for _, g := range m.Gateways {
		checkID(g.ID, "gateway", g.Name)
		if !knownGatewayType(g.Type) {
			add(ProblemUnknownGatewayType, g.ID, "Gateway %q has unknown type %q (use exclusive, parallel, inclusive, event_based or complex).", g.ID, g.Type)
		}
	}
	for _, e := range m.Events {
		checkID(e.ID, "event", e.Name)
		switch e.Type {
		case EventStart, EventEnd, EventIntermediate, EventBoundary:
		default:
			add(ProblemUnknownEventType, e.ID, "Event %q has unknown type %q (use start, end, intermediate or boundary).", e.ID, e.Type)
		}
		if !knownTrigger(e.Trigger) {
			add(ProblemUnknownTrigger, e.ID, "Event %q has unknown trigger %q (use none, message, timer, signal, error, escalation, conditional, terminate, compensation, link, cancel or multiple).", e.Name, e.Trigger)
		}
	}
	for _, p := range m.Pools {
		checkID(p.ID, "pool", p.Name)
	}
	for _, p := range m.Participants {
		if p.ID != "" {
			checkID(p.ID, "lane", p.Name)
		}
	}
	for _, d := range m.Data {
		checkID(d.ID, "data item", d.Name)
	}
	for _, a := range m.Annotations {
		checkID(a.ID, "annotation", a.Text)
	}

	// pools
	badPool := map[string]bool{}
	checkPool := func(ref, what, name string) {
		if ref == "" {
			return
		}
		if _, ok := pools[ref]; !ok && !badPool[ref] {
			badPool[ref] = true
			add(ProblemUnknownPool, ref, "The %s %q names pool %q, which does not exist.", what, name, ref)
		}
	}
	g := newGraph(m)
	collapsedUsed := map[string]bool{}
	for _, n := range g.nodes {
		pool, _ := nodePlace(m, n)
		checkPool(pool, n.Kind, g.name(m, n.ID))
		if p, ok := pools[pool]; ok && p.Collapsed && !collapsedUsed[pool] {
			collapsedUsed[pool] = true
			add(ProblemCollapsedPoolHasNodes, pool, "Pool %q is collapsed (a black box) but holds %q; put the node in another pool or expand the pool.", p.Name, g.name(m, n.ID))
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

	// sub-process nesting
	validateNesting(m, g, add)
	for _, e := range m.Events {
		if e.Type != EventStart && e.Type != EventEnd {
			continue
		}
		if n, ok := g.node(e.Parent); ok && n.Kind == KindActivity && m.Activities[n.Index].Type == ActivityAdHoc {
			add(ProblemAdHocStartEnd, e.ID, "Ad-hoc sub-process %q holds the %s event %q; its activities run in any order, without start or end events.", m.Activities[n.Index].Name, e.Type, orNone(e.Name, e.ID))
		}
	}

	// start and end events per pool and sub-process
	conts := containers(m, g)
	for _, c := range conts {
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
			add(ProblemMissingStart, c.ref(m), "%s has no start event.", c.label(m))
		}
		if ends == 0 {
			add(ProblemMissingEnd, c.ref(m), "%s has no end event.", c.label(m))
		}
	}

	// sequence flows
	flowIDs := map[string]bool{}
	defaults := map[string]int{}
	for _, f := range m.Flows {
		if strings.TrimSpace(f.ID) == "" {
			add(ProblemMissingID, "", "A sequence flow from %q to %q has no id.", f.Source, f.Target)
		} else if flowIDs[f.ID] || seen[f.ID] {
			add(ProblemDuplicateID, f.ID, "The id %q is used by more than one element.", f.ID)
		}
		flowIDs[f.ID] = true
		if !g.has(f.Source) || !g.has(f.Target) {
			add(ProblemDanglingFlow, f.ID, "Sequence flow %q connects %q to %q, but at least one of them does not exist.", f.ID, f.Source, f.Target)
			continue
		}
		if g.cont[f.Source] != g.cont[f.Target] {
			add(ProblemFlowCrossesContainer, f.ID, "Sequence flow %q connects %q to %q across pools or sub-process levels; use a message flow between pools, and connect a sub-process itself from outside.", f.ID, g.name(m, f.Source), g.name(m, f.Target))
		}
		switch g.eventType(f.Target) {
		case EventStart:
			add(ProblemStartHasIncoming, f.Target, "Start event %q has an incoming sequence flow.", f.Target)
		case EventBoundary:
			add(ProblemBoundaryHasIncoming, f.Target, "Boundary event %q has an incoming sequence flow; it is triggered while its activity runs.", g.name(m, f.Target))
		}
		if g.eventType(f.Source) == EventEnd {
			add(ProblemEndHasOutgoing, f.Source, "End event %q has an outgoing sequence flow.", f.Source)
		}
		if g.outside[f.Source] || g.outside[f.Target] {
			add(ProblemEventSubProcessFlow, f.ID, "Sequence flow %q touches an event sub-process or a compensation handler; those start by their own event, without flows.", f.ID)
		}
		if f.Default {
			defaults[f.Source]++
			if defaults[f.Source] == 2 {
				add(ProblemInvalidDefaultFlow, f.Source, "%q has more than one default flow.", g.name(m, f.Source))
			} else if defaults[f.Source] == 1 && (!defaultSource(m, g, f.Source) || len(g.out[f.Source]) < 2) {
				add(ProblemInvalidDefaultFlow, f.ID, "Sequence flow %q is marked default, but only an exclusive, inclusive or complex gateway or an activity with several outgoing flows has a default flow.", f.ID)
			}
		}
	}

	// message flows
	for _, f := range m.MessageFlows {
		if strings.TrimSpace(f.ID) == "" {
			add(ProblemMissingID, "", "A message flow from %q to %q has no id.", f.Source, f.Target)
		} else if flowIDs[f.ID] || seen[f.ID] {
			add(ProblemDuplicateID, f.ID, "The id %q is used by more than one element.", f.ID)
		}
		flowIDs[f.ID] = true
		end := func(id string) (pool string, ok bool) {
			if n, ok := g.node(id); ok {
				if n.Kind == KindGateway {
					return "", false
				}
				p, _ := nodePlace(m, n)
				return poolKey(main, p), true
			}
			if _, ok := pools[id]; ok {
				return poolKey(main, id), true
			}
			return "", false
		}
		sp, sok := end(f.Source)
		tp, tok := end(f.Target)
		if !sok || !tok {
			add(ProblemDanglingMessageFlow, f.ID, "Message flow %q connects %q to %q, but at least one of them is not an activity, event or pool.", f.ID, f.Source, f.Target)
			continue
		}
		if sp == tp {
			add(ProblemMessageFlowSamePool, f.ID, "Message flow %q stays inside pool %q; messages go between pools, steps inside one pool are joined by sequence flows.", f.ID, poolLabel(m, sp))
		}
	}

	// boundary events
	for _, e := range m.Events {
		if e.Type != EventBoundary {
			continue
		}
		n, ok := g.node(e.AttachedTo)
		if !ok || n.Kind != KindActivity || m.Activities[n.Index].Type == ActivityEventSubProcess {
			add(ProblemBoundaryWithoutHost, e.ID, "Boundary event %q is attached to %q, which is not an activity; attach it to the activity it interrupts or make it an intermediate event.", orNone(e.Name, e.ID), e.AttachedTo)
			continue
		}
		if a := m.Activities[n.Index]; poolKey(main, a.Pool) != poolKey(main, e.Pool) || a.Parent != e.Parent {
			add(ProblemPoolMismatch, e.ID, "Boundary event %q must sit in the same pool and sub-process as its activity %q.", orNone(e.Name, e.ID), a.Name)
		}
	}

	// data associations
	dataIDs := map[string]bool{}
	for _, d := range m.Data {
		dataIDs[d.ID] = true
	}
	for _, d := range m.DataAssociations {
		if strings.TrimSpace(d.ID) == "" {
			add(ProblemMissingID, "", "A data association from %q to %q has no id.", d.Source, d.Target)
		} else if flowIDs[d.ID] || seen[d.ID] {
			add(ProblemDuplicateID, d.ID, "The id %q is used by more than one element.", d.ID)
		}
		flowIDs[d.ID] = true
		nodeEnd := func(id string) bool {
			n, ok := g.node(id)
			return ok && n.Kind != KindGateway
		}
		if !(dataIDs[d.Source] && nodeEnd(d.Target)) && !(nodeEnd(d.Source) && dataIDs[d.Target]) {
			add(ProblemDanglingDataAssociation, d.ID, "Data association %q connects %q to %q; it must join one data object or store to one activity or event.", d.ID, d.Source, d.Target)
		}
	}

	// reachability per pool and sub-process
	for _, c := range conts {
		if c.flowless {
			continue
		}
		startIDs, endIDs := roots(g, c.nodes)
		skip := func(n node) bool { return g.outside[n.ID] }
		if len(startIDs) > 0 {
			fwd := g.reach(m, startIDs, true)
			for _, n := range c.nodes {
				if !fwd[n.ID] && !skip(n) {
					add(ProblemUnreachable, n.ID, "%q cannot be reached from a start event.", g.name(m, n.ID))
				}
			}
		}
		if len(endIDs) > 0 {
			back := g.reach(m, endIDs, false)
			for _, n := range c.nodes {
				if !back[n.ID] && !skip(n) {
					add(ProblemDeadEnd, n.ID, "%q has no path to an end event.", g.name(m, n.ID))
				}
			}
		}
	}
	for _, u := range unbalancedSplits(m, g) {
		add(ProblemUnbalancedGateway, u.split, "Gateway %q splits the flow, but its branches meet at %q without a joining gateway.", g.name(m, u.split), g.name(m, u.meet))
	}
	return ps
}

// validateNesting reports parents that are not sub-processes, cycles of
// parents, nodes in another pool than their sub-process and nesting deeper
// than MaxNesting, in time linear in the model.
func validateNesting(m *Model, g *graph, add func(code, id, format string, args ...any)) {
	main := m.MainPool()
	parentIdx := func(parent string) (int, bool) {
		n, ok := g.node(parent)
		if !ok || n.Kind != KindActivity || !IsSubProcess(m.Activities[n.Index].Type) {
			return 0, false
		}
		return n.Index, true
	}
	check := func(id, name, pool, parent string) {
		if parent == "" {
			return
		}
		i, ok := parentIdx(parent)
		if !ok {
			add(ProblemUnknownParent, id, "%q names %q as its sub-process, but that is not a sub-process activity.", orNone(name, id), parent)
			return
		}
		if poolKey(main, m.Activities[i].Pool) != poolKey(main, pool) {
			add(ProblemPoolMismatch, id, "%q sits in another pool than its sub-process %q.", orNone(name, id), m.Activities[i].Name)
		}
	}
	for _, a := range m.Activities {
		check(a.ID, a.Name, a.Pool, a.Parent)
	}
	for _, gw := range m.Gateways {
		check(gw.ID, gw.Name, gw.Pool, gw.Parent)
	}
	for _, e := range m.Events {
		if e.Type != EventBoundary {
			check(e.ID, e.Name, e.Pool, e.Parent)
		}
	}

	up := func(i int) int {
		if j, ok := parentIdx(m.Activities[i].Parent); ok && m.Activities[i].Parent != "" {
			return j
		}
		return -1
	}
	depth := make([]int, len(m.Activities))
	state := make([]byte, len(m.Activities)) // 0 new, 1 on the path, 2 known
	deepest, deepestAt := 0, ""
	for i := range m.Activities {
		var path []int
		j := i
		for j >= 0 && state[j] == 0 {
			state[j] = 1
			path = append(path, j)
			j = up(j)
		}
		base := 0
		if j >= 0 && state[j] == 1 {
			add(ProblemParentCycle, m.Activities[j].ID, "Sub-process %q contains itself through its parents; a sub-process cannot sit inside its own content.", m.Activities[j].Name)
		} else if j >= 0 {
			base = depth[j] + 1
		}
		for k := len(path) - 1; k >= 0; k-- {
			depth[path[k]] = base
			state[path[k]] = 2
			base++
		}
	}
	for i, a := range m.Activities {
		if depth[i] > deepest {
			deepest, deepestAt = depth[i], a.ID
		}
	}
	if deepest > MaxNesting {
		add(ProblemNestingTooDeep, deepestAt, "Sub-processes nest %d levels deep; at most %d are allowed.", deepest, MaxNesting)
	}
}

func knownGatewayType(t string) bool {
	switch t {
	case GatewayExclusive, GatewayParallel, GatewayInclusive, GatewayEventBased, GatewayComplex:
		return true
	}
	return false
}

func knownTrigger(t string) bool {
	switch t {
	case "", TriggerNone, TriggerTimer, TriggerMessage, TriggerSignal, TriggerError, TriggerEscalation,
		TriggerConditional, TriggerTerminate, TriggerCompensation, TriggerLink, TriggerCancel, TriggerMultiple:
		return true
	}
	return false
}

func knownActivityType(t string) bool {
	switch t {
	case "", ActivityTask, ActivityUser, ActivityService, ActivitySend, ActivityReceive, ActivityManual,
		ActivityBusinessRule, ActivityScript, ActivitySubProcess, ActivityEventSubProcess, ActivityTransaction,
		ActivityAdHoc, ActivityCall:
		return true
	}
	return false
}

type unbalanced struct{ split, meet string }

// unbalancedSplits finds split gateways whose branches meet again at a node
// that is not a gateway. Branches that each run to their own end are fine.
// The meeting node is the one closest to the split, so that repair inserts
// the join where a reader expects it.
func unbalancedSplits(m *Model, g *graph) []unbalanced {
	var out []unbalanced
	for _, gw := range m.Gateways {
		outs := g.out[gw.ID]
		if len(outs) < 2 {
			continue
		}
		// distance of each node from the split, per branch
		dist := map[string]int{}
		count := map[string]int{}
		for _, fi := range outs {
			t := m.Flows[fi].Target
			if !g.has(t) {
				continue
			}
			d := bfs(m, g, t, gw.ID)
			for id, dd := range d {
				count[id]++
				if old, ok := dist[id]; !ok || dd > old {
					dist[id] = dd
				}
			}
		}
		best, bestD := "", -1
		ids := make([]string, 0, len(count))
		for id := range count {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			if count[id] < 2 {
				continue
			}
			if bestD == -1 || dist[id] < bestD {
				best, bestD = id, dist[id]
			}
		}
		if best == "" || isGatewayNode(g, best) {
			continue
		}
		out = append(out, unbalanced{split: gw.ID, meet: best})
	}
	return out
}

// bfs returns the shortest distance from root to every node reachable from
// it, not passing through stop (the split itself, so loops back to it do
// not count as a meeting).
func bfs(m *Model, g *graph, root, stop string) map[string]int {
	d := map[string]int{root: 0}
	queue := []string{root}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		for _, fi := range g.out[id] {
			t := m.Flows[fi].Target
			if t == stop || !g.has(t) {
				continue
			}
			if _, ok := d[t]; !ok {
				d[t] = d[id] + 1
				queue = append(queue, t)
			}
		}
	}
	return d
}
