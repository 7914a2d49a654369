package scenario

import (
	"fmt"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// The check kinds, as keys of the scenario JSON.
const (
	KindTasks         = "tasks"
	KindPools         = "pools"
	KindNotLanes      = "not_lanes"
	KindLanes         = "lanes"
	KindNever         = "never"
	KindReach         = "reach"
	KindLoop          = "loop"
	KindExclusive     = "exclusive"
	KindParallel      = "parallel"
	KindMultiInstance = "multi_instance"
	KindTimers        = "timers"
	KindMessageFlows  = "message_flows"
)

// Kinds lists the check kinds in the README's order, for reports.
func Kinds() []string {
	return []string{KindTasks, KindPools, KindNotLanes, KindLanes, KindNever, KindReach, KindLoop,
		KindExclusive, KindParallel, KindMultiInstance, KindTimers, KindMessageFlows}
}

// Result is the outcome of one check: one pattern, name, pair or count.
type Result struct {
	Kind string
	// Check names what was checked, e.g. "refus → issu + permit".
	Check string
	Held  bool
	// Why says, for a check that failed, what was found instead.
	Why string
}

// Check makes every check of s on the parsed model d, in the order of
// Kinds and of the scenario's lists.
func Check(d *parse.Definitions, s *Spec) []Result {
	m := newModel(d)
	var out []Result
	add := func(kind, check string, held bool, why string) {
		if held {
			why = ""
		}
		out = append(out, Result{Kind: kind, Check: check, Held: held, Why: why})
	}
	for _, p := range s.Tasks {
		held := len(m.matching(p, m.activities)) > 0
		add(KindTasks, p.String(), held, "no activity matches")
	}
	for _, p := range s.Pools {
		held, why := m.pool(p)
		add(KindPools, p.String(), held, why)
	}
	for _, p := range s.NotLanes {
		held, why := m.notLane(p)
		add(KindNotLanes, p.String(), held, why)
	}
	for _, p := range s.Lanes {
		held := len(m.matching(p, m.lanes)) > 0
		add(KindLanes, p.String(), held, "no lane matches; lanes: "+names(m.lanes))
	}
	pairs := []struct {
		kind string
		list []Pair
		fn   func(Pair) (bool, string)
	}{
		{KindNever, s.Never, m.never},
		{KindReach, s.Reach, m.reach},
		{KindLoop, s.Loop, m.loop},
		{KindExclusive, s.Exclusive, func(p Pair) (bool, string) { return m.split(p, exclusiveSplit) }},
		{KindParallel, s.Parallel, func(p Pair) (bool, string) { return m.split(p, parallelSplit) }},
	}
	for _, k := range pairs {
		for _, p := range k.list {
			held, why := k.fn(p)
			add(k.kind, p[0].String()+" → "+p[1].String(), held, why)
		}
	}
	for _, p := range s.MultiInstance {
		held, why := m.multiInstance(p)
		add(KindMultiInstance, p.String(), held, why)
	}
	if s.Timers != nil {
		add(KindTimers, fmt.Sprintf("≥ %d", *s.Timers), m.timers >= *s.Timers, fmt.Sprintf("%d timer definitions", m.timers))
	}
	if s.MessageFlows != nil {
		add(KindMessageFlows, fmt.Sprintf("≥ %d", *s.MessageFlows), m.messageFlows >= *s.MessageFlows, fmt.Sprintf("%d message flows", m.messageFlows))
	}
	return out
}

// model is the parsed BPMN seen as the checks need it: nodes by role and
// the reachability graph.
type model struct {
	activities, events, nodes, lanes []*parse.Element
	collaborations                   []*parse.Element
	succ                             map[*parse.Element][]*parse.Element
	reachCache                       map[*parse.Element]map[*parse.Element]bool
	timers, messageFlows             int
}

func newModel(d *parse.Definitions) *model {
	m := &model{succ: map[*parse.Element][]*parse.Element{}, reachCache: map[*parse.Element]map[*parse.Element]bool{}}
	var subs []*parse.Element
	d.Walk(func(e *parse.Element) bool {
		switch {
		case parse.IsActivity(e.Kind):
			m.activities = append(m.activities, e)
			m.nodes = append(m.nodes, e)
			if parse.IsSubProcess(e.Kind) && !e.TriggeredByEvent() {
				subs = append(subs, e)
			}
		case parse.IsEvent(e.Kind):
			m.events = append(m.events, e)
			m.nodes = append(m.nodes, e)
			for _, def := range e.EventDefinitions {
				if def.Kind == "timerEventDefinition" {
					m.timers++
				}
			}
		case parse.IsGateway(e.Kind):
			m.nodes = append(m.nodes, e)
		case e.Kind == "lane":
			m.lanes = append(m.lanes, e)
		case e.Kind == "collaboration":
			m.collaborations = append(m.collaborations, e)
		case e.Kind == "messageFlow":
			m.messageFlows++
		case e.Kind == "sequenceFlow":
			if e.Source != nil && e.Target != nil {
				m.succ[e.Source] = append(m.succ[e.Source], e.Target)
			}
		}
		return true
	})
	// a boundary event is reached from its host
	for _, e := range m.events {
		if e.Kind == "boundaryEvent" && e.AttachedTo != nil {
			m.succ[e.AttachedTo] = append(m.succ[e.AttachedTo], e)
		}
	}
	// a sub-process leads into its first nodes, its last ones lead out
	for _, s := range subs {
		first, last := innerEnds(s)
		m.succ[s] = append(m.succ[s], first...)
		for _, l := range last {
			for _, f := range s.Outgoing {
				if f.Target != nil {
					m.succ[l] = append(m.succ[l], f.Target)
				}
			}
		}
	}
	return m
}

// innerEnds returns a sub-process' first nodes (its start events, else the
// nodes nothing leads to) and last ones (nodes leading nowhere).
func innerEnds(s *parse.Element) (first, last []*parse.Element) {
	var starts, free []*parse.Element
	for _, c := range s.Children {
		if !parse.IsFlowNode(c.Kind) || c.TriggeredByEvent() || c.IsForCompensation() {
			continue
		}
		if c.Kind == "startEvent" {
			starts = append(starts, c)
		}
		if len(c.Incoming) == 0 && c.Kind != "boundaryEvent" {
			free = append(free, c)
		}
		if len(c.Outgoing) == 0 {
			last = append(last, c)
		}
	}
	if len(starts) > 0 {
		return starts, last
	}
	return free, last
}

// reachable is the set of nodes some path of one or more steps leads to
// from n.
func (m *model) reachable(n *parse.Element) map[*parse.Element]bool {
	if r, ok := m.reachCache[n]; ok {
		return r
	}
	seen := map[*parse.Element]bool{}
	stack := append([]*parse.Element(nil), m.succ[n]...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		stack = append(stack, m.succ[x]...)
	}
	m.reachCache[n] = seen
	return seen
}

func (m *model) matching(p Pattern, among []*parse.Element) []*parse.Element {
	var out []*parse.Element
	for _, e := range among {
		if p.Matches(e.Name) {
			out = append(out, e)
		}
	}
	return out
}

// steps are the activities and events: what a never check starts from
// (never a gateway: a decision "Rejected?" has both branches) and what
// loop, exclusive and parallel checks relate.
func (m *model) steps() []*parse.Element {
	return append(append([]*parse.Element(nil), m.activities...), m.events...)
}

func (m *model) pool(p Pattern) (bool, string) {
	var seen []string
	for _, c := range m.collaborations {
		parts := c.ChildrenOf("participant")
		if len(parts) < 2 {
			continue
		}
		for _, q := range parts[1:] {
			if p.Matches(q.Name) {
				return true, ""
			}
			seen = append(seen, q.Label())
		}
	}
	if len(seen) == 0 {
		return false, "no collaboration of two or more participants"
	}
	return false, "no other participant matches; others: " + strings.Join(seen, ", ")
}

// notLane holds when no lane is the named party. A lane is the party when
// the name matches it and names its head, the last word: "Customers" and
// "External valuer" are parties, "Customer service" is a role of ours (the
// format's own example asks for a lane "customer service" and no lane
// "customer" in one scenario). A lane of the party's own pool is allowed.
func (m *model) notLane(p Pattern) (bool, string) {
	for _, l := range m.matching(p, m.lanes) {
		if !p.namesHead(l.Name) {
			continue
		}
		if proc := l.Process(); proc != nil && proc.Participant != nil && p.Matches(proc.Participant.Name) {
			continue // the party's own pool may have lanes of its name
		}
		return false, "lane " + quote(l.Label())
	}
	return true, ""
}

func (m *model) never(p Pair) (bool, string) {
	as := m.matching(p[0], m.steps())
	if len(as) == 0 {
		return false, "no activity or event matches " + p[0].String()
	}
	bs := m.matching(p[1], m.nodes)
	for _, a := range as {
		r := m.reachable(a)
		for _, b := range bs {
			if r[b] {
				return false, quote(a.Label()) + " reaches " + quote(b.Label())
			}
		}
	}
	return true, ""
}

func (m *model) reach(p Pair) (bool, string) {
	as := m.matching(p[0], m.activities)
	if len(as) == 0 {
		return false, "no activity matches " + p[0].String()
	}
	bs := m.matching(p[1], m.nodes)
	if len(bs) == 0 {
		return false, "no node matches " + p[1].String()
	}
	for _, a := range as {
		r := m.reachable(a)
		for _, b := range bs {
			if r[b] {
				return true, ""
			}
		}
	}
	return false, "none of " + names(bs) + " is reachable from " + names(as)
}

func (m *model) loop(p Pair) (bool, string) {
	as, bs := m.matching(p[0], m.steps()), m.matching(p[1], m.steps())
	if why := missing(p, as, bs); why != "" {
		return false, why
	}
	for _, a := range as {
		for _, b := range bs {
			if m.reachable(a)[b] && m.reachable(b)[a] {
				return true, ""
			}
		}
	}
	return false, "no cycle through " + names(as) + " and " + names(bs)
}

func exclusiveSplit(kind string) bool {
	return kind == "exclusiveGateway" || kind == "eventBasedGateway"
}
func parallelSplit(kind string) bool { return kind == "parallelGateway" || kind == "inclusiveGateway" }

// split holds when an A and a B that do not reach each other lie on two
// different outgoing flows of one split of the wanted kind (what follows
// a flow up to the split again). Two different flows, not mere
// reachability from the split: an exclusive choice followed by a parallel
// split must not count as A-or-B.
func (m *model) split(p Pair, kind func(string) bool) (bool, string) {
	as, bs := m.matching(p[0], m.steps()), m.matching(p[1], m.steps())
	if why := missing(p, as, bs); why != "" {
		return false, why
	}
	splits := 0
	for _, g := range m.nodes {
		if !kind(g.Kind) || len(g.Outgoing) < 2 {
			continue
		}
		splits++
		branch := make([]map[*parse.Element]bool, len(g.Outgoing))
		for i, f := range g.Outgoing {
			branch[i] = m.branch(g, f.Target)
		}
		for _, a := range as {
			for _, b := range bs {
				if a == b || m.reachable(a)[b] || m.reachable(b)[a] {
					continue
				}
				for i := range branch {
					for j := range branch {
						if i != j && branch[i][a] && branch[j][b] {
							return true, ""
						}
					}
				}
			}
		}
	}
	if splits == 0 {
		return false, "no split of that kind"
	}
	return false, "no split of that kind has " + names(as) + " and " + names(bs) + " on different branches, apart"
}

// branch is what follows a split along one of its flows, from start on,
// without passing the split again: a loop back before the split would
// otherwise put everything on every branch.
func (m *model) branch(split, start *parse.Element) map[*parse.Element]bool {
	seen := map[*parse.Element]bool{}
	if start == nil || start == split {
		return seen
	}
	stack := []*parse.Element{start}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] || x == split {
			continue
		}
		seen[x] = true
		stack = append(stack, m.succ[x]...)
	}
	return seen
}

func (m *model) multiInstance(p Pattern) (bool, string) {
	as := m.matching(p, m.activities)
	if len(as) == 0 {
		return false, "no activity matches"
	}
	for _, a := range as {
		if a.Child("multiInstanceLoopCharacteristics") != nil {
			return true, ""
		}
	}
	return false, names(as) + " without a multi-instance marker"
}

func missing(p Pair, as, bs []*parse.Element) string {
	switch {
	case len(as) == 0:
		return "no activity or event matches " + p[0].String()
	case len(bs) == 0:
		return "no activity or event matches " + p[1].String()
	}
	return ""
}

// names lists elements' labels for a failure message, a few at most.
func names(es []*parse.Element) string {
	const most = 6
	var out []string
	for i, e := range es {
		if i == most {
			out = append(out, fmt.Sprintf("… %d more", len(es)-most))
			break
		}
		out = append(out, quote(e.Label()))
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}

func quote(s string) string { return "“" + s + "”" }
