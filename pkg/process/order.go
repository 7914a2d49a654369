package process

import (
	"sort"
	"strings"
)

// Step kinds returned by Ordered.
const (
	StepStart    = "start"
	StepActivity = "activity"
	StepGateway  = "gateway"
	StepEvent    = "event"
	StepEnd      = "end"
)

// Step is one entry of the process flow in reading order, as the "Process
// Flow Summary" and the UI's Process Items tab show it.
type Step struct {
	Kind string `json:"kind"` // start | activity | gateway | event | end
	// Number is the 1-based activity number; 0 for other kinds.
	Number      int    `json:"number,omitempty"`
	ID          string `json:"id"`
	Name        string `json:"name"`
	Performer   string `json:"performer,omitempty"`
	GatewayType string `json:"gateway_type,omitempty"`
	Trigger     string `json:"trigger,omitempty"`
	// Join is true for a gateway that merges branches (one way out).
	Join bool `json:"join,omitempty"`
	// Branches are the outgoing flows of a node that has more than one.
	Branches []Branch `json:"branches,omitempty"`

	// Pool is the id of the pool the node sits in ("" for the main pool).
	Pool string `json:"pool,omitempty"`
	// Parent is the id of the sub-process holding the node; Depth is how
	// many sub-processes hold it (0 at a pool's top level).
	Parent string `json:"parent,omitempty"`
	Depth  int    `json:"depth,omitempty"`
	// ParentName is the name of the sub-process holding the node.
	ParentName string `json:"parent_name,omitempty"`
	// ActivityType and Marker are the activity's (Activity* and Marker*
	// constants); CalledElement is what a call activity calls.
	ActivityType  string `json:"activity_type,omitempty"`
	Marker        string `json:"marker,omitempty"`
	CalledElement string `json:"called_element,omitempty"`
	// Throw, Timer and NonInterrupting describe an event.
	Throw           bool   `json:"throw,omitempty"`
	Timer           string `json:"timer,omitempty"`
	NonInterrupting bool   `json:"non_interrupting,omitempty"`
	// Boundaries are the boundary events on an activity, with where each
	// leads.
	Boundaries []Boundary `json:"boundaries,omitempty"`
	// Messages are the message flows the node sends or receives.
	Messages []Message `json:"messages,omitempty"`
}

// Branch is one outgoing path of a split.
type Branch struct {
	Condition  string `json:"condition,omitempty"`
	TargetID   string `json:"target_id"`
	TargetName string `json:"target_name"`
	// Default marks the branch taken when no condition holds.
	Default bool `json:"default,omitempty"`
}

// Boundary is a boundary event on an activity.
type Boundary struct {
	ID              string   `json:"id"`
	Name            string   `json:"name"`
	Trigger         string   `json:"trigger,omitempty"`
	Timer           string   `json:"timer,omitempty"`
	NonInterrupting bool     `json:"non_interrupting,omitempty"`
	Branches        []Branch `json:"branches,omitempty"`
}

// Message is a message flow seen from one of its ends.
type Message struct {
	// Sends is true when the node sends the message, false when it
	// receives it.
	Sends bool   `json:"sends"`
	Name  string `json:"name,omitempty"`
	// PartnerID and PartnerName are the other end: a node or a pool.
	PartnerID   string `json:"partner_id"`
	PartnerName string `json:"partner_name"`
	// PartnerPool names the pool of the other end.
	PartnerPool string `json:"partner_pool"`
}

// Ordered returns the flow nodes in sequence order, pool by pool (the main
// pool first) and, inside each pool or sub-process, as a depth-first walk
// from the start events in reverse post-order (a topological order that
// ignores loops back), first branches first, nodes the walk cannot reach
// after in document order, and end events last. A sub-process' own steps
// follow it directly, one level deeper. Boundary events are not steps of
// their own: they are listed on their activity (Step.Boundaries), and
// where they lead follows the activity's regular path.
func Ordered(m *Model) []Step {
	g := newGraph(m)
	conts := containers(m, g)
	main := m.MainPool()
	poolRank := map[string]int{"": -1}
	for i, p := range m.Pools {
		if _, ok := poolRank[poolKey(main, p.ID)]; !ok {
			poolRank[poolKey(main, p.ID)] = i
		}
	}
	rank := func(c *container) int {
		if strings.HasPrefix(c.key, "sub:") {
			return len(m.Pools) + 1
		}
		if r, ok := poolRank[poolKey(main, c.pool)]; ok {
			return r
		}
		return len(m.Pools)
	}
	sort.SliceStable(conts, func(i, j int) bool { return rank(conts[i]) < rank(conts[j]) })
	byKey := map[string]*container{}
	for _, c := range conts {
		byKey[c.key] = c
	}
	msgs := messagesByNode(m, g)

	var steps []Step
	emitted := map[string]bool{}
	num := 0
	type frame struct {
		c     *container
		depth int
	}
	// an explicit stack keeps deep (unrepaired) nesting off the call stack
	emit := func(c *container, depth int) {
		stack := []frame{{c, depth}}
		var pending [][]string // order of each open frame, consumed front first
		var pendingDepth []int
		open := func(f frame) {
			emitted[f.c.key] = true
			pending = append(pending, walk(m, g, f.c))
			pendingDepth = append(pendingDepth, f.depth)
		}
		open(stack[0])
		for len(pending) > 0 {
			top := len(pending) - 1
			if len(pending[top]) == 0 {
				pending, pendingDepth = pending[:top], pendingDepth[:top]
				continue
			}
			id := pending[top][0]
			pending[top] = pending[top][1:]
			s := makeStep(m, g, id)
			s.Depth = pendingDepth[top]
			s.Messages = msgs[id]
			if s.Kind == StepActivity {
				num++
				s.Number = num
			}
			steps = append(steps, s)
			if sc, ok := byKey["sub:"+id]; ok && s.Kind == StepActivity && !emitted[sc.key] {
				open(frame{sc, s.Depth + 1})
			}
		}
	}
	for _, c := range conts {
		if !strings.HasPrefix(c.key, "sub:") && !emitted[c.key] {
			emit(c, 0)
		}
	}
	for _, c := range conts {
		if !emitted[c.key] {
			emit(c, 0) // content of a sub-process no pool reaches (unrepaired models)
		}
	}
	return steps
}

// walk orders one container's nodes.
func walk(m *Model, g *graph, c *container) []string {
	in := map[string]bool{}
	for _, n := range c.nodes {
		in[n.ID] = true
	}
	boundaryOut := func(id string) []string {
		var ts []string
		for _, b := range g.attached[id] {
			for _, fi := range g.out[b] {
				ts = append(ts, m.Flows[fi].Target)
			}
		}
		return ts
	}
	visited := map[string]bool{}
	var post []string
	// iterative depth-first search with the recursive version's order:
	// the last outgoing flow is explored first, so that reverse
	// post-order lists the first branch first
	type item struct {
		id   string
		next []string
	}
	visit := func(root string) {
		succ := func(id string) []string {
			var ts []string
			outs := g.out[id]
			bo := boundaryOut(id)
			for i := len(bo) - 1; i >= 0; i-- {
				ts = append(ts, bo[i])
			}
			for i := len(outs) - 1; i >= 0; i-- {
				ts = append(ts, m.Flows[outs[i]].Target)
			}
			return ts
		}
		visited[root] = true
		stack := []item{{root, succ(root)}}
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if len(top.next) == 0 {
				post = append(post, top.id)
				stack = stack[:len(stack)-1]
				continue
			}
			t := top.next[0]
			top.next = top.next[1:]
			if in[t] && !visited[t] {
				visited[t] = true
				stack = append(stack, item{t, succ(t)})
			}
		}
	}
	for _, n := range c.nodes {
		if g.eventType(n.ID) == EventStart && !visited[n.ID] {
			visit(n.ID)
		}
	}
	var order []string
	for i := len(post) - 1; i >= 0; i-- {
		order = append(order, post[i])
	}
	for _, n := range c.nodes {
		if !visited[n.ID] {
			visited[n.ID] = true
			order = append(order, n.ID)
		}
	}
	// end events last, keeping their relative order; boundary events on
	// an existing activity are listed on it instead
	var body, ends []string
	for _, id := range order {
		switch g.eventType(id) {
		case EventEnd:
			ends = append(ends, id)
		case EventBoundary:
			n, _ := g.node(id)
			if host, ok := g.node(m.Events[n.Index].AttachedTo); ok && host.Kind == KindActivity {
				continue
			}
			body = append(body, id)
		default:
			body = append(body, id)
		}
	}
	return append(body, ends...)
}

// makeStep describes one node.
func makeStep(m *Model, g *graph, id string) Step {
	n, _ := g.node(id)
	var s Step
	switch n.Kind {
	case KindActivity:
		a := m.Activities[n.Index]
		s = Step{Kind: StepActivity, ID: a.ID, Name: a.Name, Performer: a.Performer, Pool: a.Pool, Parent: a.Parent,
			ActivityType: a.Type, Marker: a.Marker, CalledElement: a.CalledElement}
		if s.Marker == MarkerNone {
			s.Marker = ""
		}
		for _, bid := range g.attached[id] {
			bn, _ := g.node(bid)
			e := m.Events[bn.Index]
			b := Boundary{ID: e.ID, Name: e.Name, Trigger: e.Trigger, Timer: e.Timer, NonInterrupting: e.NonInterrupting}
			for _, fi := range g.out[bid] {
				f := m.Flows[fi]
				b.Branches = append(b.Branches, Branch{Condition: f.Condition, TargetID: f.Target, TargetName: branchTarget(m, g, f.Target), Default: f.Default})
			}
			s.Boundaries = append(s.Boundaries, b)
		}
	case KindGateway:
		gw := m.Gateways[n.Index]
		s = Step{Kind: StepGateway, ID: gw.ID, Name: gw.Name, Performer: gw.Performer, GatewayType: gw.Type, Pool: gw.Pool, Parent: gw.Parent,
			Join: len(g.out[id]) <= 1 && len(g.in[id]) > 1}
	case KindEvent:
		e := m.Events[n.Index]
		kind := StepEvent
		switch e.Type {
		case EventStart:
			kind = StepStart
		case EventEnd:
			kind = StepEnd
		}
		s = Step{Kind: kind, ID: e.ID, Name: e.Name, Performer: e.Performer, Trigger: e.Trigger, Pool: e.Pool, Parent: e.Parent,
			Throw: e.Throw && e.Type == EventIntermediate, Timer: e.Timer, NonInterrupting: e.NonInterrupting}
	}
	if s.Parent != "" {
		s.ParentName = g.name(m, s.Parent)
	}
	if outs := g.out[id]; len(outs) > 1 {
		for _, fi := range outs {
			f := m.Flows[fi]
			s.Branches = append(s.Branches, Branch{Condition: f.Condition, TargetID: f.Target, TargetName: branchTarget(m, g, f.Target), Default: f.Default})
		}
	}
	return s
}

// messagesByNode lists each node's (and each pool's) message flows in
// model order.
func messagesByNode(m *Model, g *graph) map[string][]Message {
	out := map[string][]Message{}
	pools := map[string]string{}
	for _, p := range m.Pools {
		pools[p.ID] = p.Name
	}
	main := m.MainPool()
	endName := func(id string) (name, pool string) {
		if n, ok := g.node(id); ok {
			p, _ := nodePlace(m, n)
			if p == "" {
				p = main
			}
			return g.name(m, id), orNone(pools[p], orNone(m.ProcessName, "the process"))
		}
		if name, ok := pools[id]; ok {
			return name, name
		}
		return id, id
	}
	for _, f := range m.MessageFlows {
		sn, sp := endName(f.Source)
		tn, tp := endName(f.Target)
		out[f.Source] = append(out[f.Source], Message{Sends: true, Name: f.Name, PartnerID: f.Target, PartnerName: tn, PartnerPool: tp})
		out[f.Target] = append(out[f.Target], Message{Sends: false, Name: f.Name, PartnerID: f.Source, PartnerName: sn, PartnerPool: sp})
	}
	return out
}

// branchTarget names where a branch leads. A branch that runs straight into
// an unnamed joining gateway is named after what follows the join, so that
// "No → Pay invoice" reads instead of "No → ".
func branchTarget(m *Model, g *graph, id string) string {
	for hop := 0; hop < 10; hop++ {
		name := g.name(m, id)
		if name != "" || !isGatewayNode(g, id) || len(g.out[id]) != 1 {
			if name == "" {
				return "Continue"
			}
			return name
		}
		id = m.Flows[g.out[id][0]].Target
	}
	return "Continue"
}
