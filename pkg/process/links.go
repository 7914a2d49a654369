package process

import "strings"

// fixBoundaries settles boundary events on their host: the host (found by
// id, differently cased id or name) must be an activity, and the event sits
// in the host's pool, sub-process and lane. A boundary event on a gateway
// or an event becomes an intermediate catch event that follows that node;
// one on a missing host becomes an intermediate event that repair connects
// like any orphan.
func fixBoundaries(m *Model) {
	g := newGraph(m)
	resolve := nodeResolver(m, g)
	var follow []Flow
	for i := range m.Events {
		e := &m.Events[i]
		if e.Type != EventBoundary {
			continue
		}
		host := resolve(e.AttachedTo)
		n, ok := g.node(host)
		if ok && n.Kind == KindActivity && m.Activities[n.Index].Type != ActivityEventSubProcess {
			a := m.Activities[n.Index]
			e.AttachedTo, e.Pool, e.Parent, e.Performer = a.ID, a.Pool, a.Parent, a.Performer
			continue
		}
		e.Type, e.AttachedTo, e.NonInterrupting, e.Throw = EventIntermediate, "", false, false
		if ok && g.eventType(host) != EventEnd {
			e.Pool, e.Parent = nodePlace(m, n)
			follow = append(follow, Flow{Source: host, Target: e.ID})
		}
	}
	m.Flows = append(m.Flows, follow...)
}

// fixConnections keeps every sequence flow inside one pool and one
// sub-process level, and every message flow between two pools. A
// sequence flow between pools becomes a message flow (named by its
// condition label); one between sub-process levels is re-attached to the
// sub-process on the outer level (a flow out of a task inside sub-process
// S to the task after S leaves S itself). A message flow between two nodes
// of one pool becomes a sequence flow (the model drew the flow with the
// wrong kind of arrow), and is dropped when no sequence flow may join
// them. Dropped as before: links to missing nodes, self loops, flows into
// start or boundary events or out of end events, flows touching an event
// sub-process or a compensation handler, message flows touching a
// gateway, exact duplicates.
func fixConnections(m *Model) {
	c := newConnector(m)
	for _, f := range m.Flows {
		f.Source, f.Target = c.resolve(f.Source), c.resolve(f.Target)
		f.Condition = strings.TrimSpace(f.Condition)
		c.addSeq(f)
	}
	for _, f := range m.MessageFlows {
		f.Source, f.Target = c.resolveEnd(f.Source), c.resolveEnd(f.Target)
		if c.g.has(f.Source) && c.g.has(f.Target) && c.poolOf(f.Source) == c.poolOf(f.Target) {
			c.addSeq(Flow{ID: f.ID, Source: f.Source, Target: f.Target, Condition: f.Name})
			continue
		}
		c.addMsg(f)
	}
	m.Flows, m.MessageFlows = c.flows, c.msgs
	messageEvents(m)
}

// flowKey identifies a flow by its ends, to drop exact duplicates.
type flowKey struct{ s, t string }

// connector collects the repaired flows of fixConnections: it knows each
// node's pool and sub-process and keeps the flows it accepted, in order.
type connector struct {
	m        *Model
	g        *graph
	resolve  func(string) string
	main     string
	poolIDs  map[string]bool   // pool IDs
	poolFold map[string]string // lower-cased pool ID or name → first pool with it
	seenSeq  map[flowKey]bool
	seenMsg  map[flowKey]bool
	flows    []Flow
	msgs     []MessageFlow
}

func newConnector(m *Model) *connector {
	g := newGraph(m)
	c := &connector{
		m: m, g: g, resolve: nodeResolver(m, g), main: m.MainPool(),
		poolIDs: map[string]bool{}, poolFold: map[string]string{},
		seenSeq: map[flowKey]bool{}, seenMsg: map[flowKey]bool{},
	}
	for _, p := range m.Pools {
		c.poolIDs[p.ID] = true
		for _, k := range []string{strings.ToLower(p.ID), strings.ToLower(p.Name)} {
			if _, ok := c.poolFold[k]; !ok {
				c.poolFold[k] = p.ID
			}
		}
	}
	return c
}

// poolOf is the pool a node (or a pool ID) belongs to.
func (c *connector) poolOf(id string) string {
	if n, ok := c.g.node(id); ok {
		p, _ := nodePlace(c.m, n)
		return poolKey(c.main, p)
	}
	return poolKey(c.main, id)
}

// parentOf is the sub-process a node sits in, "" at its pool's top level.
func (c *connector) parentOf(id string) string {
	if n, ok := c.g.node(id); ok {
		_, p := nodePlace(c.m, n)
		return p
	}
	return ""
}

// chain lists the sub-processes around id, innermost first, ending with
// "" (the pool's top level); parents are acyclic and bounded.
func (c *connector) chain(id string) []string {
	var ch []string
	for p, hops := c.parentOf(id), 0; p != "" && hops <= MaxNesting+1; p, hops = c.parentOf(p), hops+1 {
		ch = append(ch, p)
	}
	return append(ch, "")
}

// lift returns the ancestor of id (or id) that sits directly in
// container cont.
func (c *connector) lift(id, cont string) string {
	for hops := 0; hops <= MaxNesting+1; hops++ {
		if c.parentOf(id) == cont {
			return id
		}
		id = c.parentOf(id)
	}
	return id
}

// resolveEnd resolves a message flow's end: a node, else a pool by ID or
// (ignoring case) by name.
func (c *connector) resolveEnd(ref string) string {
	ref = c.resolve(ref)
	if c.g.has(ref) || c.poolIDs[ref] {
		return ref
	}
	if id, ok := c.poolFold[strings.ToLower(ref)]; ok {
		return id
	}
	return ref
}

// addMsg keeps a message flow between two existing nodes or pools of
// different pools, neither end a gateway, once.
func (c *connector) addMsg(f MessageFlow) {
	if !c.g.has(f.Source) && !c.poolIDs[f.Source] || !c.g.has(f.Target) && !c.poolIDs[f.Target] {
		return
	}
	if isGatewayNode(c.g, f.Source) || isGatewayNode(c.g, f.Target) || c.poolOf(f.Source) == c.poolOf(f.Target) {
		return
	}
	if k := (flowKey{f.Source, f.Target}); !c.seenMsg[k] {
		c.seenMsg[k] = true
		c.msgs = append(c.msgs, f)
	}
}

// addSeq keeps a sequence flow, once: one between pools becomes a message
// flow, one between sub-process levels is lifted to their common level,
// and one that no sequence flow may draw is dropped.
func (c *connector) addSeq(f Flow) {
	if !c.g.has(f.Source) || !c.g.has(f.Target) || f.Source == f.Target {
		return
	}
	if c.poolOf(f.Source) != c.poolOf(f.Target) {
		c.addMsg(MessageFlow{ID: f.ID, Name: f.Condition, Source: f.Source, Target: f.Target})
		return
	}
	f, ok := c.sameLevel(f)
	if !ok || !c.seqAllowed(f) {
		return
	}
	if k := (flowKey{f.Source, f.Target}); !c.seenSeq[k] {
		c.seenSeq[k] = true
		c.flows = append(c.flows, f)
	}
}

// sameLevel re-attaches a flow between sub-process levels to the
// ancestors of its ends that sit in their innermost common container;
// false when both ends then are one node.
func (c *connector) sameLevel(f Flow) (Flow, bool) {
	if c.parentOf(f.Source) == c.parentOf(f.Target) {
		return f, true
	}
	cs, ct := c.chain(f.Source), c.chain(f.Target)
	in := map[string]bool{}
	for _, p := range ct {
		in[p] = true
	}
	common := ""
	for _, p := range cs {
		if in[p] {
			common = p
			break
		}
	}
	f.Source, f.Target = c.lift(f.Source, common), c.lift(f.Target, common)
	if f.Source == f.Target || c.parentOf(f.Source) != c.parentOf(f.Target) {
		return f, false
	}
	return f, true
}

// seqAllowed reports whether a sequence flow may join its ends: none into
// a start or boundary event, out of an end event, or touching an event
// sub-process or a compensation handler.
func (c *connector) seqAllowed(f Flow) bool {
	if c.g.eventType(f.Target) == EventStart || c.g.eventType(f.Source) == EventEnd || c.g.eventType(f.Target) == EventBoundary {
		return false
	}
	return !c.g.outside[f.Source] && !c.g.outside[f.Target]
}

// messageEvents makes events agree with the message flows at them: an
// event without trigger that sends or receives a message is a message
// event, and an intermediate event that only sends throws while one that
// only receives catches.
func messageEvents(m *Model) {
	if len(m.MessageFlows) == 0 {
		return
	}
	sends, receives := map[string]bool{}, map[string]bool{}
	for _, f := range m.MessageFlows {
		sends[f.Source] = true
		receives[f.Target] = true
	}
	for i := range m.Events {
		e := &m.Events[i]
		if s, r := sends[e.ID], receives[e.ID]; s || r {
			messageTrigger(e, s, r)
		}
	}
	messageStarts(m, sends, receives)
}

// messageTrigger gives event e, which sends (s) or receives (r) a
// message, the message trigger when it has none and its place allows
// (a start or boundary event that receives, an end event that sends, an
// intermediate event), and makes an intermediate message event throw
// when it only sends, catch when it only receives.
func messageTrigger(e *Event, s, r bool) {
	if e.Trigger == "" || e.Trigger == TriggerNone {
		switch {
		case e.Type == EventStart && r, e.Type == EventBoundary && r, e.Type == EventEnd && s, e.Type == EventIntermediate:
			e.Trigger = TriggerMessage
		}
	}
	if e.Type == EventIntermediate && e.Trigger == TriggerMessage && s != r {
		e.Throw = s
	}
}

// messageStarts makes a start event of a catch event that only receives
// a message and that no sequence flow enters, among flows that exist: it
// is where its process starts when the message arrives, rather than an
// orphan to be wired after whatever precedes it in the document.
func messageStarts(m *Model, sends, receives map[string]bool) {
	g := newGraph(m)
	flowsIn := map[string]bool{}
	for _, f := range m.Flows {
		flowsIn[g.cont[f.Source]] = true
	}
	for i := range m.Events {
		e := &m.Events[i]
		if e.Type == EventIntermediate && e.Trigger == TriggerMessage && !e.Throw && receives[e.ID] && !sends[e.ID] &&
			len(g.in[e.ID]) == 0 && flowsIn[g.cont[e.ID]] {
			e.Type = EventStart
			nameUnnamedEnd(e)
		}
	}
}

// fixData keeps data associations that join one data object or store to
// one activity or event (dropping the rest and duplicates), and places
// each data item where the first node using it sits: its pool, sub-process
// and lane. Data nobody uses keeps its pool and leaves a sub-process that
// does not exist.
func fixData(m *Model) {
	dl := newDataLinker(m)
	seen := map[flowKey]bool{}
	user := map[int]node{}
	var out []DataAssociation
	for _, a := range m.DataAssociations {
		a, d, n, ok := dl.orient(a)
		if !ok {
			continue
		}
		k := flowKey{a.Source, a.Target}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, a)
		if _, ok := user[d]; !ok {
			user[d] = n
		}
	}
	m.DataAssociations = out
	placeData(m, dl.g, user)
}

// dataLinker finds the data item and the node a data association joins.
type dataLinker struct {
	m        *Model
	g        *graph
	resolve  func(string) string
	dataIdx  map[string]int   // data id → index (the last with it)
	dataFold map[string][]int // lower-cased data id or name → indexes
}

func newDataLinker(m *Model) *dataLinker {
	g := newGraph(m)
	dl := &dataLinker{m: m, g: g, resolve: nodeResolver(m, g), dataIdx: map[string]int{}, dataFold: map[string][]int{}}
	for i, d := range m.Data {
		dl.dataIdx[d.ID] = i
		for _, k := range []string{strings.ToLower(d.ID), strings.ToLower(d.Name)} {
			dl.dataFold[k] = append(dl.dataFold[k], i)
		}
	}
	return dl
}

// findData finds a data item by id, else by the one item whose id or name
// matches ignoring case.
func (dl *dataLinker) findData(ref string) (int, bool) {
	ref = strings.TrimSpace(ref)
	if i, ok := dl.dataIdx[ref]; ok {
		return i, true
	}
	if c := dl.dataFold[strings.ToLower(ref)]; len(c) == 1 {
		return c[0], true
	}
	return 0, false
}

// findNode finds the activity or event a reference names.
func (dl *dataLinker) findNode(ref string) (node, bool) {
	n, ok := dl.g.node(dl.resolve(ref))
	if !ok || n.Kind == KindGateway {
		return node{}, false
	}
	return n, true
}

// orient resolves both ends of a data association: the data item at the
// end that names one by its exact id (and is no node), else at either end
// that finds one while the other finds a node. It returns the association
// with both ends as ids, the data item's index and the node; false when
// it joins no data item to an activity or event.
func (dl *dataLinker) orient(a DataAssociation) (DataAssociation, int, node, bool) {
	data := dl.m.Data
	switch {
	case exactData(dl.dataIdx, a.Source) && !dl.g.has(a.Source):
		d, _ := dl.findData(a.Source)
		n, ok := dl.findNode(a.Target)
		if !ok {
			return a, 0, node{}, false
		}
		a.Source, a.Target = data[d].ID, n.ID
		return a, d, n, true
	case exactData(dl.dataIdx, a.Target) && !dl.g.has(a.Target):
		d, _ := dl.findData(a.Target)
		n, ok := dl.findNode(a.Source)
		if !ok {
			return a, 0, node{}, false
		}
		a.Source, a.Target = n.ID, data[d].ID
		return a, d, n, true
	}
	if d, ok := dl.findData(a.Source); ok {
		if n, ok := dl.findNode(a.Target); ok {
			a.Source, a.Target = data[d].ID, n.ID
			return a, d, n, true
		}
	}
	if d, ok := dl.findData(a.Target); ok {
		if n, ok := dl.findNode(a.Source); ok {
			a.Source, a.Target = n.ID, data[d].ID
			return a, d, n, true
		}
	}
	return a, 0, node{}, false
}

// placeData puts each data item where its first user sits (pool,
// sub-process, lane); an unused item leaves a sub-process that does not
// exist.
func placeData(m *Model, g *graph, user map[int]node) {
	for i := range m.Data {
		d := &m.Data[i]
		if n, ok := user[i]; ok {
			d.Pool, d.Parent = nodePlace(m, n)
			if n.Kind == KindActivity {
				d.Performer = m.Activities[n.Index].Performer
			} else {
				d.Performer = m.Events[n.Index].Performer
			}
			continue
		}
		if n, ok := g.node(d.Parent); d.Parent != "" && (!ok || n.Kind != KindActivity || !IsSubProcess(m.Activities[n.Index].Type)) {
			d.Parent = ""
		}
	}
}

func exactData(idx map[string]int, id string) bool {
	_, ok := idx[id]
	return ok
}

// fixAnnotations drops empty notes, detaches notes from elements that do
// not exist and places a note on a node where the node sits.
func fixAnnotations(m *Model) {
	if len(m.Annotations) == 0 {
		return
	}
	g := newGraph(m)
	ids := allIDs(m)
	var out []Annotation
	for _, a := range m.Annotations {
		if a.Text == "" {
			continue
		}
		if a.AttachedTo != "" && !ids.used[a.AttachedTo] {
			a.AttachedTo = ""
		}
		if n, ok := g.node(a.AttachedTo); ok {
			a.Pool, a.Parent = nodePlace(m, n)
		}
		out = append(out, a)
	}
	m.Annotations = out
}

// defaultSource reports whether a flow leaving the node may be its default
// flow: BPMN allows one on exclusive, inclusive and complex gateways and on
// activities.
func defaultSource(m *Model, g *graph, id string) bool {
	n, ok := g.node(id)
	if !ok {
		return false
	}
	switch n.Kind {
	case KindActivity:
		return true
	case KindGateway:
		switch m.Gateways[n.Index].Type {
		case GatewayExclusive, GatewayInclusive, GatewayComplex:
			return true
		}
	}
	return false
}

// fixDefaults keeps a default flow only where it means something: the
// first one leaving an exclusive, inclusive or complex gateway or an
// activity with at least two outgoing flows. A default flow keeps its
// label ("otherwise"): it is drawn as the flow's name, never as a
// condition, which is what bpmnlint's conditional-flows rule expects.
func fixDefaults(m *Model) {
	g := newGraph(m)
	has := map[string]bool{}
	for i := range m.Flows {
		f := &m.Flows[i]
		if !f.Default {
			continue
		}
		if has[f.Source] || len(g.out[f.Source]) < 2 || !defaultSource(m, g, f.Source) {
			f.Default = false
			continue
		}
		has[f.Source] = true
	}
}

func isGatewayNode(g *graph, id string) bool {
	n, ok := g.node(id)
	return ok && n.Kind == KindGateway
}
