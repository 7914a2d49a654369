package process

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
}

// Branch is one outgoing path of a split.
type Branch struct {
	Condition  string `json:"condition,omitempty"`
	TargetID   string `json:"target_id"`
	TargetName string `json:"target_name"`
}

// Ordered returns the flow nodes in sequence order: a depth-first walk
// from the start events in reverse post-order (a topological order that
// ignores loops back), first branches first, nodes the walk cannot reach
// after in document order, and end events last.
func Ordered(m *Model) []Step {
	g := newGraph(m)
	visited := map[string]bool{}
	var post []string
	var visit func(id string)
	visit = func(id string) {
		visited[id] = true
		outs := g.out[id]
		for i := len(outs) - 1; i >= 0; i-- {
			t := m.Flows[outs[i]].Target
			if g.has(t) && !visited[t] {
				visit(t)
			}
		}
		post = append(post, id)
	}
	for _, n := range g.nodes {
		if eventType(m, n.ID) == EventStart && !visited[n.ID] {
			visit(n.ID)
		}
	}
	var order []string
	for i := len(post) - 1; i >= 0; i-- {
		order = append(order, post[i])
	}
	for _, n := range g.nodes {
		if !visited[n.ID] {
			visited[n.ID] = true
			order = append(order, n.ID)
		}
	}
	// end events last, keeping their relative order
	var body, ends []string
	for _, id := range order {
		if eventType(m, id) == EventEnd {
			ends = append(ends, id)
		} else {
			body = append(body, id)
		}
	}
	order = append(body, ends...)

	var steps []Step
	num := 0
	for _, id := range order {
		n := g.nodes[g.byID[id]]
		var s Step
		switch n.Kind {
		case KindActivity:
			a := m.Activities[n.Index]
			num++
			s = Step{Kind: StepActivity, Number: num, ID: a.ID, Name: a.Name, Performer: a.Performer}
		case KindGateway:
			gw := m.Gateways[n.Index]
			s = Step{Kind: StepGateway, ID: gw.ID, Name: gw.Name, Performer: gw.Performer, GatewayType: gw.Type,
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
			s = Step{Kind: kind, ID: e.ID, Name: e.Name, Performer: e.Performer, Trigger: e.Trigger}
		}
		if outs := g.out[id]; len(outs) > 1 {
			for _, fi := range outs {
				f := m.Flows[fi]
				s.Branches = append(s.Branches, Branch{Condition: f.Condition, TargetID: f.Target, TargetName: branchTarget(m, g, f.Target)})
			}
		}
		steps = append(steps, s)
	}
	return steps
}

// branchTarget names where a branch leads. A branch that runs straight into
// an unnamed joining gateway is named after what follows the join, so that
// "No → Pay invoice" reads instead of "No → ".
func branchTarget(m *Model, g *graph, id string) string {
	for hop := 0; hop < 10; hop++ {
		name := nodeName(m, id)
		if name != "" || !isGateway(m, id) || len(g.out[id]) != 1 {
			if name == "" {
				return "Continue"
			}
			return name
		}
		id = m.Flows[g.out[id][0]].Target
	}
	return "Continue"
}
