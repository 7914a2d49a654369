package process

import "fmt"

// container is one sequence-flow world: the top level of a pool or the
// inside of a sub-process. Each gets its own start and end events and is
// connected on its own; no sequence flow leaves it.
type container struct {
	key string
	// pool is the pool id new nodes of the container get ("" for the main
	// pool); parent the sub-process id ("" at a pool's top level).
	pool, parent string
	// flowless marks a container whose nodes need no flow: an ad-hoc
	// sub-process, a collapsed pool, or a parent that is not a
	// sub-process (Validate reports that instead).
	flowless bool
	nodes    []node // document order
}

// containers lists the model's containers: the main pool first (always,
// so that an empty model still gets a start and an end), then the others
// in document order of their first node.
func containers(m *Model, g *graph) []*container {
	main := m.MainPool()
	byKey := map[string]*container{}
	var out []*container
	get := func(key string) *container {
		if c, ok := byKey[key]; ok {
			return c
		}
		c := &container{key: key}
		byKey[key] = c
		out = append(out, c)
		return c
	}
	get(containerKey(main, "", ""))
	for _, n := range g.nodes {
		if g.byID[n.ID] != n.Order {
			continue // a duplicate id: Validate reports it
		}
		c := get(g.cont[n.ID])
		c.nodes = append(c.nodes, n)
	}
	acts := map[string]int{}
	for i, a := range m.Activities {
		if _, ok := acts[a.ID]; !ok {
			acts[a.ID] = i
		}
	}
	collapsed := map[string]bool{}
	for _, p := range m.Pools {
		if p.Collapsed {
			collapsed[p.ID] = true
		}
	}
	for _, c := range out {
		if len(c.key) > 4 && c.key[:4] == "sub:" {
			c.parent = c.key[4:]
			i, ok := acts[c.parent]
			if !ok || !IsSubProcess(m.Activities[i].Type) || m.Activities[i].Type == ActivityAdHoc {
				c.flowless = true
				continue
			}
			c.pool = m.Activities[i].Pool
			continue
		}
		c.pool = c.key[len("pool:"):]
		c.flowless = collapsed[c.pool]
	}
	if len(m.Pools) > 0 && len(out[0].nodes) == 0 {
		// an explicit main pool without nodes draws as an empty band
		out = out[1:]
	}
	return out
}

// label names the container for a problem message.
func (c *container) label(m *Model) string {
	if c.parent != "" {
		for _, a := range m.Activities {
			if a.ID == c.parent {
				return fmt.Sprintf("Sub-process %q", a.Name)
			}
		}
		return fmt.Sprintf("Sub-process %q", c.parent)
	}
	if c.pool == "" && len(m.Pools) == 0 {
		return "The process"
	}
	if c.pool == "" {
		return fmt.Sprintf("Pool %q", poolLabel(m, m.MainPool()))
	}
	return fmt.Sprintf("Pool %q", poolLabel(m, c.pool))
}

// ref is the id a problem about the container points at.
func (c *container) ref(m *Model) string {
	if c.parent != "" {
		return c.parent
	}
	if c.pool == "" {
		return m.MainPool()
	}
	return c.pool
}

// addStartEnd gives every container that holds flow nodes a start and an
// end event. Start events inside a plain sub-process or transaction lose
// their trigger: only the process or an event sub-process is started by
// something (bpmnlint's sub-process-blank-start-event).
func addStartEnd(m *Model, ids *idSet) {
	g := newGraph(m)
	sub := map[string]string{}
	for _, a := range m.Activities {
		if _, ok := sub[a.ID]; !ok {
			sub[a.ID] = a.Type
		}
	}
	for i := range m.Events {
		e := &m.Events[i]
		if e.Type != EventStart {
			continue
		}
		t := sub[e.Parent]
		if e.Parent != "" && (t == ActivitySubProcess || t == ActivityTransaction) {
			e.Trigger = ""
		}
		if e.Parent == "" || t != ActivityEventSubProcess {
			// only an event sub-process' start may let the work go on
			e.NonInterrupting = false
		}
	}
	var prepend, appendix []Event
	for ci, c := range containers(m, g) {
		if c.flowless {
			continue
		}
		hasStart, hasEnd := false, false
		for _, n := range c.nodes {
			switch g.eventType(n.ID) {
			case EventStart:
				hasStart = true
			case EventEnd:
				hasEnd = true
			}
		}
		main := ci == 0 && c.key == containerKey(m.MainPool(), "", "")
		if !hasStart {
			e := Event{ID: ids.fresh("StartEvent"), Type: EventStart, Name: "Start", Pool: c.pool, Parent: c.parent}
			if main {
				prepend = append(prepend, e)
			} else {
				appendix = append(appendix, e)
			}
		}
		if !hasEnd {
			appendix = append(appendix, Event{ID: ids.fresh("EndEvent"), Type: EventEnd, Name: "End", Pool: c.pool, Parent: c.parent})
		}
	}
	if len(prepend) > 0 {
		m.Events = append(prepend, m.Events...)
	}
	m.Events = append(m.Events, appendix...)
}

// connect makes every node reachable from a start and able to reach an end,
// within each container. Without any flows in a container its nodes are
// chained in document order. Otherwise a node without incoming flow is fed
// from the node before it in document order, a node without outgoing flow
// runs to the first end event, and an end event nobody reaches is fed like
// any other node. Nodes still cut off (a cycle nobody enters) are then tied
// to their document neighbours, one at a time, until the graph is whole.
// Boundary events and link catch events never get an incoming flow (their
// host or the link throw of their name reaches them), link throws and
// compensation boundary events no outgoing one, and event sub-processes
// and compensation handlers no flow at all.
func connect(m *Model, ids *idSet) {
	g := newGraph(m)
	add := func(source, target string) {
		addFlow(m, ids, source, target)
		i := len(m.Flows) - 1
		g.out[source] = append(g.out[source], i)
		g.in[target] = append(g.in[target], i)
	}
	for _, c := range containers(m, g) {
		if c.flowless {
			continue
		}
		var nodes []node
		for _, n := range c.nodes {
			if !g.outside[n.ID] {
				nodes = append(nodes, n)
			}
		}
		connectContainer(m, g, nodes, add)
	}
}

// connectContainer connects the nodes of one container (see connect), in
// four phases: chain a container without flows, feed and drain the nodes
// flows miss, then tie what is still cut off from a start or an end.
func connectContainer(m *Model, g *graph, nodes []node, add func(source, target string)) {
	w := containerWiring{m: m, g: g, nodes: nodes, add: add}
	for _, n := range nodes {
		if w.isEnd(n.ID) && w.firstEnd == "" {
			w.firstEnd = n.ID
		}
		if w.isStart(n.ID) && w.firstStart == "" {
			w.firstStart = n.ID
		}
	}
	if w.firstEnd == "" || w.firstStart == "" {
		return
	}
	w.chainFlowless()
	w.feedAndDrain()
	starts, ends := roots(g, nodes)
	w.reachFromStarts(starts)
	w.reachEnds(ends)
}

// containerWiring is one container's nodes, in document order, and the
// flows connectContainer adds between them.
type containerWiring struct {
	m                    *Model
	g                    *graph
	nodes                []node
	add                  func(source, target string)
	firstStart, firstEnd string
}

func (w *containerWiring) isStart(id string) bool { return w.g.eventType(id) == EventStart }
func (w *containerWiring) isEnd(id string) bool   { return w.g.eventType(id) == EventEnd }

// anyNode accepts every node as a source.
func anyNode(string) bool { return true }

// prevSource is the last node before nodes[i] that may have an outgoing
// flow and that ok accepts, else the first start event.
func (w *containerWiring) prevSource(i int, ok func(string) bool) string {
	for j := i - 1; j >= 0; j-- {
		if w.g.needsOut(w.nodes[j].ID) && ok(w.nodes[j].ID) {
			return w.nodes[j].ID
		}
	}
	return w.firstStart
}

// chainFlowless chains the nodes in document order when none has an
// outgoing flow.
func (w *containerWiring) chainFlowless() {
	for _, n := range w.nodes {
		if len(w.g.out[n.ID]) > 0 {
			return
		}
	}
	for i, n := range w.nodes {
		if w.g.needsIn(n.ID) {
			w.add(w.prevSource(i, anyNode), n.ID)
		}
	}
}

// feedAndDrain feeds every node without incoming flow from the node
// before it, runs every node without outgoing flow to the first end
// event, and feeds every end event nobody reaches.
func (w *containerWiring) feedAndDrain() {
	g := w.g
	for i, n := range w.nodes {
		if w.isEnd(n.ID) || !g.needsIn(n.ID) || len(g.in[n.ID]) > 0 {
			continue
		}
		w.add(w.prevSource(i, anyNode), n.ID)
	}
	for _, n := range w.nodes {
		if !g.needsOut(n.ID) || len(g.out[n.ID]) > 0 {
			continue
		}
		w.add(n.ID, w.firstEnd)
	}
	for i, n := range w.nodes {
		if w.isEnd(n.ID) && len(g.in[n.ID]) == 0 {
			w.add(w.prevSource(i, anyNode), n.ID)
		}
	}
}

// reachFromStarts feeds the first node no start reaches from the last
// reached node before it, one at a time, until every node is reached.
func (w *containerWiring) reachFromStarts(starts []string) {
	for guard := 0; guard <= len(w.nodes); guard++ {
		fwd := w.g.reach(w.m, starts, true)
		changed := false
		for i, n := range w.nodes {
			if fwd[n.ID] || !w.g.needsIn(n.ID) && !w.isEnd(n.ID) {
				continue
			}
			w.add(w.prevSource(i, func(id string) bool { return fwd[id] }), n.ID)
			changed = true
			break
		}
		if !changed {
			break
		}
	}
}

// reachEnds runs the last node that reaches no end to the next node after
// it that does (else the first end event), one at a time, until every
// node reaches an end.
func (w *containerWiring) reachEnds(ends []string) {
	nodes := w.nodes
	for guard := 0; guard <= len(nodes); guard++ {
		back := w.g.reach(w.m, ends, false)
		changed := false
		for i := len(nodes) - 1; i >= 0; i-- {
			n := nodes[i]
			if back[n.ID] {
				continue
			}
			dst := w.firstEnd
			for j := i + 1; j < len(nodes); j++ {
				if back[nodes[j].ID] && w.g.needsIn(nodes[j].ID) {
					dst = nodes[j].ID
					break
				}
			}
			w.add(n.ID, dst)
			changed = true
			break
		}
		if !changed {
			break
		}
	}
}

// balanceGateways inserts a joining gateway of the split's type where the
// branches of a split meet at a node that is not a gateway. The join sits
// where the split sits.
func balanceGateways(m *Model, ids *idSet) {
	for guard := 0; guard < len(m.Gateways)+len(m.Activities)+len(m.Events)+1; guard++ {
		us := unbalancedSplits(m, newGraph(m))
		if len(us) == 0 {
			return
		}
		u := us[0]
		join := Gateway{Type: GatewayExclusive}
		for _, gw := range m.Gateways {
			if gw.ID == u.split {
				join.Type, join.Pool, join.Parent = gw.Type, gw.Pool, gw.Parent
				break
			}
		}
		if join.Type == GatewayEventBased {
			join.Type = GatewayExclusive
		}
		join.ID = ids.fresh("Gateway")
		m.Gateways = append(m.Gateways, join)
		for i := range m.Flows {
			if m.Flows[i].Target == u.meet {
				m.Flows[i].Target = join.ID
			}
		}
		addFlow(m, ids, join.ID, u.meet)
	}
}

// roots returns where reachability starts (start events, and link catch
// events, which continue a link throw) and where it must arrive (end
// events, link throws and compensation boundary events).
func roots(g *graph, nodes []node) (starts, ends []string) {
	for _, n := range nodes {
		switch {
		case g.eventType(n.ID) == EventStart || g.linkCatch[n.ID]:
			starts = append(starts, n.ID)
		case g.eventType(n.ID) == EventEnd || g.linkThrow[n.ID] || g.noOut[n.ID]:
			ends = append(ends, n.ID)
		}
	}
	return starts, ends
}
