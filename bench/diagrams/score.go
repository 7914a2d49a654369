package main

import (
	"sort"
	"strings"
	"unicode"

	"github.com/spade-bpmn/spade/pkg/process"
)

// counts is a recall and precision tally.
type counts struct {
	refs, found, cand, right int
}

func (c *counts) add(o counts) {
	c.refs += o.refs
	c.found += o.found
	c.cand += o.cand
	c.right += o.right
}

func (c counts) recall() float64 {
	if c.refs == 0 {
		return 1
	}
	return float64(c.found) / float64(c.refs)
}

func (c counts) precision() float64 {
	if c.cand == 0 {
		return 1
	}
	return float64(c.right) / float64(c.cand)
}

// score is one image's comparison with its source model.
type score struct {
	tasks, flows, flows2, gateways counts
	// missed names the reference tasks not found, extra the analysis'
	// tasks that match none, lost the reference flows not found.
	missed, extra, lost []string
}

func (s *score) add(o score) {
	s.tasks.add(o.tasks)
	s.flows.add(o.flows)
	s.flows2.add(o.flows2)
	s.gateways.add(o.gateways)
}

// graph is a model's flow nodes and sequence flows.
type graph struct {
	kind  map[string]string // id → task | gateway | event
	name  map[string]string
	succ  map[string][]string
	nodes []string
	flows [][2]string
}

func newGraph(m *process.Model) *graph {
	g := &graph{kind: map[string]string{}, name: map[string]string{}, succ: map[string][]string{}}
	for _, a := range m.Activities {
		if a.Type == process.ActivityEventSubProcess || a.ForCompensation {
			continue
		}
		g.kind[a.ID], g.name[a.ID] = "task", a.Name
		g.nodes = append(g.nodes, a.ID)
	}
	for _, x := range m.Gateways {
		g.kind[x.ID], g.name[x.ID] = "gateway", x.Name
		g.nodes = append(g.nodes, x.ID)
	}
	for _, e := range m.Events {
		g.kind[e.ID], g.name[e.ID] = "event", e.Name
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

// compare matches the analysis to the reference: tasks one to one by
// label (content-word Jaccard ≥ 0.33 or edit similarity ≥ 0.8, for OCR
// slips), then gateways and events by the matched nodes around them, and
// counts the reference flows the analysis has (directly, or through one
// gateway).
func compare(ref, got *process.Model) score {
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
	var s score
	for _, rid := range r.nodes {
		switch r.kind[rid] {
		case "task":
			s.tasks.refs++
			if match[rid] != "" {
				s.tasks.found++
			} else {
				s.missed = append(s.missed, r.name[rid])
			}
		case "gateway":
			s.gateways.refs++
			if match[rid] != "" {
				s.gateways.found++
			}
		}
	}
	for _, aid := range a.nodes {
		switch a.kind[aid] {
		case "task":
			s.tasks.cand++
			if back[aid] != "" {
				s.tasks.right++
			} else {
				s.extra = append(s.extra, a.name[aid])
			}
		case "gateway":
			s.gateways.cand++
			if back[aid] != "" {
				s.gateways.right++
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
		s.flows.refs++
		s.flows2.refs++
		x, y := match[f[0]], match[f[1]]
		if x == "" || y == "" || !has(a, x, y) {
			s.lost = append(s.lost, r.kind[f[0]]+":"+r.name[f[0]]+" → "+r.kind[f[1]]+":"+r.name[f[1]])
		}
		if x == "" || y == "" {
			continue
		}
		if has(a, x, y) {
			s.flows.found++
			s.flows2.found++
			continue
		}
		for _, mid := range a.succ[x] {
			if a.kind[mid] == "gateway" && has(a, mid, y) {
				s.flows2.found++
				break
			}
		}
	}
	for _, f := range a.flows {
		s.flows.cand++
		x, y := back[f[0]], back[f[1]]
		if x != "" && y != "" && has(r, x, y) {
			s.flows.right++
		}
	}
	return s
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
