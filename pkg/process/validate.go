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
//
// The checks run as the named phases of validationPhases, in that order;
// the order is the order of the problems reported (the corrective LLM
// round trip and the tests read them in it).
func (m *Model) Validate() []Problem {
	v := newValidation(m)
	for _, phase := range validationPhases {
		phase.check(v)
	}
	return v.ps
}

// validation is one run of Validate: the model, its node graph, the
// lookups several phases share, and the problems found so far.
type validation struct {
	m     *Model
	g     *graph
	main  string
	pools map[string]Pool // by id, the first of a duplicated id
	// seen holds the ids of nodes, pools, lanes, data items and
	// annotations; flowIDs those of sequence and message flows and data
	// associations, each checked against both for duplicates.
	seen    map[string]bool
	flowIDs map[string]bool
	conts   []*container
	ps      []Problem
}

func newValidation(m *Model) *validation {
	v := &validation{m: m, main: m.MainPool(), pools: map[string]Pool{},
		seen: map[string]bool{}, flowIDs: map[string]bool{}}
	for _, p := range m.Pools {
		if _, ok := v.pools[p.ID]; !ok {
			v.pools[p.ID] = p
		}
	}
	v.g = newGraph(m)
	v.conts = containers(m, v.g)
	return v
}

func (v *validation) add(code, id, format string, args ...any) {
	v.ps = append(v.ps, Problem{Code: code, NodeID: id, Message: fmt.Sprintf(format, args...)})
}

// validationPhases are Validate's checks in the order they report.
var validationPhases = []struct {
	name  string
	check func(*validation)
}{
	{"activities", (*validation).checkActivities},
	{"gateways", (*validation).checkGateways},
	{"events", (*validation).checkEvents},
	{"other ids", (*validation).checkOtherIDs},
	{"pools", (*validation).checkPools},
	{"nesting", (*validation).checkNesting},
	{"start and end", (*validation).checkStartEnd},
	{"sequence flows", (*validation).checkSequenceFlows},
	{"message flows", (*validation).checkMessageFlows},
	{"boundary events", (*validation).checkBoundaryEvents},
	{"data associations", (*validation).checkDataAssociations},
	{"reachability", (*validation).checkReachability},
	{"gateway balance", (*validation).checkBalance},
}

// checkID reports a missing id, or an id some element checked before
// already has.
func (v *validation) checkID(id, what, name string) {
	if strings.TrimSpace(id) == "" {
		v.add(ProblemMissingID, "", "The %s %q has no id.", what, name)
		return
	}
	if v.seen[id] {
		v.add(ProblemDuplicateID, id, "The id %q is used by more than one element.", id)
	}
	v.seen[id] = true
}

// checkFlowID is checkID for the connecting elements (flows and data
// associations), whose ids must differ from each other's and from every
// element's.
func (v *validation) checkFlowID(id, what, source, target string) {
	if strings.TrimSpace(id) == "" {
		v.add(ProblemMissingID, "", "A %s from %q to %q has no id.", what, source, target)
	} else if v.flowIDs[id] || v.seen[id] {
		v.add(ProblemDuplicateID, id, "The id %q is used by more than one element.", id)
	}
	v.flowIDs[id] = true
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
