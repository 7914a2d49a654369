package text

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/spade-bpmn/spade/pkg/process"
)

var (
	skipSentenceRe = regexp.MustCompile(`(?i)^(see|refer|for more|for further|for details|for information|coming soon|table \d|figure \d|fig\. \d|e\.g\.|example|please refer|this page|this document|this section|this procedure|(?:this|the\s+present)\s+(?:policy|ordinance|regulation|directive|standard|guideline|instruction|manual|by-law|bylaw|rule|code\s+of\s+practice|work\s+instruction)|these\s+(?:rules|regulations|guidelines|provisions)|the\s+following|please\s+(?:read|share|forward|find|keep|note|circulate|print|save)\s+(?:it|this|these|them|the\s+attached|attached|below|the\s+following)|please\s+(?:let\s+(?:me|us)\s+know|contact|reach\s+out|do\s+not\s+hesitate|don't\s+hesitate|get\s+in\s+touch|feel\s+free)|(?:just\s+)?(?:shout|let\s+(?:me|us)\s+know|reach\s+out|ping\s+(?:me|us))\s+if)\b`)
	introRe        = regexp.MustCompile(`^([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\s+((?:works|is|acts|sits|serves)\s+(?:in|as|at|for|on|with)\b.*|(?:owns|runs|manages|leads|heads)\s+(?:a|an)\s.*)$`)
	triggerRe      = regexp.MustCompile(`(?i)^(?:(?:in (?:any|either|both|all) cases?|finally|eventually|then|afterwards),?\s+)?(?:the\s+|this\s+)?(?:[\w-]+\s+)?(?:process|procedure|workflow)\s+(starts|begins|is triggered|is initiated|kicks off|ends|finishes|is complete|is completed)\s+(?:when|once|as soon as|with|after|by)\s+(.+?)[.!]?$`)
	rolePrefixRe   = regexp.MustCompile(`^([A-Z][\w&/.'"“”‘’ -]{1,40}?)\s*:\s+(\S.*)$`)
	roleSuffixRe   = regexp.MustCompile(`^(.{6,}?)\s*\(([A-Z][\w&/.' -]{1,40})\)[.!]?$`)
)

// reading is one sentence on its way through the readers of
// sentence structure: the sentence as written, the part still to read
// (without its timer phrase, possibly rewritten), and the time it states.
type reading struct {
	s      string // the whole sentence, the source of its activities
	body   string
	work   float64
	wait   float64
	inItem bool // a list item or table cell: no qualified-subject decisions
}

// sentenceReader reads one kind of sentence structure ("If …, …",
// "Meanwhile …"); ok says it took the sentence, even with no steps.
type sentenceReader func(r *reading) (ds []*draft, ok bool)

// sentence reads one sentence (or list item) and adds what it describes
// to the flow. It returns the activities it created.
func (a *analyzer) sentence(s string, inItem bool) []*draft {
	s, ok := a.admit(s)
	if !ok {
		return nil
	}
	if m := choiceRelativeRe.FindStringSubmatch(s); m != nil {
		// "The request goes to the board, which either approves or
		// rejects it": the board's choice is a sentence of its own
		if im := ifStartRe.FindStringSubmatch(m[1]); im != nil && backRe.MatchString(im[3]) {
			// "If …, the request goes back to the manager, who either
			// removes the role or withdraws the request": the manager's
			// choice is that case's branch, no loop
			// (and what the choice keeps goes through the check again)
			a.sentBack = true
			defer func() { a.sentBack = false }()
			return a.sentence(im[1]+" "+im[2]+", "+m[2]+" "+m[3], inItem)
		}
		ds := a.sentence(m[1]+".", inItem)
		return append(ds, a.sentence(capitalise(m[2])+" "+m[3], inItem)...)
	}
	s = noCaseLead(ordinalSecond(caseGoesBack(plainOrder(everyCaseLead(invertedCondition(s))))))
	prevInto := a.b.lastInto
	a.b.lastInto = nil
	if m := inThatCaseRe.FindStringSubmatchIndex(s); m != nil && prevInto != nil {
		// "A blocked batch is scrapped; in that case customer service
		// informs the customer": still the blocking branch
		a.b.into = prevInto
		s = capitalise(s[m[1]:])
		defer a.b.leaveBranch()
	} else if rest, ok := a.b.branchSubject(s); ok {
		// "… either releases the batch or blocks it. A blocked batch is
		// scrapped": the sentence is the blocking branch's next step
		s = rest
		defer a.b.leaveBranch()
	} else {
		s = conditionalSubject(arrowCondition(colonCondition(s)))
	}
	s, restore := a.namedPerformer(s)
	defer restore()
	if s, ok = a.trigger(s); !ok {
		return nil
	}
	if a.introduction(s) {
		return nil
	}
	return a.structure(s, inItem)
}

// listAsideRe is a bracketed aside with commas inside: "(booking fees,
// vouchers and so on)".
var listAsideRe = regexp.MustCompile(`\s*\(([^()]*,[^()]*)\)`)

// asideConditionRe is what keeps an aside: a condition or a step of its
// own ("(and audit, where required)").
var asideConditionRe = regexp.MustCompile(`(?i)^\s*(?:and|or)\b|\b(?:if|where|when|unless)\b`)

// dropListAsides drops bracketed lists inside a sentence: their commas
// would cut a condition from its case ("If the amount is wrong (fees,
// vouchers …), the officer recalculates it"). An aside that states a
// condition or adds a step stays, and so does a sentence that is only an
// aside.
func dropListAsides(s string) string {
	t := listAsideRe.ReplaceAllStringFunc(s, func(m string) string {
		if asideConditionRe.MatchString(strings.TrimSpace(m)[1:]) {
			return m
		}
		return ""
	})
	if t = strings.TrimSpace(t); wordCount(t) < 3 {
		return s
	}
	return t
}

// everyCaseLeadRe is a lead before a colon that says the steps after it
// hold for every case: "Every return starts the same way: …", "Each
// application: …".
var everyCaseLeadRe = regexp.MustCompile(`(?i)^(?:every|each|any|all)\s+[a-z][\w-]*(?:\s+[\w-]+){0,5}:\s+(\S.*)$`)

// everyCaseLead drops a lead that says the steps after the colon hold for
// every case: they are the flow's own steps.
func everyCaseLead(s string) string {
	if m := everyCaseLeadRe.FindStringSubmatch(s); m != nil && wordCount(m[1]) >= 3 {
		return capitalise(m[1])
	}
	return s
}

// admit cleans a sentence and decides whether it can describe a step:
// purpose statements, notes, questions and cross-references are kept as
// the purpose at most.
func (a *analyzer) admit(s string) (string, bool) {
	s = strings.TrimSpace(dropListAsides(s))
	if m := purposeRe.FindStringSubmatch(s); m != nil {
		if !a.purposeFirm {
			a.purpose, a.purposeFirm = strings.TrimSpace(m[1]), true
		}
		return "", false
	}
	if len(s) > maxSentence {
		// no real sentence is this long (a table or a dump without full
		// stops); reading all of it would only cost time
		cut := maxSentence
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut]
		a.cutSentences++
	}
	if strings.HasSuffix(s, "?") {
		a.lastQuestion = s // "Is the invoice correct? If yes, …"
	}
	if wordCount(s) < 2 || noteRe.MatchString(s) || skipSentenceRe.MatchString(s) || strings.HasSuffix(s, "?") {
		if wordCount(s) >= 8 && !noteRe.MatchString(s) && !strings.HasSuffix(s, "?") &&
			!strings.HasPrefix(strings.ToLower(s), "see ") {
			a.offerPurpose(s)
		}
		return "", false
	}
	return s, true
}

// namedPerformer reads "Sales Rep: Enter the order." and "Approve the
// invoice (Manager).", which name the performer around the action: the
// performer holds for this sentence, and restore gives the section's back.
func (a *analyzer) namedPerformer(s string) (rest string, restore func()) {
	saved := a.sectionActor
	restore = func() { a.sectionActor = saved }
	if m := rolePrefixRe.FindStringSubmatch(s); m != nil && !parallelListRe.MatchString(s) {
		// ("Two things happen: …" is a lead-in of parallel work, no label)
		if np := nounPhrase(strings.Fields(m[1]), 5); isAgent(np) {
			a.sectionActor = a.performer(np)
			return m[2], restore
		}
		if labelPrefix(m[1], m[2]) {
			// "Working day 1: AP accountant runs the report": the label
			// dates or heads the step; the clause after it is the step
			return m[2], func() {}
		}
	} else if m := labelDashRe.FindStringSubmatch(s); m != nil && dashLabel(m[1], m[2]) {
		// "REWORK - production reworks the parts": the capitalised label
		// names the option or the stage; the clause after the dash is
		// the step
		return m[2], func() {}
	} else if m := roleSuffixRe.FindStringSubmatch(s); m != nil {
		if np := nounPhrase(strings.Fields(m[2]), 5); isAgent(np) {
			a.sectionActor = a.performer(np)
			return m[1], restore
		}
	}
	return s, func() {}
}

// trigger reads "The process starts when a customer submits an order":
// the start event is named after the trigger, which is itself a step (the
// clause is returned to be read on). "The process ends when …" names the
// end event and nothing more (ok is false).
func (a *analyzer) trigger(s string) (string, bool) {
	m := triggerRe.FindStringSubmatch(s)
	if m == nil {
		return s, true
	}
	end := strings.EqualFold(m[1], "ends") || strings.EqualFold(m[1], "finishes") || strings.EqualFold(m[1], "is complete") || strings.EqualFold(m[1], "is completed")
	cs := parseClause(m[2], a.lastObject)
	name := capitalise(trimPunct(strings.Join(limitWords(strings.Fields(m[2]), 6), " ")))
	if len(cs) > 0 && cs[0].leadIn == "" && len(cs[0].object) > 0 {
		name = capitalise(strings.Join(limitWords(cleanObject(cs[0].object), 4), " ") + " " + participle(strings.Fields(cs[0].verb)[0]))
	}
	if end {
		a.b.endName = name
		// "… ends with the payment of the invoice": that is the last step
		if strings.Contains(strings.ToLower(m[0]), " with ") && len(cs) > 0 && cs[0].leadIn == "" {
			return m[2], true
		}
		return "", false
	}
	if a.b.startName == "" {
		a.b.startName = name
		// "… starts when the bank receives a loan application": what comes
		// in starts it
		a.b.startMessage = len(cs) > 0 && cs[0].leadIn == "" && len(cs[0].object) > 0 && (receiving[firstWord(cs[0].verb)] || gettingVerbs[firstWord(cs[0].verb)])
	}
	return m[2], true
}

// introduction reads "Anna works in the front office.": Anna is a
// participant from now on, and the sentence is no step.
func (a *analyzer) introduction(s string) bool {
	m := introRe.FindStringSubmatch(s)
	if m == nil || roleWords[strings.ToLower(m[1])] {
		return false
	}
	p := a.performer(m[1])
	a.lastActor = p
	a.lastSingular, a.lastActorPron = p, ""
	if a.describe[p] == "" {
		a.describe[p] = capitalise(strings.TrimSuffix(strings.TrimSpace(m[2]), "."))
	}
	return true
}

// structure reads the sentence's steps through the first reader that
// takes it, after noting its lead-in and timer; once the steps are in the
// flow, the sentence's ending, rework and per-item markers and its timer
// are placed.
func (a *analyzer) structure(s string, inItem bool) []*draft {
	// "A confirmed match means …", "If the part is late we call …", "No
	// budget, no job ad, …": a condition as every reader below expects it
	s = ifComma(meansAsIf(noNoCondition(s)))
	work, wait := durations(s)
	r := &reading{s: s, work: work, wait: wait, inItem: inItem}
	a.condActor = ""
	// "When a team lead needs a new employee, she submits …": the
	// lead-in's subject is who the pronoun means
	if m := leadInRe.FindStringSubmatch(s); m != nil {
		a.condContext(m[1])
	}
	// a wait or deadline becomes a timer event in front of the
	// sentence's first activity, or on its own when the sentence has none
	a.pendingTimer, r.body = timerPhrase(s)
	// "… and that's it for that candidate": the end, no step
	r.body = thatsItRe.ReplaceAllString(r.body, ".")
	// "… and nothing is shipped": the end of the branch (closeSentence
	// reads it from s), no step
	if loc := nothingRe.FindStringIndex(r.body); loc != nil {
		r.body = strings.TrimSpace(r.body[:loc[0]] + " " + r.body[loc[1]:])
		if r.body != "" && loc[0] == 0 {
			r.body = capitalise(r.body)
		}
	}
	// "… marks the part and it is not shipped": the end of the branch
	// (closeSentence reads it from s), no step; a condition keeps its
	// clause ("If the part fails, it is not shipped" has no other)
	if loc := negEndRe.FindStringIndex(r.body); loc != nil && loc[0] > 0 {
		if cut := strings.TrimSpace(r.body[:loc[0]]); !ifLeadRe.MatchString(cut) || ifStartRe.MatchString(cut) {
			r.body = cut + "."
		}
	}
	// "… rolls back the update and the cycle starts again": the loop
	// (closeSentence reads "again" from s), no step; "… turns the tenant
	// down and the process ends": the end (closeSentence reads it), no
	// part of the step
	for _, re := range []*regexp.Regexp{restartTailRe, endTailRe} {
		if loc := re.FindStringIndex(r.body); loc != nil && loc[0] > 0 {
			r.body = strings.TrimSpace(r.body[:loc[0]]) + "."
		}
	}
	// "… scrap the part and go to step 5": the jump (closeSentence reads
	// it from s), no step
	if loc := jumpTailRe.FindStringIndex(r.body); loc != nil && loc[0] > 0 {
		r.body = strings.TrimSpace(r.body[:loc[0]]) + "."
	}
	// "Requisitions above 10,000 EUR additionally need the approval of
	// the department manager": the manager's step, for those cases
	r.body = needsApproval(r.body, a.writer)
	// "The board, which meets every Thursday, either approves …": the
	// aside says nothing about this case's steps
	r.body = asideRe.ReplaceAllString(r.body, "$1 ")
	// "As soon as the parts arrive, …": a message caught before the step
	a.pendingMessage = messageLead(s, a.lastObject)
	if m := trailingArrivalRe.FindStringSubmatchIndex(r.body); m != nil && a.pendingMessage == "" && m[0] > 0 {
		// "… is delivered once the payment has been received": the step
		// waits for the payment
		np := r.body[m[2]:m[3]]
		if !pronouns[strings.ToLower(np)] {
			a.pendingMessage = capitalise(np) + " received"
			r.body = strings.TrimRight(r.body[:m[0]], " ,") + "."
		}
	}
	if m := leadInRe.FindStringSubmatch(s); m != nil && a.pendingMessage == "" {
		a.leadInStep(m[1], s) // "After the nurse has measured …, she …"
	}
	defer a.placeTimer(s)
	before := a.count
	defer a.closeSentence(s, before)
	if stopNoteRe.MatchString(r.body) {
		return nil // "STOP, no ILL needed.": the end (closeSentence), no step
	}
	if m := whetherRe.FindStringSubmatch(r.body); m != nil && strings.Contains(strings.ToLower(r.body), "whether") {
		a.lastQuestion = m[2] + "?" // what a following "If yes" answers
	}
	if m := untilRe.FindStringSubmatch(r.body); m != nil && a.loopUntil(m[1]) {
		return nil // "This continues until …" closes a cycle, no step
	}
	ds := a.readSteps(r)
	if outcomesRe.MatchString(r.body) && ifLeadRe.MatchString(a.nextSentence) && (a.b.open == nil || !a.b.open.whether) {
		// "The office can resolve in three ways. If it grants …. If it
		// asks for more …. If it refuses …": one decision whose
		// branches the next sentences give, not one decision each
		a.b.addWhether("which outcome", a.currentActor())
		a.b.open.cases = true
		// "… sends the information and waits again": back to the decision
		a.b.open.before = a.b.seq[len(a.b.seq)-1]
	}
	return ds
}

// outcomesRe is a sentence that announces the answers of a decision:
// "There are three outcomes", "can resolve in three manners".
var outcomesRe = regexp.MustCompile(`(?i)\b(?:two|three|four|five|[2-5])\s+(?:possible\s+|different\s+)?(?:outcomes|results|options|possibilities|manners|ways|answers|decisions|cases|scenarios)\b`)

// restartTailRe is a closing clause that only says the work starts over:
// "… and the cycle starts again", ", and the process begins anew".
var restartTailRe = regexp.MustCompile(`(?i)(?:\s*[,;]\s*|\s+)(?:and\s+|then\s+)?(?:the\s+)?(?:whole\s+)?(?:cycle|process|procedure|loop|round)\s+(?:then\s+)?(?:starts|begins|runs|repeats|restarts)\s*(?:again|over|anew|from\s+the\s+(?:start|beginning))?\W*$`)

// endTailRe is a closing clause that only ends the process: "… and the
// process ends", ", and the case is closed", ", and we stop there".
var endTailRe = regexp.MustCompile(`(?i)(?:\s*[,;]\s*|\s+)(?:and\s+)?(?:then\s+)?(?:the\s+)?(?:process|case|procedure|workflow)\s+(?:then\s+)?(?:ends|stops|finishes|terminates|is\s+(?:over|finished|complete|completed|terminated))(?:\s+(?:here|there))?\W*$|(?:\s*[,;]\s*|\s+)(?:and\s+)?(?:then\s+)?(?:we|they)\s+(?:stop|end|halt)\s+(?:there|here|at\s+(?:that|this)\s+point)\W*$`)

// goesToPartyRe is a thing that moves to someone: "An e-mail goes to the
// supplier", "A copy then goes out to the insurer".
var goesToPartyRe = regexp.MustCompile(`(?i)^(?:the|an?)\s+([a-z][\w -]{1,40}?)\s+(?:then\s+)?(?:goes|go)\s+(?:out\s+)?to\s+(?:the\s+)?([a-z][\w -]{1,40}?)\W*$`)

// goesToParty reads "An e-mail goes to the supplier" as a step of the one
// acting now: sending it to that outside party; nil for anything else
// ("the parts go to the warehouse" moves them inside).
func (a *analyzer) goesToParty(body, source string) []*draft {
	m := goesToPartyRe.FindStringSubmatch(strings.TrimSpace(body))
	if m == nil || !isExternal(m[2]) || a.count >= maxDrafts {
		return nil
	}
	d := a.newDraft(source, clause{verb: "send", object: strings.Fields(m[1]), to: m[2]}, body)
	return a.withEvents([]*draft{d}, source)
}

// readSteps reads the sentence's steps through the first reader that
// takes it.
func (a *analyzer) readSteps(r *reading) []*draft {
	readers := []sentenceReader{
		a.readDepending, a.readEither, a.readSometimes, a.readParallelList, a.readWhileFirst, a.readParallelStart, a.readOtherwise,
		a.readIf, a.readMidIf, a.readQualified, a.readRest, a.readWhether,
		a.readOtherwiseMid, a.readIfMid, a.readMidParallel, a.readWhile, a.readOrSeries,
	}
	for _, read := range readers {
		if ds, ok := read(r); ok {
			return ds
		}
	}
	return a.readPlain(r)
}

// placeTimer adds the sentence's timer on its own when no activity of the
// sentence took it.
func (a *analyzer) placeTimer(s string) {
	a.pendingMessage = "" // a message without a step to wait in front of is no event
	if a.pendingTimer != "" {
		a.b.add([]*draft{eventDraft(process.TriggerTimer, a.pendingTimer, a.pendingTimer, a.currentActor(), s)})
		a.pendingTimer = ""
	}
}

// readPlain reads a sentence with no decision or parallel lead: its
// clauses in sequence, side by side ("at the same time") or as
// alternatives ("or"). A sentence without steps adds its time to the last
// step or offers itself as the purpose.
func (a *analyzer) readPlain(r *reading) []*draft {
	if ds, ok := a.asLongAsLoop(r); ok {
		return ds // "As long as defects are found, the developer fixes them …"
	}
	if ds, ok := a.untilLoop(r); ok {
		return ds // "… keeps testing the meter until two results agree"
	}
	body := r.body
	par, own := false, false
	trailing := false // "Run credit check and sanctions screening at the same time"
	if loc := parallelMidRe.FindStringIndex(body); loc != nil {
		par = a.count > 0
		own = true
		trailing = strings.TrimRight(body[loc[1]:], " .!") == ""
		body = parallelMidRe.ReplaceAllString(body, "")
	}
	if sideByOwnRe.MatchString(body) {
		own = true // "… independently of each other": only beside each other
		body = sideByOwnRe.ReplaceAllString(body, "")
	}
	if own {
		body = eachParty(body) // "AP and AR close … simultaneously"
	}
	ds := a.clauses(body, r.s)
	if len(ds) == 0 && a.sideBySide(r.s) {
		return nil // "These two checks happen in parallel."
	}
	if bs := byPerformer(ds); own && len(bs) > 1 {
		// "The clerk books the flight and the assistant reserves the
		// hotel in parallel": side by side with each other
		return a.addBranches(bs, r)
	}
	if trailing && len(ds) > 1 && !hasAlt(ds) {
		// "Run credit check and sanctions screening at the same time":
		// the sentence's own steps side by side, not beside the last one
		var bs [][]*draft
		for _, d := range ds {
			bs = append(bs, []*draft{d})
		}
		return a.addBranches(bs, r)
	}
	if len(ds) == 0 {
		ds = a.goesToParty(body, r.s)
	}
	if len(ds) == 0 {
		if (r.work > 0 || r.wait > 0) && a.last != nil {
			a.last.work += r.work
			a.last.wait += r.wait
		} else if wordCount(r.s) >= 8 && !r.inItem {
			a.offerPurpose(r.s)
		}
		return nil
	}
	a.applyTimes(ds, r.work, r.wait)
	switch {
	case par:
		a.b.addParallel(ds)
	case hasAlt(ds):
		// "routes it to the manager, who approves or rejects it": the
		// choice is between the alternative and the step right before
		// it; earlier steps come first
		k := 0
		for k+1 < len(ds) && !ds[k+1].alt {
			k++
		}
		if k > 0 {
			a.b.add(ds[:k])
		}
		a.b.addChoice(a.decider(ds[k:]), alternatives(ds[k:]))
	default:
		a.b.add(ds)
	}
	return ds
}

// perfectRe finds a lead-in in the perfect: "the nurse has measured the
// blood pressure".
var perfectRe = regexp.MustCompile(`(?i)^(.{3,40}?)\s+(?:has|have|had)\s+(\S.*)$`)

// leadInStep reads a lead-in that reports finished work by a named
// performer ("After the nurse has measured the blood pressure, she …"):
// that work is a step of its own unless an earlier one already did it,
// and its object is what the main clause's "it" means.
func (a *analyzer) leadInStep(lead, source string) {
	m := perfectRe.FindStringSubmatch(lead)
	if m == nil || a.count >= maxDrafts {
		return
	}
	cs := parseClause(m[1]+" "+m[2], a.lastObject)
	if len(cs) != 1 || cs[0].performer == "" || !isAgent(cs[0].performer) || len(cs[0].object) == 0 {
		return
	}
	c := cs[0]
	for _, d := range a.drafts {
		if d.verb == c.verb && strings.EqualFold(d.object, strings.Join(c.object, " ")) {
			a.lastObject = c.objectText() // done before: only the reference
			return
		}
	}
	saved := a.condActor
	ds := a.withEvents([]*draft{a.newDraft(source, c, lead)}, source)
	a.b.add(ds)
	a.condActor = saved
}

// trailingArrivalRe finds a closing clause that waits for something to
// come in: "… once the payment has been received", "… when the parts
// arrive".
var trailingArrivalRe = regexp.MustCompile(`(?i),?\s+(?:once|when|as soon as|after)\s+(?:the\s+|all\s+|both\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:(?:has|have)\s+been\s+(?:received|returned|delivered)|(?:is|are)\s+(?:received|returned|back)|arrives?|(?:has|have)\s+arrived|comes?\s+back)\s*[.!]?$`)

var (
	// thatsItRe is a spoken end of a branch with what joins it: "… and
	// that's it for that candidate", "; that's the end of it for us".
	thatsItRe = regexp.MustCompile(`(?i)(?:,|;|\s+and|\s*-)?\s+that(?:'s|’s|\s+is)\s+(?:it|the\s+end)(?:\s+(?:of\s+it|for\s+[a-z]+(?:\s+[a-z]+)?))*\s*[.!]?\s*$`)
	// ifNoCommaRe is a condition the writer did not close with a comma,
	// followed by a pronoun subject: "If the test fails we roll back".
	ifNoCommaRe = regexp.MustCompile(`^((?i:if|when|once|as soon as))\s+([^,;]{3,80}?)\s+(we|I|they|he|she)\s+(\S.*)$`)
	// frontedObjectRe is an object put before its subject: "Approved and
	// standard changes we schedule, implement and test."
	frontedObjectRe = regexp.MustCompile(`^([A-Z][a-z-]*(?:\s+(?:and\s+)?[a-z][a-z-]*){0,4}\s+[a-z][a-z-]*s)\s+(we|I|they)\s+([a-z]+(?:,\s*[a-z]+)*(?:,?\s+and\s+[a-z]+)?)\s*[.!]?$`)
	// inThatCaseRe opens a sentence that goes on with the case the last
	// one named: "in that case …".
	inThatCaseRe = regexp.MustCompile(`^(?i:in\s+(?:that|this|such\s+a|which|either)\s+case|then)\s*,?\s+`)
	// asideRe is a non-restrictive relative clause right after the
	// subject: "The board, which meets every Thursday, …".
	asideRe = regexp.MustCompile(`^((?:[Tt]he|[Oo]ur|[Aa]n?)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}),\s+(?:which|who)\s+(?:meets?|convenes?|sits?|is|are|was|has|have|works?|usually|normally)\b[^,]{0,60},\s+`)
	// arrowRe is a condition and what follows from it in note form:
	// "GP refuses -> clerk informs patient".
	arrowRe = regexp.MustCompile(`^([^>]{2,80}?)\s*(?:->|=>|→)\s*([^>]+)$`)
	// choiceRelativeRe is a hand-over to a party whose relative clause
	// states its choice: "… goes to the change board, which meets every
	// Thursday and either approves, rejects or asks for more analysis".
	choiceRelativeRe = regexp.MustCompile(`^(.{6,}?\b(?:to|by|with)\s+(the\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})),\s+(?:which|who)\s+((?:[^,]*\s)?(?:either|sometimes)\s.+)$`)
	// ifLeadRe opens a sentence with its condition.
	ifLeadRe = regexp.MustCompile(`(?i)^(?:if|when|whenever|should|in case|where|unless|once)\b`)
	// nothingRe is a clause that says nothing more is done to the case
	// ("nothing is shipped", "in that case nothing else happens"), with
	// the word that joins it to the rest of the sentence.
	nothingRe = regexp.MustCompile(`(?i)(?:^|\s+and\s+|\s*[,;]\s*)(?:in\s+(?:that|this|such\s+a)\s+case,?\s+)?(?:nothing\s+(?:else\s+|more\s+|further\s+)?(?:happens|(?:is|gets|will\s+be)\s+[a-z]+)|no\s+(?:further\s+)?[a-z-]+\s+(?:is|are|gets|will\s+be)\s+(?:released|paid|shipped|issued|made|sent|ordered|delivered|refunded|granted|processed|booked|executed|signed|deployed|reported))(?:\s+(?:to|for)\s+(?:the\s+|an?\s+)?[a-z-]+(?:\s+[a-z-]+)?)?(?:\s*,?\s+and\s+|\s*[,;]\s*|\s*[.!]?$)`)
	// stateSubjectRe is a subject that names the case's state: "A
	// refused application is answered with …".
	// Only "a"/"any"/"every": "The complete application is then
	// forwarded" describes the one case the text follows.
	stateSubjectRe = regexp.MustCompile(`^(?i:an?|any|every)\s+(refused|rejected|declined|denied|cancell?ed|approved|accepted|incomplete|invalid|failed|unpaid)\s+([a-z][\w-]*)\s+((?:is|are|will be|gets|goes|must|shall|can)\b.*)$`)
	// objectRelativeRe is a subject limited by what someone decides on
	// it: "A request the manager rejects is closed", "Requisitions that
	// the department manager declines are returned".
	objectRelativeRe = regexp.MustCompile(`^(?i:an?\s+|any\s+|every\s+|all\s+)?([A-Za-z][a-z-]+)\s+(?:(?i:that|which)\s+)?(?i:the|a|an|his|her|their|its)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(rejects|declines|refuses|cancels|denies|approves|accepts|returns|reject|decline|refuse|approve|accept)\s+((?:is|are|will|must|shall|gets?|goes|go)\b.*)$`)
	// answeredWithRe is a case answered with a letter: the letter is what
	// is done.
	answeredWithRe = regexp.MustCompile(`(?i)^the\s+[a-z][\w-]*\s+(?:is|are)\s+answered\s+with\s+((?:a|an|the)\s+[^,.;]+)`)
	// forStateRe opens with the cases it applies to: "For an approved
	// application the officer issues the permit."
	forStateRe = regexp.MustCompile(`^(?i:for)\s+(?i:an?|the|each|every|all)?\s*(refused|rejected|declined|denied|cancell?ed|approved|accepted|incomplete|complete|invalid|valid|failed|unpaid|late)\s+([a-z][\w-]*?)s?\s*,?\s+((?:the|a|an|we|they|he|she|it)\b.*)$`)
	// whoFailRe is a plural subject limited by what happened to it:
	// "Candidates who fail the screening receive a rejection e-mail".
	whoFailRe = regexp.MustCompile(`^([A-Z][a-z]+s)\s+(?:who|that|which)\s+((?:fail|do not pass|don't pass|are not (?:selected|accepted|approved)|are (?:rejected|declined|refused)|pass|are (?:selected|accepted|approved))\b[^,]*?),?\s+((?:receive|get|are|will|must|go)\b.*)$`)
)

// conditionalSubject rewrites a sentence whose subject names the cases it
// applies to as the condition it is: "A refused application is answered
// with a notice" reads "If the application is refused, the application is
// answered with a notice", so that it makes a decision, not a step every
// case passes.
func conditionalSubject(s string) string {
	if m := stateSubjectRe.FindStringSubmatch(s); m != nil {
		state, noun := strings.ToLower(m[1]), strings.ToLower(m[2])
		rest := "the " + noun + " " + m[3]
		// "… is answered with a refusal notice": the notice is sent
		rest = answeredWithRe.ReplaceAllString(rest, "$1 is sent")
		return "If the " + noun + " is " + state + ", " + rest
	}
	if m := objectRelativeRe.FindStringSubmatch(s); m != nil {
		// "A request the manager rejects is closed": "If the manager
		// rejects the request, the request is closed"
		noun := strings.ToLower(m[1])
		return "If the " + strings.ToLower(m[2]) + " " + strings.ToLower(m[3]) + " the " + noun + ", the " + noun + " " + m[4]
	}
	if m := forStateRe.FindStringSubmatch(s); m != nil {
		state, noun := strings.ToLower(m[1]), strings.ToLower(m[2])
		return "If the " + noun + " is " + state + ", " + lowerInitial(m[3])
	}
	if m := whoFailRe.FindStringSubmatch(s); m != nil {
		noun := strings.ToLower(m[1])
		return "If " + noun + " " + m[2] + ", the " + noun + " " + m[3]
	}
	if m := oneThatFailsRe.FindStringSubmatch(s); m != nil {
		// "A device that fails the test goes back to the technician":
		// "If the device fails the test, the device goes back …"
		noun := strings.ToLower(m[1])
		return "If the " + noun + " " + strings.TrimSpace(m[2]) + ", the " + noun + " " + m[3]
	}
	if m := foundStateRe.FindStringSubmatch(s); m != nil {
		// "Forms found incomplete are returned to us": "If the forms are
		// found incomplete, the forms are returned to us"
		noun, be := strings.ToLower(m[1]), "is"
		if v := strings.ToLower(firstWord(m[3])); v == "are" || v == "go" || v == "get" {
			be = "are"
		}
		return "If the " + noun + " " + be + " found " + m[2] + ", the " + noun + " " + m[3]
	}
	if m := eitherWayRe.FindStringSubmatch(s); m != nil {
		// "If the warranty is valid, or once the quote is accepted, the
		// technician repairs it": both ways lead to the step, which
		// comes after the decision
		return capitalise(m[1])
	}
	return s
}

var (
	// oneThatFailsRe is a singular subject limited by a failed check:
	// "A part that fails the test goes back to the welder".
	oneThatFailsRe = regexp.MustCompile(`^(?i:an?|any|every|each)\s+([a-z][\w-]*)\s+(?:that|which|who)\s+((?:fails?|failed|does\s+not\s+pass|doesn't\s+pass|is\s+(?:rejected|refused|declined|returned|found\s+faulty))\b[^,]*?),?\s+((?:is|goes|gets|returns|will|must|shall|has\s+to)\b.*)$`)
	// foundStateRe is a subject limited by what a check found: "Forms
	// found incomplete are returned", "A crown found not to fit is sent
	// back".
	foundStateRe = regexp.MustCompile(`^(?i:an?\s+|any\s+|every\s+|each\s+|the\s+|all\s+)?([A-Za-z][a-z-]+)\s+found\s+((?:not\s+to\s+[a-z]+)|(?:to\s+be\s+)?[a-z][a-z-]+)\s+((?:is|are|goes|go|gets|get|will|must|shall)\s.*)$`)
	// eitherWayRe opens a step with two conditions that both lead to it:
	// "If A, or once B, X".
	eitherWayRe = regexp.MustCompile(`^(?i:if|when)\s+[^,]{3,80},\s+(?i:or)\s+(?i:once|when|after|as\s+soon\s+as|if)\s+[^,]{3,80},\s+(.{6,})$`)
)

// lowerInitial lower-cases an article or pronoun opening a clause moved
// behind a condition, keeping names as written.
func lowerInitial(s string) string {
	ws := strings.SplitN(s, " ", 2)
	switch strings.ToLower(ws[0]) {
	case "the", "a", "an", "we", "they", "he", "she", "it":
		ws[0] = strings.ToLower(ws[0])
	}
	return strings.Join(ws, " ")
}

// plainOrder puts a spoken sentence in the order the readers expect: a
// comma after a condition that has none ("If the test fails we roll back"
// → "If the test fails, we roll back") and a fronted object back after its
// verbs ("Approved changes we schedule and test" → "We schedule and test
// approved changes").
func plainOrder(s string) string {
	// "22:40 At the yard the driver checks the seal": a log's clock time
	// dates the line; it names no performer
	s = clockLeadRe.ReplaceAllString(s, "")
	s = plainPerson(s)
	// "If the lag is high, do NOT fail over: the DBA opens a case": what
	// is not done leads in to what is
	s = dontLeadRe.ReplaceAllString(s, "$1$2")
	// "Dryer check: if the grain can be dried, …": the label names the
	// step's topic, the condition is the sentence
	if m := labelIfRe.FindStringSubmatch(s); m != nil {
		s = capitalise(m[1])
	}
	s = timeLeadComma(s)
	if m := ifNoCommaRe.FindStringSubmatch(s); m != nil {
		if _, f := verbForm(lastWord(m[2])); f != formNone || strings.Contains(" "+strings.ToLower(m[2])+" ", " not ") {
			return m[1] + " " + m[2] + ", " + m[3] + " " + m[4]
		}
	}
	if m := frontedObjectRe.FindStringSubmatch(s); m != nil {
		for _, v := range strings.FieldsFunc(m[3], func(r rune) bool { return r == ',' || r == ' ' }) {
			if v == "and" {
				continue
			}
			if _, f := verbForm(v); f != formBase {
				return s
			}
		}
		return capitalise(m[2]) + " " + m[3] + " " + lowerFirstWord(m[1]) + "."
	}
	return s
}

// noCaseRe is a case named by what is missing, as call notes put it:
// "No glass cover, the handler declines the claim".
var noCaseRe = regexp.MustCompile(`^(?i:no)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}),\s+(\S.{8,})$`)

// withoutLeadRe is a case led by what is missing: "Without a
// confirmation(,) the slot is released".
var withoutLeadRe = regexp.MustCompile(`^(?i:without)\s+(?i:a|an|any)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?),?\s+((?i:the|this|that|its|their)\s+\S.{8,})$`)

// noCaseLead writes such a lead as the condition it is: "If there is no
// glass cover, the handler declines the claim". "No X, no Y" (a rule)
// and a lead without a clause after it stay.
func noCaseLead(s string) string {
	if m := withoutLeadRe.FindStringSubmatch(s); m != nil && len(parseClause(m[2], "")) > 0 {
		// "without a confirmation the slot is released": the case in
		// which the thing is missing
		return "If there is no " + m[1] + ", " + m[2]
	}
	m := noCaseRe.FindStringSubmatch(s)
	if m == nil || strings.HasPrefix(strings.ToLower(m[2]), "no ") || len(parseClause(m[2], "")) == 0 {
		return s
	}
	return "If there is no " + m[1] + ", " + m[2]
}

// ordinalSecondRe is "a second" as an ordinal before a noun: "after a
// second reminder", not a wait of one second ("after a second,").
var ordinalSecondRe = regexp.MustCompile(`(?i)\b(after|within|inside|in|up\s+to)\s+(a|an|one)\s+second\s+([a-z][\w-]*)`)

// ordinalSecond writes such an ordinal as "2nd", so that no timer of one
// second is read from it; a word that goes on the wait ("after a second
// or two") keeps it.
func ordinalSecond(s string) string {
	return ordinalSecondRe.ReplaceAllStringFunc(s, func(m string) string {
		sm := ordinalSecondRe.FindStringSubmatch(m)
		if n := norm(sm[3]); n == "or" || n == "and" || n == "to" || n == "of" || n == "later" || prepositions[n] {
			return m
		}
		return sm[1] + " " + sm[2] + " 2nd " + sm[3]
	})
}

// caseBackRe is a closing clause in which the case, not a person, goes
// back to an earlier step: "…, the lead rolls back and the change returns
// to scheduling", "… and the form goes back to the check".
var caseBackRe = regexp.MustCompile(`(?i)\s+and\s+(?:then\s+)?(?:the|this|that|its|their)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+((?:returns|goes\s+back|is\s+sent\s+back|loops\s+back|comes\s+back)\s+to\s+\S)`)

// caseGoesBack drops the subject of such a closing clause, so that it
// reads as the branch's jump back ("… rolls back and returns to
// scheduling") and not as a step named after the case. A person going
// back ("and the engineer returns to the site") keeps the subject.
func caseGoesBack(s string) string {
	m := caseBackRe.FindStringSubmatchIndex(s)
	if m == nil || isAgent(s[m[2]:m[3]]) || isExternal(s[m[2]:m[3]]) {
		return s
	}
	return s[:m[0]] + " and " + s[m[4]:]
}

// labelDashRe is a capitalised label before a dash and a clause in
// lower case: "REWORK - production reworks the parts", "Use As Is –
// quality engineer releases the parts".
var labelDashRe = regexp.MustCompile(`^([A-Z][\p{L}0-9'/&]*(?:\s+[A-Z][\p{L}0-9'/&]*){0,3})\s+[-–—]\s+([a-z].{8,})$`)

// dashLabel reports whether "LABEL - rest" is a label in front of a
// clause with a performer of its own: "REWORK - production reworks the
// parts" (a department names no role word, but still does the step).
func dashLabel(label, rest string) bool {
	ws := strings.Fields(label)
	if len(ws) == 0 || len(ws) > 4 || labelPrefixStops[norm(ws[0])] || wordCount(rest) < 3 {
		return false
	}
	cs := parseClause(rest, "")
	return len(cs) > 0 && cs[0].performer != ""
}

// willRe and progressiveRe are a speaker's future and present
// progressive: "I'll run a line test", "I'm logging a ticket now", "we
// are sending the form".
var (
	willRe        = regexp.MustCompile(`(?i)\b(I|we|they|you)(?:'ll|’ll)\s`)
	progressiveRe = regexp.MustCompile(`(?i)\b(I(?:'m|’m|\s+am)|(?:we|they)(?:'re|’re|\s+are))\s+(?:now\s+|just\s+|also\s+)?([a-z]+ing)\b(\s+to\b)?(\s+[a-z0-9"'(])`)
)

// plainPerson writes a speaker's future and progressive in the plain
// present the clause reader knows: "I'll run" → "I will run", "I'm
// logging a ticket" → "I log a ticket", "we're going to send" → "we
// will send". A progressive with nothing after it ("Okay, I'm
// recording.") is talk about the call, no step, and stays.
func plainPerson(s string) string {
	s = willRe.ReplaceAllString(s, "$1 will ")
	return progressiveRe.ReplaceAllStringFunc(s, func(m string) string {
		sm := progressiveRe.FindStringSubmatch(m)
		subj := strings.Fields(strings.NewReplacer("'m", "", "’m", "", "'re", "", "’re", "").Replace(sm[1]))[0]
		if strings.EqualFold(sm[2], "going") && sm[3] != "" {
			return subj + " will" + sm[4] // "I'm going to send" → "I will send"
		}
		base, f := verbForm(sm[2])
		if f != formIng {
			return m
		}
		return subj + " " + base + sm[3] + sm[4]
	})
}

// clockLeadRe is a clock time that opens a line of a log: "22:40 ",
// "08:00 – ", "7.15am: ".
var clockLeadRe = regexp.MustCompile(`^\s*(?:[01]?\d|2[0-3])[:.][0-5]\d(?:\s*(?i:am|pm|h))?\s*(?:[-–|:]\s*)?(?:\s|$)`)

// labelIfRe is a short label before a condition: "Dryer check: if …".
var labelIfRe = regexp.MustCompile(`^[A-Z][\w' -]{1,30}:\s+((?i:if|when|where|unless|should|in\s+case)\s.+)$`)

// dontLeadRe is a prohibition that leads in to what is done instead:
// ", do NOT fail over: the DBA opens …", "Don't ship it: QA …".
var dontLeadRe = regexp.MustCompile(`(?i)(^|,\s+)(?:do\s+not|don't|never)\s+[a-z][\w -]{1,40}:\s+(\S)`)

// timeLeadNoCommaRe is a short time or place lead-in written without its
// comma: "After surgery the nurse monitors …", "In laboratory the lab
// assistant scans …".
var timeLeadNoCommaRe = regexp.MustCompile(`^((?i:after|before|following|upon|during|in|at|on)\s+((?i:the|a|an|its|their)\s+)?([a-z-]+(?:\s+[a-z-]+)?))\s+((?i:the|our|we|they|he|she)\s)`)

// leadNotPlace are the words after "in", "at" or "on" that open a
// condition or a manner, not a time or place: "in case", "on condition".
var leadNotPlace = set(`case condition order addition general principle short particular any each every all which that`)

// timeLeadComma gives a short time lead-in its comma, so that the clause
// after it is read as the sentence's step, not as part of the lead-in;
// only when the lead-in names a thing, not an action ("After checking
// the form the clerk …" is left alone).
func timeLeadComma(s string) string {
	m := timeLeadNoCommaRe.FindStringSubmatchIndex(s)
	if m == nil {
		return s
	}
	if place := strings.ToLower(strings.Fields(s)[0]); (place == "in" || place == "at" || place == "on") && m[4] >= 0 {
		return s // "In the portal the …" may name where, not when: only the bare noun of plain English ("In laboratory the …")
	}
	for _, w := range strings.Fields(s[m[6]:m[7]]) {
		// (after an article a verb's base form is its noun: "After the
		// repair"; "After the customer pays" is a clause)
		if _, f := verbForm(w); f != formNone && (m[4] < 0 || f != formBase) || determiners[norm(w)] || pronouns[norm(w)] || leadNotPlace[norm(w)] {
			return s
		}
	}
	return s[:m[3]] + "," + s[m[3]:]
}

// lastWord is a phrase's last word without punctuation.
func lastWord(s string) string {
	ws := strings.Fields(s)
	if len(ws) == 0 {
		return ""
	}
	return trimPunct(ws[len(ws)-1])
}

// lowerFirstWord lower-cases a phrase's first letter.
func lowerFirstWord(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// labelPrefixStops open a prefix that is a condition or an answer, which
// the readers of conditions need: "If rejected: …", "Yes: …".
var labelPrefixStops = set(`if when once after before otherwise else yes no in unless where while for`)

// labelPrefix reports whether "X: rest" is a label in front of a full
// clause that names its own performer: "Working day 1: AP accountant runs
// the report", "Corrected amounts: the AP accountant adjusts the accrual".
func labelPrefix(label, rest string) bool {
	ws := strings.Fields(label)
	if len(ws) == 0 || len(ws) > 4 || labelPrefixStops[norm(ws[0])] || wordCount(rest) < 4 {
		return false
	}
	cs := parseClause(rest, "")
	return len(cs) > 0 && cs[0].performer != "" && isAgent(cs[0].performer)
}

// arrowCondition reads "customer refuses -> clerk cancels the order" as
// "If customer refuses, clerk cancels the order": the arrow of notes and
// bullet lists says what happens in that case. A step on either side of
// an arrow list with more than one arrow stays as written.
func arrowCondition(s string) string {
	if chain := arrowSplitRe.Split(strings.TrimRight(strings.TrimSpace(s), ".!"), -1); len(chain) > 2 {
		return arrowChain(chain, s)
	}
	m := arrowRe.FindStringSubmatch(s)
	if m == nil || wordCount(m[1]) > 10 || strings.Contains(m[1], ",") {
		return s
	}
	cond := strings.TrimSpace(m[1])
	if ifLeadRe.MatchString(cond) {
		cond = strings.TrimSpace(cond[strings.IndexByte(cond, ' ')+1:])
	}
	cond = strings.TrimSpace(parenRe.ReplaceAllString(strings.TrimRight(cond, "?:"), ""))
	return "If " + lowerInitial(cond) + ", " + stopLast(strings.TrimSpace(m[2]))
}

// arrowSplitRe splits a chain of arrows: "seal broken → refuse the load
// → call QA → END".
var arrowSplitRe = regexp.MustCompile(`\s*(?:→|->|=>)\s*`)

// arrowChain reads a chain of arrows as its steps in order: "seal broken
// → refuse the load → call QA → END" reads "If seal broken, refuse the
// load, call QA, stop"; a chain that opens with a step is its steps in
// order. A chain it cannot read stays as written.
func arrowChain(chain []string, s string) string {
	var steps []string
	end := false
	for i, c := range chain {
		c = strings.TrimSpace(strings.TrimRight(c, "?:"))
		switch {
		case c == "":
			return s
		case i == len(chain)-1 && (stopClauseRe.MatchString(c) || strings.EqualFold(c, "end") || strings.EqualFold(c, "done")):
			end = true
		default:
			steps = append(steps, c)
		}
	}
	if len(steps) < 2 {
		return s
	}
	closing := "."
	if end {
		closing = ", and the process ends."
	}
	if stepFirst(steps[0]) {
		// "check the seal → unload": steps one after the other
		return capitalise(strings.Join(steps, ", then ")) + closing
	}
	cond := strings.TrimSpace(parenRe.ReplaceAllString(steps[0], ""))
	if ifLeadRe.MatchString(cond) {
		cond = strings.TrimSpace(cond[strings.IndexByte(cond, ' ')+1:])
	}
	return "If " + lowerInitial(cond) + ", " + strings.Join(steps[1:], ", then ") + closing
}

// stepFirst reports whether a note's phrase is an order ("check the seal
// number") rather than a finding ("seal broken", "logger not readable",
// "excursion above 8 °C?").
func stepFirst(p string) bool {
	ws := strings.Fields(p)
	if len(ws) < 2 || strings.Contains(p, "?") || negative(p) {
		return false
	}
	if _, f := verbForm(ws[0]); f != formBase {
		return false
	}
	// "seal broken": a thing and its state
	_, f := verbForm(ws[len(ws)-1])
	return !(len(ws) <= 3 && f == formPast)
}

// parenRe is an aside in brackets: "doctor refuses (e.g. dose too high)".
var parenRe = regexp.MustCompile(`\s*\([^()]*\)`)

// stopLast moves a note's "stop" and its prohibitions to the end of what
// happens in that case: "stop, do not open the account, the officer files
// a report" files the report and stops there; the prohibition is no step.
func stopLast(s string) string {
	parts := strings.Split(strings.TrimRight(s, ".!"), ",")
	var keep []string
	stop := false
	for _, p := range parts {
		p = strings.TrimSpace(p)
		switch {
		case stopClauseRe.MatchString(p) || prohibitionRe.MatchString(p):
			stop = true
		case p != "":
			keep = append(keep, p)
		}
	}
	if !stop || len(keep) == 0 {
		return s
	}
	return strings.Join(keep, ", ") + ", stop"
}

var (
	// stopNoteRe is a sentence that halts the case with a note why:
	// "STOP, no ILL needed.", "Stop - do not continue."
	stopNoteRe = regexp.MustCompile(`(?i)^\W*stop\s*[,;:!–-]\s*(?:no|nothing|do\s+not|don't)\b`)
	// stopClauseRe is a note's clause that halts the case: "stop".
	stopClauseRe = regexp.MustCompile(`(?i)^(?:and\s+)?(?:stop|halt|abort)$`)
	// prohibitionRe is a note's clause that forbids the next step: "do
	// NOT open the account", "never ship".
	prohibitionRe = regexp.MustCompile(`(?i)^(?:and\s+)?(?:do\s+not|don't|never)\s+[a-z]`)
	// findingRe is a short note of what a check found, in front of a
	// colon that says what then happens: "hit on the watch list: …",
	// "no booking: …".
	findingRe = regexp.MustCompile(`(?i)^(?:an?\s+|the\s+|any\s+)?(?:[a-z-]+\s+){0,3}?(?:hits?|match(?:es)?|mismatch(?:es)?|discrepanc(?:y|ies)|errors?|failures?|deviations?|shortages?|loss|losses|defects?)(?:\s+(?:on|in|with|against|at)\s+(?:the\s+|a\s+)?[a-z-]+(?:\s+[a-z-]+)?)?$|^no\s+[a-z-]+(?:\s+[a-z-]+)?$`)
)

// jumpTailRe is a jump to a numbered step that closes a sentence after
// its work: "… and go back to step 2", "…, then continue with step 7".
var jumpTailRe = regexp.MustCompile(`(?i),?\s+(?:and\s+(?:then\s+)?|then\s+)(?:(?:go|goes|return|returns|jump|jumps|continue|continues|proceed|proceeds|skip|skips|move|moves)\s+(?:back\s+|forward\s+|ahead\s+|on\s+|straight\s+|directly\s+)?(?:to|at|with)|back\s+to)\s+(?:step|item|point)\s+\d{1,3}\W*$`)

// negFindingRe is a short note of a check that came out wrong, in front
// of a colon that says what then happens: "seal and papers do not
// match: …", "badge is not valid: …".
var negFindingRe = regexp.MustCompile(`(?i)^[a-z][\w-]*(?:\s+[\w-]+){0,5}?\s+(?:(?:do|does|did|is|are|was|were|has|have|can|could)\s+not|isn't|aren't|doesn't|don't|didn't|can't|cannot|fails?|failed|differs?|exceeds?)\b(?:\s+[\w-]+){0,3}$`)

// outcomeLabelRe is a label that names a decision's outcome or a wait
// that ran out: "Approved", "Not covered", "Total loss", "No reply in 48
// hours".
var outcomeLabelRe = regexp.MustCompile(`(?i)^(?:not\s+)?(?:approved|rejected|refused|declined|denied|accepted|granted|cancell?ed|confirmed|covered|passed|failed|valid|invalid)$|^no\s+(?:reply|answer|response|payment|decision)\s+(?:with)?in\s+\d+\s+[a-z]+$`)

// withCaseRe is a label that names a case by what it comes with: "With a
// receipt, within 30 days", "Without a booking".
var withCaseRe = regexp.MustCompile(`(?i)^with(?:out)?\s+(?:an?\s+|the\s+|no\s+)?[a-z][\w-]*(?:,?\s+[\w-]+){0,6}$`)

// withCase reports whether a label names a case by what it comes with
// and says nothing more ("With the complete documentation, two things
// are made at the same time" is a clause, no label).
func withCase(label string) bool {
	if !withCaseRe.MatchString(label) {
		return false
	}
	for _, w := range strings.Fields(label) {
		if auxBe[norm(w)] {
			return false
		}
	}
	return true
}

// colonCondition reads a note "hit on the watch list: the officer alerts
// the police" as a condition and what happens in that case, like an
// arrow; any other "label: text" is left as it is.
func colonCondition(s string) string {
	label, rest, ok := strings.Cut(s, ":")
	label = strings.TrimSpace(label)
	if !ok || strings.TrimSpace(rest) == "" || !(findingRe.MatchString(label) || outcomeLabelRe.MatchString(label) || wordCount(label) <= 8 && negFindingRe.MatchString(label) || withCase(label)) {
		return s
	}
	return strings.TrimSpace(label) + " -> " + strings.TrimSpace(rest)
}

// eitherLead splits the words before "either" into a clause of its own
// and the subject of the choice: "the installation team mounts the
// panels, and the electrician " → "the installation team mounts the
// panels", "the electrician ". before is "" when the lead is only the
// subject.
func eitherLead(lead string) (before, subject string) {
	i := strings.LastIndex(lead, ", and ")
	if i < 0 {
		return "", lead
	}
	subject = lead[i+len(", and "):]
	if n := wordCount(subject); n == 0 || n > 5 || wordCount(lead[:i]) < 3 {
		return "", lead
	}
	return lead[:i], subject
}
