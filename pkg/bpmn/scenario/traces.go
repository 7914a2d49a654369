package scenario

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// TraceLimits bound the trace enumeration. Zero fields take the defaults.
type TraceLimits struct {
	// MaxVisits is how often one node may run in a trace: 3 lets each
	// loop be taken at most twice.
	MaxVisits int
	// MaxTraces caps the distinct traces kept.
	MaxTraces int
	// MaxSteps caps the nodes fired over the whole enumeration.
	MaxSteps int
}

func (l TraceLimits) withDefaults() TraceLimits {
	if l.MaxVisits <= 0 {
		l.MaxVisits = 3
	}
	if l.MaxTraces <= 0 {
		l.MaxTraces = 200
	}
	if l.MaxSteps <= 0 {
		l.MaxSteps = 200_000
	}
	return l
}

// Traces enumerates the traces of the model's main process (the first
// pool's, else the first process with nodes): each trace is the list of
// activity names in the order they run, from a start event until no token
// is left. Message flows are not followed, so other pools' work is not in
// them.
//
// Semantics, simplified where the full token game would explode:
//   - an exclusive, event-based or complex split takes one of its flows;
//     a parallel or inclusive split takes all of them;
//   - parallel branches run in one order (the nodes' document order), so a
//     trace set has one interleaving per combination of choices;
//   - a parallel or inclusive join waits for a token on each incoming
//     flow; when nothing else can run, a join fires with what it has (an
//     exclusive choice closed by a parallel join does not deadlock);
//   - an activity's boundary event is an alternative to its normal end;
//   - a sub-process runs its inner nodes and is left when its last token
//     ends; a terminate end event ends the trace;
//   - a node runs at most MaxVisits times in a trace; paths exceeding it
//     are dropped, unless no path finishes, then their prefixes are kept.
//
// truncated reports that a cap cut the enumeration short.
func Traces(d *parse.Definitions, lim TraceLimits) (traces [][]string, truncated bool) {
	lim = lim.withDefaults()
	proc := mainProcess(d)
	if proc == nil {
		return nil, false
	}
	e := &enumerator{lim: lim, order: map[*parse.Element]int{}, seen: map[string]bool{}}
	i := 0
	proc.Walk(func(x *parse.Element) bool {
		e.order[x] = i
		i++
		return true
	})
	for _, s := range startNodes(proc) {
		e.run(state{tokens: []*parse.Element{s}, visits: map[*parse.Element]int{}})
	}
	if len(e.done) == 0 {
		e.done = e.partial
	}
	return e.done, e.truncated
}

// mainProcess is the process of the first pool that has one, else the
// first process holding flow nodes.
func mainProcess(d *parse.Definitions) *parse.Element {
	for _, c := range d.Collaborations {
		for _, p := range c.ChildrenOf("participant") {
			if p.ProcessRef != nil {
				return p.ProcessRef
			}
		}
	}
	for _, p := range d.Processes {
		for _, c := range p.Children {
			if parse.IsFlowNode(c.Kind) {
				return p
			}
		}
	}
	return nil
}

// startNodes are a container's start events, else its nodes nothing leads
// to (boundary events, event sub-processes and compensation excluded).
func startNodes(c *parse.Element) []*parse.Element {
	first, _ := innerEnds(c)
	var out []*parse.Element
	for _, n := range first {
		if n.Kind != "boundaryEvent" {
			out = append(out, n)
		}
	}
	return out
}

type enumerator struct {
	lim           TraceLimits
	order         map[*parse.Element]int
	steps         int
	done, partial [][]string
	seen          map[string]bool
	truncated     bool
}

type state struct {
	tokens []*parse.Element
	visits map[*parse.Element]int
	trace  []string
}

func (s state) clone() state {
	v := make(map[*parse.Element]int, len(s.visits))
	for k, n := range s.visits {
		v[k] = n
	}
	return state{tokens: append([]*parse.Element(nil), s.tokens...), visits: v, trace: append([]string(nil), s.trace...)}
}

func (e *enumerator) full() bool {
	if len(e.done) >= e.lim.MaxTraces || e.steps >= e.lim.MaxSteps {
		e.truncated = true
		return true
	}
	return false
}

func (e *enumerator) record(list *[][]string, t []string) {
	key := "\x00" + strings.Join(t, "\x00")
	if list == &e.partial {
		key = "p" + key
	}
	if e.seen[key] {
		return
	}
	e.seen[key] = true
	*list = append(*list, t)
}

// run fires tokens of s until none is left, branching at choices.
func (e *enumerator) run(s state) {
	for {
		if e.full() {
			return
		}
		if len(s.tokens) == 0 {
			e.record(&e.done, s.trace)
			return
		}
		i := e.next(s)
		n := s.tokens[i]
		consumed := 1
		if isJoin(n) {
			consumed = count(s.tokens, n)
		}
		s.tokens = removeN(s.tokens, n, consumed)
		s.visits[n]++
		e.steps++
		if s.visits[n] > e.lim.MaxVisits {
			if len(e.partial) < e.lim.MaxTraces {
				e.record(&e.partial, s.trace)
			}
			return
		}
		alts := e.fire(n)
		if len(alts) == 0 { // terminate end event
			e.record(&e.done, s.trace)
			return
		}
		// the first flows first: earlier alternatives run on copies, the
		// last one goes on in s
		last := len(alts) - 1
		for k := range last {
			t := s.clone()
			e.apply(&t, n, alts[k])
			e.run(t)
			if e.full() {
				return
			}
		}
		e.apply(&s, n, alts[last])
	}
}

// alt is one way a node can complete: the label it adds to the trace and
// the nodes it passes tokens to.
type alt struct {
	label string
	next  []*parse.Element
}

func (e *enumerator) apply(s *state, n *parse.Element, a alt) {
	if a.label != "" {
		s.trace = append(s.trace, a.label)
	}
	s.tokens = append(s.tokens, a.next...)
	if len(a.next) == 0 {
		// the last token of a sub-process leaves it
		for c := n.Container(); c != nil && parse.IsSubProcess(c.Kind); c = c.Container() {
			if inside(s.tokens, c) {
				break
			}
			s.tokens = append(s.tokens, targets(c.Outgoing)...)
			if len(c.Outgoing) > 0 {
				break
			}
		}
	}
}

// next picks the token to fire: the first enabled one in document order;
// when none is enabled, the join holding the most tokens.
func (e *enumerator) next(s state) int {
	best, bestJoin, most := -1, -1, 0
	for i, n := range s.tokens {
		if isJoin(n) && count(s.tokens, n) < len(n.Incoming) {
			if c := count(s.tokens, n); c > most {
				bestJoin, most = i, c
			}
			continue
		}
		if best < 0 || e.order[n] < e.order[s.tokens[best]] {
			best = i
		}
	}
	if best < 0 {
		return bestJoin
	}
	return best
}

// fire lists the ways node n can complete; none for a terminate end.
func (e *enumerator) fire(n *parse.Element) []alt {
	out := targets(n.Outgoing)
	switch {
	case parse.IsSubProcess(n.Kind) && hasInner(n):
		first, _ := innerEnds(n)
		alts := []alt{{next: first}}
		for _, b := range n.Boundary {
			alts = append(alts, alt{next: targets(b.Outgoing)})
		}
		return alts
	case parse.IsActivity(n.Kind):
		label := n.Label()
		if label == "" {
			label = n.ID
		}
		alts := []alt{{label: label, next: out}}
		for _, b := range n.Boundary {
			alts = append(alts, alt{label: label, next: targets(b.Outgoing)})
		}
		return alts
	case n.Kind == "endEvent" && n.HasEventDefinition("terminateEventDefinition"):
		return nil
	case parse.IsGateway(n.Kind) && len(out) > 1 && !isParallel(n.Kind):
		alts := make([]alt, len(out))
		for i, t := range out {
			alts[i] = alt{next: []*parse.Element{t}}
		}
		return alts
	}
	return []alt{{next: out}}
}

func isParallel(kind string) bool { return kind == "parallelGateway" || kind == "inclusiveGateway" }

func isJoin(n *parse.Element) bool {
	return (isParallel(n.Kind) || n.Kind == "complexGateway") && len(n.Incoming) > 1
}

func hasInner(n *parse.Element) bool {
	for _, c := range n.Children {
		if parse.IsFlowNode(c.Kind) {
			return true
		}
	}
	return false
}

func targets(flows []*parse.Element) []*parse.Element {
	var out []*parse.Element
	for _, f := range flows {
		if f.Target != nil {
			out = append(out, f.Target)
		}
	}
	return out
}

func count(tokens []*parse.Element, n *parse.Element) int {
	c := 0
	for _, t := range tokens {
		if t == n {
			c++
		}
	}
	return c
}

func removeN(tokens []*parse.Element, n *parse.Element, k int) []*parse.Element {
	out := tokens[:0:0]
	for _, t := range tokens {
		if t == n && k > 0 {
			k--
			continue
		}
		out = append(out, t)
	}
	return out
}

// inside reports whether a token sits within container c.
func inside(tokens []*parse.Element, c *parse.Element) bool {
	for _, t := range tokens {
		for p := t.Container(); p != nil; p = p.Container() {
			if p == c {
				return true
			}
		}
	}
	return false
}
