package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/bpmn/scenario"
	"github.com/spade-bpmn/spade/pkg/process"
)

// traceLimits bound both sides' enumeration alike: each loop at most
// twice, at most 200 traces.
func traceLimits() scenario.TraceLimits { return scenario.TraceLimits{MaxVisits: 3, MaxTraces: 200} }

// refModel turns a case's reference into the behaviour it states, as a
// process model of its own tasks (tasks of outside parties, `pool:`
// performers, are left out, as the generated model's other pools are):
//   - tasks run in the order listed;
//   - a split sits before the first of its tasks; each branch runs its
//     tasks in order (an empty branch none) and rejoins at the first later
//     task on no branch of that split, or ends when there is none;
//   - `end: TASK` ends the path after TASK ("the process ends");
//   - `loop: FROM -> TO` adds a choice after FROM: back to TO, or on;
//     when FROM ends a split's branch, that branch is rework and only
//     goes back.
func refModel(c *testCase) process.Model {
	g := newRefGraph(c)
	splits := g.splits(c)
	branchEnd := map[int]bool{}
	for _, s := range splits {
		g.wireSplit(s, splits, branchEnd)
	}
	for _, e := range c.ends {
		if i, ok := g.idx[strings.ToLower(e)]; ok {
			g.succ[taskKey(i)] = []string{refEnd}
		}
	}
	for k, l := range c.loops {
		g.addLoop(k, l, branchEnd)
	}
	return g.model(c.name)
}

// refEnd is the reference model's end event.
const refEnd = "End"

// taskKey is the id of the i-th task of the reference model.
func taskKey(i int) string { return fmt.Sprintf("T%d", i) }

// refGraph is the reference model being built: its own tasks in order
// and the successors of every node (Start, End, tasks T0…, split
// gateways G0…, loop gateways L0…).
type refGraph struct {
	order []string       // the own tasks' names
	idx   map[string]int // lower-case name → index in order
	succ  map[string][]string
}

// newRefGraph lists the case's own tasks (each name once, outside
// parties' tasks left out) and chains them from Start to End.
func newRefGraph(c *testCase) *refGraph {
	pool := map[string]bool{}
	for _, p := range c.pools {
		pool[strings.ToLower(p)] = true
	}
	g := &refGraph{idx: map[string]int{}, succ: map[string][]string{}}
	for _, t := range c.tasks {
		k := strings.ToLower(t.name)
		if _, dup := g.idx[k]; dup || pool[strings.ToLower(t.performer)] {
			continue
		}
		g.idx[k] = len(g.order)
		g.order = append(g.order, t.name)
	}
	g.succ["Start"] = []string{g.at(0)}
	for i := range g.order {
		g.succ[taskKey(i)] = []string{g.at(i + 1)}
	}
	return g
}

// at is the i-th task, or End past the last.
func (g *refGraph) at(i int) string {
	if i >= len(g.order) {
		return refEnd
	}
	return taskKey(i)
}

// refGraphSplit is a split of the reference: its gateway, the first of
// its tasks (where it sits) and its branches as task indexes.
type refGraphSplit struct {
	pos      int
	key      string
	branches [][]int
	member   map[int]bool
}

// splits are the case's splits that name at least one own task, by
// their first task.
func (g *refGraph) splits(c *testCase) []refGraphSplit {
	var splits []refGraphSplit
	for k, sp := range c.splits {
		s := refGraphSplit{pos: len(g.order), key: fmt.Sprintf("G%d", k), member: map[int]bool{}}
		for _, br := range sp.branches {
			var b []int
			for _, t := range br {
				if i, ok := g.idx[strings.ToLower(t)]; ok {
					b = append(b, i)
					s.member[i] = true
					s.pos = min(s.pos, i)
				}
			}
			sort.Ints(b)
			s.branches = append(s.branches, b)
		}
		if len(s.member) > 0 {
			splits = append(splits, s)
		}
	}
	sort.SliceStable(splits, func(a, b int) bool { return splits[a].pos < splits[b].pos })
	return splits
}

// wireSplit puts split s before its first task (flows into that task
// from outside the split now reach the gateway) and runs each branch in
// order to the first later task on no branch of the split (through the
// gateway of a split sitting there); the last task of every branch is
// noted in branchEnd.
func (g *refGraph) wireSplit(s refGraphSplit, splits []refGraphSplit, branchEnd map[int]bool) {
	first := taskKey(s.pos)
	for n, ts := range g.succ {
		if n == s.key || (strings.HasPrefix(n, "T") && s.member[indexOf(n)]) {
			continue
		}
		for j, t := range ts {
			if t == first {
				ts[j] = s.key
			}
		}
	}
	cont := g.resolve(g.continuation(s), splits)
	var outs []string
	for _, b := range s.branches {
		if len(b) == 0 {
			outs = append(outs, cont)
			continue
		}
		branchEnd[b[len(b)-1]] = true
		outs = append(outs, taskKey(b[0]))
		for j := 1; j < len(b); j++ {
			g.succ[taskKey(b[j-1])] = []string{taskKey(b[j])}
		}
		g.succ[taskKey(b[len(b)-1])] = []string{cont}
	}
	g.succ[s.key] = outs
}

// continuation is the first task after split s's first that is on none
// of its branches (past the last task when there is none).
func (g *refGraph) continuation(s refGraphSplit) int {
	for i := s.pos + 1; i < len(g.order); i++ {
		if !s.member[i] {
			return i
		}
	}
	return len(g.order)
}

// resolve is the node a path reaching task i goes to: the gateway of the
// first split sitting at i, else the task (or End).
func (g *refGraph) resolve(i int, splits []refGraphSplit) string {
	for _, s := range splits {
		if s.pos == i {
			return s.key
		}
	}
	return g.at(i)
}

// addLoop adds loop k after its FROM task: a choice back to TO or on;
// a branch's last task that loops back is a rework branch and only goes
// back.
func (g *refGraph) addLoop(k int, l refLoop, branchEnd map[int]bool) {
	from, ok1 := g.idx[strings.ToLower(l.from)]
	to, ok2 := g.idx[strings.ToLower(l.to)]
	if !ok1 || !ok2 {
		return
	}
	if branchEnd[from] {
		g.succ[taskKey(from)] = []string{taskKey(to)}
		return
	}
	lk := fmt.Sprintf("L%d", k)
	g.succ[lk] = append([]string{taskKey(to)}, g.succ[taskKey(from)]...)
	g.succ[taskKey(from)] = []string{lk}
}

// model writes the graph as a process model: Start and End events, the
// tasks, exclusive gateways for the splits and loops, and one flow for
// each distinct successor, in the order of the sorted node ids.
func (g *refGraph) model(name string) process.Model {
	m := process.Model{ProcessName: name}
	m.Events = append(m.Events, process.Event{ID: "Start", Type: process.EventStart}, process.Event{ID: refEnd, Type: process.EventEnd})
	for i, n := range g.order {
		m.Activities = append(m.Activities, process.Activity{ID: taskKey(i), Name: n})
	}
	var nodes []string
	for n := range g.succ {
		nodes = append(nodes, n)
		if n[0] == 'G' || n[0] == 'L' {
			m.Gateways = append(m.Gateways, process.Gateway{ID: n, Type: process.GatewayExclusive})
		}
	}
	sort.Strings(nodes)
	sort.Slice(m.Gateways, func(a, b int) bool { return m.Gateways[a].ID < m.Gateways[b].ID })
	f := 0
	for _, n := range nodes {
		seen := map[string]bool{}
		for _, t := range g.succ[n] {
			if seen[t] {
				continue
			}
			seen[t] = true
			f++
			m.Flows = append(m.Flows, process.Flow{ID: fmt.Sprintf("Flow_%d", f), Source: n, Target: t})
		}
	}
	return m
}

// indexOf is the index of a task key ("T3" → 3), -1 for another node.
func indexOf(key string) int {
	var i int
	if _, err := fmt.Sscanf(key, "T%d", &i); err != nil {
		return -1
	}
	return i
}

// modelTraces enumerates the traces of the BPMN SPADE draws for m;
// truncated says a cap cut them short.
func modelTraces(m *process.Model) (traces [][]string, truncated bool) {
	b, err := bpmn.Build(m)
	if err != nil {
		return nil, false
	}
	d, err := parse.Parse(b)
	if err != nil {
		return nil, false
	}
	return scenario.Traces(d, traceLimits())
}

// behaviour is one model's trace fitness and precision against the
// reference's traces.
type behaviour struct {
	fitness, precision float64
}

// traceScore compares trace sets. Labels are matched one to one as the
// activities are (sc.match); an unmatched label is a symbol of its own.
// A trace's similarity to another is 1 − edit distance / longer length;
// fitness is the mean over reference traces of the best similarity to a
// generated trace, precision the same the other way round.
func (sc *scorer) traceScore(ref, gen [][]string) behaviour {
	if len(ref) == 0 || len(gen) == 0 {
		return behaviour{}
	}
	refLabels, gen2 := distinct(ref), distinct(gen)
	am := sc.match(refLabels, gen2)
	sym := map[string]int{}
	for i, l := range refLabels {
		sym["r\x00"+l] = i
	}
	next := len(refLabels)
	genSym := map[string]int{}
	for i := range refLabels {
		if am[i] >= 0 {
			genSym[gen2[am[i]]] = i
		}
	}
	for _, l := range gen2 {
		if _, ok := genSym[l]; !ok {
			genSym[l] = next
			next++
		}
	}
	enc := func(ts [][]string, f func(string) int) [][]int {
		out := make([][]int, len(ts))
		for i, t := range ts {
			for _, l := range t {
				out[i] = append(out[i], f(l))
			}
		}
		return out
	}
	r := enc(ref, func(l string) int { return sym["r\x00"+l] })
	g := enc(gen, func(l string) int { return genSym[l] })
	best := func(a []int, set [][]int) float64 {
		b := 0.0
		for _, x := range set {
			b = max(b, similarity(a, x))
		}
		return b
	}
	var out behaviour
	for _, t := range r {
		out.fitness += best(t, g)
	}
	for _, t := range g {
		out.precision += best(t, r)
	}
	out.fitness /= float64(len(r))
	out.precision /= float64(len(g))
	return out
}

func distinct(ts [][]string) []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range ts {
		for _, l := range t {
			if !seen[l] {
				seen[l] = true
				out = append(out, l)
			}
		}
	}
	return out
}

// similarity is 1 − Levenshtein distance / length of the longer trace.
func similarity(a, b []int) float64 {
	n := max(len(a), len(b))
	if n == 0 {
		return 1
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return 1 - float64(prev[len(b)])/float64(n)
}

// behaviourTotals averages behaviour over the cases of a set.
type behaviourTotals struct {
	fitness, precision float64
	n                  int
	// truncated counts the cases whose model's traces hit a cap.
	truncated int
}

func (t *behaviourTotals) add(b behaviour, truncated bool) {
	t.fitness += b.fitness
	t.precision += b.precision
	t.n++
	if truncated {
		t.truncated++
	}
}

func (t behaviourTotals) meanFitness() float64   { return ratioF(t.fitness, t.n) }
func (t behaviourTotals) meanPrecision() float64 { return ratioF(t.precision, t.n) }

// f is the harmonic mean of mean fitness and mean precision.
func (t behaviourTotals) f() float64 {
	p, r := t.meanPrecision(), t.meanFitness()
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

func ratioF(a float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return a / float64(n)
}
