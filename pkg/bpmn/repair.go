package bpmn

import (
	"fmt"
	"regexp"

	"github.com/spade-bpmn/spade/pkg/process"
)

// repair makes the graph well-formed BPMN in the sense of bpmnlint's
// recommended rules, without guessing more than necessary: the model was
// validated upstream, so these passes only fire on imperfect models.
func (g *graph) repair() {
	g.dropImpossibleFlows()
	g.singleBlankStart()
	g.connectStarts()
	g.connectEnds()
	g.fixEventBased()
	g.splitImplicitForks()
	g.joinImplicitMerges()
	g.splitJoinForks()
	g.inferLanes()
	g.conditions()
}

// dropImpossibleFlows removes flows into start events and out of end
// events, which BPMN forbids.
func (g *graph) dropImpossibleFlows() {
	for i, f := range g.flows {
		if f.deleted {
			continue
		}
		if g.nodes[f.to].kind == kindStart || g.nodes[f.from].kind == kindEnd {
			g.deleteFlow(i)
		}
	}
}

func isBlank(n *node) bool {
	return n.trigger == "" || n.trigger == process.TriggerNone
}

// singleBlankStart merges extra blank start events into the first one
// (bpmnlint single-blank-start-event).
func (g *graph) singleBlankStart() {
	first := -1
	for i, n := range g.nodes {
		if n.kind != kindStart || !isBlank(n) {
			continue
		}
		if first < 0 {
			first = i
			continue
		}
		for _, fi := range append([]int(nil), n.out...) {
			g.resource(fi, first)
		}
		n.kind = "" // removed
	}
	g.compact()
}

// compact drops removed nodes (kind "") and renumbers flows' ends.
func (g *graph) compact() {
	remap := make([]int, len(g.nodes))
	var kept []*node
	for i, n := range g.nodes {
		if n.kind == "" {
			remap[i] = -1
			for _, fi := range append(append([]int(nil), n.in...), n.out...) {
				g.flows[fi].deleted = true
			}
			continue
		}
		remap[i] = len(kept)
		kept = append(kept, n)
	}
	if len(kept) == len(g.nodes) {
		return
	}
	g.nodes = kept
	for _, n := range g.nodes {
		n.in, n.out = nil, nil
	}
	for i, f := range g.flows {
		if f.deleted {
			continue
		}
		f.from, f.to = remap[f.from], remap[f.to]
		g.nodes[f.from].out = append(g.nodes[f.from].out, i)
		g.nodes[f.to].in = append(g.nodes[f.to].in, i)
	}
}

// connectStarts makes sure there is a start event and that every other
// node has an incoming flow (bpmnlint start-event-required,
// no-implicit-start).
func (g *graph) connectStarts() {
	start := -1
	for i, n := range g.nodes {
		if n.kind == kindStart && (start < 0 || isBlank(n) && !isBlank(g.nodes[start])) {
			start = i
		}
	}
	var orphans []int
	for i, n := range g.nodes {
		if n.kind != kindStart && len(n.in) == 0 {
			orphans = append(orphans, i)
		}
	}
	if start < 0 {
		target := 0
		if len(orphans) > 0 {
			target = orphans[0]
		}
		start = g.addNode(&node{id: g.newID("Event_", "Start"), kind: kindStart, name: "Start", lane: g.nodes[target].lane})
		if len(orphans) == 0 {
			// a pure cycle: enter it at its first node
			orphans = []int{target}
		}
	}
	for _, o := range orphans {
		g.addFlow(start, o, "")
	}
}

// connectEnds gives every node without outgoing flow (other than end
// events) its own end event (bpmnlint end-event-required,
// no-implicit-end).
func (g *graph) connectEnds() {
	hasEnd := false
	n := len(g.nodes)
	for i := 0; i < n; i++ {
		nd := g.nodes[i]
		if nd.kind == kindEnd {
			hasEnd = true
			continue
		}
		if len(nd.out) == 0 {
			e := g.addNode(&node{id: g.newID("Event_", "End"), kind: kindEnd, name: "End", lane: nd.lane})
			g.addFlow(i, e, "")
			hasEnd = true
		}
	}
	if !hasEnd {
		// every node is in a cycle: leave it after the node a walk from
		// the start reaches last
		last := g.lastReached()
		e := g.addNode(&node{id: g.newID("Event_", "End"), kind: kindEnd, name: "End", lane: g.nodes[last].lane})
		g.addFlow(last, e, "")
	}
}

// lastReached returns the node a breadth-first walk from the start events
// visits last (a node of the graph's final cycle).
func (g *graph) lastReached() int {
	seen := make([]bool, len(g.nodes))
	var queue []int
	for i, n := range g.nodes {
		if n.kind == kindStart {
			queue = append(queue, i)
			seen[i] = true
		}
	}
	last := len(g.nodes) - 1
	for h := 0; h < len(queue); h++ {
		v := queue[h]
		last = v
		for _, fi := range g.nodes[v].out {
			if t := g.flows[fi].to; !seen[t] {
				seen[t] = true
				queue = append(queue, t)
			}
		}
	}
	return last
}

// fixEventBased turns an event-based gateway whose outgoing flows do not
// all lead to catching events into an exclusive gateway (bpmnlint
// event-based-gateway).
func (g *graph) fixEventBased() {
	for _, n := range g.nodes {
		if n.kind != kindEventBased {
			continue
		}
		ok := len(n.out) >= 2
		for _, fi := range n.out {
			if g.nodes[g.flows[fi].to].kind != kindCatch {
				ok = false
			}
		}
		if !ok {
			n.kind = kindExclusive
		}
	}
}

// splitImplicitForks puts a gateway after every non-gateway node with
// several outgoing flows: exclusive when the flows carry conditions,
// parallel otherwise (bpmnlint no-implicit-split).
func (g *graph) splitImplicitForks() {
	n := len(g.nodes)
	for i := 0; i < n; i++ {
		nd := g.nodes[i]
		if nd.isGateway() || len(nd.out) < 2 {
			continue
		}
		kind := kindParallel
		name := ""
		for _, fi := range nd.out {
			if g.flows[fi].name != "" {
				kind = kindExclusive
				name = decisionName(nd.name)
			}
		}
		gw := g.addNode(&node{id: g.newID("Gateway_", "Split_"+nd.id), kind: kind, name: name, lane: nd.lane})
		for _, fi := range append([]int(nil), nd.out...) {
			g.resource(fi, gw)
		}
		g.addFlow(i, gw, "")
	}
}

// decisionName labels a gateway inserted after a node whose outgoing
// flows carry conditions.
func decisionName(after string) string {
	if after == "" {
		return "Which way?"
	}
	return "Outcome of " + after + "?"
}

// joinImplicitMerges puts an exclusive merge before every non-gateway node
// with several incoming flows (bpmnlint fake-join).
func (g *graph) joinImplicitMerges() {
	n := len(g.nodes)
	for i := 0; i < n; i++ {
		nd := g.nodes[i]
		if nd.isGateway() || len(nd.in) < 2 {
			continue
		}
		gw := g.addNode(&node{id: g.newID("Gateway_", "Merge_"+nd.id), kind: kindExclusive, lane: nd.lane})
		for _, fi := range append([]int(nil), nd.in...) {
			g.retarget(fi, gw)
		}
		g.addFlow(gw, i, "")
	}
}

// splitJoinForks splits a gateway that both joins and forks into a
// joining gateway of the same type followed by the forking one (bpmnlint
// no-gateway-join-fork).
func (g *graph) splitJoinForks() {
	n := len(g.nodes)
	for i := 0; i < n; i++ {
		nd := g.nodes[i]
		if !nd.isGateway() || len(nd.in) < 2 || len(nd.out) < 2 {
			continue
		}
		kind := nd.kind
		if kind == kindEventBased {
			kind = kindExclusive
		}
		gw := g.addNode(&node{id: g.newID("Gateway_", "Join_"+nd.id), kind: kind, lane: nd.lane})
		for _, fi := range append([]int(nil), nd.in...) {
			g.retarget(fi, gw)
		}
		g.addFlow(gw, i, "")
	}
}

// inferLanes puts nodes without a performer into the lane of a neighbour
// (predecessors first), or the first lane.
func (g *graph) inferLanes() {
	for changed := true; changed; {
		changed = false
		for _, n := range g.nodes {
			if n.lane >= 0 {
				continue
			}
			for _, fi := range n.in {
				if l := g.nodes[g.flows[fi].from].lane; l >= 0 {
					n.lane, changed = l, true
					break
				}
			}
			if n.lane >= 0 {
				continue
			}
			for _, fi := range n.out {
				if l := g.nodes[g.flows[fi].to].lane; l >= 0 {
					n.lane, changed = l, true
					break
				}
			}
		}
	}
	for _, n := range g.nodes {
		if n.lane < 0 {
			n.lane = 0
		}
	}
}

var defaultLabel = regexp.MustCompile(`(?i)^(else|otherwise|default|in all other cases|other(wise)? cases?)$`)

// conditions decides which flows carry a conditionExpression, which is
// the default, and drops labels BPMN readers would flag as superfluous
// (bpmnlint conditional-flows, label-required, superfluous-label).
func (g *graph) conditions() {
	for _, n := range g.nodes {
		decision := n.kind == kindExclusive || n.kind == kindInclusive
		if !decision {
			for _, fi := range n.out {
				g.flows[fi].name, g.flows[fi].cond = "", false
			}
			continue
		}
		for _, fi := range n.out {
			f := g.flows[fi]
			if f.name == "" {
				continue
			}
			if defaultLabel.MatchString(f.name) && n.defFlow < 0 && len(n.out) > 1 {
				n.defFlow = fi
				continue
			}
			f.cond = true
		}
		if len(n.out) < 2 {
			continue
		}
		k := 0
		for _, fi := range n.out {
			f := g.flows[fi]
			if f.cond || fi == n.defFlow {
				continue
			}
			if n.defFlow < 0 {
				n.defFlow = fi
				continue
			}
			k++
			f.name = fmt.Sprintf("Path %d", k)
			if t := g.nodes[f.to].name; t != "" {
				f.name = "To " + t
			}
			f.cond = true
		}
		if n.name == "" {
			n.name = decisionName("")
		}
	}
}

// hasWork reports whether the graph has any node from the model.
func hasWork(m *process.Model) bool {
	return len(m.Activities)+len(m.Gateways)+len(m.Events) > 0
}
