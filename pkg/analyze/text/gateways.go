package text

import (
	"regexp"
	"strings"
)

var (
	otherwiseRe    = regexp.MustCompile(`(?i)^(?:(otherwise|else|if this is not the case|if that is not the case|if this is not so|if not so|should this not be the case|where this is not the case|failing this|failing that|in all other cases|in any other case|in other cases|in the other case|in the opposite case|in the negative case|if the answer is no)\b[,:]?|(if not|if no|if it is not|if they are not)\s*[,:])\s*`)
	ifStartRe      = regexp.MustCompile(`(?i)^(if|in case of|in case|in the event that|in the event of|provided that|only if|where)\s+(.+?)(?:,\s+(?:then\s+)?|\s+then\s+)(.+)$`)
	ifMidRe        = regexp.MustCompile(`(?i)^(.{8,}?)\s+(?:if|in case|provided that)\s+(.{4,})$`)
	otherwiseMidRe = regexp.MustCompile(`(?i)^(.+?)[,;]\s+(?:otherwise|or else|else|if not)[,]?\s+(.+)$`)
	whetherRe      = regexp.MustCompile(`(?i)^(.*?)\bwhether\s+(.+?)(?:\s+or not)?[.!?]?$`)
	decideVerbs    = set(`decide decides decided check checks checked verify verifies verified determine determines determined
		assess assesses assessed evaluate evaluates evaluated confirm confirms confirmed review reviews reviewed establish
		establishes established ask asks asked examine examines examined`)
	// midIfRe finds a condition inside a coordination: "The professor
	// discusses topics and, if they agree, registers the thesis".
	midIfRe = regexp.MustCompile(`(?i)^(.{8,}?),?\s+and,?\s+(?:if|when|once|provided that)\s+([^,]{3,80}),\s+(.+)$`)
	// whenFailRe finds "when" clauses that name a failure: they decide
	// like "if" ("When a build fails, the developer fixes …").
	whenFailRe = regexp.MustCompile(`(?i)^(?:when|whenever|in case)\s+(.{3,80}?\b(?:fails?|failed|is rejected|are rejected|is not|are not|does not|do not|is missing|are missing|is incomplete|are incomplete|is wrong|is invalid|is damaged|are damaged|(?:finds?|found|detects?|detected|reveals?|revealed|identifies|identified|shows?)\s+(?:an?\s+|any\s+|one\s+or\s+more\s+)?(?:critical\s+|major\s+|serious\s+|severe\s+|possible\s+|potential\s+)?(?:findings?|defects?|errors?|problems?|issues?|discrepanc(?:y|ies)|deviations?|mismatch(?:es)?|hits?|fraud|vulnerabilit(?:y|ies)))\b.*?),\s+(.+)$`)
	// whenCondRe finds a "when" lead-in, which decides like "if" when the
	// next sentence starts with "otherwise".
	whenCondRe = regexp.MustCompile(`(?i)^(?:when|whenever)\s+([^,]{3,120}?),\s+(.+)$`)
	// eitherRe splits "X either does A or does B" into alternatives.
	eitherRe = regexp.MustCompile(`(?i)^(.*?)\beither\s+(.+?)\s+or\s+(.+?)[.!]?$`)
)

// hasAlt reports whether some of the drafts are alternatives.
func hasAlt(ds []*draft) bool {
	for _, d := range ds {
		if d.alt {
			return true
		}
	}
	return false
}

// alternatives groups drafts into the branches of a choice: each
// alternative starts a new branch; what comes before the first is the
// first branch.
func alternatives(ds []*draft) [][]*draft {
	var out [][]*draft
	for i, d := range ds {
		if i == 0 || d.alt {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], d)
	}
	return out
}

// decider is the performer who owns a decision: whoever acts on it.
func (a *analyzer) decider(ds []*draft) string {
	if len(ds) > 0 {
		return ds[0].performer
	}
	return a.currentActor()
}

// meetingVerbs say when a body sits, not what it does: "the board meets
// every Thursday and either approves or rejects" has one step, the choice.
var meetingVerbs = set(`meet convene gather sit assemble`)

// readEither reads "X either does A or does B": two alternatives.
func (a *analyzer) readEither(r *reading) ([]*draft, bool) {
	m := eitherRe.FindStringSubmatch(r.body)
	if m == nil {
		return nil, false
	}
	lead := m[1]
	var pre []*draft
	if before, subject := eitherLead(lead); before != "" {
		// "A mounts the panels, and the electrician either …": the
		// clause before is a step of its own, before the choice
		if pre = a.clauses(before, r.s); len(pre) > 0 {
			lead = subject
		}
	}
	if t := strings.TrimSpace(lead); len(pre) == 0 && strings.HasSuffix(t, " and") && !strings.Contains(t, ",") {
		// "The board meets every Thursday and either approves …": the
		// first clause comes before the choice, its subject makes it
		t = strings.TrimSuffix(t, " and")
		ws := strings.Fields(t)
		for k, w := range ws {
			if b, f := verbForm(w); f == formThird && k > 0 {
				if !meetingVerbs[b] {
					// (the choice's "it" is still what came before)
					obj := a.lastObject
					pre = a.clauses(t, r.s)
					a.lastObject = obj
				}
				lead = strings.Join(ws[:k], " ") + " "
				break
			}
		}
	}
	if len(pre) > 0 {
		a.b.add(pre)
	}
	if alts := a.listAlternatives(lead+m[2], m[3], r.s); alts != nil {
		// "either resolves the ticket, escalates it or closes it": a
		// branch per verb
		var all []*draft
		for _, alt := range alts {
			all = append(all, alt...)
		}
		a.applyTimes(alts[0], r.work, r.wait)
		a.b.addChoice(a.decider(all), alts)
		return append(pre, all...), true
	}
	one := a.clauses(lead+m[2], r.s)
	two := a.clauses(lead+m[3], r.s)
	if len(one) == 0 || len(two) == 0 {
		return nil, false
	}
	a.applyTimes(one, r.work, r.wait)
	a.b.addChoice(a.decider(one), [][]*draft{one, two})
	return append(pre, append(one, two...)...), true
}

// dependingRe opens a sentence whose alternatives depend on something:
// "Depending on the type of damage, the adjuster sends an expert or
// settles the claim by phone.", "Depending on the format: DTP lays out
// the PDF / PM converts the file".
var dependingRe = regexp.MustCompile(`(?i)^depending\s+on\s+([^,]{2,80}),\s+(.+)$`)

// readDepending reads "Depending on X, A or B": an exclusive choice
// between the alternatives, named by what it depends on.
func (a *analyzer) readDepending(r *reading) ([]*draft, bool) {
	m := dependingRe.FindStringSubmatch(r.body)
	if m == nil {
		return nil, false
	}
	if ds, ok := a.slashChoice(m[1], m[2], r); ok {
		return ds, true
	}
	body := m[2]
	if e := eitherRe.FindStringSubmatch(body); e != nil {
		body = e[1] + e[2] + " or " + e[3]
	}
	var ds []*draft
	var alts [][]*draft
	if i := strings.LastIndex(body, " or "); i > 0 {
		// "quotes standard terms, quotes with a loading, or declines":
		// three branches
		alts = a.listAlternatives(body[:i], body[i+4:], r.s)
	}
	for _, alt := range alts {
		ds = append(ds, alt...)
	}
	if alts == nil {
		ds = a.clauses(body, r.s)
		alts = alternatives(ds)
	}
	if len(alts) < 3 && !hasAlt(ds) {
		alts = a.orAlternatives(body, r.s)
		ds = nil
		for _, alt := range alts {
			ds = append(ds, alt...)
		}
	}
	if len(alts) < 2 {
		return nil, false
	}
	a.applyTimes(alts[0], r.work, r.wait)
	a.b.addChoice(a.decider(ds), alts)
	if o := a.b.lastItem(); o != nil && o.gw != nil {
		o.gw.name = capitalise(strings.TrimSpace(m[1])) + "?"
		o.gw.spec = "Depends on " + strings.TrimSpace(m[1]) + "."
	}
	return ds, true
}

// orAlternatives splits "the adjuster sends an expert or settles the
// claim by phone" at its last "or": the subject does what follows
// either way.
func (a *analyzer) orAlternatives(body, source string) [][]*draft {
	i := strings.LastIndex(body, " or ")
	if i < 0 {
		return nil
	}
	one := a.clauses(body[:i], source)
	if len(one) == 0 || one[0].event != nil {
		return nil
	}
	verb := firstWord(one[0].verb)
	ws := strings.Fields(body[:i])
	subject := ""
	for k, w := range ws {
		if b, f := verbForm(w); k > 0 && f != formNone && b == verb {
			subject = strings.Join(ws[:k], " ")
			break
		}
	}
	rest := body[i+4:]
	if !ownSubject(rest) {
		// "… sends an expert or settles the claim": the same subject
		if subject == "" {
			return nil
		}
		rest = subject + " " + rest
	}
	two := a.clauses(rest, source)
	if len(two) == 0 {
		return nil
	}
	return [][]*draft{one, two}
}

// readOtherwise reads "Otherwise, …": the other branch of the open
// decision.
func (a *analyzer) readOtherwise(r *reading) ([]*draft, bool) {
	m := otherwiseRe.FindStringSubmatch(r.body)
	if m == nil {
		return nil, false
	}
	ds := a.clauses(r.body[len(m[0]):], r.s)
	a.applyTimes(ds, r.work, r.wait)
	a.b.addOtherwise(ds)
	return ds, true
}

// readWhether reads "The clerk checks whether the form is complete": a
// decision whose branches the next sentences give, after the check as a
// step of its own and any step written before it.
func (a *analyzer) readWhether(r *reading) ([]*draft, bool) {
	body := r.body
	m := whetherRe.FindStringSubmatch(body)
	if m == nil || r.inItem || !strings.Contains(strings.ToLower(body), "whether") {
		return nil, false
	}
	lead := strings.Fields(m[1])
	if len(lead) == 0 || !decideVerbs[norm(lead[len(lead)-1])] {
		return nil, false
	}
	performer := a.whetherPerformer(m[1], lead)
	cond := m[2]
	if i := strings.Index(cond, ","); i > 0 {
		cond = cond[:i]
	}
	pre, asked := a.relativeWhether(r, m[1])
	if asked != "" {
		performer = asked
	} else if pre = a.stepBeforeWhether(r, m[1]); len(pre) > 0 {
		performer = pre[len(pre)-1].performer
	}
	a.lastActor = performer
	ds := a.checkWhether(r, norm(lead[len(lead)-1]), cond, performer)
	a.b.addWhether(cond, performer)
	return append(pre, ds...), true
}

// whetherPerformer is who asks the question: the subject of the words
// before "whether" (lead, its words), a party named before the verb, else
// the current actor.
func (a *analyzer) whetherPerformer(before string, lead []string) string {
	performer := a.currentActor()
	if cs := parseClause(before+" it", a.lastObject); len(cs) > 0 && cs[0].performer != "" {
		performer = a.performer(cs[0].performer)
	} else if len(lead) > 1 {
		if np := nounPhrase(lead[:len(lead)-1], 4); isAgent(np) {
			performer = a.performer(np)
		}
	}
	return performer
}

// relativeWhether reads a hand-over to the one who decides: "You pass
// the case to the branch manager, who decides whether …" — the hand-over
// is a step, and the recipient asks the question. It returns the step's
// drafts and the recipient, or nothing when before is no such clause.
func (a *analyzer) relativeWhether(r *reading, before string) ([]*draft, string) {
	lower := strings.ToLower(before)
	i := strings.LastIndex(lower, ", who ")
	if i < 0 || wordCount(before[i+6:]) > 2 || a.count >= maxDrafts {
		return nil, ""
	}
	main := strings.TrimSpace(before[:i])
	to := strings.LastIndex(strings.ToLower(main), " to ")
	if to < 0 {
		return nil, ""
	}
	np := nounPhrase(strings.Fields(main[to+4:]), 4)
	if np == "" {
		return nil, "" // ", who" names a person: any noun phrase will do
	}
	pre := a.clauses(main+".", r.s)
	if len(pre) == 0 {
		return nil, ""
	}
	a.b.add(pre)
	return pre, a.performer(np)
}

// stepBeforeWhether adds the step written before the question: "The
// committee evaluates the application and decides whether …" — the first
// clause is a step of its own before the decision. It returns its
// drafts, none when the words before "whether" hold no such clause.
func (a *analyzer) stepBeforeWhether(r *reading, before string) []*draft {
	var pre []*draft
	if i := strings.LastIndex(strings.ToLower(before), " and "); i > 0 && wordCount(before[:i]) >= 3 && a.count < maxDrafts {
		pre = a.clauses(strings.TrimSpace(before[:i])+".", r.s)
		if len(pre) > 0 {
			a.b.add(pre)
		}
	}
	return pre
}

// checkWhether adds the check as a step before the decision when the
// verb (v) is work: "checks whether …" is, "decides whether" is the
// decision alone. The step is named by the verb and the question's first
// words.
func (a *analyzer) checkWhether(r *reading, v, cond, performer string) []*draft {
	if v == "decide" || v == "decides" || v == "decided" || v == "ask" || v == "asks" || a.count >= maxDrafts {
		return nil
	}
	base, _ := verbForm(v)
	d := a.newDraft(r.s, clause{performer: performer, verb: firstNonEmpty(base, "check"), object: whetherObject(cond)}, r.body)
	d.inputs, d.outputs = nil, nil // a question is no thing worked on
	ds := []*draft{d}
	a.b.add(ds)
	return ds
}

// whetherObject is the object of a check's step: "whether" and the
// question's first words, up to a preposition, number or comparison
// after the third ("whether the order was delivered more than 30 days
// ago"), and six words after it at most.
func whetherObject(cond string) []string {
	obj := []string{"whether"}
	for _, w := range stripDeterminers(strings.Fields(trimPunct(cond))) {
		n := norm(w)
		if len(obj) > 3 && (prepositions[n] || numberWord(w) || n == "more" || n == "less" || n == "than") || len(obj) > 6 {
			break // "whether the order was delivered more than 30 days ago"
		}
		obj = append(obj, w)
	}
	return obj
}

// readOtherwiseMid reads "X[ if C]; otherwise Y": both branches in one
// sentence.
func (a *analyzer) readOtherwiseMid(r *reading) ([]*draft, bool) {
	m := otherwiseMidRe.FindStringSubmatch(r.body)
	if m == nil {
		return nil, false
	}
	main, other := m[1], m[2]
	cond := ""
	if mi := ifMidRe.FindStringSubmatch(main); mi != nil {
		main, cond = mi[1], mi[2]
	}
	ds := a.clauses(main, r.s)
	a.applyTimes(ds, r.work, r.wait)
	if cond == "" {
		cond = "ok"
		if len(ds) > 0 {
			cond = possibleCondition(ds)
		}
	}
	a.b.addIf(cond, a.decider(ds), ds)
	os := a.clauses(other, r.s)
	a.b.addOtherwise(os)
	return append(ds, os...), true
}

// readIfMid reads "X if C": a step only some cases need.
func (a *analyzer) readIfMid(r *reading) ([]*draft, bool) {
	m := ifMidRe.FindStringSubmatch(r.body)
	if m == nil || r.inItem {
		return nil, false
	}
	ds := a.clauses(m[1], r.s)
	if len(ds) == 0 {
		return nil, false
	}
	a.applyTimes(ds, r.work, r.wait)
	a.b.addIf(m[2], a.decider(ds), ds)
	return ds, true
}

// readMidIf reads "X does A and, if C, does B": A, then a decision on C
// with B on its branch.
func (a *analyzer) readMidIf(r *reading) ([]*draft, bool) {
	m := midIfRe.FindStringSubmatch(r.body)
	if m == nil {
		return nil, false
	}
	rest := strings.Fields(m[3])
	if len(rest) == 0 {
		return nil, false
	}
	if _, f := verbForm(rest[0]); f != formThird && f != formPast {
		return nil, false // "…, and if so, the manager signs": its own subject
	}
	first := a.clauses(m[1], r.s)
	if len(first) == 0 {
		return nil, false
	}
	performer := first[len(first)-1].performer
	a.applyTimes(first, r.work, r.wait)
	a.b.add(first)
	a.condContext(m[2])
	a.condActor = performer // the pronouns of B are still the subject's
	second := a.clauses("The "+performer+" "+m[3], r.s)
	a.b.addIf(m[2], performer, second)
	return append(first, second...), true
}

// yesWords answer the question before them: "Is it correct? If yes, …".
var yesWords = set(`yes so`)

// namedCondition makes a condition readable as a gateway name: "yes"
// after a question is that question ("Is the invoice correct?" →
// "invoice correct"), and a leading "it" is the thing just worked on
// ("it is correct" → "invoice is correct").
func (a *analyzer) namedCondition(cond string) string {
	ws := strings.Fields(cond)
	if len(ws) == 1 && yesWords[norm(ws[0])] && a.lastQuestion != "" {
		return a.questionAnswered()
	}
	if named := a.sameSubject(ws); named != "" {
		return named
	}
	if named := a.sameThing(ws); named != "" {
		return named
	}
	if len(ws) > 1 && (norm(ws[0]) == "it" && ws[0] != "IT" || norm(ws[0]) == "they") && a.lastObject != "" {
		return a.lastObject + " " + strings.Join(ws[1:], " ")
	}
	return cond
}

// questionAnswered names the condition "yes" by the last question
// without its auxiliary ("Is the invoice correct?" → "the invoice
// correct"); a decision still open on another condition is closed.
func (a *analyzer) questionAnswered() string {
	q := strings.Fields(strings.TrimSuffix(a.lastQuestion, "?"))
	if len(q) > 1 && (auxBe[norm(q[0])] || finiteModals[norm(q[0])] || norm(q[0]) == "does" || norm(q[0]) == "do" || norm(q[0]) == "has" || norm(q[0]) == "have") {
		q = q[1:]
	}
	named := strings.Join(q, " ")
	if o := a.b.open; o != nil && !strings.EqualFold(o.cond, named) {
		// "… goes back to item 3. Does the patient need home care? If
		// yes, …": a new question opens a decision of its own, not a
		// third answer to the one still open
		a.b.closeOpen()
	}
	return named
}

// sameSubject names a condition on "he", "she" or "they" by the subject
// of the open decision's condition, so that it is a case of the same
// decision ("If the candidate accepts, …; if she declines, …"); "" when
// it does not apply.
func (a *analyzer) sameSubject(ws []string) string {
	if len(ws) > 1 && (norm(ws[0]) == "he" || norm(ws[0]) == "she" || norm(ws[0]) == "they") {
		if o := a.b.open; o != nil && !o.whether {
			if subj := condSubject(o.cond); subj != "" {
				return subj + " " + strings.Join(ws[1:], " ")
			}
		}
	}
	return ""
}

// sameThing names a condition on the state of "it" by the subject of
// the open decision's condition, so that it is a case of the same
// decision ("If the parcel is lost, …; if it is found, …", "if the grain
// can be dried, …; if it cannot be dried, …"); "" when it does not
// apply.
func (a *analyzer) sameThing(ws []string) string {
	if len(ws) <= 2 || norm(ws[0]) != "it" || ws[0] == "IT" || !(auxBe[norm(ws[1])] || finiteModals[norm(ws[1])] || norm(ws[1]) == "cannot" || norm(ws[1]) == "can't") {
		return ""
	}
	if o := a.b.open; o != nil && !o.whether && len(o.pending) == 0 && len(o.branches) == 1 {
		if subj := condSubject(o.cond); subj != "" && !personal[norm(subj)] && !pronouns[strings.ToLower(subj)] {
			return subj + " " + strings.Join(ws[1:], " ")
		}
	}
	return ""
}

// condSubject is the subject of a condition: its words before the verb.
func condSubject(cond string) string {
	ws := strings.Fields(cond)
	for i, w := range ws {
		n := norm(w)
		if auxBe[n] || finiteModals[n] || n == "does" || n == "do" || n == "has" || n == "have" {
			return strings.Join(ws[:i], " ")
		}
		if _, f := verbForm(w); (f == formThird || f == formPast) && i > 0 {
			return strings.Join(ws[:i], " ")
		}
	}
	return ""
}

// gotoRe finds a jump back to a numbered step.
var gotoRe = regexp.MustCompile(`(?i)^(?:(?:the\s+)?\w+(?:\s+\w+)?\s+)?(?:go|goes|return|returns|jump|jumps|continue|continues|start again|starts again)\s+(?:back\s+)?(?:to|at|with)\s+(?:step|item|point)\s+(\d{1,3}(?:\.\d{1,3})*(?:[a-z]\b|\s?\([a-z]\))?)|^(?:(?:the\s+)?\w+(?:\s+\w+)?\s+)?(?:repeat|repeats)\s+(?:the\s+\w+\s+)?(?:from\s+)?steps?\s+(\d{1,3}(?:\.\d{1,3})*(?:[a-z]\b|\s?\([a-z]\))?)`)

// atoi reads a short decimal number; 0 when s is none.
func atoi(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' || n > 999 {
			return 0
		}
		n = n*10 + int(r-'0')
	}
	return n
}
