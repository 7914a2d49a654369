package process

// Node kinds used by the graph helpers.
const (
	KindActivity = "activity"
	KindGateway  = "gateway"
	KindEvent    = "event"
)

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
}

// documentOrder lists the nodes the way a reader meets them: start events,
// then activities and gateways in slice order, intermediate events, end
// events. Repair connects orphans along this order.
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

func newGraph(m *Model) *graph {
	g := &graph{
		nodes: documentOrder(m),
		byID:  map[string]int{},
		out:   map[string][]int{},
		in:    map[string][]int{},
	}
	for i, n := range g.nodes {
		if _, ok := g.byID[n.ID]; !ok {
			g.byID[n.ID] = i
		}
	}
	for i, f := range m.Flows {
		g.out[f.Source] = append(g.out[f.Source], i)
		g.in[f.Target] = append(g.in[f.Target], i)
	}
	return g
}

func (g *graph) has(id string) bool {
	_, ok := g.byID[id]
	return ok
}

// eventType returns the type of the event with id, or "" for other nodes.
func eventType(m *Model, id string) string {
	for _, e := range m.Events {
		if e.ID == id {
			return e.Type
		}
	}
	return ""
}

// reach returns the set of node ids reachable from the given roots along
// flows (forward) or against them (backward).
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
	}
	return seen
}

// nodeName returns a human name for a node id.
func nodeName(m *Model, id string) string {
	for _, a := range m.Activities {
		if a.ID == id {
			return a.Name
		}
	}
	for _, gw := range m.Gateways {
		if gw.ID == id {
			return gw.Name
		}
	}
	for _, e := range m.Events {
		if e.ID == id {
			return e.Name
		}
	}
	return id
}
