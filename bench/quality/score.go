package main

import (
	"sort"
	"strings"
	"unicode"

	"github.com/spade-bpmn/spade/pkg/process"
)

// minJaccard is the content-word overlap at which two names match.
const minJaccard = 0.33

// scorer holds the word lists the measures use.
type scorer struct {
	// stop words carry no content in a task or lane name.
	stop map[string]bool
	// noise words never belong in a task label: pronouns and discourse
	// fillers ("Pass it", "Write therefore package label").
	noise map[string]bool
}

func newScorer() *scorer {
	return &scorer{
		stop: wordSet(`a an the this that these those of to for in on at by with from into onto
			and or but as is are be been being was were it its they them their he she him her his we our you your i
			my me all each every any some another then also again further up out off over back down via using per
			new other s`),
		noise: wordSet(`it they them he she him her his hers their theirs we us you i me latter former
			therefore then also further furthermore however thus afterwards moreover hence`),
	}
}

func wordSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(s) {
		out[w] = true
	}
	return out
}

// contentWords returns the stemmed content words of a name.
func (sc *scorer) contentWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		acronym := len(w) > 1 && w == strings.ToUpper(w) // "IT" is a department, not "it"
		w = strings.ToLower(w)
		if sc.stop[w] && !acronym {
			continue
		}
		out[stem(w)] = true
	}
	return out
}

// stem strips the commonest English endings so that "invoices",
// "invoiced" and "invoicing" compare equal.
func stem(w string) string {
	for _, suf := range []string{"ing", "ies", "ied", "es", "ed", "s", "e", "y"} {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) {
			w = strings.TrimSuffix(w, suf)
			break
		}
	}
	if n := len(w); n > 3 && w[n-1] == w[n-2] {
		w = w[:n-1] // "shipp" → "ship"
	}
	return w
}

// jaccard is the content-word overlap of two names.
func (sc *scorer) jaccard(a, b string) float64 {
	wa, wb := sc.contentWords(a), sc.contentWords(b)
	if len(wa) == 0 || len(wb) == 0 {
		return 0
	}
	inter := 0
	for w := range wa {
		if wb[w] {
			inter++
		}
	}
	return float64(inter) / float64(len(wa)+len(wb)-inter)
}

// match pairs reference names with candidate names one to one, best
// overlap first, keeping pairs at or above minJaccard. It returns for each
// reference index the candidate index, or -1.
func (sc *scorer) match(ref, cand []string) []int {
	type pair struct {
		r, c int
		j    float64
	}
	var pairs []pair
	for i, r := range ref {
		for k, c := range cand {
			if j := sc.jaccard(r, c); j >= minJaccard {
				pairs = append(pairs, pair{i, k, j})
			}
		}
	}
	sort.SliceStable(pairs, func(a, b int) bool {
		if pairs[a].j != pairs[b].j {
			return pairs[a].j > pairs[b].j
		}
		if pairs[a].r != pairs[b].r {
			return pairs[a].r < pairs[b].r
		}
		return pairs[a].c < pairs[b].c
	})
	out := make([]int, len(ref))
	for i := range out {
		out[i] = -1
	}
	used := map[int]bool{}
	for _, p := range pairs {
		if out[p.r] >= 0 || used[p.c] {
			continue
		}
		out[p.r] = p.c
		used[p.c] = true
	}
	return out
}

// counts accumulates one measure over the cases: hits against the
// reference and candidate totals.
type counts struct {
	hit, ref, cand int
}

func (c *counts) add(o counts) { c.hit += o.hit; c.ref += o.ref; c.cand += o.cand }

func (c counts) precision() float64 { return ratio(c.hit, c.cand) }
func (c counts) recall() float64    { return ratio(c.hit, c.ref) }
func (c counts) f1() float64 {
	p, r := c.precision(), c.recall()
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// score is what one model earns on one case.
type score struct {
	activities, lanes, performers  counts
	branches, loops                counts
	timers, messages, messageFlows counts
	badLabels                      []string
	missed                         []string // reference tasks not found
	wrongPerformer                 []string // matched tasks by someone else
	missedFlows                    []string // reference message flows the model lacks
	modelFlows                     []string // the model's message flows, by party
	fallback, placeholder, honest  bool
	emptyRef                       bool
}

// tasks lists the model's activities that are work, not containers.
func tasks(m *process.Model) []process.Activity {
	var out []process.Activity
	for _, a := range m.Activities {
		if process.IsSubProcess(a.Type) && !a.Collapsed {
			continue
		}
		out = append(out, a)
	}
	return out
}

// evaluate scores model m against case c.
func (sc *scorer) evaluate(c *testCase, m *process.Model) score {
	var s score
	acts := tasks(m)
	am := s.scoreActivities(sc, c, acts)
	s.scorePerformers(sc, c, m, acts, am)
	s.scoreParticipants(sc, c, m)
	candID := matchedID(c, acts, am)
	g := newGraph(m)
	for _, sp := range c.splits {
		s.branches.add(branchHits(sp, g, candID))
	}
	for _, l := range c.loops {
		s.loops.ref++
		from, to := candID(l.from), candID(l.to)
		if from != "" && to != "" && g.reaches(from, to) {
			s.loops.hit++
		}
	}
	timers, messages := countTriggers(m)
	s.timers = capped(len(c.timers), timers)
	s.messages = capped(len(c.messages), messages)
	s.messageFlows, s.missedFlows, s.modelFlows = sc.matchFlows(c.flows, m)
	s.badLabels = sc.badLabels(acts, m)
	s.fallback = len(acts) == 1 && strings.HasPrefix(acts[0].Name, "Review ")
	s.honest = strings.Contains(strings.ToLower(m.ProcessPurpose), "no process steps found") && len(acts) <= 6
	return s
}

// scoreActivities matches the reference tasks with the model's by name
// and counts them; it returns, for each reference task, the index of
// its match in acts or -1.
func (s *score) scoreActivities(sc *scorer, c *testCase, acts []process.Activity) []int {
	refNames := make([]string, len(c.tasks))
	for i, t := range c.tasks {
		refNames[i] = t.name
	}
	candNames := make([]string, len(acts))
	for i, a := range acts {
		candNames[i] = a.Name
	}
	am := sc.match(refNames, candNames)
	s.activities = counts{ref: len(refNames), cand: len(candNames)}
	for i, k := range am {
		if k >= 0 {
			s.activities.hit++
		} else {
			s.missed = append(s.missed, c.tasks[i].name)
		}
	}
	s.emptyRef = len(c.tasks) == 0
	return am
}

// scorePerformers checks the matched tasks' performers: the lane, or the
// pool of a lane-less party, must name the reference's.
func (s *score) scorePerformers(sc *scorer, c *testCase, m *process.Model, acts []process.Activity, am []int) {
	poolName := map[string]string{}
	for _, p := range m.Pools {
		poolName[p.ID] = p.Name
	}
	for i, k := range am {
		if k < 0 {
			continue
		}
		s.performers.ref++
		s.performers.cand++
		who := acts[k].Performer
		if who == "" {
			who = poolName[acts[k].Pool]
		}
		if sc.jaccard(c.tasks[i].performer, who) >= minJaccard {
			s.performers.hit++
		} else {
			s.wrongPerformer = append(s.wrongPerformer, c.tasks[i].name+" by "+who+", not "+c.tasks[i].performer)
		}
	}
}

// scoreParticipants matches the reference's lanes and pools with the
// model's participants by name, and notes a model whose only lanes are
// the placeholder performer where the reference has lanes.
func (s *score) scoreParticipants(sc *scorer, c *testCase, m *process.Model) {
	refParts := append(append([]string(nil), c.lanes...), c.pools...)
	if len(refParts) == 0 {
		return
	}
	candParts := participantNames(m)
	s.lanes = counts{ref: len(refParts), cand: len(candParts)}
	for _, k := range sc.match(refParts, candParts) {
		if k >= 0 {
			s.lanes.hit++
		}
	}
	onlyPlaceholder := len(m.Participants) > 0
	for _, p := range m.Participants {
		if p.Name != process.DefaultPerformer {
			onlyPlaceholder = false
		}
	}
	s.placeholder = onlyPlaceholder && len(c.lanes) > 0
}

// participantNames lists the model's lanes and pools, each name once
// (a pool whose one lane bears its name is one participant); the
// process' own pool is not a participant.
func participantNames(m *process.Model) []string {
	var names []string
	seen := map[string]bool{}
	add := func(n string) {
		if k := strings.ToLower(strings.TrimSpace(n)); !seen[k] {
			seen[k] = true
			names = append(names, n)
		}
	}
	for _, p := range m.Participants {
		add(p.Name)
	}
	main := true
	for _, p := range m.Pools {
		if main && !p.Collapsed {
			main = false
			continue
		}
		add(p.Name)
	}
	return names
}

// matchedID returns a function giving the id of the model task matched
// to the reference task of that name (any case), or "" when it has none.
func matchedID(c *testCase, acts []process.Activity, am []int) func(task string) string {
	idx := map[string]int{}
	for i, t := range c.tasks {
		idx[strings.ToLower(t.name)] = i
	}
	return func(task string) string {
		i, ok := idx[strings.ToLower(task)]
		if !ok || am[i] < 0 {
			return ""
		}
		return acts[am[i]].ID
	}
}

// branchPlace is where a matched branch task hangs below a split: the
// split gateway and the edge leaving it ("" when it has none).
type branchPlace struct{ gw, edge string }

// branchHits counts the reference split's branch tasks (ref) and those
// the model puts below a split on their own edge (hit): on another edge
// of the same gateway as the other branches' tasks, or below a split of
// their own when no other branch task is below one.
func branchHits(sp refSplit, g *graph, candID func(string) string) counts {
	var out counts
	places := make([][]branchPlace, len(sp.branches))
	for b, br := range sp.branches {
		for _, t := range br {
			out.ref++
			var p branchPlace
			if id := candID(t); id != "" {
				p.gw, p.edge = g.splitOf(id)
			}
			places[b] = append(places[b], p)
		}
	}
	for b := range places {
		for _, p := range places[b] {
			if p.gw != "" && apartFromOthers(places, b, p) {
				out.hit++
			}
		}
	}
	return out
}

// apartFromOthers tells whether place p of branch b is on its own edge:
// no task of another branch leaves the same gateway by the same edge,
// and some leaves it by another (or no other branch task is placed).
func apartFromOthers(places [][]branchPlace, b int, p branchPlace) bool {
	sameGW, others := false, false
	for o := range places {
		if o == b {
			continue
		}
		for _, q := range places[o] {
			if q.gw == "" {
				continue
			}
			others = true
			if q.gw == p.gw {
				sameGW = true
				if q.edge == p.edge {
					return false
				}
			}
		}
	}
	return sameGW || !others
}

// countTriggers counts the model's timer and message events.
func countTriggers(m *process.Model) (timers, messages int) {
	for _, e := range m.Events {
		switch e.Trigger {
		case process.TriggerTimer:
			timers++
		case process.TriggerMessage:
			messages++
		}
	}
	return timers, messages
}

// badLabels lists the task labels with a noise word (a pronoun or a
// filler) and the lanes whose name begins with one.
func (sc *scorer) badLabels(acts []process.Activity, m *process.Model) []string {
	var bad []string
	for _, a := range acts {
		for w := range strings.FieldsSeq(a.Name) {
			w = strings.Trim(w, ",.;:'\"()")
			if sc.noise[strings.ToLower(w)] && w != "IT" { // "Inform IT manager": the department
				bad = append(bad, a.Name)
				break
			}
		}
	}
	for _, p := range m.Participants {
		first := strings.Fields(p.Name + " x")[0]
		if sc.noise[strings.ToLower(first)] && first != strings.ToUpper(first) { // "IT" is a department
			bad = append(bad, "lane "+p.Name)
		}
	}
	return bad
}

// matchFlows pairs reference message flows with the model's one to one:
// a pair matches when both ends name the same parties (the lane of a
// node, or its pool when it has no lane).
func (sc *scorer) matchFlows(ref []refFlow, m *process.Model) (counts, []string, []string) {
	party := map[string]string{}
	poolName := map[string]string{}
	for _, p := range m.Pools {
		poolName[p.ID] = p.Name
		party[p.ID] = p.Name
	}
	main := m.ProcessName
	if len(m.Pools) > 0 {
		main = m.Pools[0].Name
	}
	who := func(performer, pool string) string {
		switch {
		case performer != "":
			return performer
		case pool != "":
			return poolName[pool]
		}
		return main
	}
	for _, a := range m.Activities {
		party[a.ID] = who(a.Performer, a.Pool)
	}
	for _, e := range m.Events {
		party[e.ID] = who(e.Performer, e.Pool)
	}
	out := counts{ref: len(ref), cand: len(m.MessageFlows)}
	var have []string
	for _, f := range m.MessageFlows {
		have = append(have, party[f.Source]+" -> "+party[f.Target]+" | "+f.Name)
	}
	used := map[int]bool{}
	var missed []string
	for _, r := range ref {
		found := false
		for k, f := range m.MessageFlows {
			if used[k] {
				continue
			}
			if sc.jaccard(r.from, party[f.Source]) >= minJaccard && sc.jaccard(r.to, party[f.Target]) >= minJaccard {
				used[k] = true
				out.hit++
				found = true
				break
			}
		}
		if !found {
			missed = append(missed, r.from+" -> "+r.to+" | "+r.name)
		}
	}
	return out, missed, have
}

// capped counts recovered elements by number: a model cannot earn more
// than the reference holds.
func capped(ref, cand int) counts {
	return counts{hit: min(ref, cand), ref: ref, cand: cand}
}

// graph is the sequence-flow graph of a model.
type graph struct {
	preds map[string][]process.Flow
	succs map[string][]string
	split map[string]bool
}

func newGraph(m *process.Model) *graph {
	g := &graph{preds: map[string][]process.Flow{}, succs: map[string][]string{}, split: map[string]bool{}}
	out := map[string]int{}
	for _, f := range m.Flows {
		g.preds[f.Target] = append(g.preds[f.Target], f)
		g.succs[f.Source] = append(g.succs[f.Source], f.Target)
		out[f.Source]++
	}
	for _, gw := range m.Gateways {
		if out[gw.ID] > 1 {
			g.split[gw.ID] = true
		}
	}
	// a boundary event branches off its host like a split does
	for _, e := range m.Events {
		if e.Type == process.EventBoundary && e.AttachedTo != "" {
			g.split[e.ID] = true
		}
	}
	return g
}

// splitOf walks back from node id along single incoming flows to the
// nearest split and returns it with the flow leaving it towards id; ""
// when a join or the start comes first.
func (g *graph) splitOf(id string) (string, string) {
	cur := id
	for range 500 {
		ps := g.preds[cur]
		if len(ps) != 1 {
			return "", ""
		}
		f := ps[0]
		if g.split[f.Source] {
			return f.Source, f.ID
		}
		cur = f.Source
	}
	return "", ""
}

// reaches reports whether a path of sequence flows leads from a to b.
func (g *graph) reaches(a, b string) bool {
	seen := map[string]bool{a: true}
	stack := []string{a}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, t := range g.succs[n] {
			if t == b {
				return true
			}
			if !seen[t] {
				seen[t] = true
				stack = append(stack, t)
			}
		}
	}
	return false
}
