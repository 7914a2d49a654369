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

var knownGatewayTypes = map[string]bool{
	GatewayExclusive: true, GatewayParallel: true, GatewayInclusive: true, GatewayEventBased: true,
}

var knownEventTypes = map[string]bool{EventStart: true, EventEnd: true, EventIntermediate: true}

// Validate reports everything that would make the model a broken diagram:
// ids, flows, reachability, start/end events, gateway balance, names,
// performers and types. An empty result means the model is valid.
func (m *Model) Validate() []Problem {
	var ps []Problem
	add := func(code, id, format string, args ...any) {
		ps = append(ps, Problem{Code: code, NodeID: id, Message: fmt.Sprintf(format, args...)})
	}
	if len(m.Activities) == 0 {
		add(ProblemNoActivities, "", "The process has no activities.")
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
		if strings.TrimSpace(a.Performer) == "" {
			add(ProblemMissingPerformer, a.ID, "Activity %q has no performer.", a.Name)
		}
	}
	for _, g := range m.Gateways {
		checkID(g.ID, "gateway", g.Name)
		if !knownGatewayTypes[g.Type] {
			add(ProblemUnknownGatewayType, g.ID, "Gateway %q has unknown type %q (use exclusive, parallel, inclusive or event_based).", g.ID, g.Type)
		}
	}
	starts, ends := 0, 0
	for _, e := range m.Events {
		checkID(e.ID, "event", e.Name)
		switch e.Type {
		case EventStart:
			starts++
		case EventEnd:
			ends++
		default:
			if !knownEventTypes[e.Type] {
				add(ProblemUnknownEventType, e.ID, "Event %q has unknown type %q (use start, end or intermediate).", e.ID, e.Type)
			}
		}
	}
	if starts == 0 {
		add(ProblemMissingStart, "", "The process has no start event.")
	}
	if ends == 0 {
		add(ProblemMissingEnd, "", "The process has no end event.")
	}
	flowIDs := map[string]bool{}
	g := newGraph(m)
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
		if eventType(m, f.Target) == EventStart {
			add(ProblemStartHasIncoming, f.Target, "Start event %q has an incoming sequence flow.", f.Target)
		}
		if eventType(m, f.Source) == EventEnd {
			add(ProblemEndHasOutgoing, f.Source, "End event %q has an outgoing sequence flow.", f.Source)
		}
	}

	var startIDs, endIDs []string
	for _, e := range m.Events {
		switch e.Type {
		case EventStart:
			startIDs = append(startIDs, e.ID)
		case EventEnd:
			endIDs = append(endIDs, e.ID)
		}
	}
	if len(startIDs) > 0 {
		fwd := g.reach(m, startIDs, true)
		for _, n := range g.nodes {
			if !fwd[n.ID] {
				add(ProblemUnreachable, n.ID, "%q cannot be reached from a start event.", nodeName(m, n.ID))
			}
		}
	}
	if len(endIDs) > 0 {
		back := g.reach(m, endIDs, false)
		for _, n := range g.nodes {
			if !back[n.ID] {
				add(ProblemDeadEnd, n.ID, "%q has no path to an end event.", nodeName(m, n.ID))
			}
		}
	}
	for _, u := range unbalancedSplits(m, g) {
		add(ProblemUnbalancedGateway, u.split, "Gateway %q splits the flow, but its branches meet at %q without a joining gateway.", nodeName(m, u.split), nodeName(m, u.meet))
	}
	return ps
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
		if best == "" || isGateway(m, best) {
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

func isGateway(m *Model, id string) bool {
	for _, g := range m.Gateways {
		if g.ID == id {
			return true
		}
	}
	return false
}
