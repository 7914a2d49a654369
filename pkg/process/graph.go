package process

// Node kinds used by the graph helpers.
const (
	KindActivity = "activity"
	KindGateway  = "gateway"
	KindEvent    = "event"
)

// MaxNesting is how deep sub-processes may nest: a node inside MaxNesting
// sub-processes is the deepest there is. Repair moves deeper content up
// to that level, so that renderers, the formatted text and a language
// model's schema all see a bounded depth.
const MaxNesting = 16

// node is one flow node with its position in document order.
type node struct {
	ID    string
	Kind  string
	Index int // index into Activities, Gateways or Events
	Order int // document order: starts, activities, gateways, intermediates, ends
}

// graph indexes the nodes and flows of a model so that validation, repair
// and ordering share one view of it.
type graph struct {
	nodes []node
	byID  map[string]int // first node with this id
	out   map[string][]int
	in    map[string][]int
	// cont is the container (see containerKey) of each node id.
	cont map[string]string
	// attached lists the boundary events on each activity id.
	attached map[string][]string
	evType   map[string]string
	// outside marks nodes that no sequence flow may touch: event
	// sub-processes and compensation handlers.
	outside map[string]bool
	// linkCatch and linkThrow mark intermediate link events: a throw
	// continues at the catch of the same name, so a catch needs no
	// incoming flow and a throw no outgoing one. noOut marks
	// compensation boundary events, whose handler hangs on an
	// association, not a flow.
	linkCatch, linkThrow, noOut map[string]bool
}

// documentOrder lists the nodes the way a reader meets them: start events,
// then activities and gateways in slice order, intermediate (and boundary)
// events, end events. Repair connects orphans along this order.
func documentOrder(m *Model) []node {
	var ns []node
	add := func(id, kind string, i int) {
		ns = append(ns, node{ID: id, Kind: kind, Index: i, Order: len(ns)})
	}
	for i, e := range m.Events {
		if e.Type == EventStart {
			add(e.ID, KindEvent, i)
		}
	}
	for i, a := range m.Activities {
		add(a.ID, KindActivity, i)
	}
	for i, g := range m.Gateways {
		add(g.ID, KindGateway, i)
	}
	for i, e := range m.Events {
		if e.Type != EventStart && e.Type != EventEnd {
			add(e.ID, KindEvent, i)
		}
	}
	for i, e := range m.Events {
		if e.Type == EventEnd {
			add(e.ID, KindEvent, i)
		}
	}
	return ns
}

// MainPool returns the id of the main pool: the first pool that is not
// collapsed, where nodes and lanes with an empty Pool sit. It is "" when
// the model has no such pool (a single-process model).
func (m *Model) MainPool() string {
	for _, p := range m.Pools {
		if !p.Collapsed {
			return p.ID
		}
	}
	return ""
}

// NodeIDs returns the ids of the model's flow nodes (activities, gateways
// and events), the elements sequence and message flows connect. Checks and
// repairs that ask "is this id a node?" share it instead of each
// collecting the three lists by hand.
func (m *Model) NodeIDs() map[string]bool {
	ids := make(map[string]bool, len(m.Activities)+len(m.Gateways)+len(m.Events))
	for _, a := range m.Activities {
		ids[a.ID] = true
	}
	for _, g := range m.Gateways {
		ids[g.ID] = true
	}
	for _, e := range m.Events {
		ids[e.ID] = true
	}
	return ids
}

// poolKey maps a pool reference to the key of the pool it means: "" for
// the main pool (written "" or as its id), the id otherwise.
func poolKey(main, pool string) string {
	if pool == main {
		return ""
	}
	return pool
}

// containerKey names the sequence-flow world a node sits in: the top level
// of a pool or one sub-process. Sequence flows stay inside one container.
func containerKey(main, pool, parent string) string {
	if parent != "" {
		return "sub:" + parent
	}
	return "pool:" + poolKey(main, pool)
}

// nodeContainer returns the container key of the n-th node.
func nodeContainer(m *Model, main string, n node) string {
	pool, parent := nodePlace(m, n)
	return containerKey(main, pool, parent)
}

// nodePlace returns the pool and parent the node names.
func nodePlace(m *Model, n node) (pool, parent string) {
	switch n.Kind {
	case KindActivity:
		a := m.Activities[n.Index]
		return a.Pool, a.Parent
	case KindGateway:
		g := m.Gateways[n.Index]
		return g.Pool, g.Parent
	default:
		e := m.Events[n.Index]
		return e.Pool, e.Parent
	}
}

func newGraph(m *Model) *graph {
	g := &graph{
		nodes:     documentOrder(m),
		byID:      map[string]int{},
		out:       map[string][]int{},
		in:        map[string][]int{},
		cont:      map[string]string{},
		attached:  map[string][]string{},
		evType:    map[string]string{},
		outside:   map[string]bool{},
		linkCatch: map[string]bool{},
		linkThrow: map[string]bool{},
		noOut:     map[string]bool{},
	}
	main := m.MainPool()
	for i, n := range g.nodes {
		if _, ok := g.byID[n.ID]; ok {
			continue
		}
		g.byID[n.ID] = i
		g.cont[n.ID] = nodeContainer(m, main, n)
		switch n.Kind {
		case KindEvent:
			e := m.Events[n.Index]
			g.evType[n.ID] = e.Type
			switch {
			case e.Type == EventIntermediate && e.Trigger == TriggerLink && e.Throw:
				g.linkThrow[n.ID] = true
			case e.Type == EventIntermediate && e.Trigger == TriggerLink:
				g.linkCatch[n.ID] = true
			case e.Type == EventBoundary && e.Trigger == TriggerCompensation:
				g.noOut[n.ID] = true
			}
		case KindActivity:
			if a := m.Activities[n.Index]; a.Type == ActivityEventSubProcess || a.ForCompensation {
				g.outside[n.ID] = true
			}
		}
	}
	for _, n := range g.nodes {
		if n.Kind != KindEvent || g.byID[n.ID] != n.Order {
			continue
		}
		if e := m.Events[n.Index]; e.Type == EventBoundary && e.AttachedTo != "" {
			g.attached[e.AttachedTo] = append(g.attached[e.AttachedTo], e.ID)
		}
	}
	for i, f := range m.Flows {
		g.out[f.Source] = append(g.out[f.Source], i)
		g.in[f.Target] = append(g.in[f.Target], i)
	}
	return g
}

// needsIn reports whether the node must be entered by a sequence flow.
func (g *graph) needsIn(id string) bool {
	t := g.evType[id]
	return t != EventStart && t != EventBoundary && !g.linkCatch[id] && !g.outside[id]
}

// needsOut reports whether the node must be left by a sequence flow.
func (g *graph) needsOut(id string) bool {
	return g.evType[id] != EventEnd && !g.linkThrow[id] && !g.noOut[id] && !g.outside[id]
}

func (g *graph) has(id string) bool {
	_, ok := g.byID[id]
	return ok
}

// node returns the first node with the id.
func (g *graph) node(id string) (node, bool) {
	i, ok := g.byID[id]
	if !ok {
		return node{}, false
	}
	return g.nodes[i], true
}

// eventType returns the type of the event with id, or "" for other nodes.
func (g *graph) eventType(id string) string { return g.evType[id] }

// reach returns the set of node ids reachable from the given roots along
// flows (forward) or against them (backward). Going forward, an activity
// also reaches the boundary events on it: they can fire while it runs.
func (g *graph) reach(m *Model, roots []string, forward bool) map[string]bool {
	seen := map[string]bool{}
	stack := append([]string(nil), roots...)
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[id] {
			continue
		}
		seen[id] = true
		edges := g.out[id]
		if !forward {
			edges = g.in[id]
		}
		for _, fi := range edges {
			next := m.Flows[fi].Target
			if !forward {
				next = m.Flows[fi].Source
			}
			if !seen[next] && g.has(next) {
				stack = append(stack, next)
			}
		}
		if forward {
			for _, b := range g.attached[id] {
				if !seen[b] {
					stack = append(stack, b)
				}
			}
		}
	}
	return seen
}

// name returns a human name for a node id in constant time.
func (g *graph) name(m *Model, id string) string {
	n, ok := g.node(id)
	if !ok {
		return id
	}
	switch n.Kind {
	case KindActivity:
		return m.Activities[n.Index].Name
	case KindGateway:
		return m.Gateways[n.Index].Name
	default:
		return m.Events[n.Index].Name
	}
}
