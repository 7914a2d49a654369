package process

import (
	"fmt"
	"strings"
)

// DefaultPerformer is the lane given to activities nobody was named for.
const DefaultPerformer = "Process Owner"

// Repair fixes, in place and deterministically, everything in the model that
// has one obvious fix: ids are generated and de-duplicated across every kind
// of element, types, triggers and markers normalised, pool and sub-process
// references resolved (parent cycles broken, nesting capped at MaxNesting),
// sequence flows that cross pools turned into message flows (and message
// flows inside one pool into sequence flows), dangling and duplicate links
// dropped, events at message flows made message events (throwing when they
// only send), boundary events settled on their host, missing start/end events
// added to every pool and sub-process, orphaned nodes connected in document
// order within their own pool or sub-process, performers defaulted and
// splits whose branches meet without a join given one. It returns the
// problems that remain (Validate after repair). Repair is idempotent:
// repairing a repaired model changes nothing.
func Repair(m *Model) []Problem {
	// A model handed to Repair is new (a provider's answer, a converted
	// file): it is written in this version. Stored models migrate in Decode.
	m.Version = Version
	r := &repairer{m: m}
	normaliseTypes(m)
	fixNames(m)
	r.fixPools()
	fixIDs(m)
	fixParents(m)
	dropAdHocEdges(m)
	r.settlePools()
	fixParticipants(m)
	fixBoundaries(m)
	fixConnections(m)
	fixData(m)
	fixAnnotations(m)
	ids := allIDs(m)
	addStartEnd(m, ids)
	connect(m, ids)
	balanceGateways(m, ids)
	fixDefaults(m)
	fixFlowIDs(m)
	return m.Validate()
}

// repairer carries what one repair learns early and needs later.
type repairer struct {
	m *Model
	// implicitMain records that, before repair created or un-collapsed
	// pools, nodes with an empty Pool sat in a main pool the model did not
	// list (no pools, or only collapsed ones).
	implicitMain bool
}

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

func normaliseTypes(m *Model) {
	for i := range m.Gateways {
		m.Gateways[i].Type = NormaliseGatewayType(m.Gateways[i].Type)
	}
	for i := range m.Activities {
		a := &m.Activities[i]
		a.Type = NormaliseActivityType(a.Type)
		a.Marker = NormaliseMarker(a.Marker)
		if !IsSubProcess(a.Type) && a.Type != ActivityCall {
			a.Collapsed = false
		}
	}
	for i := range m.Events {
		e := &m.Events[i]
		raw := squash(e.Type)
		typ, trig := NormaliseEventType(e.Type)
		e.Type = typ
		if e.Trigger == "" {
			e.Trigger = trig
		}
		e.Trigger = normaliseTrigger(e.Trigger)
		e.Timer = strings.TrimSpace(e.Timer)
		e.AttachedTo = strings.TrimSpace(e.AttachedTo)
		switch {
		case strings.Contains(raw, "throw"):
			e.Throw = true
		case strings.Contains(raw, "catch"):
			e.Throw = false
		}
		if e.Type == EventIntermediate && e.AttachedTo != "" {
			e.Type = EventBoundary
		}
		if (e.Trigger == "" || e.Trigger == TriggerNone) && e.Timer != "" && e.Type != EventEnd {
			e.Trigger = TriggerTimer
		}
		switch e.Type {
		case EventStart, EventEnd:
			// The type says it: start events catch, end events throw.
			e.Throw = false
			if e.Trigger == TriggerNone {
				e.Trigger = ""
			}
		case EventBoundary:
			e.Throw = false
		}
		if e.Type != EventBoundary {
			e.AttachedTo = ""
			if e.Type != EventStart {
				e.NonInterrupting = false
			}
		}
	}
}

// squash reduces a type spelling to its words: lower case, without
// separators and without the words "gateway" and "event".
func squash(s string) string {
	s = squashWords(s)
	s = strings.ReplaceAll(s, "gateway", "")
	return strings.ReplaceAll(s, "event", "")
}

// squashWords lower-cases s and removes separators.
func squashWords(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		if r != '_' && r != '-' && r != ' ' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// NormaliseGatewayType maps the spellings models use (XOR, AND, "Exclusive
// Gateway", eventBased …) to a Gateway* constant; unknown types become
// exclusive, the most common decision.
func NormaliseGatewayType(t string) string {
	switch squash(t) {
	case "parallel", "and", "fork", "join", "concurrent":
		return GatewayParallel
	case "inclusive", "or":
		return GatewayInclusive
	case "based", "eventbased":
		// squash drops the word "event" from "event_based"
		return GatewayEventBased
	case "complex":
		return GatewayComplex
	default:
		return GatewayExclusive
	}
}

// NormaliseEventType maps an event type spelling to start, end,
// intermediate or boundary and, for spellings that carry one ("timer",
// "messageStartEvent"), a trigger.
func NormaliseEventType(t string) (typ, trigger string) {
	s := squash(t)
	trig := triggerIn(s)
	switch {
	case strings.HasPrefix(s, "start") || strings.HasSuffix(s, "start"):
		return EventStart, trig
	case strings.HasPrefix(s, "end") || strings.HasSuffix(s, "end") || s == "terminate":
		return EventEnd, trig
	case strings.Contains(s, "boundary"):
		return EventBoundary, trig
	default:
		return EventIntermediate, trig
	}
}

// triggerIn finds a trigger named inside a squashed type spelling.
func triggerIn(s string) string {
	for _, w := range []struct{ word, trigger string }{
		{"timer", TriggerTimer}, {"message", TriggerMessage}, {"signal", TriggerSignal},
		{"error", TriggerError}, {"escalation", TriggerEscalation}, {"conditional", TriggerConditional},
		{"terminate", TriggerTerminate}, {"compensat", TriggerCompensation}, {"link", TriggerLink},
		{"cancel", TriggerCancel}, {"multiple", TriggerMultiple},
	} {
		if strings.Contains(s, w.word) {
			return w.trigger
		}
	}
	return ""
}

func normaliseTrigger(t string) string {
	s := strings.ReplaceAll(squash(t), "definition", "")
	switch s {
	case "":
		return ""
	case TriggerTimer, TriggerMessage, TriggerSignal, TriggerError, TriggerEscalation, TriggerConditional,
		TriggerTerminate, TriggerCompensation, TriggerLink, TriggerCancel, TriggerMultiple:
		return s
	case "time", "timeout", "deadline", "delay", "duration", "wait":
		return TriggerTimer
	case "msg", "mail", "email":
		return TriggerMessage
	case "condition":
		return TriggerConditional
	case "escalate":
		return TriggerEscalation
	case "compensate":
		return TriggerCompensation
	default:
		return TriggerNone
	}
}

// NormaliseActivityType maps an activity type spelling ("UserTask",
// "sub-process", "callActivity" …) to an Activity* constant; "" stays the
// plain task and unknown types become it.
func NormaliseActivityType(t string) string {
	s := strings.TrimSuffix(squashWords(t), "task")
	switch s {
	case "task":
		return ActivityTask
	case "user", "human":
		return ActivityUser
	case "service", "system", "automated":
		return ActivityService
	case "send":
		return ActivitySend
	case "receive":
		return ActivityReceive
	case "manual":
		return ActivityManual
	case "businessrule", "rule":
		return ActivityBusinessRule
	case "script":
		return ActivityScript
	case "subprocess", "expandedsubprocess", "collapsedsubprocess":
		return ActivitySubProcess
	case "eventsubprocess":
		return ActivityEventSubProcess
	case "transaction":
		return ActivityTransaction
	case "adhoc", "adhocsubprocess":
		return ActivityAdHoc
	case "call", "callactivity":
		return ActivityCall
	}
	if squashWords(t) == "task" {
		return ActivityTask
	}
	return ""
}

// NormaliseMarker maps a marker spelling to a Marker* constant ("" for
// none).
func NormaliseMarker(t string) string {
	switch squashWords(t) {
	case "loop", "standardloop", "repeat":
		return MarkerLoop
	case "parallel", "multiinstance", "parallelmultiinstance", "multiinstanceparallel", "mi", "foreach":
		return MarkerParallel
	case "sequential", "sequentialmultiinstance", "multiinstancesequential":
		return MarkerSequential
	default:
		return ""
	}
}

func fixNames(m *Model) {
	for i := range m.Activities {
		a := &m.Activities[i]
		a.Name = strings.TrimSpace(a.Name)
		if a.Name == "" {
			a.Name = fmt.Sprintf("Activity %d", i+1)
		}
		a.Performer = strings.TrimSpace(a.Performer)
		a.Pool = strings.TrimSpace(a.Pool)
		a.Parent = strings.TrimSpace(a.Parent)
	}
	for i := range m.Gateways {
		g := &m.Gateways[i]
		g.Name = strings.TrimSpace(g.Name)
		g.Pool = strings.TrimSpace(g.Pool)
		g.Parent = strings.TrimSpace(g.Parent)
	}
	for i := range m.Events {
		e := &m.Events[i]
		e.Name = strings.TrimSpace(e.Name)
		e.Pool = strings.TrimSpace(e.Pool)
		e.Parent = strings.TrimSpace(e.Parent)
		if e.Name == "" {
			switch e.Type {
			case EventStart:
				e.Name = "Start"
			case EventEnd:
				e.Name = "End"
			}
		}
		if e.Trigger == TriggerTimer && e.Timer == "" {
			// "2 weeks" or "Every Monday" as a timer's name is its timer
			e.Timer = e.Name
		}
	}
	for i := range m.Pools {
		p := &m.Pools[i]
		p.ID = strings.TrimSpace(p.ID)
		p.Name = strings.TrimSpace(p.Name)
		if p.Name == "" {
			p.Name = fmt.Sprintf("Pool %d", i+1)
		}
	}
	for i := range m.Participants {
		p := &m.Participants[i]
		p.Pool = strings.TrimSpace(p.Pool)
		p.Parent = strings.TrimSpace(p.Parent)
		p.ID = strings.TrimSpace(p.ID)
	}
	for i := range m.Data {
		d := &m.Data[i]
		d.ID = strings.TrimSpace(d.ID)
		d.Name = strings.TrimSpace(d.Name)
		if d.Name == "" {
			d.Name = fmt.Sprintf("Data %d", i+1)
		}
		d.Pool = strings.TrimSpace(d.Pool)
		d.Parent = strings.TrimSpace(d.Parent)
		if k := squashWords(d.Kind); k == DataStore || k == "datastore" || k == "database" || k == "db" {
			d.Kind = DataStore
		} else {
			d.Kind = DataObject
		}
	}
	for i := range m.Annotations {
		a := &m.Annotations[i]
		a.ID = strings.TrimSpace(a.ID)
		a.Text = strings.TrimSpace(a.Text)
		a.AttachedTo = strings.TrimSpace(a.AttachedTo)
		a.Pool = strings.TrimSpace(a.Pool)
		a.Parent = strings.TrimSpace(a.Parent)
	}
	for i := range m.MessageFlows {
		f := &m.MessageFlows[i]
		f.ID, f.Name = strings.TrimSpace(f.ID), strings.TrimSpace(f.Name)
	}
}

// fixIDs gives every node a unique id, then every pool, data item,
// annotation and lane an id no other element uses. Which of two nodes
// sharing an id a reference meant is guessed from where the reference sits:
// a flow whose other end is in pool B meant the twin in pool B (ids
// colliding across pools are common when each pool was written on its
// own); without such a hint the first twin is meant.
func fixIDs(m *Model) {
	used := m.NodeIDs()
	taken := map[string]bool{}
	fresh := func(prefix string, n int) string {
		for {
			id := fmt.Sprintf("%s_%d", prefix, n)
			if !taken[id] && !used[id] {
				return id
			}
			n++
		}
	}
	twins := map[string][]string{} // original id → ids after renaming, in node order
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
	resolveTwins(m, twins)

	// Other kinds: a clash with a node renames the other element, since
	// flows name nodes far more often than pools or data.
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
	g := newGraph(m)
	main := m.MainPool()
	place := func(id string) (pool, parent string) {
		n, ok := g.node(id)
		if !ok {
			return "", ""
		}
		p, par := nodePlace(m, n)
		return poolKey(main, p), par
	}
	// pick chooses among the candidates for ref the twin nearest to the
	// node other (already resolved): same container, then same pool (or,
	// for message flows, another pool).
	pick := func(ref string, others []string, samePool bool) string {
		cands := twins[ref]
		if len(cands) < 2 {
			return ref
		}
		for _, pass := range []int{0, 1} {
			for _, c := range cands {
				cp, cpar := place(c)
				for _, o := range others {
					op, opar := place(o)
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
	cands := func(ref string) []string {
		if c := twins[ref]; len(c) > 0 {
			return c
		}
		return []string{ref}
	}
	for i := range m.Flows {
		f := &m.Flows[i]
		s, t := f.Source, f.Target
		if len(twins[s]) > 1 {
			f.Source = pick(s, cands(t), true)
		}
		if len(twins[t]) > 1 {
			f.Target = pick(t, []string{f.Source}, true)
		}
	}
	for i := range m.MessageFlows {
		f := &m.MessageFlows[i]
		s, t := f.Source, f.Target
		if len(twins[s]) > 1 {
			f.Source = pick(s, cands(t), false)
		}
		if len(twins[t]) > 1 {
			f.Target = pick(t, []string{f.Source}, false)
		}
	}
	pickIn := func(ref, pool string, want func(node) bool) string {
		cs := twins[ref]
		if len(cs) < 2 {
			return ref
		}
		for _, c := range cs {
			n, _ := g.node(c)
			if p, _ := place(c); p == poolKey(main, pool) && want(n) {
				return c
			}
		}
		for _, c := range cs {
			if n, _ := g.node(c); want(n) {
				return c
			}
		}
		return cs[0]
	}
	isAct := func(n node) bool { return n.Kind == KindActivity }
	for i := range m.Activities {
		a := &m.Activities[i]
		a.Parent = pickIn(a.Parent, a.Pool, isAct)
	}
	for i := range m.Gateways {
		gw := &m.Gateways[i]
		gw.Parent = pickIn(gw.Parent, gw.Pool, isAct)
	}
	for i := range m.Events {
		e := &m.Events[i]
		e.Parent = pickIn(e.Parent, e.Pool, isAct)
		e.AttachedTo = pickIn(e.AttachedTo, e.Pool, isAct)
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
