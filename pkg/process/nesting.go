package process

import "strings"

// fixParents makes every Parent name a sub-process activity, without
// cycles and at most MaxNesting deep, and puts every node in its
// sub-process' pool. A parent that is a plain task becomes a sub-process
// (the model clearly meant one); a parent that is a typed task, a call
// activity, a gateway, an event or nothing at all leaves the node at the
// top level of its pool. In a cycle of parents, the first activity of the
// cycle (in slice order) moves to the top level. Content nested deeper
// than MaxNesting moves up into the deepest allowed sub-process. All of it
// runs without recursion, in time linear in the model, so that a model of
// 10,000 nested sub-processes repairs at once.
func fixParents(m *Model) {
	actIdx := make(map[string]int, len(m.Activities))
	actFold := map[string][]int{}
	for i, a := range m.Activities {
		if _, ok := actIdx[a.ID]; !ok {
			actIdx[a.ID] = i
		}
		k := strings.ToLower(a.ID)
		actFold[k] = append(actFold[k], i)
	}
	toSub := map[int]bool{}
	resolve := func(self string, parent *string) {
		if *parent == "" {
			return
		}
		i, ok := actIdx[*parent]
		if !ok {
			if c := actFold[strings.ToLower(*parent)]; len(c) == 1 {
				i, ok = c[0], true
			}
		}
		if !ok || m.Activities[i].ID == self {
			*parent = ""
			return
		}
		switch t := m.Activities[i].Type; {
		case IsSubProcess(t):
		case t == "" || t == ActivityTask:
			toSub[i] = true
		default:
			*parent = ""
			return
		}
		*parent = m.Activities[i].ID
	}
	for i := range m.Activities {
		resolve(m.Activities[i].ID, &m.Activities[i].Parent)
	}
	for i := range m.Gateways {
		resolve(m.Gateways[i].ID, &m.Gateways[i].Parent)
	}
	for i := range m.Events {
		resolve(m.Events[i].ID, &m.Events[i].Parent)
	}
	for i := range m.Activities {
		if toSub[i] {
			m.Activities[i].Type = ActivitySubProcess
		}
	}

	parentOf := func(i int) int {
		p := m.Activities[i].Parent
		if p == "" {
			return -1
		}
		return actIdx[p]
	}
	// break cycles: walk each chain once, colouring as we go
	state := make([]byte, len(m.Activities)) // 0 new, 1 on the current path, 2 done
	for i := range m.Activities {
		var path []int
		j := i
		for j >= 0 && state[j] == 0 {
			state[j] = 1
			path = append(path, j)
			j = parentOf(j)
		}
		if j >= 0 && state[j] == 1 {
			first := j
			for k := len(path) - 1; k >= 0 && path[k] != j; k-- {
				if path[k] < first {
					first = path[k]
				}
			}
			m.Activities[first].Parent = ""
		}
		for _, k := range path {
			state[k] = 2
		}
	}

	// depth cap and pool inheritance, breadth first from the top level
	kids := map[int][]int{} // activity index → child activities
	for i := range m.Activities {
		if p := parentOf(i); p >= 0 {
			kids[p] = append(kids[p], i)
		}
	}
	depth := make([]int, len(m.Activities))
	var queue []int
	for i := range m.Activities {
		if parentOf(i) < 0 {
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, c := range kids[i] {
			depth[c] = depth[i] + 1
			if depth[c] > MaxNesting {
				m.Activities[c].Parent = m.Activities[i].Parent
				depth[c] = depth[i]
			}
			queue = append(queue, c)
		}
	}
	// Parents are now final and acyclic: copy each parent's pool down,
	// in the same breadth-first order so that chains settle in one pass.
	queue = queue[:0]
	for i := range m.Activities {
		if parentOf(i) < 0 {
			queue = append(queue, i)
		}
	}
	kids = map[int][]int{}
	for i := range m.Activities {
		if p := parentOf(i); p >= 0 {
			kids[p] = append(kids[p], i)
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, c := range kids[i] {
			m.Activities[c].Pool = m.Activities[i].Pool
			queue = append(queue, c)
		}
	}
	for i := range m.Gateways {
		if p := m.Gateways[i].Parent; p != "" {
			if j, ok := actIdx[p]; ok && depth[j] >= MaxNesting {
				m.Gateways[i].Parent = m.Activities[j].Parent
			}
		}
	}
	for i := range m.Events {
		if p := m.Events[i].Parent; p != "" {
			if j, ok := actIdx[p]; ok && depth[j] >= MaxNesting {
				m.Events[i].Parent = m.Activities[j].Parent
			}
		}
	}
	for i := range m.Gateways {
		if j, ok := actIdx[m.Gateways[i].Parent]; ok && m.Gateways[i].Parent != "" {
			m.Gateways[i].Pool = m.Activities[j].Pool
		}
	}
	for i := range m.Events {
		if j, ok := actIdx[m.Events[i].Parent]; ok && m.Events[i].Parent != "" {
			m.Events[i].Pool = m.Activities[j].Pool
		}
	}
}

// dropAdHocEdges removes start and end events from ad-hoc sub-processes:
// their activities run in any order, so there is nowhere to start or end
// (bpmnlint's ad-hoc-sub-process rule). Links to the removed events are
// dropped with the other dangling links.
func dropAdHocEdges(m *Model) {
	adhoc := map[string]bool{}
	for _, a := range m.Activities {
		if a.Type == ActivityAdHoc {
			adhoc[a.ID] = true
		}
	}
	if len(adhoc) == 0 {
		return
	}
	var keep []Event
	for _, e := range m.Events {
		if (e.Type == EventStart || e.Type == EventEnd) && adhoc[e.Parent] {
			continue
		}
		keep = append(keep, e)
	}
	m.Events = keep
}
