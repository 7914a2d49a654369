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
	idx := newActivityIndex(m)
	resolveParents(m, idx)
	breakParentCycles(m, idx)
	depth := capNesting(m, idx)
	liftCappedNodes(m, idx, depth)
	inheritPools(m, idx)
}

// activityIndex finds activities by ID: exactly first, then by a
// case-insensitive match when only one activity has that spelling.
type activityIndex struct {
	m    *Model
	byID map[string]int   // ID → index of the first activity with it
	fold map[string][]int // lower-cased ID → indexes
}

func newActivityIndex(m *Model) activityIndex {
	idx := activityIndex{m: m, byID: make(map[string]int, len(m.Activities)), fold: map[string][]int{}}
	for i, a := range m.Activities {
		if _, ok := idx.byID[a.ID]; !ok {
			idx.byID[a.ID] = i
		}
		k := strings.ToLower(a.ID)
		idx.fold[k] = append(idx.fold[k], i)
	}
	return idx
}

// lookup finds the activity a Parent names: by exact ID, else by the one
// activity whose ID matches ignoring case.
func (idx activityIndex) lookup(name string) (int, bool) {
	if i, ok := idx.byID[name]; ok {
		return i, true
	}
	if c := idx.fold[strings.ToLower(name)]; len(c) == 1 {
		return c[0], true
	}
	return 0, false
}

// parentOf is the index of activity i's parent, -1 at the top level. It
// holds once resolveParents has run: every Parent is then an activity ID.
func (idx activityIndex) parentOf(i int) int {
	p := idx.m.Activities[i].Parent
	if p == "" {
		return -1
	}
	return idx.byID[p]
}

// children lists each activity's child activities, in slice order.
func (idx activityIndex) children() map[int][]int {
	kids := map[int][]int{}
	for i := range idx.m.Activities {
		if p := idx.parentOf(i); p >= 0 {
			kids[p] = append(kids[p], i)
		}
	}
	return kids
}

// roots lists the top-level activities, in slice order.
func (idx activityIndex) roots() []int {
	var queue []int
	for i := range idx.m.Activities {
		if idx.parentOf(i) < 0 {
			queue = append(queue, i)
		}
	}
	return queue
}

// resolveParents rewrites every node's Parent to the exact ID of the
// activity it names, or clears it when it names nothing, the node itself,
// or an activity that cannot hold content. A plain task named as a parent
// becomes a sub-process.
func resolveParents(m *Model, idx activityIndex) {
	toSub := map[int]bool{}
	resolve := func(self string, parent *string) {
		if *parent == "" {
			return
		}
		i, ok := idx.lookup(*parent)
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
}

// breakParentCycles walks each chain of parents once, colouring as it
// goes, and moves the first activity (in slice order) of every cycle it
// meets to the top level.
func breakParentCycles(m *Model, idx activityIndex) {
	state := make([]byte, len(m.Activities)) // 0 new, 1 on the current path, 2 done
	for i := range m.Activities {
		var path []int
		j := i
		for j >= 0 && state[j] == 0 {
			state[j] = 1
			path = append(path, j)
			j = idx.parentOf(j)
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
}

// capNesting moves activities nested deeper than MaxNesting up into the
// deepest allowed sub-process, breadth first from the top level, and
// returns each activity's final depth (0 at the top level).
func capNesting(m *Model, idx activityIndex) []int {
	kids := idx.children()
	depth := make([]int, len(m.Activities))
	queue := idx.roots()
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
	return depth
}

// liftCappedNodes moves gateways and events inside a sub-process at the
// depth cap up into that sub-process' parent, as capNesting did with
// activities.
func liftCappedNodes(m *Model, idx activityIndex, depth []int) {
	for i := range m.Gateways {
		if p := m.Gateways[i].Parent; p != "" {
			if j, ok := idx.byID[p]; ok && depth[j] >= MaxNesting {
				m.Gateways[i].Parent = m.Activities[j].Parent
			}
		}
	}
	for i := range m.Events {
		if p := m.Events[i].Parent; p != "" {
			if j, ok := idx.byID[p]; ok && depth[j] >= MaxNesting {
				m.Events[i].Parent = m.Activities[j].Parent
			}
		}
	}
}

// inheritPools copies each parent's pool down to its content. Parents are
// final and acyclic here, so one breadth-first pass settles every chain of
// activities; gateways and events then take their parent's pool.
func inheritPools(m *Model, idx activityIndex) {
	kids := idx.children()
	queue := idx.roots()
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, c := range kids[i] {
			m.Activities[c].Pool = m.Activities[i].Pool
			queue = append(queue, c)
		}
	}
	for i := range m.Gateways {
		if j, ok := idx.byID[m.Gateways[i].Parent]; ok && m.Gateways[i].Parent != "" {
			m.Gateways[i].Pool = m.Activities[j].Pool
		}
	}
	for i := range m.Events {
		if j, ok := idx.byID[m.Events[i].Parent]; ok && m.Events[i].Parent != "" {
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
