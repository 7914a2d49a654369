package text

import (
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// branchSubjectRe is a subject in the state a decision's branch leaves
// the case in: "A released batch goes back to the warehouse".
var branchSubjectRe = regexp.MustCompile(`^(?:(?i:an?|any|every|each|the|all)\s+)?([A-Za-z][a-z]+ed)\s+([a-z][\w-]*)\s+(\S.*)$`)

// branchSubject reads a sentence whose subject names the outcome of the
// decision right before it ("… either releases the batch or blocks it. A
// released batch goes back to the warehouse. A blocked batch is
// scrapped."): the sentence's steps go to that branch, after its first
// step, and rest is the sentence with the plain subject. ok is false when
// no branch of the last decision has that outcome.
func (b *builder) branchSubject(s string) (rest string, ok bool) {
	m := branchSubjectRe.FindStringSubmatch(s)
	if m == nil || b.open != nil || len(b.seq) == 0 {
		return s, false
	}
	g := b.seq[len(b.seq)-1].gw
	if g == nil || g.typ != process.GatewayExclusive {
		return s, false
	}
	state := stemOf(m[1])
	for i := range g.branches {
		br := &g.branches[i]
		if len(br.items) == 0 || br.items[0].act == nil || br.items[0].act.event != nil {
			continue
		}
		n := len(br.items)
		if br.items[n-1].back != nil {
			continue
		}
		if stemOf(firstWord(br.items[0].act.verb)) != state {
			continue
		}
		if br.items[n-1].end {
			// "… are rejected. Rejected applicants receive a notice": the
			// notice comes before the branch's end
			br.items = br.items[:n-1]
			b.intoEnds = true
		}
		b.into = &br.items
		return "The " + m[2] + " " + m[3], true
	}
	return s, false
}

// leaveBranch ends a sentence read into a decision's branch: what follows
// comes after the decision again.
func (b *builder) leaveBranch() {
	if b.intoEnds && b.into != nil {
		if l := *b.into; len(l) == 0 || !l[len(l)-1].end {
			*b.into = append(*b.into, &item{end: true})
		}
	}
	b.lastInto, b.into, b.intoEnds = b.into, nil, false
}

// stemOf is a verb or its participle reduced to a common stem: "blocks",
// "blocked", "block" → "block"; "released", "release" → "releas".
func stemOf(w string) string {
	w = strings.ToLower(w)
	for _, suf := range []string{"ied", "ed", "es", "e", "s"} {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) {
			w = strings.TrimSuffix(w, suf)
			if suf == "ied" {
				w += "y"
			}
			break
		}
	}
	if n := len(w); n > 3 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouls", rune(w[n-1])) {
		w = w[:n-1] // "scrapped" → "scrap", "cancelled" keeps its "ll"
	}
	return w
}

// outcomeBranch is the list of the open decision's branch whose steps
// bring the case into the state cond names: "If the seal is broken, the
// clerk rejects the parcel. A rejected parcel is never forwarded." names
// the rejecting branch, so the end belongs to it and not to a new branch
// of the same question (which would leave the decision no way on). The
// steps still waiting after the "if" sentence count as its first branch.
// Nil when no branch does such a step.
func (b *builder) outcomeBranch(cond string) *[]*item {
	o := b.open
	if o == nil || o.whether {
		return nil
	}
	states := map[string]bool{}
	for _, w := range strings.Fields(cond) {
		if n := norm(w); len(n) >= 4 && !auxBe[n] && !determiners[n] {
			states[stemOf(n)] = true
		}
	}
	does := func(items []*item) bool {
		for _, it := range items {
			// ("cancelled" keeps its "ll" in the stem, "cancel" has one)
			if it.act != nil && it.act.event == nil && !it.act.drop && (states[stemOf(firstWord(it.act.verb))] || states[stemOf(firstWord(it.act.verb))+"l"]) {
				return true
			}
		}
		return false
	}
	if len(o.branches) > 0 && does(o.pending) {
		return &o.pending
	}
	for i := len(o.branches) - 1; i >= 0; i-- {
		if does(o.branches[i].items) {
			return &o.branches[i].items
		}
	}
	return nil
}

// endsBranch makes the sentence's end go to list, a branch of the open
// decision that outcomeBranch found.
func (b *builder) endsBranch(list *[]*item) { b.last = list }

// forBranchRe is a sentence led by the case it applies to, without
// a comma or with one: "For a referral the GP writes the referral
// letter".
var forBranchRe = regexp.MustCompile(`^(?i:for)\s+(?:an?|the)\s+([a-z][a-z-]{3,})\s*,?\s+((?i:the|our|a|an|we|they|he|she)\s+\S.*)$`)

// forBranch reads a sentence whose lead names one way out of the choice
// right before it ("The GP either treats the patient or refers the
// patient to a specialist. For a referral the GP writes the referral
// letter …"): the sentence's steps go to that branch, after its steps,
// and rest is the sentence without its lead. ok is false when no branch
// alone is that case.
func (b *builder) forBranch(s string) (rest string, ok bool) {
	m := forBranchRe.FindStringSubmatch(s)
	if m == nil || b.open != nil || len(b.seq) == 0 {
		return s, false
	}
	g := b.seq[len(b.seq)-1].gw
	if g == nil || g.typ != process.GatewayExclusive || len(g.branches) < 2 {
		return s, false
	}
	noun := stemOf(m[1])
	var found *branch
	for i := range g.branches {
		br := &g.branches[i]
		if len(br.items) == 0 || br.items[0].act == nil || br.items[0].act.event != nil {
			continue
		}
		if n := len(br.items); br.items[n-1].back != nil || br.items[n-1].end {
			continue
		}
		if v := stemOf(firstWord(br.items[0].act.verb)); len(v) >= 4 && strings.HasPrefix(noun, v) {
			if found != nil {
				return s, false // two branches are that case
			}
			found = br
		}
	}
	if found == nil {
		return s, false
	}
	b.into = &found.items
	return capitalise(m[2]), true
}
