package text

import "regexp"

// The readers here take a sentence that opens with a condition, "If X,
// Y[; otherwise Z]", and its other forms ("When a build fails, …",
// "Should any test fail, …", "If noted: …", "→ account blocked: …"):
// the case's branch, a party's refusal the condition names, a choice
// inside the case, and a branch that only jumps to another step.

// refusalClause reports one clause in which a party turns something down:
// "the manager rejects the request".
func refusalClause(cs []clause) bool {
	return len(cs) == 1 && cs[0].performer != "" && isAgent(cs[0].performer) && negativeVerbs[firstWord(cs[0].verb)] && len(cs[0].object) > 0
}

// readIf reads "If X, Y[; otherwise Z]", and "When a build fails, …",
// which decides like "if".
func (a *analyzer) readIf(r *reading) ([]*draft, bool) {
	ifForms(r, a.nextSentence)
	if ds, handled, state := a.readStateItem(r); handled {
		return ds, true
	} else if state {
		defer func() { a.stateBranchAt = a.count }()
	}
	m := ifStartRe.FindStringSubmatch(r.body)
	if m == nil {
		return nil, false
	}
	cond, main := m[2], m[3]
	a.condContext(cond)
	cond = a.namedCondition(cond)
	work, wait := durations(main) // "within 30 minutes" in the condition is no time spent
	var other string
	if mo := otherwiseMidRe.FindStringSubmatch(main); mo != nil {
		main, other = mo[1], mo[2]
	}
	if a.ifJump(cond, main) {
		return nil, true
	}
	refusal := a.ifRefusal(r, cond, main)
	if other == "" && refusal == nil {
		if ds, ok := a.ifEither(r, cond, main, work, wait); ok {
			return ds, true
		}
	}
	return a.ifBranch(r, ifCase{cond: cond, main: main, other: other, refusal: refusal}, work, wait), true
}

// ifForms rewrites the other ways to write a condition as "If X, Y":
// "When a build fails, …", "When X, A." before "Otherwise B." (next is
// the sentence after), "Should any test fail, …".
func ifForms(r *reading, next string) {
	if m := whenFailRe.FindStringSubmatch(r.body); m != nil {
		r.body = "If " + m[1] + ", " + m[2]
	}
	if m := whenCondRe.FindStringSubmatch(r.body); m != nil && otherwiseRe.MatchString(next) {
		r.body = "If " + m[1] + ", " + m[2] // "When X, A. Otherwise B.": a choice
	}
	if m := shouldIfRe.FindStringSubmatch(r.body); m != nil {
		r.body = "If " + m[1] + ", " + m[2] // "Should any test fail, …"
	}
}

// ifRefusal makes the step of a party's refusal the condition names
// ("If the manager rejects the request, …"), or returns nil.
func (a *analyzer) ifRefusal(r *reading, cond, main string) *draft {
	// "If the manager rejects the request, the request is closed": the
	// manager's rejection is a step of its own, the first of the branch
	cs := parseClause(cond, a.lastObject)
	if !refusalClause(cs) && a.lastObject != "" && refusalRe.MatchString(cond) && !negative(cond) {
		// "If the doctor refuses, …" after "The doctor signs the
		// prescription": the refusal is of the thing just worked on; in
		// a note ("doctor refuses") the subject has no article
		for _, c := range []string{cond, "the " + cond} {
			if alt := parseClause(c+" the "+a.lastObject, a.lastObject); refusalClause(alt) {
				cs = alt
				break
			}
		}
	}
	if len(cs) == 1 && cs[0].performer != "" && isAgent(cs[0].performer) &&
		negativeVerbs[firstWord(cs[0].verb)] && len(cs[0].object) > 0 && !negative(cond) && a.count < maxDrafts &&
		!againRe.MatchString(r.s) && !(backRe.MatchString(r.s) && !negative(main)) {
		// (a rejection sent back for rework is the decision's answer,
		// not an outcome of its own: "… corrects it and submits it again";
		// "returned to the requester and not ordered" ends all the same)
		return a.newDraft(r.s, cs[0], cond)
	}
	return nil
}

// ifEither reads a case whose work is a choice of its own: "If the role
// conflicts, the manager either removes the old role or withdraws the
// request". It reports whether main was such a choice.
func (a *analyzer) ifEither(r *reading, cond, main string, work, wait float64) ([]*draft, bool) {
	e := eitherRe.FindStringSubmatch(main)
	if e == nil {
		return nil, false
	}
	one, two := a.clauses(e[1]+e[2], r.s), a.clauses(e[1]+e[3], r.s)
	if len(one) == 0 || len(two) == 0 {
		return nil, false
	}
	a.applyTimes(one, work, wait)
	a.b.addIfChoice(cond, a.decider(one), [][]*draft{one, two}, a.sentBack)
	return append(one, two...), true
}

// ifCase is a read condition: its text, the work in its case, the work
// otherwise and the step of a refusal the condition names.
type ifCase struct {
	cond, main, other string
	refusal           *draft
}

// ifBranch adds the case's branch to the decision on its condition (or
// ends an earlier branch when the sentence only says the case ends
// there), the wait for an awaited answer, and the otherwise branch.
func (a *analyzer) ifBranch(r *reading, c ifCase, work, wait float64) []*draft {
	a.onBranch = true
	ds := a.clauses(c.main, r.s)
	a.onBranch = false
	if c.refusal != nil && len(ds) > 0 && !negativeVerbs[firstWord(ds[0].verb)] {
		ds = append([]*draft{c.refusal}, ds...)
	} else if c.refusal != nil {
		c.refusal.drop = true
	}
	a.applyTimes(ds, work, wait)
	if endRe.MatchString(r.s) || negEndRe.MatchString(r.s) || noneRe.MatchString(r.s) {
		// "A rejected parcel is never forwarded." after "If …, the clerk
		// rejects the parcel": the end of the rejecting branch, no new
		// case of the decision ("A rejected claim is closed and nothing
		// is paid": with its step)
		if list := a.b.outcomeBranch(c.cond); list != nil && c.other == "" {
			a.b.intoOutcome(list, ds)
			return ds
		}
	}
	a.b.addIf(c.cond, a.decider(ds), ds)
	if o := a.b.open; o != nil && o.awaited == "" {
		// "If the customer does not answer within 14 days, …": a wait
		// for the answer or the deadline, whichever comes first
		o.awaited = a.awaitedAnswer(c.cond, r.s)
	}
	if c.other != "" {
		a.onBranch = true
		os := a.clauses(c.other, r.s)
		a.onBranch = false
		a.b.addOtherwise(os)
		ds = append(ds, os...)
	}
	return ds
}

// jumpBackOnly is the earlier step a clause that only goes back names
// ("go back to the drafting", "the process returns to the production
// step"), or nil when the clause does more or names none.
func (a *analyzer) jumpBackOnly(main string) *draft {
	loc := backToStepRe.FindStringIndex(main)
	if loc == nil || wordCount(main[:loc[0]]) > 3 || wordCount(main[loc[1]:]) > 2 {
		return nil
	}
	e := a.backToStep(main, len(a.drafts))
	if e == nil || inParallel(a.b.seq, e.item, false) {
		return nil
	}
	return e
}

// readStateItem is readIf's first phase for list items and notes: "If
// noted: files a claim" and "→ account blocked: the assistant declines
// the loan" become "If …, …" in r.body; an item right after a state's
// item is another answer of the same decision, added at once (handled).
// state reports a state item read as a new decision's first answer.
func (a *analyzer) readStateItem(r *reading) (steps []*draft, handled, state bool) {
	if m := ifColonRe.FindStringSubmatch(r.body); m != nil {
		r.body = "If " + m[1] + ", " + m[2] // "If noted: files a claim …"
	} else if m := stateColonRe.FindStringSubmatch(r.body); m != nil && r.inItem && (wordCount(m[1]) <= 6 || a.stateBranchAt > 0 && a.stateBranchAt == a.count && wordCount(m[1]) <= 12) {
		// (a longer state only as the next answer of the same decision:
		// "– controls clearly out of range or the curve failed: …")
		// "→ account blocked (unpaid fines): the assistant declines the
		// loan": a branch of a decision tree, its state before the colon
		if o := a.b.open; o != nil && !o.whether && a.stateBranchAt > 0 && a.stateBranchAt == a.count {
			// "→ damaged: … → fine: …": the item right after a state's
			// item is another answer of the same decision
			if g := gotoRe.FindStringSubmatch(m[2]); g != nil {
				// "– slightly out of range: repeat the run from step 3"
				if d := a.steps[stepRef(g[1]+g[2])]; d != nil && d.item != nil {
					a.b.addCase(m[1], nil)
					a.b.loopOpen(d.item)
					a.stateBranchAt = a.count
					return nil, true, false
				}
			}
			if ds := a.clauses(m[2], r.s); len(ds) > 0 {
				a.applyTimes(ds, r.work, r.wait)
				a.b.addCase(m[1], ds)
				a.stateBranchAt = a.count
				return ds, true, false
			}
		}
		r.body = "If " + m[1] + ", " + m[2]
		return nil, false, true
	}
	return nil, false, false
}

// ifJump is readIf's phase for a branch that only jumps: to a numbered
// step ("If the login fails, go back to step 4"; "go to step 7", read
// before step 7) or back to a step it names ("go back to the drafting").
// It reports whether the branch was such a jump.
func (a *analyzer) ifJump(cond, main string) bool {
	if g := gotoRe.FindStringSubmatch(main); g != nil {
		// "If the login fails, go back to step 4": the branch loops
		if d := a.steps[stepRef(g[1]+g[2])]; d != nil && d.item != nil {
			a.b.addIf(cond, d.performer, nil)
			a.b.loopOpen(d.item)
			return true
		}
		if n := stepRef(g[1]); n != "" && a.jumps != nil {
			// "If the parcel is empty, go to step 7", read before step 7:
			// the branch skips ahead to it
			a.b.addIf(cond, a.currentActor(), nil)
			if it := a.b.jumpOpen(); it != nil {
				a.jumps[n] = append(a.jumps[n], it)
			}
			return true
		}
	}
	e := a.jumpBackOnly(main)
	if e == nil {
		e = a.restartOnly(main) // "If …, the cycle repeats: spray, dry, weigh"
	}
	if e != nil {
		// "If it is not approved, go back to the drafting", "…, the
		// process returns to the production step": the branch loops
		a.b.addIf(cond, e.performer, nil)
		a.b.loopOpen(e.item)
		return true
	}
	return false
}

// shouldIfRe finds an inverted condition: "Should any of these tests
// fail, the vehicle does not pass".
// ifColonRe is a condition in note form, a colon after it: "If not
// noted: rejects the claim; end".
var ifColonRe = regexp.MustCompile(`(?i)^if\s+([^:,;]{2,60}):\s+(\S.+)$`)

// stateColonRe is a list item that names a state, then a colon and what
// is done in it: "account OK: the assistant reserves the device". The
// state starts in lower case, unlike a label ("Owner: Finance").
var stateColonRe = regexp.MustCompile(`^([a-z][^:;,()]{1,80}?)(?:\s*\([^)]*\))?:\s+(\S.+)$`)

var shouldIfRe = regexp.MustCompile(`(?i)^should\s+([^,]{3,80}),\s+(.+)$`)
