package process

import (
	"fmt"
	"strings"
)

// idSet hands out fresh ids that collide with nothing in the model.
type idSet struct {
	used map[string]bool
	next map[string]int
}

// allIDs collects the ids of every element of the model.
func allIDs(m *Model) *idSet {
	s := &idSet{used: m.NodeIDs(), next: map[string]int{}}
	for _, p := range m.Pools {
		s.used[p.ID] = true
	}
	for _, p := range m.Participants {
		s.used[p.ID] = true
	}
	for _, f := range m.Flows {
		s.used[f.ID] = true
	}
	for _, f := range m.MessageFlows {
		s.used[f.ID] = true
	}
	for _, d := range m.Data {
		s.used[d.ID] = true
	}
	for _, d := range m.DataAssociations {
		s.used[d.ID] = true
	}
	for _, a := range m.Annotations {
		s.used[a.ID] = true
	}
	return s
}

// fresh returns prefix_N for the smallest N not used, and marks it used.
func (s *idSet) fresh(prefix string) string {
	n := s.next[prefix]
	if n < 1 {
		n = 1
	}
	for ; ; n++ {
		id := fmt.Sprintf("%s_%d", prefix, n)
		if !s.used[id] {
			s.used[id] = true
			s.next[prefix] = n + 1
			return id
		}
	}
}

// fixIDs gives every node a unique id, then every pool, data item,
// annotation and lane an id no other element uses. Which of two nodes
// sharing an id a reference meant is guessed from where the reference sits:
// a flow whose other end is in pool B meant the twin in pool B (ids
// colliding across pools are common when each pool was written on its
// own); without such a hint the first twin is meant.
func fixIDs(m *Model) {
	taken, twins := uniqueNodeIDs(m)
	resolveTwins(m, twins)
	uniqueOtherIDs(m, taken)
}

// uniqueNodeIDs gives every node a unique id and returns the node ids
// and, for each original id, the ids its nodes have now, in node order.
func uniqueNodeIDs(m *Model) (taken map[string]bool, twins map[string][]string) {
	used := m.NodeIDs()
	taken = map[string]bool{}
	fresh := func(prefix string, n int) string {
		for {
			id := fmt.Sprintf("%s_%d", prefix, n)
			if !taken[id] && !used[id] {
				return id
			}
			n++
		}
	}
	twins = map[string][]string{}
	fix := func(id *string, prefix string, n int) {
		*id = strings.TrimSpace(*id)
		orig := *id
		if *id == "" || taken[*id] {
			base := prefix
			if *id != "" {
				base = *id
			}
			*id = fresh(base, n)
		}
		taken[*id] = true
		if orig != "" {
			twins[orig] = append(twins[orig], *id)
		}
	}
	for i := range m.Activities {
		fix(&m.Activities[i].ID, "Activity", i+1)
	}
	for i := range m.Gateways {
		fix(&m.Gateways[i].ID, "Gateway", i+1)
	}
	for i := range m.Events {
		fix(&m.Events[i].ID, "Event", i+1)
	}
	return taken, twins
}

// uniqueOtherIDs gives every pool, data item, annotation and lane an id
// no other element uses (taken holds the node ids), and points the
// references to a renamed pool or data item at its new id. A clash with a
// node renames the other element, since flows name nodes far more often
// than pools or data.
func uniqueOtherIDs(m *Model, taken map[string]bool) {
	ids := allIDs(m)
	seen := map[string]bool{}
	for id := range taken {
		seen[id] = true
	}
	unique := func(id *string, prefix string) (old string, renamed bool) {
		old = *id
		if *id == "" || seen[*id] {
			base := prefix
			if *id != "" {
				base = *id
			}
			*id = ids.fresh(base)
			renamed = true
		}
		seen[*id] = true
		return old, renamed
	}
	poolRename := map[string]string{}
	for i := range m.Pools {
		if old, ok := unique(&m.Pools[i].ID, "Pool"); ok && old != "" {
			if _, done := poolRename[old]; !done {
				poolRename[old] = m.Pools[i].ID
			}
		}
	}
	if len(poolRename) > 0 {
		forEachPoolRef(m, func(ref *string) {
			if n, ok := poolRename[*ref]; ok {
				*ref = n
			}
		})
	}
	dataRename := map[string]string{}
	for i := range m.Data {
		if old, ok := unique(&m.Data[i].ID, "Data"); ok && old != "" {
			if _, done := dataRename[old]; !done {
				dataRename[old] = m.Data[i].ID
			}
		}
	}
	for i := range m.DataAssociations {
		// the renamed data end is the one whose other end is a node
		d := &m.DataAssociations[i]
		if n, ok := dataRename[d.Source]; ok && taken[d.Target] {
			d.Source = n
		} else if n, ok := dataRename[d.Target]; ok && taken[d.Source] {
			d.Target = n
		}
	}
	for i := range m.Annotations {
		unique(&m.Annotations[i].ID, "Annotation")
	}
	for i := range m.Participants {
		if m.Participants[i].ID != "" {
			unique(&m.Participants[i].ID, "Lane")
		}
	}
}

// forEachPoolRef calls fn with every reference to a pool id in the model.
func forEachPoolRef(m *Model, fn func(*string)) {
	for i := range m.Activities {
		fn(&m.Activities[i].Pool)
	}
	for i := range m.Gateways {
		fn(&m.Gateways[i].Pool)
	}
	for i := range m.Events {
		fn(&m.Events[i].Pool)
	}
	for i := range m.Participants {
		fn(&m.Participants[i].Pool)
	}
	for i := range m.Data {
		fn(&m.Data[i].Pool)
	}
	for i := range m.Annotations {
		fn(&m.Annotations[i].Pool)
	}
}

// resolveTwins points references to a shared id at the twin that fits.
func resolveTwins(m *Model, twins map[string][]string) {
	ambiguous := false
	for _, ids := range twins {
		if len(ids) > 1 {
			ambiguous = true
			break
		}
	}
	if !ambiguous {
		return
	}
	tp := twinPicker{m: m, g: newGraph(m), main: m.MainPool(), twins: twins}
	tp.flowEnds()
	tp.containers()
}

// twinPicker chooses, for a reference to an id several nodes share, the
// twin that fits where the reference is made.
type twinPicker struct {
	m     *Model
	g     *graph
	main  string
	twins map[string][]string // shared id → the ids of its twins
}

// place is the pool (as poolKey) and sub-process of a node.
func (tp *twinPicker) place(id string) (pool, parent string) {
	n, ok := tp.g.node(id)
	if !ok {
		return "", ""
	}
	p, par := nodePlace(tp.m, n)
	return poolKey(tp.main, p), par
}

// pick chooses among the candidates for ref the twin nearest to the
// node other (already resolved): same container, then same pool (or,
// for message flows, another pool).
func (tp *twinPicker) pick(ref string, others []string, samePool bool) string {
	cands := tp.twins[ref]
	if len(cands) < 2 {
		return ref
	}
	for _, pass := range []int{0, 1} {
		for _, c := range cands {
			cp, cpar := tp.place(c)
			for _, o := range others {
				op, opar := tp.place(o)
				switch {
				case pass == 0 && samePool && cp == op && cpar == opar:
					return c
				case pass == 1 && samePool && cp == op:
					return c
				case pass == 0 && !samePool && cp != op:
					return c
				}
			}
		}
	}
	return cands[0]
}

// cands is what ref may stand for: its twins, or itself.
func (tp *twinPicker) cands(ref string) []string {
	if c := tp.twins[ref]; len(c) > 0 {
		return c
	}
	return []string{ref}
}

// flowEnds resolves the ends of sequence flows (to a twin near the other
// end) and of message flows (to a twin in another pool).
func (tp *twinPicker) flowEnds() {
	m := tp.m
	for i := range m.Flows {
		f := &m.Flows[i]
		s, t := f.Source, f.Target
		if len(tp.twins[s]) > 1 {
			f.Source = tp.pick(s, tp.cands(t), true)
		}
		if len(tp.twins[t]) > 1 {
			f.Target = tp.pick(t, []string{f.Source}, true)
		}
	}
	for i := range m.MessageFlows {
		f := &m.MessageFlows[i]
		s, t := f.Source, f.Target
		if len(tp.twins[s]) > 1 {
			f.Source = tp.pick(s, tp.cands(t), false)
		}
		if len(tp.twins[t]) > 1 {
			f.Target = tp.pick(t, []string{f.Source}, false)
		}
	}
}

// pickIn chooses among the twins of ref one that want accepts, in pool
// first.
func (tp *twinPicker) pickIn(ref, pool string, want func(node) bool) string {
	cs := tp.twins[ref]
	if len(cs) < 2 {
		return ref
	}
	for _, c := range cs {
		n, _ := tp.g.node(c)
		if p, _ := tp.place(c); p == poolKey(tp.main, pool) && want(n) {
			return c
		}
	}
	for _, c := range cs {
		if n, _ := tp.g.node(c); want(n) {
			return c
		}
	}
	return cs[0]
}

// containers resolves the sub-process a node sits in and the activity a
// boundary event is attached to: a twin that is an activity, in the
// node's pool first.
func (tp *twinPicker) containers() {
	m := tp.m
	isAct := func(n node) bool { return n.Kind == KindActivity }
	for i := range m.Activities {
		a := &m.Activities[i]
		a.Parent = tp.pickIn(a.Parent, a.Pool, isAct)
	}
	for i := range m.Gateways {
		gw := &m.Gateways[i]
		gw.Parent = tp.pickIn(gw.Parent, gw.Pool, isAct)
	}
	for i := range m.Events {
		e := &m.Events[i]
		e.Parent = tp.pickIn(e.Parent, e.Pool, isAct)
		e.AttachedTo = tp.pickIn(e.AttachedTo, e.Pool, isAct)
	}
}

// nodeResolver maps a flow end to a node id. Models often refer to nodes
// by a differently cased id ("A1") or by name ("Check invoice"); when that
// names exactly one node, the flow is kept rather than dropped.
func nodeResolver(m *Model, g *graph) func(string) string {
	byFold := map[string][]string{}
	byName := map[string][]string{}
	for _, n := range g.nodes {
		byFold[strings.ToLower(n.ID)] = append(byFold[strings.ToLower(n.ID)], n.ID)
	}
	add := func(name, id string) {
		k := strings.ToLower(strings.TrimSpace(name))
		if k != "" {
			byName[k] = append(byName[k], id)
		}
	}
	for _, a := range m.Activities {
		add(a.Name, a.ID)
	}
	for _, gw := range m.Gateways {
		add(gw.Name, gw.ID)
	}
	for _, e := range m.Events {
		add(e.Name, e.ID)
	}
	return func(ref string) string {
		ref = strings.TrimSpace(ref)
		if g.has(ref) {
			return ref
		}
		k := strings.ToLower(ref)
		if ids := byFold[k]; len(ids) == 1 {
			return ids[0]
		}
		if ids := byName[k]; len(ids) == 1 {
			return ids[0]
		}
		return ref
	}
}

func addFlow(m *Model, ids *idSet, source, target string) {
	m.Flows = append(m.Flows, Flow{ID: ids.fresh("Flow"), Source: source, Target: target})
}

func fixFlowIDs(m *Model) {
	others := m.NodeIDs()
	for _, p := range m.Pools {
		others[p.ID] = true
	}
	for _, p := range m.Participants {
		if p.ID != "" {
			others[p.ID] = true
		}
	}
	for _, d := range m.Data {
		others[d.ID] = true
	}
	for _, a := range m.Annotations {
		others[a.ID] = true
	}
	// A link keeps its id when it is the first to use it; the others get
	// fresh ids that collide with nothing already in the model.
	taken := map[string]bool{}
	type link struct {
		id     *string
		prefix string
		n      int
	}
	var links []link
	for i := range m.Flows {
		links = append(links, link{&m.Flows[i].ID, "Flow", i + 1})
	}
	for i := range m.MessageFlows {
		links = append(links, link{&m.MessageFlows[i].ID, "MessageFlow", i + 1})
	}
	for i := range m.DataAssociations {
		links = append(links, link{&m.DataAssociations[i].ID, "DataAssociation", i + 1})
	}
	keep := make([]bool, len(links))
	for i, l := range links {
		*l.id = strings.TrimSpace(*l.id)
		if id := *l.id; id != "" && !taken[id] && !others[id] {
			taken[id] = true
			keep[i] = true
		}
	}
	for i, l := range links {
		if keep[i] {
			continue
		}
		base := l.prefix
		if *l.id != "" {
			base = *l.id
		}
		for n := l.n; ; n++ {
			id := fmt.Sprintf("%s_%d", base, n)
			if !taken[id] && !others[id] {
				*l.id = id
				break
			}
		}
		taken[*l.id] = true
	}
}
