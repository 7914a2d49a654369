package process

import (
	"fmt"
	"strings"
)

// DefaultPerformer is the lane given to activities nobody was named for.
const DefaultPerformer = "Process Owner"

// Repair fixes, in place and deterministically, everything in the model that
// has one obvious fix: ids are generated and de-duplicated, types normalised,
// dangling and duplicate flows dropped, missing start/end events added,
// orphaned nodes connected in document order, performers defaulted and
// splits whose branches meet without a join given one. It returns the
// problems that remain (Validate after repair). Repair is idempotent:
// repairing a repaired model changes nothing.
func Repair(m *Model) []Problem {
	// A model handed to Repair is new (a provider's answer, a converted
	// file): it is written in this version. Stored models migrate in Decode.
	m.Version = Version
	normaliseTypes(m)
	fixNames(m)
	fixIDs(m)
	fixParticipants(m)
	dropBadFlows(m)
	addStartEnd(m)
	connect(m)
	balanceGateways(m)
	fixFlowIDs(m)
	return m.Validate()
}

func normaliseTypes(m *Model) {
	for i := range m.Gateways {
		m.Gateways[i].Type = NormaliseGatewayType(m.Gateways[i].Type)
	}
	for i := range m.Events {
		e := &m.Events[i]
		typ, trig := NormaliseEventType(e.Type)
		e.Type = typ
		if e.Trigger == "" {
			e.Trigger = trig
		}
		e.Trigger = normaliseTrigger(e.Trigger)
		if e.Type == EventStart || e.Type == EventEnd {
			if e.Trigger == TriggerNone {
				e.Trigger = ""
			}
		}
	}
}

func squash(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	r := strings.NewReplacer("_", "", "-", "", " ", "", "gateway", "", "event", "")
	return r.Replace(s)
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
	case "eventbased", "eventbasedgateway":
		return GatewayEventBased
	default:
		return GatewayExclusive
	}
}

// NormaliseEventType maps an event type spelling to start, end or
// intermediate and, for spellings that carry one ("timer"), a trigger.
func NormaliseEventType(t string) (typ, trigger string) {
	s := squash(t)
	switch {
	case s == "start" || strings.HasPrefix(s, "start"):
		return EventStart, ""
	case s == "end" || strings.HasPrefix(s, "end") || s == "terminate":
		return EventEnd, ""
	case strings.Contains(s, "timer"):
		return EventIntermediate, TriggerTimer
	case strings.Contains(s, "message"):
		return EventIntermediate, TriggerMessage
	case strings.Contains(s, "signal"):
		return EventIntermediate, TriggerSignal
	case strings.Contains(s, "error"):
		return EventIntermediate, TriggerError
	default:
		return EventIntermediate, ""
	}
}

func normaliseTrigger(t string) string {
	switch s := squash(t); s {
	case "":
		return ""
	case TriggerTimer, TriggerMessage, TriggerSignal, TriggerError:
		return s
	default:
		return TriggerNone
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
		if a.Performer == "" {
			a.Performer = DefaultPerformer
		}
	}
	for i := range m.Gateways {
		g := &m.Gateways[i]
		g.Name = strings.TrimSpace(g.Name)
	}
	for i := range m.Events {
		e := &m.Events[i]
		e.Name = strings.TrimSpace(e.Name)
		if e.Name == "" {
			switch e.Type {
			case EventStart:
				e.Name = "Start"
			case EventEnd:
				e.Name = "End"
			}
		}
	}
}

// fixIDs gives every node a unique id. Flows that named a renamed duplicate
// keep pointing at the first element with that id: which of two twins a
// flow meant cannot be known.
func fixIDs(m *Model) {
	used := map[string]bool{}
	for _, a := range m.Activities {
		used[a.ID] = true
	}
	for _, g := range m.Gateways {
		used[g.ID] = true
	}
	for _, e := range m.Events {
		used[e.ID] = true
	}
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
	fix := func(id *string, prefix string, n int) {
		*id = strings.TrimSpace(*id)
		if *id == "" || taken[*id] {
			base := prefix
			if *id != "" {
				base = *id
			}
			*id = fresh(base, n)
		}
		taken[*id] = true
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
}

func fixParticipants(m *Model) {
	seen := map[string]bool{}
	var ps []Participant
	for _, p := range m.Participants {
		p.Name = strings.TrimSpace(p.Name)
		k := strings.ToLower(p.Name)
		if p.Name == "" || seen[k] {
			continue
		}
		seen[k] = true
		ps = append(ps, p)
	}
	for _, a := range m.Activities {
		k := strings.ToLower(a.Performer)
		if !seen[k] {
			seen[k] = true
			ps = append(ps, Participant{Name: a.Performer})
		}
	}
	m.Participants = ps
	// one spelling per lane: "clerk" and "Clerk" are the same participant
	canon := map[string]string{}
	for _, p := range ps {
		canon[strings.ToLower(p.Name)] = p.Name
	}
	for i := range m.Activities {
		m.Activities[i].Performer = canon[strings.ToLower(m.Activities[i].Performer)]
	}
	for i := range m.Gateways {
		if c, ok := canon[strings.ToLower(strings.TrimSpace(m.Gateways[i].Performer))]; ok {
			m.Gateways[i].Performer = c
		}
	}
	for i := range m.Events {
		if c, ok := canon[strings.ToLower(strings.TrimSpace(m.Events[i].Performer))]; ok {
			m.Events[i].Performer = c
		}
	}
}

// dropBadFlows removes flows whose ends do not exist, flows into a start
// event or out of an end event, self loops and exact duplicates.
func dropBadFlows(m *Model) {
	g := newGraph(m)
	resolve := nodeResolver(m, g)
	type key struct{ s, t string }
	seen := map[key]bool{}
	var fs []Flow
	for _, f := range m.Flows {
		f.Source, f.Target = resolve(f.Source), resolve(f.Target)
		f.Condition = strings.TrimSpace(f.Condition)
		if !g.has(f.Source) || !g.has(f.Target) || f.Source == f.Target {
			continue
		}
		if eventType(m, f.Target) == EventStart || eventType(m, f.Source) == EventEnd {
			continue
		}
		k := key{f.Source, f.Target}
		if seen[k] {
			continue
		}
		seen[k] = true
		fs = append(fs, f)
	}
	m.Flows = fs
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

func addStartEnd(m *Model) {
	hasStart, hasEnd := false, false
	for _, e := range m.Events {
		hasStart = hasStart || e.Type == EventStart
		hasEnd = hasEnd || e.Type == EventEnd
	}
	if !hasStart {
		m.Events = append([]Event{{ID: freshID(m, "StartEvent"), Type: EventStart, Name: "Start"}}, m.Events...)
	}
	if !hasEnd {
		m.Events = append(m.Events, Event{ID: freshID(m, "EndEvent"), Type: EventEnd, Name: "End"})
	}
}

// freshID returns prefix_N for the smallest N not used by any element.
func freshID(m *Model, prefix string) string {
	used := map[string]bool{}
	for _, a := range m.Activities {
		used[a.ID] = true
	}
	for _, g := range m.Gateways {
		used[g.ID] = true
	}
	for _, e := range m.Events {
		used[e.ID] = true
	}
	for _, f := range m.Flows {
		used[f.ID] = true
	}
	for n := 1; ; n++ {
		id := fmt.Sprintf("%s_%d", prefix, n)
		if !used[id] {
			return id
		}
	}
}

func addFlow(m *Model, source, target string) {
	m.Flows = append(m.Flows, Flow{ID: freshID(m, "Flow"), Source: source, Target: target})
}

// connect makes every node reachable from a start and able to reach an end.
// Without any flows the nodes are chained in document order. Otherwise a
// node without incoming flow is fed from the node before it in document
// order, a node without outgoing flow runs to the first end event, and an
// end event nobody reaches is fed like any other node. Nodes still cut off
// (a cycle nobody enters) are then tied to their document neighbours, one
// at a time, until the graph is whole.
func connect(m *Model) {
	nodes := documentOrder(m)
	isStart := func(id string) bool { return eventType(m, id) == EventStart }
	isEnd := func(id string) bool { return eventType(m, id) == EventEnd }
	firstEnd := ""
	for _, n := range nodes {
		if isEnd(n.ID) {
			firstEnd = n.ID
			break
		}
	}
	firstStart := nodes[0].ID // addStartEnd put a start first in document order
	prevSource := func(i int, ok func(string) bool) string {
		for j := i - 1; j >= 0; j-- {
			if !isEnd(nodes[j].ID) && ok(nodes[j].ID) {
				return nodes[j].ID
			}
		}
		return firstStart
	}
	anyNode := func(string) bool { return true }

	if len(m.Flows) == 0 {
		for i, n := range nodes {
			if !isStart(n.ID) {
				addFlow(m, prevSource(i, anyNode), n.ID)
			}
		}
	}
	g := newGraph(m)
	for i, n := range nodes {
		if isStart(n.ID) || isEnd(n.ID) || len(g.in[n.ID]) > 0 {
			continue
		}
		addFlow(m, prevSource(i, anyNode), n.ID)
	}
	g = newGraph(m)
	for _, n := range nodes {
		if isEnd(n.ID) || len(g.out[n.ID]) > 0 {
			continue
		}
		addFlow(m, n.ID, firstEnd)
	}
	g = newGraph(m)
	for i, n := range nodes {
		if isEnd(n.ID) && len(g.in[n.ID]) == 0 {
			addFlow(m, prevSource(i, anyNode), n.ID)
		}
	}

	var starts, ends []string
	for _, n := range nodes {
		if isStart(n.ID) {
			starts = append(starts, n.ID)
		}
		if isEnd(n.ID) {
			ends = append(ends, n.ID)
		}
	}
	for guard := 0; guard <= len(nodes); guard++ {
		g = newGraph(m)
		fwd := g.reach(m, starts, true)
		changed := false
		for i, n := range nodes {
			if fwd[n.ID] {
				continue
			}
			addFlow(m, prevSource(i, func(id string) bool { return fwd[id] }), n.ID)
			changed = true
			break
		}
		if !changed {
			break
		}
	}
	for guard := 0; guard <= len(nodes); guard++ {
		g = newGraph(m)
		back := g.reach(m, ends, false)
		changed := false
		for i := len(nodes) - 1; i >= 0; i-- {
			n := nodes[i]
			if back[n.ID] {
				continue
			}
			dst := firstEnd
			for j := i + 1; j < len(nodes); j++ {
				if back[nodes[j].ID] && !isStart(nodes[j].ID) {
					dst = nodes[j].ID
					break
				}
			}
			addFlow(m, n.ID, dst)
			changed = true
			break
		}
		if !changed {
			break
		}
	}
}

// balanceGateways inserts a joining gateway of the split's type where the
// branches of a split meet at a node that is not a gateway.
func balanceGateways(m *Model) {
	for guard := 0; guard < len(m.Gateways)+len(m.Activities)+len(m.Events)+1; guard++ {
		us := unbalancedSplits(m, newGraph(m))
		if len(us) == 0 {
			return
		}
		u := us[0]
		typ := GatewayExclusive
		for _, gw := range m.Gateways {
			if gw.ID == u.split {
				typ = gw.Type
			}
		}
		if typ == GatewayEventBased {
			typ = GatewayExclusive
		}
		join := Gateway{ID: freshID(m, "Gateway"), Type: typ}
		m.Gateways = append(m.Gateways, join)
		for i := range m.Flows {
			if m.Flows[i].Target == u.meet {
				m.Flows[i].Target = join.ID
			}
		}
		addFlow(m, join.ID, u.meet)
	}
}

func fixFlowIDs(m *Model) {
	nodeIDs := map[string]bool{}
	for _, a := range m.Activities {
		nodeIDs[a.ID] = true
	}
	for _, g := range m.Gateways {
		nodeIDs[g.ID] = true
	}
	for _, e := range m.Events {
		nodeIDs[e.ID] = true
	}
	// A flow keeps its id when it is the first to use it; the others get
	// fresh ids that collide with nothing already in the model.
	taken := map[string]bool{}
	keep := make([]bool, len(m.Flows))
	for i := range m.Flows {
		f := &m.Flows[i]
		f.ID = strings.TrimSpace(f.ID)
		if f.ID != "" && !taken[f.ID] && !nodeIDs[f.ID] {
			taken[f.ID] = true
			keep[i] = true
		}
	}
	for i := range m.Flows {
		if keep[i] {
			continue
		}
		f := &m.Flows[i]
		base := "Flow"
		if f.ID != "" {
			base = f.ID
		}
		for n := i + 1; ; n++ {
			id := fmt.Sprintf("%s_%d", base, n)
			if !taken[id] && !nodeIDs[id] {
				f.ID = id
				break
			}
		}
		taken[f.ID] = true
	}
}
