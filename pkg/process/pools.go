package process

import (
	"fmt"
	"strings"
	"unicode"
)

// fixPools gives pools unique ids and resolves every pool reference to a
// pool id: a reference by a differently cased id or by the pool's name
// finds the pool; a reference that reads as a name ("Customer", "Tax
// office") but names no pool creates one of that name (a model that forgot
// to declare the customer's pool still gets it); an undeclared id
// ("p_customer", "pool2") means the main pool. A node
// without a pool whose performer names another pool (or a lane only
// another pool has) moves to that pool: the performer says who does it.
func (r *repairer) fixPools() {
	m := r.m
	r.implicitMain = true
	for _, p := range m.Pools {
		if !p.Collapsed {
			r.implicitMain = false
			break
		}
	}
	ids := allIDs(m)
	seen := uniquePoolIDs(m, ids)
	resolvePoolRefs(m, ids, seen)
	if len(m.Pools) == 0 {
		return
	}
	r.placeByPerformer()
}

// uniquePoolIDs gives every pool without an id, or with one an earlier
// pool has, a fresh one, and returns the set of pool ids.
func uniquePoolIDs(m *Model, ids *idSet) map[string]bool {
	seen := map[string]bool{}
	for i := range m.Pools {
		p := &m.Pools[i]
		if p.ID == "" || seen[p.ID] {
			p.ID = ids.fresh("Pool")
		}
		seen[p.ID] = true
	}
	return seen
}

// resolvePoolRefs resolves every pool reference to a pool id (seen holds
// the pool ids, and grows with the pools created): by a differently cased
// id, by name, else an undeclared name creates its pool where a node or
// lane names it, and an undeclared id means the main pool.
func resolvePoolRefs(m *Model, ids *idSet, seen map[string]bool) {
	byFold := map[string]string{}
	byName := map[string]string{}
	for _, p := range m.Pools {
		if _, ok := byFold[strings.ToLower(p.ID)]; !ok {
			byFold[strings.ToLower(p.ID)] = p.ID
		}
		if _, ok := byName[strings.ToLower(p.Name)]; !ok {
			byName[strings.ToLower(p.Name)] = p.ID
		}
	}
	resolve := func(ref *string, create bool) {
		if *ref == "" || seen[*ref] {
			return
		}
		k := strings.ToLower(*ref)
		if id, ok := byFold[k]; ok {
			*ref = id
			return
		}
		if id, ok := byName[k]; ok {
			*ref = id
			return
		}
		if idLike(*ref) || !create {
			*ref = "" // an undeclared id says nothing about the party
			return
		}
		p := Pool{ID: ids.fresh("Pool"), Name: *ref}
		m.Pools = append(m.Pools, p)
		seen[p.ID] = true
		byName[k] = p.ID
		*ref = p.ID
	}
	// nodes and lanes may name a party nobody declared; data and notes
	// follow the nodes they belong to
	for i := range m.Activities {
		resolve(&m.Activities[i].Pool, true)
	}
	for i := range m.Gateways {
		resolve(&m.Gateways[i].Pool, true)
	}
	for i := range m.Events {
		resolve(&m.Events[i].Pool, true)
	}
	for i := range m.Participants {
		resolve(&m.Participants[i].Pool, true)
	}
	for i := range m.Data {
		resolve(&m.Data[i].Pool, false)
	}
	for i := range m.Annotations {
		resolve(&m.Annotations[i].Pool, false)
	}
}

// placeByPerformer moves a top-level node without a pool whose performer
// names another pool, or a lane of another pool only, to that pool.
func (r *repairer) placeByPerformer() {
	m := r.m
	main := m.MainPool()
	if r.implicitMain {
		main = ""
	}
	owner := map[string]string{} // folded lane or pool name → pool id; "\x00" when ambiguous
	claim := func(name, pool string) {
		k := strings.ToLower(strings.TrimSpace(name))
		if k == "" {
			return
		}
		if old, ok := owner[k]; ok && old != pool {
			owner[k] = "\x00"
			return
		}
		owner[k] = pool
	}
	for _, p := range m.Participants {
		claim(p.Name, poolKey(main, p.Pool))
	}
	for _, p := range m.Pools {
		claim(p.Name, poolKey(main, p.ID))
	}
	move := func(performer string, pool *string, parent string) {
		if *pool != "" || parent != "" {
			return
		}
		if to, ok := owner[strings.ToLower(performer)]; ok && to != "" && to != "\x00" {
			*pool = to
		}
	}
	for i := range m.Activities {
		a := &m.Activities[i]
		move(a.Performer, &a.Pool, a.Parent)
	}
	for i := range m.Gateways {
		g := &m.Gateways[i]
		move(g.Performer, &g.Pool, g.Parent)
	}
	for i := range m.Events {
		e := &m.Events[i]
		move(e.Performer, &e.Pool, e.Parent)
	}
}

// settlePools makes pools agree with the nodes in them: a collapsed pool
// holding nodes opens, and the main pool stays the one that held the
// nodes with an empty Pool (listing it when the model had none listed).
func (r *repairer) settlePools() {
	m := r.m
	if len(m.Pools) == 0 {
		return
	}
	oldMain := m.MainPool()
	usesEmpty := false
	used := map[string]bool{}
	note := func(pool string) {
		if pool == "" {
			usesEmpty = true
		}
		used[pool] = true
	}
	for _, a := range m.Activities {
		note(a.Pool)
	}
	for _, g := range m.Gateways {
		note(g.Pool)
	}
	for _, e := range m.Events {
		note(e.Pool)
	}
	for _, p := range m.Participants {
		if p.Pool == "" {
			usesEmpty = true
		}
	}
	for i := range m.Pools {
		if used[m.Pools[i].ID] {
			m.Pools[i].Collapsed = false
		}
	}
	switch {
	case usesEmpty && r.implicitMain:
		name := strings.TrimSpace(m.ProcessName)
		if name == "" {
			name = "Process"
		}
		main := Pool{ID: allIDs(m).fresh("Pool"), Name: name}
		m.Pools = append([]Pool{main}, m.Pools...)
	case usesEmpty && oldMain != m.MainPool():
		forEachPoolRef(m, func(ref *string) {
			if *ref == "" {
				*ref = oldMain
			}
		})
	}
}

// laneKey identifies a lane: its pool (as poolKey) and its folded name.
func laneKey(pool, name string) string {
	return pool + "\x00" + strings.ToLower(name)
}

// fixParticipants makes the lanes agree with the performers. Every named
// performer is a lane of its node's pool (created when missing, one
// spelling per lane). An activity without performer gets the default lane
// when its pool has lanes (declared or named by another activity):
// DefaultPerformer in the main pool (as version 1 did), the pool's first
// lane elsewhere; in a pool without lanes it stays empty, so that a BPMN
// file drawn without lanes keeps none. A performer that is just the name of its own lane-less pool is
// the pool itself and is cleared. Lanes of a collapsed pool are dropped: a
// black box has none.
func fixParticipants(m *Model) {
	ls := declaredLanes(m)
	ls.clearPoolPerformers(m)
	ls.performerLanes(m)
	nestLanes(ls.main, ls.ps)
	m.Participants = ls.ps
	canonicalPerformers(m, ls.main)
}

// laneSet is the lanes fixParticipants keeps, as it learns them.
type laneSet struct {
	main     string
	ps       []Participant
	seen     map[string]bool   // laneKey → kept
	declared map[string]bool   // poolKey → the model declared lanes for it
	hasLanes map[string]bool   // poolKey → the pool has lanes (declared or performers)
	first    map[string]string // poolKey → its first lane's name
}

// declaredLanes keeps the model's own lanes: named, once per pool and
// spelling, none in a collapsed pool.
func declaredLanes(m *Model) *laneSet {
	ls := &laneSet{
		main: m.MainPool(), seen: map[string]bool{}, declared: map[string]bool{},
		hasLanes: map[string]bool{}, first: map[string]string{},
	}
	collapsed := map[string]bool{}
	for _, p := range m.Pools {
		if p.Collapsed {
			collapsed[p.ID] = true
		}
	}
	for _, p := range m.Participants {
		p.Name = strings.TrimSpace(p.Name)
		pk := poolKey(ls.main, p.Pool)
		k := laneKey(pk, p.Name)
		if p.Name == "" || ls.seen[k] || collapsed[p.Pool] {
			continue
		}
		ls.seen[k] = true
		ls.declared[pk] = true
		ls.hasLanes[pk] = true
		if _, ok := ls.first[pk]; !ok {
			ls.first[pk] = p.Name
		}
		ls.ps = append(ls.ps, p)
	}
	return ls
}

// clearPoolPerformers clears a performer that only names its own
// lane-less pool (in a model with pools), and notes every pool whose
// activities name performers as one with lanes.
func (ls *laneSet) clearPoolPerformers(m *Model) {
	single := len(m.Pools) == 0
	poolName := map[string]string{}
	for _, p := range m.Pools {
		poolName[poolKey(ls.main, p.ID)] = strings.ToLower(p.Name)
	}
	for i := range m.Activities {
		a := &m.Activities[i]
		pk := poolKey(ls.main, a.Pool)
		if !single && a.Performer != "" && !ls.declared[pk] && strings.ToLower(a.Performer) == poolName[pk] {
			a.Performer = ""
		}
		if a.Performer != "" {
			ls.hasLanes[pk] = true
			if _, ok := ls.first[pk]; !ok {
				ls.first[pk] = a.Performer
			}
		}
	}
}

// performerLanes gives an activity without performer its pool's default
// lane when the pool has lanes, and adds a lane for every performer that
// has none.
func (ls *laneSet) performerLanes(m *Model) {
	for i := range m.Activities {
		a := &m.Activities[i]
		pk := poolKey(ls.main, a.Pool)
		if a.Performer == "" && ls.hasLanes[pk] {
			a.Performer = DefaultPerformer
			if pk != "" && ls.first[pk] != "" {
				a.Performer = ls.first[pk]
			}
		}
		if a.Performer == "" {
			continue
		}
		if k := laneKey(pk, a.Performer); !ls.seen[k] {
			ls.seen[k] = true
			lane := Participant{Name: a.Performer}
			if pk != "" {
				lane.Pool = pk
			}
			ls.ps = append(ls.ps, lane)
		}
	}
}

// nestLanes makes every nested lane name a lane of its own pool, without
// cycles: a parent that is missing, the lane itself, or on a cycle through
// the lane is cleared.
func nestLanes(main string, ps []Participant) {
	names := map[string]int{}
	for i, p := range ps {
		names[laneKey(poolKey(main, p.Pool), p.Name)] = i
	}
	for i := range ps {
		if ps[i].Parent == "" {
			continue
		}
		j, ok := names[laneKey(poolKey(main, ps[i].Pool), ps[i].Parent)]
		if !ok || j == i {
			ps[i].Parent = ""
			continue
		}
		ps[i].Parent = ps[j].Name
		for hops, k := 0, j; k >= 0; hops++ {
			if hops > len(ps) || k == i {
				ps[i].Parent = ""
				break
			}
			next, ok := names[laneKey(poolKey(main, ps[k].Pool), ps[k].Parent)]
			if ps[k].Parent == "" || !ok {
				break
			}
			k = next
		}
	}
}

// canonicalPerformers spells every performer as its lane is spelled:
// "clerk" and "Clerk" are the same participant.
func canonicalPerformers(m *Model, main string) {
	canon := map[string]string{}
	for _, p := range m.Participants {
		canon[laneKey(poolKey(main, p.Pool), p.Name)] = p.Name
	}
	for i := range m.Activities {
		a := &m.Activities[i]
		if a.Performer != "" {
			a.Performer = canon[laneKey(poolKey(main, a.Pool), a.Performer)]
		}
	}
	for i := range m.Gateways {
		g := &m.Gateways[i]
		g.Performer = strings.TrimSpace(g.Performer)
		if c, ok := canon[laneKey(poolKey(main, g.Pool), g.Performer)]; ok {
			g.Performer = c
		}
	}
	for i := range m.Events {
		e := &m.Events[i]
		e.Performer = strings.TrimSpace(e.Performer)
		if c, ok := canon[laneKey(poolKey(main, e.Pool), e.Performer)]; ok {
			e.Performer = c
		}
	}
}

// poolLabel names a pool for messages: its name, or the process name for
// the implicit main pool.
func poolLabel(m *Model, id string) string {
	for _, p := range m.Pools {
		if p.ID == id {
			return p.Name
		}
	}
	if id == "" {
		return orNone(m.ProcessName, "the process")
	}
	return fmt.Sprintf("%q", id)
}

// idLike reports whether a reference reads as an id rather than a name:
// it has an underscore or a digit, or no letter at all.
func idLike(ref string) bool {
	letters := false
	for _, r := range ref {
		switch {
		case r == '_' || r >= '0' && r <= '9':
			return true
		case unicode.IsLetter(r):
			letters = true
		}
	}
	return !letters
}
