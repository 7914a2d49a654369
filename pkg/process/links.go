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
	g := newGraph(m)
	resolve := nodeResolver(m, g)
	main := m.MainPool()
	poolIDs := map[string]bool{}
	poolFold := map[string]string{}
	for _, p := range m.Pools {
		poolIDs[p.ID] = true
		for _, k := range []string{strings.ToLower(p.ID), strings.ToLower(p.Name)} {
			if _, ok := poolFold[k]; !ok {
				poolFold[k] = p.ID
			}
		}
	}
	poolOf := func(id string) string {
		if n, ok := g.node(id); ok {
			p, _ := nodePlace(m, n)
			return poolKey(main, p)
		}
		return poolKey(main, id)
	}
	parentOf := func(id string) string {
		if n, ok := g.node(id); ok {
			_, p := nodePlace(m, n)
			return p
		}
		return ""
	}
	// chain lists the sub-processes around id, innermost first, ending
	// with "" (the pool's top level); parents are acyclic and bounded.
	chain := func(id string) []string {
		var c []string
		for p, hops := parentOf(id), 0; p != "" && hops <= MaxNesting+1; p, hops = parentOf(p), hops+1 {
			c = append(c, p)
		}
		return append(c, "")
	}
	// lift returns the ancestor of id (or id) that sits directly in
	// container cont.
	lift := func(id, cont string) string {
		for hops := 0; hops <= MaxNesting+1; hops++ {
			if parentOf(id) == cont {
				return id
			}
			id = parentOf(id)
		}
		return id
	}

	type key struct{ s, t string }
	seenSeq, seenMsg := map[key]bool{}, map[key]bool{}
	var flows []Flow
	var msgs []MessageFlow
	addMsg := func(f MessageFlow) {
		if !g.has(f.Source) && !poolIDs[f.Source] || !g.has(f.Target) && !poolIDs[f.Target] {
			return
		}
		if isGatewayNode(g, f.Source) || isGatewayNode(g, f.Target) || poolOf(f.Source) == poolOf(f.Target) {
			return
		}
		if k := (key{f.Source, f.Target}); !seenMsg[k] {
			seenMsg[k] = true
			msgs = append(msgs, f)
		}
	}
	addSeq := func(f Flow) {
		if !g.has(f.Source) || !g.has(f.Target) || f.Source == f.Target {
			return
		}
		if poolOf(f.Source) != poolOf(f.Target) {
			addMsg(MessageFlow{ID: f.ID, Name: f.Condition, Source: f.Source, Target: f.Target})
			return
		}
		if parentOf(f.Source) != parentOf(f.Target) {
			cs, ct := chain(f.Source), chain(f.Target)
			in := map[string]bool{}
			for _, c := range ct {
				in[c] = true
			}
			common := ""
			for _, c := range cs {
				if in[c] {
					common = c
					break
				}
			}
			f.Source, f.Target = lift(f.Source, common), lift(f.Target, common)
			if f.Source == f.Target || parentOf(f.Source) != parentOf(f.Target) {
				return
			}
		}
		if g.eventType(f.Target) == EventStart || g.eventType(f.Source) == EventEnd || g.eventType(f.Target) == EventBoundary {
			return
		}
		if g.outside[f.Source] || g.outside[f.Target] {
			return
		}
		if k := (key{f.Source, f.Target}); !seenSeq[k] {
			seenSeq[k] = true
			flows = append(flows, f)
		}
	}
	for _, f := range m.Flows {
		f.Source, f.Target = resolve(f.Source), resolve(f.Target)
		f.Condition = strings.TrimSpace(f.Condition)
		addSeq(f)
	}
	resolveEnd := func(ref string) string {
		ref = resolve(ref)
		if g.has(ref) || poolIDs[ref] {
			return ref
		}
		if id, ok := poolFold[strings.ToLower(ref)]; ok {
			return id
		}
		return ref
	}
	for _, f := range m.MessageFlows {
		f.Source, f.Target = resolveEnd(f.Source), resolveEnd(f.Target)
		if g.has(f.Source) && g.has(f.Target) && poolOf(f.Source) == poolOf(f.Target) {
			addSeq(Flow{ID: f.ID, Source: f.Source, Target: f.Target, Condition: f.Name})
			continue
		}
		addMsg(f)
	}
	m.Flows, m.MessageFlows = flows, msgs
	messageEvents(m)
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
		s, r := sends[e.ID], receives[e.ID]
		if !s && !r {
			continue
		}
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
	// A catch event that only receives a message and that no sequence
	// flow enters, among flows that exist, is where its process starts
	// when the message arrives: a message start event, rather than an
	// orphan to be wired after whatever precedes it in the document.
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
		}
	}
}

// fixData keeps data associations that join one data object or store to
// one activity or event (dropping the rest and duplicates), and places
// each data item where the first node using it sits: its pool, sub-process
// and lane. Data nobody uses keeps its pool and leaves a sub-process that
// does not exist.
func fixData(m *Model) {
	g := newGraph(m)
	resolve := nodeResolver(m, g)
	dataIdx := map[string]int{}
	dataFold := map[string][]int{}
	for i, d := range m.Data {
		dataIdx[d.ID] = i
		for _, k := range []string{strings.ToLower(d.ID), strings.ToLower(d.Name)} {
			dataFold[k] = append(dataFold[k], i)
		}
	}
	findData := func(ref string) (int, bool) {
		ref = strings.TrimSpace(ref)
		if i, ok := dataIdx[ref]; ok {
			return i, true
		}
		if c := dataFold[strings.ToLower(ref)]; len(c) == 1 {
			return c[0], true
		}
		return 0, false
	}
	findNode := func(ref string) (node, bool) {
		n, ok := g.node(resolve(ref))
		if !ok || n.Kind == KindGateway {
			return node{}, false
		}
		return n, true
	}
	type key struct{ s, t string }
	seen := map[key]bool{}
	user := map[int]node{}
	var out []DataAssociation
	for _, a := range m.DataAssociations {
		var d int
		var n node
		switch {
		case exactData(dataIdx, a.Source) && !g.has(a.Source):
			d, _ = findData(a.Source)
			nn, ok := findNode(a.Target)
			if !ok {
				continue
			}
			n = nn
			a.Source, a.Target = m.Data[d].ID, n.ID
		case exactData(dataIdx, a.Target) && !g.has(a.Target):
			d, _ = findData(a.Target)
			nn, ok := findNode(a.Source)
			if !ok {
				continue
			}
			n = nn
			a.Source, a.Target = n.ID, m.Data[d].ID
		default:
			if dd, ok := findData(a.Source); ok {
				if nn, ok := findNode(a.Target); ok {
					d, n = dd, nn
					a.Source, a.Target = m.Data[d].ID, n.ID
					break
				}
			}
			if dd, ok := findData(a.Target); ok {
				if nn, ok := findNode(a.Source); ok {
					d, n = dd, nn
					a.Source, a.Target = n.ID, m.Data[d].ID
					break
				}
			}
			continue
		}
		k := key{a.Source, a.Target}
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
