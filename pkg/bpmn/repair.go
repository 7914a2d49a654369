package bpmn

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/process"
)

// repair makes the graph well-formed BPMN in the sense of bpmnlint's
// recommended rules, without guessing more than necessary: the model was
// validated upstream, so these passes only fire on imperfect models.
//
// A verbatim graph (a model converted from a BPMN file) only gets the
// passes that keep it valid BPMN; the file's implicit splits and merges,
// missing start or end events, unnamed gateways and conditions on any
// flow stay as the modeller drew them.
func (g *graph) repair() {
	g.collapseEmptyPools()
	g.dropImpossibleFlows()
	g.dropAdHocStartEnd()
	g.eventTriggers()
	if g.verbatim {
		g.inferLanes()
		g.verbatimConditions()
		return
	}
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
		if to := g.nodes[f.to].kind; to == parse.KindStartEvent || to == parse.KindBoundaryEvent || g.nodes[f.from].kind == parse.KindEndEvent {
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
	first := map[[2]int]int{}
	for i, n := range g.nodes {
		if n.kind != parse.KindStartEvent || !isBlank(n) {
			continue
		}
		sc := [2]int{n.pool, n.parent}
		f, ok := first[sc]
		if !ok {
			first[sc] = i
			continue
		}
		for _, fi := range append([]int(nil), n.out...) {
			g.resource(fi, f)
		}
		n.kind = "" // removed
	}
	g.compact()
}

// compact drops removed nodes (kind "") and renumbers every reference to
// nodes: flows' ends, parents, hosts, message flows and artifacts.
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
	re := func(i int) int {
		if i < 0 {
			return i
		}
		return remap[i]
	}
	g.nodes = kept
	for _, n := range g.nodes {
		n.in, n.out = nil, nil
		n.parent, n.host, n.handler = re(n.parent), re(n.host), re(n.handler)
	}
	for i, f := range g.flows {
		if f.deleted {
			continue
		}
		f.from, f.to = remap[f.from], remap[f.to]
		g.nodes[f.from].out = append(g.nodes[f.from].out, i)
		g.nodes[f.to].in = append(g.nodes[f.to].in, i)
	}
	msgs := g.msgs[:0]
	for _, m := range g.msgs {
		if (m.from.node >= 0 && remap[m.from.node] < 0) || (m.to.node >= 0 && remap[m.to.node] < 0) {
			continue
		}
		m.from.node, m.to.node = re(m.from.node), re(m.to.node)
		msgs = append(msgs, m)
	}
	g.msgs = msgs
	assoc := g.assoc[:0]
	for _, a := range g.assoc {
		if a.node = remap[a.node]; a.node >= 0 {
			assoc = append(assoc, a)
		}
	}
	g.assoc = assoc
	for i := range g.notes {
		g.notes[i].node, g.notes[i].parent = re(g.notes[i].node), re(g.notes[i].parent)
	}
	for i := range g.data {
		g.data[i].parent = re(g.data[i].parent)
	}
}

// collapseEmptyPools draws a pool without nodes as a black box: a process
// without start and end events would break bpmnlint's rules.
func (g *graph) collapseEmptyPools() {
	used := make([]bool, len(g.pools))
	for _, n := range g.nodes {
		used[n.pool] = true
	}
	for i := range g.pools {
		if !used[i] && g.multiPool {
			g.pools[i].collapsed = true
		}
	}
	// artifacts of a black box move to the main pool
	for i := range g.data {
		if g.pools[g.data[i].pool].collapsed {
			g.data[i].pool, g.data[i].lane = g.mainPool(), -1
		}
	}
	for i := range g.notes {
		if g.pools[g.notes[i].pool].collapsed {
			g.notes[i].pool, g.notes[i].lane = g.mainPool(), -1
		}
	}
}

// dropAdHocStartEnd removes start and end events from ad-hoc
// sub-processes, which BPMN does not allow there (bpmnlint
// ad-hoc-sub-process).
func (g *graph) dropAdHocStartEnd() {
	for _, n := range g.nodes {
		if n.parent >= 0 && g.nodes[n.parent].kind == parse.KindAdHocSubProcess && (n.kind == parse.KindStartEvent || n.kind == parse.KindEndEvent) {
			n.kind = ""
		}
	}
	g.compact()
}

// eventTriggers keeps each event's trigger to those BPMN allows for its
// kind and place: a blank start in a sub-process, a typed start in an
// event sub-process, no timer on a throwing event.
func (g *graph) eventTriggers() {
	for _, n := range g.nodes {
		if !n.isEvent() {
			continue
		}
		inEventSub := n.parent >= 0 && g.nodes[n.parent].triggered
		inSub := n.parent >= 0 && !inEventSub
		switch n.kind {
		case parse.KindStartEvent:
			switch {
			case inSub:
				n.trigger = ""
			case inEventSub:
				if isBlank(n) || n.trigger == process.TriggerTerminate || n.trigger == process.TriggerLink || n.trigger == process.TriggerCancel {
					n.trigger = process.TriggerMessage
				}
			default:
				switch n.trigger {
				case process.TriggerMessage, process.TriggerTimer, process.TriggerSignal, process.TriggerConditional, process.TriggerMultiple:
				default:
					n.trigger = ""
				}
			}
		case parse.KindEndEvent:
			switch n.trigger {
			case process.TriggerTimer, process.TriggerConditional, process.TriggerLink:
				n.trigger = ""
			}
		case parse.KindIntermediateThrowEvent:
			switch n.trigger {
			case process.TriggerError, process.TriggerTerminate, process.TriggerCancel:
				n.trigger = ""
			}
		case parse.KindBoundaryEvent:
			switch n.trigger {
			case "", process.TriggerNone:
				// a file's boundary event without a trigger keeps none:
				// a timer would be invented
				if !g.verbatim {
					n.trigger = process.TriggerTimer
				}
			case process.TriggerTerminate, process.TriggerLink:
				n.trigger = process.TriggerTimer
			}
		}
	}
}

// scopes lists the nodes of every process and sub-process level: each
// pool's top level and each sub-process' content, in a stable order.
func (g *graph) scopes() (keys [][2]int, members map[[2]int][]int) {
	members = map[[2]int][]int{}
	add := func(k [2]int) {
		if _, ok := members[k]; !ok {
			members[k] = nil
			keys = append(keys, k)
		}
	}
	for i, p := range g.pools {
		if !p.collapsed {
			add([2]int{i, -1})
		}
	}
	for i, n := range g.nodes {
		if n.isContainer() {
			add([2]int{n.pool, i})
		}
	}
	for i, n := range g.nodes {
		k := [2]int{n.pool, n.parent}
		add(k)
		members[k] = append(members[k], i)
	}
	return keys, members
}

// exemptStart reports whether a node needs no incoming flow.
func (g *graph) exemptStart(n *node) bool {
	return n.kind == parse.KindStartEvent || n.kind == parse.KindBoundaryEvent || n.triggered || n.compensation ||
		(n.kind == parse.KindIntermediateCatchEvent && n.trigger == process.TriggerLink) ||
		(n.parent >= 0 && g.nodes[n.parent].kind == parse.KindAdHocSubProcess)
}

// exemptEnd reports whether a node needs no outgoing flow.
func (g *graph) exemptEnd(n *node) bool {
	return n.kind == parse.KindEndEvent || n.triggered || n.compensation ||
		(n.kind == parse.KindIntermediateThrowEvent && n.trigger == process.TriggerLink) ||
		(n.parent >= 0 && g.nodes[n.parent].kind == parse.KindAdHocSubProcess)
}

// connectStarts makes sure every process and sub-process has a start
// event and that every other node has an incoming flow (bpmnlint
// start-event-required, no-implicit-start).
func (g *graph) connectStarts() {
	keys, members := g.scopes()
	for _, sc := range keys {
		adhoc := sc[1] >= 0 && g.nodes[sc[1]].kind == parse.KindAdHocSubProcess
		if adhoc {
			continue
		}
		start := -1
		var orphans []int
		for _, i := range members[sc] {
			n := g.nodes[i]
			if n.kind == parse.KindStartEvent && (start < 0 || isBlank(n) && !isBlank(g.nodes[start])) {
				start = i
			}
		}
		for _, i := range members[sc] {
			if n := g.nodes[i]; !g.exemptStart(n) && len(n.in) == 0 {
				orphans = append(orphans, i)
			}
		}
		if start < 0 {
			st := &node{id: g.newID("Event_", "Start"), kind: parse.KindStartEvent, name: "Start"}
			if sc[1] >= 0 && g.nodes[sc[1]].triggered {
				st.trigger = process.TriggerMessage
			}
			switch {
			case len(orphans) > 0:
				start = g.addNodeBeside(orphans[0], st)
			case len(members[sc]) > 0:
				// a pure cycle: enter it at its first node
				start = g.addNodeBeside(members[sc][0], st)
				if !g.exemptStart(g.nodes[members[sc][0]]) {
					orphans = []int{members[sc][0]}
				}
			default:
				// an empty sub-process
				st.pool, st.parent, st.lane, st.host = sc[0], sc[1], -1, -1
				if sc[1] >= 0 {
					st.lane = g.nodes[sc[1]].lane
				}
				start = g.addNode(st)
			}
		}
		for _, o := range orphans {
			g.addFlow(start, o, "")
		}
	}
}

// connectEnds gives every node without outgoing flow (other than end
// events) its own end event (bpmnlint end-event-required,
// no-implicit-end).
func (g *graph) connectEnds() {
	keys, members := g.scopes()
	for _, sc := range keys {
		if sc[1] >= 0 && g.nodes[sc[1]].kind == parse.KindAdHocSubProcess {
			continue
		}
		hasEnd := false
		for _, i := range members[sc] {
			nd := g.nodes[i]
			if nd.kind == parse.KindEndEvent {
				hasEnd = true
				continue
			}
			if len(nd.out) == 0 && !g.exemptEnd(nd) {
				e := g.addNodeBeside(i, &node{id: g.newID("Event_", "End"), kind: parse.KindEndEvent, name: "End"})
				g.addFlow(i, e, "")
				hasEnd = true
			}
		}
		if !hasEnd {
			// every node is in a cycle: leave it after the node a walk
			// from the start reaches last
			last := g.lastReached(members[sc])
			e := g.addNodeBeside(last, &node{id: g.newID("Event_", "End"), kind: parse.KindEndEvent, name: "End"})
			g.addFlow(last, e, "")
		}
	}
}

// lastReached returns the node of a scope a breadth-first walk from its
// start events visits last (a node of the graph's final cycle).
func (g *graph) lastReached(members []int) int {
	seen := map[int]bool{}
	var queue []int
	for _, i := range members {
		if g.nodes[i].kind == parse.KindStartEvent {
			queue = append(queue, i)
			seen[i] = true
		}
	}
	last := members[len(members)-1]
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
	if g.exemptEnd(g.nodes[last]) || g.nodes[last].kind == parse.KindStartEvent && len(members) > 1 {
		for k := len(queue) - 1; k >= 0; k-- {
			if n := g.nodes[queue[k]]; !g.exemptEnd(n) {
				return queue[k]
			}
		}
	}
	return last
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
	first := make([]int, len(g.pools))
	for i := range first {
		first[i] = -1
	}
	for i := len(g.lanes) - 1; i >= 0; i-- {
		if g.lanes[i].parent < 0 {
			first[g.lanes[i].pool] = g.leafLane(i)
		}
	}
	for _, n := range g.nodes {
		if n.lane < 0 {
			n.lane = first[n.pool]
		}
	}
	// nodes inside a sub-process and boundary events share the lane of
	// the shape that holds them
	top := g.roots()
	for i, n := range g.nodes {
		n.lane = g.nodes[top[i]].lane
	}
	for i := range g.data {
		if g.data[i].lane < 0 {
			g.data[i].lane = first[g.data[i].pool]
		}
	}
	for i := range g.notes {
		if t := g.notes[i].node; t >= 0 {
			g.notes[i].lane = g.nodes[t].lane
		} else if g.notes[i].lane < 0 {
			g.notes[i].lane = first[g.notes[i].pool]
		}
	}
}

// hasWork reports whether the graph has any node from the model.
func hasWork(m *process.Model) bool {
	return len(m.Activities)+len(m.Gateways)+len(m.Events) > 0
}
