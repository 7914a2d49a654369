package text

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// The helpers here tell when an "if" that names another thing than the
// open decision's is still one more answer of it: "If the risk is low,
// … releases the deviation. If the risk is high, … If the deviation is
// not acceptable at all, he rejects it" is one decision with three ways
// out, not a chain in which an approved case meets the rejection next.

// anotherCase reports a condition (with the steps ds of its case) that
// is another answer of the decision whose branches are brs, although
// it asks about another thing: both conditions are nothing but a
// verdict ("approved", "on hold", "refused"); one is a verdict on
// everything and the other on a part or on nothing ("everything is
// covered", "only part of the costs is covered", "all is ok", "the
// dimension is wrong"); or the case turns down what a branch approves
// ("releases the deviation", "rejects it") of a decision with two
// cases or more.
func anotherCase(brs []branch, cond string, ds []*draft) bool {
	for _, br := range brs {
		if br.cond == "" {
			continue
		}
		if verdictOnly(br.cond) && verdictOnly(cond) || quantifiedVerdicts(br.cond, cond) {
			return true
		}
	}
	// (a refusal the condition names, "If the manager rejects the
	// requisition", turns down one branch's approval, not the decision)
	return len(brs) >= 2 && !refusalRe.MatchString(cond) && turnsDown(brs, ds)
}

// verdictWords are the answers a decision can give, in condWords' form:
// a condition made of them only ("approved", "on hold") names an
// outcome of the decision just taken.
var verdictWords = set(`approved accepted rejected refused declined denied granted hold pending partially partly fully conditionally cancelled deferred postponed escalated returned`)

// verdictOnly reports a condition that is a bare verdict: "approved",
// "on hold", "partially approved".
func verdictOnly(cond string) bool {
	ws := condWords(cond)
	if len(ws) == 0 || len(ws) > 3 {
		return false
	}
	for _, w := range ws {
		if !verdictWords[w] {
			return false
		}
	}
	return true
}

// amountWords open a condition on how much of the case holds: "everything
// is covered", "only part of the costs is covered", "nothing is covered".
var amountWords = set(`everything all nothing none only anything something part some`)

// goodStates and badStates are the predicates of a finding that lets
// the case go on and of one that does not: after "all is ok", "the
// dimension is wrong" and "the material test failed" are its other
// answers.
var (
	goodStates = set(`ok okay fine good correct right passed complete covered acceptable`)
	badStates  = set(`wrong failed bad incorrect missing defective damaged broken incomplete unacceptable`)
)

// quantifiedVerdicts reports two conditions of which one says how much
// holds ("everything is covered", "all is ok") and the other ends on
// the same predicate, its opposite, or a finding that stops the case
// ("nothing is covered", "the dimension is wrong").
func quantifiedVerdicts(a, b string) bool {
	if !quantified(a) && !quantified(b) {
		return false
	}
	ca, cb := condWords(a), condWords(b)
	if len(ca) == 0 || len(cb) == 0 {
		return false
	}
	pa, pb := ca[len(ca)-1], cb[len(cb)-1]
	if pa == pb || opposites[pa] == pb || opposites[pb] == pa {
		return true
	}
	return goodStates[pa] && badStates[pb] && quantified(a) || goodStates[pb] && badStates[pa] && quantified(b)
}

// quantified reports a condition that opens with a quantifier.
func quantified(cond string) bool {
	ws := strings.Fields(strings.ToLower(cond))
	return len(ws) > 1 && amountWords[strings.Trim(ws[0], ",;:")]
}

// approveVerbs give the case what it asked for; a branch that does one
// and a case that turns the same thing down are two answers of one
// decision.
var approveVerbs = set(`approve release accept grant confirm authorise authorize`)

// turnsDown reports steps ds whose first turns down the thing a branch
// of brs approves: "rejects the deviation" after "releases the
// deviation".
func turnsDown(brs []branch, ds []*draft) bool {
	first := func(items []*item) *draft {
		for _, it := range items {
			if it.act != nil && it.act.event == nil {
				return it.act
			}
			if it.act == nil {
				return nil
			}
		}
		return nil
	}
	var d *draft
	for _, x := range ds {
		if x.event == nil {
			d = x
			break
		}
	}
	if d == nil || !negativeVerbs[firstWord(d.verb)] || objectHead(d) == "" {
		return false
	}
	for _, br := range brs {
		if p := first(br.items); p != nil && approveVerbs[firstWord(p.verb)] && objectHead(p) == objectHead(d) {
			return true
		}
	}
	return false
}

// objectHead is the head noun of a step's object, normalised.
func objectHead(d *draft) string {
	return norm(lastWord(d.object))
}

// caseSteps is the steps of the open decision's last case when the
// last sentence added that case as another answer of the decision (its
// steps are where the sentence went); nil otherwise.
func (b *builder) caseSteps() *[]*item {
	o := b.open
	if o == nil || o.whether || len(o.branches) < 2 {
		return nil
	}
	br := &o.branches[len(o.branches)-1]
	if br.cond == "" || b.last != &br.items {
		return nil
	}
	n := len(br.items)
	if n > 0 && (br.items[n-1].end || br.items[n-1].back != nil) {
		return nil // the case ended: what follows is after the decision
	}
	return &br.items
}

// intoOutcome adds steps ds to list, a branch of the open decision that
// outcomeBranch found, before the end it may have, and makes it where
// the sentence's end goes.
func (b *builder) intoOutcome(list *[]*item, ds []*draft) {
	beforeEnd(list, acts(ds))
	b.endsBranch(list)
}

// beforeEnd adds items to list, before the end it may have.
func beforeEnd(list *[]*item, items []*item) {
	if len(items) == 0 {
		return
	}
	l := *list
	var end *item
	if n := len(l); n > 0 && l[n-1].end {
		l, end = l[:n-1], l[n-1]
	}
	l = append(l, items...)
	if end != nil {
		l = append(l, end)
	}
	*list = l
}

// restatesChoice puts the case of an "if" into the branch of the choice
// right before it that the case restates: "Depending on the amount,
// the assistant either settles the claim or refers it to the senior
// adjuster. Up to 500 euros the assistant settles it at once. Above 500
// euros the senior adjuster reviews the receipts." names the condition
// of each branch; the second case is the branch left once the first has
// its condition. The restated step is the branch's own, the steps after
// it go on the branch. It reports whether there was such a branch.
func (b *builder) restatesChoice(cond string, ds []*draft) bool {
	if len(b.seq) == 0 || len(ds) == 0 || ds[0].event != nil {
		return false
	}
	g := b.seq[len(b.seq)-1].gw
	if g == nil || g.typ != process.GatewayExclusive || g.whether || g.cond != "" || len(g.branches) < 2 {
		return false
	}
	k, restated := restatedBranch(g.branches, cond, stemOf(firstWord(ds[0].verb)))
	if k < 0 {
		return false
	}
	br := &g.branches[k]
	br.cond, br.label = cond, shortCondition(cond)
	rest := ds
	if restated {
		ds[0].drop = true
		rest = ds[1:]
	}
	beforeEnd(&br.items, acts(rest))
	b.last = &br.items
	b.lastN = len(rest)
	return true
}

// restatedBranch is the index of the branch of brs, with no condition
// yet, whose first step has the verb (stemmed), restated true; else,
// when another branch already has a condition on cond's question, the
// one branch left without a condition; else -1.
func restatedBranch(brs []branch, cond, verb string) (k int, restated bool) {
	k, open, named := -1, -1, false
	for i, br := range brs {
		n := len(br.items)
		if br.cond != "" {
			named = named || sameQuestion(br.cond, cond)
			continue
		}
		if n == 0 || br.items[0].act == nil || br.items[0].act.event != nil || br.items[n-1].back != nil {
			return -1, false // a skip or a loop: no branch to name by elimination
		}
		if stemOf(firstWord(br.items[0].act.verb)) == verb {
			k = i
		}
		if open >= 0 {
			open = len(brs) // more than one left
		} else {
			open = i
		}
	}
	if k >= 0 {
		return k, true
	}
	if named && open >= 0 && open < len(brs) {
		return open, false
	}
	return -1, false
}
