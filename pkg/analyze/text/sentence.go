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
	if s = joinLead(spokenLead(s)); s == "" || a.bareEnd(s) {
		return nil
	}
	if ds, ok := a.eitherArrows(s, inItem); ok {
		return ds
	}
	s = dependingColon(s)
	if rule, ok := conditionalNote(s); ok {
		if at := a.noteAnchor(rule); at != nil {
			defer a.b.anchorNote(len(a.b.seq), at)
		}
	}
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
	if ds, ok := a.handoverSteps(s, inItem); ok {
		return ds
	}
	s, redo := a.redoPrefix(s)
	defer redo.restore(a)
	s = lightDo(nominalTogether(noCaseLead(ordinalSecond(caseGoesBack(plainOrder(everyCaseLead(invertedCondition(unlessCondition(s)))))))))
	prevInto := a.b.lastInto
	a.b.lastInto = nil
	if m := inThatCaseRe.FindStringSubmatchIndex(s); m != nil && prevInto != nil {
		// "A blocked batch is scrapped; in that case customer service
		// informs the customer": still the blocking branch
		a.b.into = prevInto
		s = capitalise(s[m[1]:])
		defer a.b.leaveBranch()
	} else if rest, ok := a.b.forBranch(s); ok {
		// "… either treats the patient or refers the patient. For a
		// referral the GP writes the letter": the referring branch
		s = rest
		defer a.b.leaveBranch()
	} else if rest, ok := a.b.branchSubject(s); ok {
		// "… either releases the batch or blocks it. A blocked batch is
		// scrapped": the sentence is the blocking branch's next step
		s = rest
		defer a.b.leaveBranch()
	} else {
		s = conditionalSubject(arrowCondition(colonCondition(a.announcedLabel(s))))
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

// admit cleans a sentence and decides whether it can describe a step:
// purpose statements, notes, questions and cross-references are kept as
// the purpose at most.
func (a *analyzer) admit(s string) (string, bool) {
	s = strings.TrimSpace(invertedModal(dropModalAsides(handColonWork(dropConditionAside(dropListAsides(dropSubsectionMark(dropTagQuestion(strings.TrimSpace(s)))))))))
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
	if rule, ok := conditionalNote(s); ok {
		s = rule
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
	s = itStarts(s)
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
	s = a.percentLead(unlessCondition(ifComma(amountLead(meansAsIf(noNoCondition(arrivalWhen(triggeredAtOnce(dropAppositive(s)))))))))
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
	r.body = cutNoAction(cutTails(r.body))
	// "Requisitions above 10,000 EUR additionally need the approval of
	// the department manager": the manager's step, for those cases
	r.body = needsApproval(r.body, a.writer)
	// "The board, which meets every Thursday, either approves …": the
	// aside says nothing about this case's steps
	r.body = asideRe.ReplaceAllString(r.body, "$1 ")
	a.awaitMessage(r)
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
	if m := untilRe.FindStringSubmatch(r.body); a.repeatSteps(r.body) || m != nil && a.loopUntil(m[1]) || a.keepsSendingBack(r.body) {
		return nil // "This continues until …", "Repeat steps 2 to 5 until …" close a cycle, no step
	}
	ds := a.readSteps(r)
	a.outcomesAhead(r)
	return ds
}

// awaitMessage notes the message a sentence's step waits for:
// "As soon as the parts arrive, …" before the step, "… is delivered once
// the payment has been received" after it (cut from the body).
func (a *analyzer) awaitMessage(r *reading) {
	a.pendingMessage = messageLead(r.s, a.lastObject)
	if m := trailingArrivalRe.FindStringSubmatchIndex(r.body); m != nil && a.pendingMessage == "" && m[0] > 0 {
		// "… is delivered once the payment has been received": the step
		// waits for the payment
		np := r.body[m[2]:m[3]]
		if !pronouns[strings.ToLower(np)] {
			a.pendingMessage = capitalise(np) + " received"
			r.body = strings.TrimRight(r.body[:m[0]], " ,") + "."
		}
	}
}

// outcomesAhead opens one decision on "which outcome" when a sentence
// announces the answers ("The office can resolve in three ways") and the
// next sentence starts with "If": the sentences after give its branches.
func (a *analyzer) outcomesAhead(r *reading) {
	if outcomesRe.MatchString(r.body) && ifLeadRe.MatchString(a.nextSentence) && (a.b.open == nil || !a.b.open.whether) {
		// "The office can resolve in three ways. If it grants …. If it
		// asks for more …. If it refuses …": one decision whose
		// branches the next sentences give, not one decision each
		a.b.addWhether("which outcome", a.currentActor())
		a.b.open.cases = true
		// "… sends the information and waits again": back to the decision
		a.b.open.before = a.b.seq[len(a.b.seq)-1]
	}
}

// outcomesRe is a sentence that announces the answers of a decision:
// "There are three outcomes", "can resolve in three manners".
var outcomesRe = regexp.MustCompile(`(?i)\b(?:two|three|four|five|[2-5])\s+(?:possible\s+|different\s+)?(?:outcomes|results|options|possibilities|manners|ways|answers|decisions|cases|scenarios)\b`)

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
	body, mid, own, trailing := sideMarks(r.body)
	par := mid && a.count > 0
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
		a.timeOrPurpose(r)
		return nil
	}
	a.applyTimes(ds, r.work, r.wait)
	a.addPlain(ds, par)
	return ds
}

// sideMarks takes the marks of steps side by side out of a sentence's
// body: "at the same time" in it (mid; trailing when it ends the
// sentence: "Run credit check and sanctions screening at the same
// time") or "independently of each other" (own: only beside each
// other, each party's own step: "AP and AR close … simultaneously").
func sideMarks(body string) (rest string, mid, own, trailing bool) {
	if loc := parallelMidRe.FindStringIndex(body); loc != nil {
		mid = true
		own = true
		trailing = strings.TrimRight(body[loc[1]:], " .!") == ""
		body = parallelMidRe.ReplaceAllString(body, "")
	}
	if sideByOwnRe.MatchString(body) {
		own = true // "… independently of each other": only beside each other
		body = sideByOwnRe.ReplaceAllString(body, "")
	}
	if own {
		body, trailing = eachPartyOrObject(body, trailing) // "AP and AR close … simultaneously", "consult the police and the fire service"
	}
	return body, mid, own, trailing
}

// timeOrPurpose places a sentence without steps: its time goes to the last
// step, or a long one outside a list item offers itself as the purpose.
func (a *analyzer) timeOrPurpose(r *reading) {
	if (r.work > 0 || r.wait > 0) && a.last != nil {
		a.last.work += r.work
		a.last.wait += r.wait
	} else if wordCount(r.s) >= 8 && !r.inItem {
		a.offerPurpose(r.s)
	}
}

// addPlain adds a plain sentence's steps: beside the last step (par),
// as a choice between alternatives, or in sequence.
func (a *analyzer) addPlain(ds []*draft, par bool) {
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
	nothingRe = regexp.MustCompile(`(?i)(?:^|\s+and\s+|\s*[,;]\s*)(?:in\s+(?:that|this|such\s+a)\s+case,?\s+)?(?:nothing\s+(?:else\s+|more\s+|further\s+)?(?:happens|(?:is|gets|will\s+be)\s+[a-z]+)|no\s+(?:further\s+)?[a-z-]+(?:\s+[a-z-]+)?\s+(?:is|are|gets|will\s+be)\s+(?:released|paid|shipped|issued|made|sent|ordered|delivered|refunded|granted|processed|booked|executed|signed|deployed|reported|created|opened|drawn\s+up|set\s+up|disbursed|scheduled|installed|placed|credited|transferred|activated|reimbursed|awarded|printed|needed|required|necessary))(?:\s+(?:to|for)\s+(?:the\s+|an?\s+)?[a-z-]+(?:\s+[a-z-]+)?)?(?:\s*,?\s+and\s+|\s*[,;]\s*|\s*[.!]?$)`)
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
	if r, ok := unsuitableSubject(s); ok {
		return r // "Unsuccessful applicants receive a standard letter"
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
