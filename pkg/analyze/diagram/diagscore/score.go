// Package diagscore compares a process model read from a diagram image
// with the model the diagram was drawn from: tasks matched one to one by
// label (content-word Jaccard ≥ 0.33 or edit similarity ≥ 0.8, to allow
// for OCR slips), gateways and events by the matched nodes around them,
// and sequence flows by their matched ends. The bench/diagrams evaluator
// and the builtin provider's quality floors share it.
package diagscore

import (
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
	match := map[string]string{} // ref id → analysis id
	back := map[string]string{}
	type pair struct {
		r, a string
		sim  float64
	}
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
	greedy := func(pairs []pair) {
		sort.SliceStable(pairs, func(i, j int) bool { return pairs[i].sim > pairs[j].sim })
		for _, p := range pairs {
			if match[p.r] == "" && back[p.a] == "" {
				match[p.r], back[p.a] = p.a, p.r
			}
		}
	}
	greedy(pairs)
	// gateways and events: by their matched neighbours, twice so that
	// chains of gateways resolve
	for round := 0; round < 3; round++ {
		pairs = pairs[:0]
		for _, rid := range r.nodes {
			if r.kind[rid] == "task" || match[rid] != "" {
				continue
			}
			want := map[string]bool{}
			for _, n := range r.neighbours(rid) {
				if m := match[n]; m != "" {
					want[m] = true
				}
			}
			for _, aid := range a.nodes {
				if a.kind[aid] != r.kind[rid] || back[aid] != "" {
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
		greedy(pairs)
	}
	var s Score
	for _, rid := range r.nodes {
		switch r.kind[rid] {
		case "task":
			s.Tasks.Refs++
			if match[rid] != "" {
				s.Tasks.Found++
			} else {
				s.Missed = append(s.Missed, r.name[rid])
			}
		case "event":
			if m := match[rid]; m != "" {
				s.Events.Refs++
				if a.gtype[m] == r.gtype[rid] {
					s.Events.Found++
				} else {
					s.Misread = append(s.Misread, r.name[rid]+": "+r.gtype[rid]+" → "+a.gtype[m])
				}
				if rt := strings.Fields(r.gtype[rid]); len(rt) == 2 && rt[1] != process.TriggerNone {
					s.Triggers.Refs++
					if at := strings.Fields(a.gtype[m]); len(at) == 2 && at[1] == rt[1] {
						s.Triggers.Found++
					}
				}
			}
		case "gateway":
			s.Gateways.Refs++
			if m := match[rid]; m != "" {
				s.Gateways.Found++
				s.Kinds.Refs++
				if a.gtype[m] == r.gtype[rid] {
					s.Kinds.Found++
				}
			}
		}
	}
	for _, aid := range a.nodes {
		switch a.kind[aid] {
		case "task":
			s.Tasks.Cand++
			if back[aid] != "" {
				s.Tasks.Right++
			} else {
				s.Extra = append(s.Extra, a.name[aid])
			}
		case "gateway":
			s.Gateways.Cand++
			if back[aid] != "" {
				s.Gateways.Right++
			}
		}
	}
	has := func(g *graph, from, to string) bool {
		for _, t := range g.succ[from] {
			if t == to {
				return true
			}
		}
		return false
	}
	for _, f := range r.flows {
		s.Flows.Refs++
		s.Flows2.Refs++
		x, y := match[f[0]], match[f[1]]
		if x == "" || y == "" || !has(a, x, y) {
			s.Lost = append(s.Lost, r.kind[f[0]]+":"+r.name[f[0]]+" → "+r.kind[f[1]]+":"+r.name[f[1]])
		}
		if x == "" || y == "" {
			continue
		}
		if has(a, x, y) {
			s.Flows.Found++
			s.Flows2.Found++
			continue
		}
		for _, mid := range a.succ[x] {
			if a.kind[mid] == "gateway" && has(a, mid, y) {
				s.Flows2.Found++
				break
			}
		}
	}
	s.Lanes = compareLanes(ref, got)
	s.Members = compareMembers(ref, got, match)
	s.Messages = compareMessages(ref, got, match)
	s.Pools = comparePools(ref, got)
	for _, f := range a.flows {
		s.Flows.Cand++
		x, y := back[f[0]], back[f[1]]
		if x != "" && y != "" && has(r, x, y) {
			s.Flows.Right++
		}
	}
	return s
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
