// Package diagscore compares a process model read from a diagram image
// with the model the diagram was drawn from: tasks matched one to one by
// label (content-word Jaccard ≥ 0.33 or edit similarity ≥ 0.8, to allow
// for OCR slips), gateways and events by the matched nodes around them,
// and sequence flows by their matched ends. The bench/diagrams evaluator
// and the builtin provider's quality floors share it.
package diagscore

import (
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/spade-bpmn/spade/pkg/process"
)

// Counts is a recall and precision tally.
type Counts struct {
	// Refs are the reference's elements, Found those of them recovered.
	Refs, Found int
	// Cand are the analysis' elements, Right those of them in the
	// reference.
	Cand, Right int
}

// Add adds another tally.
func (c *Counts) Add(o Counts) {
	c.Refs += o.Refs
	c.Found += o.Found
	c.Cand += o.Cand
	c.Right += o.Right
}

// Recall is Found/Refs (1 when there is nothing to find).
func (c Counts) Recall() float64 {
	if c.Refs == 0 {
		return 1
	}
	return float64(c.Found) / float64(c.Refs)
}

// Precision is Right/Cand (1 when nothing was proposed).
func (c Counts) Precision() float64 {
	if c.Cand == 0 {
		return 1
	}
	return float64(c.Right) / float64(c.Cand)
}

// Score is one image's comparison with its source model.
type Score struct {
	Tasks, Gateways Counts
	// Flows counts the reference flows the analysis has directly;
	// Flows2 also those it has through one gateway.
	Flows, Flows2 Counts
	// Kinds counts the matched gateways (Refs) and those read with the
	// reference's type (Found).
	Kinds Counts
	// Lanes counts the reference's lanes (participants) found by name,
	// and the analysis' lanes that name one of them.
	Lanes Counts
	// Members counts the matched tasks that sit in a lane in the
	// reference (Refs) and those the analysis puts in the lane of that
	// name (Found); Cand and Right the same from the analysis' side.
	Members Counts
	// Messages counts the reference's message flows between flow nodes
	// found between the matched nodes, and the analysis' message flows
	// that are the reference's.
	Messages Counts
	// Pools counts the reference's pools (of a collaboration of two or
	// more) found by name, and the analysis' pools that name one.
	Pools Counts
	// Events counts the matched events (Refs) and those read with the
	// reference's position (start, intermediate, end, boundary) and
	// trigger (none, message, timer, error…) (Found).
	Events Counts
	// Triggers counts the matched events that have a trigger in the
	// reference (Refs) and those read with it (Found).
	Triggers Counts
	// Missed names the reference tasks not found, Extra the analysis'
	// tasks that match none, Lost the reference flows not found.
	Missed, Extra, Lost []string
	// Misread names the matched events read with another type than the
	// reference's: "name: reference type → type read".
	Misread []string
}

// Add adds another score's tallies.
func (s *Score) Add(o Score) {
	s.Tasks.Add(o.Tasks)
	s.Flows.Add(o.Flows)
	s.Flows2.Add(o.Flows2)
	s.Gateways.Add(o.Gateways)
	s.Kinds.Add(o.Kinds)
	s.Lanes.Add(o.Lanes)
	s.Members.Add(o.Members)
	s.Messages.Add(o.Messages)
	s.Pools.Add(o.Pools)
	s.Events.Add(o.Events)
	s.Triggers.Add(o.Triggers)
}

// graph is a model's flow nodes and sequence flows.
type graph struct {
	kind  map[string]string // id → task | gateway | event
	gtype map[string]string // gateway id → BPMN gateway type, event id → position and trigger
	name  map[string]string
	succ  map[string][]string
	nodes []string
	flows [][2]string
}

func newGraph(m *process.Model) *graph {
	g := &graph{kind: map[string]string{}, gtype: map[string]string{}, name: map[string]string{}, succ: map[string][]string{}}
	for _, a := range m.Activities {
		if a.Type == process.ActivityEventSubProcess || a.ForCompensation {
			continue
		}
		g.kind[a.ID], g.name[a.ID] = "task", a.Name
		g.nodes = append(g.nodes, a.ID)
	}
	for _, x := range m.Gateways {
		g.kind[x.ID], g.name[x.ID], g.gtype[x.ID] = "gateway", x.Name, x.Type
		g.nodes = append(g.nodes, x.ID)
	}
	for _, e := range m.Events {
		g.kind[e.ID], g.name[e.ID], g.gtype[e.ID] = "event", e.Name, e.Type+" "+trigger(e.Trigger)
		g.nodes = append(g.nodes, e.ID)
	}
	for _, f := range m.Flows {
		if g.kind[f.Source] == "" || g.kind[f.Target] == "" {
			continue
		}
		g.succ[f.Source] = append(g.succ[f.Source], f.Target)
		g.flows = append(g.flows, [2]string{f.Source, f.Target})
	}
	return g
}

func (g *graph) neighbours(id string) []string {
	var out []string
	out = append(out, g.succ[id]...)
	for _, f := range g.flows {
		if f[1] == id {
			out = append(out, f[0])
		}
	}
	return out
}

// Compare matches the analysis to the reference: tasks one to one by
// label, then gateways and events by the matched nodes around them, and
// counts the reference flows the analysis has (directly, or through one
// gateway).
func Compare(ref, got *process.Model) Score {
	r, a := newGraph(ref), newGraph(got)
	m := newMatching()
	m.greedy(taskPairs(r, a))
	// gateways and events: by their matched neighbours, in rounds so
	// that chains of gateways resolve
	for round := 0; round < 3; round++ {
		m.greedy(m.neighbourPairs(r, a))
	}
	var s Score
	s.tallyReference(r, a, m)
	s.tallyAnalysis(a, m)
	s.tallyFlows(r, a, m)
	s.Lanes = compareLanes(ref, got)
	s.Members = compareMembers(ref, got, m.match)
	s.Messages = compareMessages(ref, got, m.match)
	s.Pools = comparePools(ref, got)
	return s
}

// matching is the one-to-one matching of reference nodes to the
// analysis' nodes, kept both ways.
type matching struct {
	match map[string]string // ref id → analysis id
	back  map[string]string // analysis id → ref id
}

func newMatching() *matching {
	return &matching{match: map[string]string{}, back: map[string]string{}}
}

// pair is a candidate match of a reference node to an analysis node.
type pair struct {
	r, a string
	sim  float64
}

// greedy takes the candidate pairs best first, each when neither of its
// nodes is matched yet.
func (m *matching) greedy(pairs []pair) {
	sort.SliceStable(pairs, func(i, j int) bool { return pairs[i].sim > pairs[j].sim })
	for _, p := range pairs {
		if m.match[p.r] == "" && m.back[p.a] == "" {
			m.match[p.r], m.back[p.a] = p.a, p.r
		}
	}
}

// taskPairs proposes every reference task and analysis task whose labels
// are alike (content-word Jaccard ≥ 0.33 or edit similarity ≥ 0.8),
// scored by the sum of both similarities.
func taskPairs(r, a *graph) []pair {
	var pairs []pair
	for _, rid := range r.nodes {
		if r.kind[rid] != "task" {
			continue
		}
		for _, aid := range a.nodes {
			if a.kind[aid] != "task" {
				continue
			}
			j, e := jaccard(r.name[rid], a.name[aid]), editSim(r.name[rid], a.name[aid])
			if j >= 0.33 || e >= 0.8 {
				pairs = append(pairs, pair{rid, aid, j + e})
			}
		}
	}
	return pairs
}

// neighbourPairs proposes, for every unmatched reference gateway and
// event, the unmatched analysis nodes of its kind next to the matches
// of its neighbours, scored by how many such neighbours they share
// (plus their label similarity).
func (m *matching) neighbourPairs(r, a *graph) []pair {
	var pairs []pair
	for _, rid := range r.nodes {
		if r.kind[rid] == "task" || m.match[rid] != "" {
			continue
		}
		want := map[string]bool{}
		for _, n := range r.neighbours(rid) {
			if x := m.match[n]; x != "" {
				want[x] = true
			}
		}
		for _, aid := range a.nodes {
			if a.kind[aid] != r.kind[rid] || m.back[aid] != "" {
				continue
			}
			k := 0
			for _, n := range a.neighbours(aid) {
				if want[n] {
					k++
				}
			}
			if k > 0 {
				pairs = append(pairs, pair{rid, aid, float64(k) + jaccard(r.name[rid], a.name[aid])})
			}
		}
	}
	return pairs
}

// tallyReference counts the reference's tasks and gateways found, and
// the matched events and gateways read with the reference's type.
func (s *Score) tallyReference(r, a *graph, m *matching) {
	for _, rid := range r.nodes {
		x := m.match[rid]
		switch r.kind[rid] {
		case "task":
			s.Tasks.Refs++
			if x != "" {
				s.Tasks.Found++
			} else {
				s.Missed = append(s.Missed, r.name[rid])
			}
		case "event":
			if x != "" {
				s.tallyEvent(r.name[rid], r.gtype[rid], a.gtype[x])
			}
		case "gateway":
			s.Gateways.Refs++
			if x != "" {
				s.Gateways.Found++
				s.Kinds.Refs++
				if a.gtype[x] == r.gtype[rid] {
					s.Kinds.Found++
				}
			}
		}
	}
}

// tallyEvent counts a matched event: its type ("position trigger") as
// the reference's and as read, and its trigger when the reference has
// one.
func (s *Score) tallyEvent(name, want, read string) {
	s.Events.Refs++
	if read == want {
		s.Events.Found++
	} else {
		s.Misread = append(s.Misread, name+": "+want+" → "+read)
	}
	if rt := strings.Fields(want); len(rt) == 2 && rt[1] != process.TriggerNone {
		s.Triggers.Refs++
		if at := strings.Fields(read); len(at) == 2 && at[1] == rt[1] {
			s.Triggers.Found++
		}
	}
}

// tallyAnalysis counts the analysis' tasks and gateways and those that
// match a reference node.
func (s *Score) tallyAnalysis(a *graph, m *matching) {
	for _, aid := range a.nodes {
		switch a.kind[aid] {
		case "task":
			s.Tasks.Cand++
			if m.back[aid] != "" {
				s.Tasks.Right++
			} else {
				s.Extra = append(s.Extra, a.name[aid])
			}
		case "gateway":
			s.Gateways.Cand++
			if m.back[aid] != "" {
				s.Gateways.Right++
			}
		}
	}
}

// tallyFlows counts the reference flows the analysis has between the
// matched ends, directly (Flows) or also through one gateway (Flows2),
// and the analysis' flows that are the reference's.
func (s *Score) tallyFlows(r, a *graph, m *matching) {
	for _, f := range r.flows {
		s.Flows.Refs++
		s.Flows2.Refs++
		x, y := m.match[f[0]], m.match[f[1]]
		if x == "" || y == "" || !a.has(x, y) {
			s.Lost = append(s.Lost, r.kind[f[0]]+":"+r.name[f[0]]+" → "+r.kind[f[1]]+":"+r.name[f[1]])
		}
		if x == "" || y == "" {
			continue
		}
		if a.has(x, y) {
			s.Flows.Found++
			s.Flows2.Found++
			continue
		}
		if a.throughGateway(x, y) {
			s.Flows2.Found++
		}
	}
	for _, f := range a.flows {
		s.Flows.Cand++
		x, y := m.back[f[0]], m.back[f[1]]
		if x != "" && y != "" && r.has(x, y) {
			s.Flows.Right++
		}
	}
}

// has tells whether the graph has a sequence flow from one node to the
// other.
func (g *graph) has(from, to string) bool {
	return slices.Contains(g.succ[from], to)
}

// throughGateway tells whether a gateway follows from and leads to to.
func (g *graph) throughGateway(from, to string) bool {
	for _, mid := range g.succ[from] {
		if g.kind[mid] == "gateway" && g.has(mid, to) {
			return true
		}
	}
	return false
}

// compareMembers checks the lane of every matched task: the reference's
// and the analysis' performer must name the same lane (by the lane
// name rule). Only models with lanes on both sides count.
func compareMembers(ref, got *process.Model, match map[string]string) Counts {
	var c Counts
	if len(ref.Participants) < 2 {
		return c
	}
	perf := map[string]string{}
	for _, a := range got.Activities {
		perf[a.ID] = a.Performer
	}
	for _, a := range ref.Activities {
		m := match[a.ID]
		if m == "" || a.Performer == "" {
			continue
		}
		c.Refs++
		p := perf[m]
		if p == "" {
			continue
		}
		c.Cand++
		if jaccard(a.Performer, p) >= 0.5 || editSim(a.Performer, p) >= 0.8 {
			c.Found++
			c.Right++
		}
	}
	return c
}

// compareMessages matches message flows by their ends (flow nodes
// matched to the reference's; a message flow to a collapsed pool has no
// node to match and is left out).
func compareMessages(ref, got *process.Model, match map[string]string) Counts {
	var c Counts
	type pair struct{ a, b string }
	have := map[pair]bool{}
	for _, f := range got.MessageFlows {
		have[pair{f.Source, f.Target}] = true
	}
	nodes := ref.NodeIDs()
	right := map[pair]bool{}
	for _, f := range ref.MessageFlows {
		if !nodes[f.Source] || !nodes[f.Target] {
			continue
		}
		c.Refs++
		p := pair{match[f.Source], match[f.Target]}
		if p.a != "" && p.b != "" && have[p] {
			c.Found++
			right[p] = true
		}
	}
	c.Cand = len(got.MessageFlows)
	c.Right = len(right)
	return c
}

// trigger is an event's trigger, none when it has none.
func trigger(t string) string {
	if t == "" {
		return process.TriggerNone
	}
	return t
}

// comparePools matches the pools of two collaborations by name, one to
// one; a model with one pool or none has no pools to find.
func comparePools(ref, got *process.Model) Counts {
	if len(ref.Pools) < 2 {
		return Counts{}
	}
	var r, a []string
	for _, p := range ref.Pools {
		r = append(r, p.Name)
	}
	for _, p := range got.Pools {
		a = append(a, p.Name)
	}
	return matchNames(r, a)
}

// compareLanes matches the lanes (participants) of two models by name,
// one to one; a model with one participant or none has no lanes.
func compareLanes(ref, got *process.Model) Counts {
	names := func(m *process.Model) []string {
		if len(m.Participants) < 2 {
			return nil
		}
		var out []string
		for _, p := range m.Participants {
			out = append(out, p.Name)
		}
		return out
	}
	return matchNames(names(ref), names(got))
}

// matchNames pairs names one to one by the lane name rule (content-word
// Jaccard ≥ 0.5 or edit similarity ≥ 0.8).
func matchNames(r, a []string) Counts {
	c := Counts{Refs: len(r), Cand: len(a)}
	used := make([]bool, len(a))
	for _, rn := range r {
		for k, an := range a {
			if !used[k] && (jaccard(rn, an) >= 0.5 || editSim(rn, an) >= 0.8) {
				used[k] = true
				c.Found++
				c.Right++
				break
			}
		}
	}
	return c
}

// stop words carry no content for label matching.
var stop = map[string]bool{"the": true, "a": true, "an": true, "of": true, "to": true, "and": true, "or": true, "for": true, "in": true, "on": true, "with": true, "by": true, "is": true, "be": true}

func contentWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if !stop[w] {
			out[w] = true
		}
	}
	return out
}

func jaccard(a, b string) float64 {
	x, y := contentWords(a), contentWords(b)
	if len(x) == 0 || len(y) == 0 {
		return 0
	}
	inter := 0
	for w := range x {
		if y[w] {
			inter++
		}
	}
	return float64(inter) / float64(len(x)+len(y)-inter)
}

// editSim is 1 − Levenshtein distance / longer length, on lower-cased
// letters and digits with single spaces.
func editSim(a, b string) float64 {
	norm := func(s string) []rune {
		var out []rune
		space := false
		for _, r := range strings.ToLower(s) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r):
				if space && len(out) > 0 {
					out = append(out, ' ')
				}
				out = append(out, r)
				space = false
			default:
				space = true
			}
		}
		return out
	}
	x, y := norm(a), norm(b)
	if len(x) == 0 || len(y) == 0 {
		return 0
	}
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			c := prev[j-1]
			if x[i-1] != y[j-1] {
				c++
			}
			c = min(c, prev[j]+1, cur[j-1]+1)
			cur[j] = c
		}
		prev, cur = cur, prev
	}
	return 1 - float64(prev[len(y)])/float64(max(len(x), len(y)))
}
