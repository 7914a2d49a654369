package text

import (
	"regexp"
	"strings"
)

var (
	routedRe = regexp.MustCompile(`(?i)^(.*?)\b(?:goes|go|is sent|are sent|gets sent|is passed|are passed|is forwarded|are forwarded|is escalated|are escalated|is routed|are routed|moves|is submitted|are submitted)\s+(?:on\s+)?to\s+(.+?)\s+for\s+(approval|review|sign-off|signature|verification|checking|validation|authori[sz]ation)\b`)
	// sentToPartyRe is a thing going to a party: "the report goes to the
	// statistics office".
	sentToPartyRe = regexp.MustCompile(`(?i)^(.+?)\s+goes\s+(?:out\s+)?to\s+(.+)$`)
	// clauseListRe splits a list of clauses at its commas.
	clauseListRe = regexp.MustCompile(`,\s+(?:and\s+|then\s+)?`)
)

func (a *analyzer) applyTimes(ds []*draft, work, wait float64) {
	for _, d := range ds {
		if d.event == nil {
			d.work += work
			d.wait += wait
			return
		}
	}
}

var routedVerb = map[string]string{
	"approval": "approve", "review": "review", "sign-off": "sign off", "signature": "sign", "verification": "verify",
	"checking": "check", "validation": "validate", "authorisation": "authorise", "authorization": "authorize",
}

// acronymDefRe is an acronym in brackets after the name it abbreviates.
var acronymDefRe = regexp.MustCompile(`\s*\([A-Z]{2,6}\)`)

// lookAtRe is looking at a thing: "looks at the work order", "look the
// paper" (plain non-native English), "looks over the draft".
var lookAtRe = regexp.MustCompile(`(?i)\b(?:look|looks|looked)\s+(?:(?:at|over|through|into)\s+)?(?:the|a|an|every|each|all|his|her|their|its)\b`)

// tellToRe is telling to someone: "tell to payroll", "tells to the
// customer".
var tellToRe = regexp.MustCompile(`(?i)\b(?:tell|tells)\s+to\s+`)

// getFromRe is "get" with an object and a source: "gets the report
// from the police".
var getFromRe = regexp.MustCompile(`(?i)\b(?:gets|get|got) (?:the|a|an|their|its|his|her|all|any) [^,;.]{1,60}? from (?:the|a|an|their|its|his|her) `)

// clauses turns a clause text into activity drafts, in phases: the
// text's set phrasings are rewritten, a few whole forms read at once, a
// named person read as a role, the clauses parsed (as a list when the
// text is one), and each clause made a draft.
func (a *analyzer) clauses(text, source string) []*draft {
	if ds := a.besideClauses(text, source); ds != nil {
		return ds
	}
	if ds := a.untilClauses(text, source); ds != nil {
		return ds
	}
	if ds := a.ownSideClauses(text, source); ds != nil {
		return ds
	}
	text = clauseRewrites(text)
	text, ds, ok := a.wholeForms(text, source)
	if ok {
		return ds
	}
	name, text := a.namedPerson(text)
	cs := a.clauseList(text, name)
	if name != "" {
		for i := range cs {
			if cs[i].performer == "Agent" {
				cs[i].performer = name
			}
			if cs[i].leadIn == "Agent" {
				cs[i].leadIn = name
			}
		}
	}
	return a.withEvents(a.clauseDrafts(cs, source, text), source)
}

// besideClauses reads "A and, at the same time, B" on a branch or
// anywhere a clause list is read whole: B's steps are marked to run
// beside A's. nil when the text is no such pair.
func (a *analyzer) besideClauses(text, source string) []*draft {
	m := midParallelRe.FindStringSubmatch(text)
	if m == nil {
		return nil
	}
	first := a.clauses(m[1], source)
	if len(first) == 0 {
		return nil
	}
	second := a.clauses(m[2], source)
	if len(second) == 0 || second[0].event != nil || first[len(first)-1].event != nil {
		for _, d := range append(first, second...) {
			d.drop = true
		}
		return nil
	}
	second[0].beside = true
	return append(first, second...)
}

// waitVerbs keep a thing as it is until something happens: "The parcel
// is held until the customer collects it" is a wait, not work done again.
var waitVerbs = set(`hold keep store wait remain stay park leave rest sit lie hang block freeze suspend`)

// untilClauses reads "A chases the plumber until the report comes in"
// on a decision's branch, where the sentence's own loop reading
// (untilLoop) does not: the steps, marked to be done again until the
// condition holds. nil when the text is no such clause.
func (a *analyzer) untilClauses(text, source string) []*draft {
	m := untilTailRe.FindStringSubmatch(text)
	if !a.onBranch || m == nil || untilTimeRe.MatchString(m[2]) || wordCount(m[2]) > 12 {
		return nil
	}
	head := m[1]
	cue := againRe.MatchString(head) || loopRe.MatchString(head)
	if k := keepIngRe.FindStringSubmatchIndex(head); k != nil {
		if base, f := verbForm(head[k[2]:k[3]]); f == formIng {
			head = head[:k[0]] + "must " + base + head[k[3]:] // "keeps chasing" → "must chase"
			cue = true
		}
	}
	ds := a.clauses(head, source)
	if len(ds) == 0 {
		return nil
	}
	for _, d := range ds {
		if d.event != nil || d.beside || d.until != "" || !cue && waitVerbs[firstWord(d.verb)] {
			for _, d := range ds {
				d.drop = true
			}
			return nil
		}
	}
	last := ds[len(ds)-1]
	if againRe.MatchString(head) && a.doneBefore(firstWord(last.verb), len(a.drafts)-len(ds)) {
		// "… types in the order number and scans again until it works":
		// the scan done again is the loop back to the first scan, which
		// is where "until it works" is asked
		return ds
	}
	last.until, last.untilFrom = m[2], ds[0]
	return ds
}

// doneBefore reports whether a step with verb v was read before index
// before.
func (a *analyzer) doneBefore(v string, before int) bool {
	for i := min(before, len(a.drafts)) - 1; i >= 0; i-- {
		if e := a.drafts[i]; e.event == nil && !e.drop && firstWord(e.verb) == v {
			return true
		}
	}
	return false
}

// clauseRewrites rewrites set phrasings into the plain clause they mean.
func clauseRewrites(text string) string {
	// "The General Ledger (GL) team exports …": the acronym is known
	// (findAcronyms) and only splits the subject
	text = acronymDefRe.ReplaceAllString(text, "")
	text = lightVerbPhrases(text)
	// "gets the report from the police": receiving, not the "get" of
	// "gets approved"
	text = getFromRe.ReplaceAllStringFunc(text, func(m string) string {
		ws := strings.SplitN(m, " ", 2)
		return map[string]string{"get": "receive", "gets": "receives", "got": "received"}[strings.ToLower(ws[0])] + " " + ws[1]
	})
	// "The planner looks at the work order", "HR look the paper": the
	// planner checks it
	text = lookAtRe.ReplaceAllStringFunc(text, func(m string) string {
		ws := strings.Fields(m)
		return map[string]string{"look": "check", "looks": "checks", "looked": "checked"}[strings.ToLower(ws[0])] + " " + ws[len(ws)-1]
	})
	// "… and tell to payroll" (plain non-native English): informs payroll
	text = tellToRe.ReplaceAllStringFunc(text, func(m string) string {
		if strings.HasPrefix(strings.ToLower(m), "tells") {
			return "informs "
		}
		return "inform "
	})
	// "The monthly report goes to the statistics office": it is sent
	// there, by whoever acts; an agent going somewhere stays
	if m := sentToPartyRe.FindStringSubmatch(text); m != nil {
		subj := nounPhrase(strings.Fields(m[1]), 4)
		target := nounPhrase(stripDeterminers(strings.Fields(m[2])), 4)
		if subj != "" && !isAgent(subj) && isExternal(target) {
			text = m[1] + " is sent to " + m[2]
		}
	}
	// "It is the responsibility of the clerk to archive the file": the
	// clerk must archive it
	if m := dutyRe.FindStringSubmatch(text); m != nil {
		text = "The " + m[1] + " must " + m[2]
	}
	// "The owner then has one month to repair the defects": the month is
	// the sentence's timer, the repair the owner's step
	if m := hasTimeRe.FindStringSubmatch(text); m != nil {
		text = m[1] + " must " + m[len(m)-1]
	}
	return text
}

// wholeForms reads the forms that make their drafts at once: a passive
// on a list of things and a hand-over for a decision (ok is true). It
// returns the text to read on, "starts by checking" rewritten.
func (a *analyzer) wholeForms(text, source string) (string, []*draft, bool) {
	// "The brakes, the lights and the tyres are tested": one step on the
	// listed things
	listText := text
	if ws := strings.Fields(text); len(ws) > 1 && fillers[norm(ws[0])] && strings.HasSuffix(ws[0], ",") {
		listText = strings.Join(ws[1:], " ") // "Next, the brakes, …"
	}
	if m := listPassiveRe.FindStringSubmatch(listText); m != nil {
		var obj []string
		for _, w := range strings.Fields(m[1]) {
			if n := norm(w); n != "the" && n != "all" {
				obj = append(obj, w)
			}
		}
		if cs := parseClause("The things "+m[2], a.lastObject); len(cs) > 0 && len(obj) > 0 && len(obj) <= 8 {
			cs[0].object = lowerFirst(obj)
			var out []*draft
			for _, c := range cs {
				if a.count < maxDrafts {
					out = append(out, a.newDraft(source, c, text))
				}
			}
			return text, a.withEvents(out, source), true
		}
	}
	// "The inspector starts by checking the documents": the checking
	if m := startsByRe.FindStringSubmatch(text); m != nil {
		if b, f := verbForm(m[2]); f == formIng {
			text = m[1] + " must " + b + " " + m[3]
		}
	}
	// "the request goes to our CFO for approval": the CFO approves it
	if m := routedRe.FindStringSubmatch(text); m != nil {
		np := nounPhrase(strings.Fields(strings.NewReplacer("our ", "", "their ", "", "my ", "").Replace(m[2])), 4)
		if isAgent(np) && a.count < maxDrafts {
			obj := lowerFirst(stripDeterminers(strings.Fields(trimPunct(m[1]))))
			obj = resolvePronoun(obj, a.lastObject)
			if len(obj) > 4 {
				obj = strings.Fields(a.lastObject)
			}
			c := clause{performer: np, verb: routedVerb[strings.ToLower(m[3])], object: obj}
			return text, []*draft{a.newDraft(source, c, text)}, true
		}
	}
	return text, nil, false
}

// namedPerson reads a named person ("Anna receives …") as an agent once
// introduced: the grammar only knows roles, so the name is read as the
// role "The agent" and returned as the performer it stands for ("" when
// the text opens with no known person).
func (a *analyzer) namedPerson(text string) (name, rest string) {
	if ws := strings.Fields(text); len(ws) > 1 {
		for n := min(3, len(ws)-1); n >= 1 && name == ""; n-- {
			cand := strings.Join(ws[:n], " ")
			if _, f := verbForm(ws[n]); a.isKnown(cand) && f != formNone {
				name = a.performer(cand)
				text = "The agent " + strings.Join(ws[n:], " ")
			}
		}
	}
	return name, text
}

// clauseDrafts makes a draft of each clause that names a step: a
// lead-in sets the section's performer, and loops, starts and stances
// make none.
func (a *analyzer) clauseDrafts(cs []clause, source, text string) []*draft {
	var out []*draft
	for _, c := range cs {
		if c.leadIn != "" {
			a.sectionActor = a.performer(c.leadIn)
			continue
		}
		if a.count >= maxDrafts {
			break
		}
		if repeatsOnly(c) || startsProcess(c) {
			continue // "This is repeated until …": a loop, not a step; "The process is started by …": its start
		}
		if stance(c) {
			continue // "The bank attaches great importance to …": an attitude, not a step
		}
		out = append(out, a.newDraft(source, c, text))
	}
	return out
}

// newDraft makes an activity from a clause, resolving its performer from
// context and filling the SIPOC from its object, "from"/"to" and the
// systems named in the sentence; each phase is a function of its own.
func (a *analyzer) newDraft(source string, c clause, text string) *draft {
	performer := a.draftPerformer(c)
	if towardUs(c) {
		performer = a.towardUs(&c, performer, source)
	}
	a.notePerformer(&c, performer)
	d := &draft{name: c.name(), performer: performer, source: source, verb: c.verb, object: strings.Join(c.object, " "), alt: c.alt}
	if len(c.object) == 0 && c.to != "" && addressVerbs[c.verb] {
		d.name = capitalise(c.verb + " to " + c.to) // "writes to the insured person"
	}
	a.objectSIPOC(d, c)
	a.partySIPOC(d, &c)
	a.coordinatedParties(d)
	a.record(d, c, source)
	return d
}

// objectSIPOC fills the SIPOC from the clause's object: who is
// addressed, what is made, used or worked on.
func (a *analyzer) objectSIPOC(d *draft, c clause) {
	obj := c.objectText()
	verb := strings.Fields(c.verb)[0]
	if obj != "" {
		switch {
		case addressing[verb] && (isAgent(obj) || a.party(titleCase(obj)) != titleCase(obj)):
			d.custs = appendUnique(d.custs, a.party(titleCase(obj)))
		case (addressing[verb] || moving[verb]) && ditransitive(c.object) > 0:
			// "e-mails the customer a confirmation": the customer gets the
			// confirmation
			k := ditransitive(c.object)
			d.custs = appendUnique(d.custs, a.party(nounPhrase(c.object[:k], 3)))
			d.object = strings.Join(c.object[k:], " ")
		case addressing[verb] && strings.EqualFold(obj, "them") && a.lastExternal != "":
			// "asks them for a deposit": the outside party that acted last
			d.custs = appendUnique(d.custs, a.lastExternal)
		case producing[verb]:
			d.outputs = append(d.outputs, capitalise(obj))
		case plain[verb]:
			d.inputs = append(d.inputs, capitalise(obj))
		default:
			// moved, received and worked-on objects go in and come out
			// in a new state: "Invoice" → "Checked invoice"
			d.inputs = append(d.inputs, capitalise(obj))
			d.outputs = append(d.outputs, capitalise(participle(verb))+" "+obj)
		}
		a.lastObject = obj
		a.noteThing(obj)
	}
}

// partySIPOC fills suppliers, customers and the outside parties a step
// addresses from "from", "to", "with" and "at" ("them" after "to" is the
// outside party that acted last, set on c).
func (a *analyzer) partySIPOC(d *draft, c *clause) {
	if c.from != "" && (isAgent(c.from) || a.outside(c.from)) {
		d.suppliers = appendUnique(d.suppliers, a.party(c.from))
	}
	if c.to != "" && personalObjects[strings.ToLower(firstWord(c.to))] && a.lastExternal != "" {
		c.to = a.lastExternal // "emails it to them": the outside party that acted last
	}
	if c.to != "" && (isAgent(c.to) || a.isKnown(c.to) || a.outside(c.to)) {
		d.custs = appendUnique(d.custs, a.party(c.to))
	}
	if c.to != "" && a.outside(a.party(c.to)) {
		d.addressed = appendUnique(d.addressed, a.party(c.to))
	}
	a.portalRecipient(d, c)
	for i := 0; i+1 < len(c.object); i++ {
		// "opens a ticket with the provider", "books a bed at the
		// partner hospital": the party the step deals with
		if w := norm(c.object[i]); w == "with" || w == "at" {
			if np := nounPhrase(c.object[i+1:], 4); np != "" && a.outside(np) {
				d.addressed = appendUnique(d.addressed, a.party(np))
				d.custs = appendUnique(d.custs, a.party(np))
			}
		}
	}
	a.noteAskedParty(d, c)
	if addressing[firstWord(d.verb)] && len(c.object) > 0 {
		// "asks the traffic police for an opinion", "consults the fire
		// brigade": the outside party addressed is the object
		if np := nounPhrase(c.object, 4); np != "" && isExternal(np) {
			d.addressed = appendUnique(d.addressed, a.party(np))
			d.custs = appendUnique(d.custs, a.party(np))
		}
	}
}

// outside reports whether a party is outside the organisation by its
// name or by what the text says about it.
func (a *analyzer) outside(name string) bool { return isExternal(name) || a.cues.external(name) }

// record keeps the draft as the last step, with what the sentence adds
// to it (systems, inputs listed before) and the hand-over context.
func (a *analyzer) record(d *draft, c clause, source string) {
	a.lastTo = ""
	if c.to != "" && (a.isKnown(c.to) || isAgent(c.to)) {
		a.lastTo = a.party(c.to)
	}
	a.lastRecipient = ""
	if c.to != "" && !personalObjects[strings.ToLower(firstWord(c.to))] {
		a.lastRecipient = a.party(c.to)
	}
	a.lastAddressed = ""
	if len(d.addressed) > 0 {
		a.lastAddressed = d.addressed[0]
	} else if a.lastTo != "" && isExternal(a.lastTo) {
		a.lastAddressed = a.lastTo
	}
	a.noteTheyParty(firstNonEmpty(a.lastRecipient, a.lastAddressed))
	if c.pron == "he" || c.pron == "she" {
		a.lastPron = c.pron
	}
	for _, s := range findSystems(source) {
		d.systems = appendUnique(d.systems, s)
	}
	if len(a.pendingIn) > 0 {
		d.inputs = appendUnique(d.inputs, a.pendingIn...)
		a.pendingIn = nil
	}
	a.count++
	a.last = d
	d.section = a.sectionNo
	a.drafts = append(a.drafts, d)
}

// addressVerbs take their receiver with "to" and no object: "writes to
// the customer" is "Write to customer", not "Write".
var addressVerbs = set(`write reply respond talk speak report complain apply turn listen`)

// repeatWords as the object of "repeat" point back at earlier steps.
var repeatWords = set(`this these that those it them step steps process procedure above same`)

// repeatsOnly reports whether a clause only says that earlier steps are
// repeated ("This is repeated", "Repeat steps 2 to 4"): a loop marker,
// no step of its own.
// stanceVerbs state an attitude or a stated aim, never a step: "the policy
// reflects the regulator's expectations", "the matter shall be deemed
// closed".
// ("acknowledge", "recognise" and "value" are not: "acknowledges the
// ticket", "values the stock" are work).
var stanceVerbs = set(`reflect emphasise emphasize underline stress cherish endeavour endeavor strive aspire deem`)

// stanceNouns are what a light verb attaches or gives when it states an
// attitude: "attaches the utmost importance", "places emphasis".
// ("priority" is not: "the nurse assigns a priority" is work).
var stanceNouns = set(`importance emphasis weight significance attention value commitment`)

// lightVerbs carry no work of their own before a stance noun.
var lightVerbs = set(`attach place put lay give accord`)

// stance reports a clause that states an attitude instead of work: "The
// bank attaches the utmost importance to knowing its customers".
func stance(c clause) bool {
	v := firstWord(c.verb)
	if stanceVerbs[v] {
		return true
	}
	if !lightVerbs[v] {
		return false
	}
	for _, w := range c.object {
		if n := norm(w); stanceNouns[n] {
			return true
		} else if n == "to" || n == "on" {
			return false
		}
	}
	return false
}

func repeatsOnly(c clause) bool {
	return c.verb == "repeat" && (len(c.object) == 0 || repeatWords[norm(c.object[0])])
}

// mentioned is the party a clause names last: its receiver or source, a
// party after "with", an object that is a party, else its performer.
func mentioned(c clause, performer string) string {
	for i := len(c.object) - 2; i >= 0; i-- {
		if n := norm(c.object[i]); n == "with" || n == "to" || n == "from" || n == "by" {
			if np := nounPhrase(c.object[i+1:], 4); isAgent(np) {
				return np
			}
		}
	}
	switch {
	case c.to != "" && isAgent(c.to):
		return c.to
	case c.from != "" && isAgent(c.from):
		return c.from
	}
	if np := nounPhrase(c.object, 4); np != "" && isAgent(np) {
		return np
	}
	return performer
}

// startsProcess reports whether a clause only starts or ends the process
// itself ("The process is started by the customer"): its start or end
// event, no step.
func startsProcess(c clause) bool {
	if len(c.object) == 0 {
		return false
	}
	switch c.verb {
	case "start", "begin", "initiate", "trigger", "end", "finish", "terminate", "complete", "kick off":
	default:
		return false
	}
	switch norm(c.object[len(c.object)-1]) {
	case "process", "procedure", "workflow":
		return true
	}
	return false
}

// dutyRe finds a duty stated about a role: "It is the responsibility of
// the clerk to archive the file".
var dutyRe = regexp.MustCompile(`(?i)^it\s+is\s+(?:the\s+)?(?:responsibility|job|task|duty|role)\s+of\s+(?:the\s+|a\s+|an\s+)?(.{2,40}?)\s+to\s+(.+)$`)

var (
	// hasTimeRe finds a deadline given to a performer: "The owner then
	// has one month to repair the defects".
	hasTimeRe = regexp.MustCompile(`(?i)^(.{2,40}?)\s+(?:then\s+)?(?:has|have)\s+` + numPat + `\s+(?:working\s+|business\s+)?(?:hours?|days?|weeks?|months?|years?)\s+to\s+(.+)$`)
	// listPassiveRe finds a passive whose subject lists things: "the
	// brakes, the lights and the tyres are tested".
	listPassiveRe = regexp.MustCompile(`(?i)^((?:the\s+|all\s+)?[a-z-]+(?:\s+[a-z-]+)?(?:,\s+(?:the\s+)?[a-z-]+(?:\s+[a-z-]+)?)+,?\s+and\s+(?:the\s+)?[a-z-]+(?:\s+[a-z-]+)?)\s+((?:are|were)\s+.+)$`)
	// startsByRe finds a step introduced by how the work starts: "The
	// inspector starts by checking the documents".
	startsByRe = regexp.MustCompile(`(?i)^(.{2,40}?)\s+(?:starts|begins|start|begin|finishes|ends|continues)\s+by\s+(\S+)\s+(.+)$`)
)

// ditransitive returns where the thing given starts in an object that
// names a person first ("the customer a confirmation" → 2), or 0.
func ditransitive(object []string) int {
	for k := 1; k+1 < len(object) && k < 5; k++ {
		if w := norm(object[k]); w == "a" || w == "an" || w == "the" || w == "their" || w == "his" || w == "her" {
			if np := nounPhrase(object[:k], 3); np != "" && isAgent(np) {
				return k
			}
			return 0
		}
	}
	return 0
}
