package text

import (
	"regexp"
	"strings"
)

// The rewrites here put a sentence in the shape the readers expect
// (plain order, a condition moved in front, a label or arrow turned into
// a case) and read its lead-ins, notes and tails.

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
	s = boundedRetryLead(s)
	// "22:40 At the yard the driver checks the seal": a log's clock time
	// dates the line; it names no performer
	s = clockLeadRe.ReplaceAllString(s, "")
	s = plainPerson(s)
	s = oneOfSubject(s)
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
	return frontedObject(endsObject(s))
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
	wouldRe       = regexp.MustCompile(`(?i)\b(I|we|they|you)(?:'d|’d)\s+(?:have\s+to\s+|need\s+to\s+)?`)
	progressiveRe = regexp.MustCompile(`(?i)\b(I(?:'m|’m|\s+am)|(?:we|they)(?:'re|’re|\s+are))\s+(?:now\s+|just\s+|also\s+)?([a-z]+ing)\b(\s+to\b)?(\s+[a-z0-9"'(])`)
)

// plainPerson writes a speaker's future and progressive in the plain
// present the clause reader knows: "I'll run" → "I will run", "you'd
// have to call" → "you must call", "I'm
// logging a ticket" → "I log a ticket", "we're going to send" → "we
// will send". A progressive with nothing after it ("Okay, I'm
// recording.") is talk about the call, no step, and stays.
func plainPerson(s string) string {
	s = willRe.ReplaceAllString(s, "$1 will ")
	s = wouldRe.ReplaceAllString(s, "$1 must ") // "you'd have to call again"
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
var timeLeadNoCommaRe = regexp.MustCompile(`^((?i:after|before|following|upon|during|in|at|on)\s+((?i:the|a|an|its|their)\s+)?([a-z-]+(?:\s+[a-z-]+)?))\s+((?i:the|our|we|i|they|he|she)\s)`)

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
		// ("Upon approval by the head of unit, …": a preposition goes on
		// into its object)
		if _, f := verbForm(w); f != formNone && (m[4] < 0 || f != formBase) || determiners[norm(w)] || pronouns[norm(w)] || leadNotPlace[norm(w)] || prepositions[norm(w)] {
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
	if personClause(rest) {
		return true // "The normal way: you put a request into the tool"
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
	stopNoteRe = regexp.MustCompile(`(?i)^\W*(?:stop|finish|finished)\s*[,;:!–-]\s*(?:no|nothing|do\s+not|don't)\b`)
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

// cutTails cuts from a sentence's body the closing clauses that are no
// step: the end of the branch, a loop or a jump, which closeSentence
// reads from the whole sentence.
func cutTails(body string) string {
	// "… and that's it for that candidate": the end, no step
	body = thatsItRe.ReplaceAllString(body, ".")
	// "… and nothing is shipped": the end of the branch (closeSentence
	// reads it from the sentence), no step
	if loc := nothingRe.FindStringIndex(body); loc != nil {
		body = strings.TrimSpace(body[:loc[0]] + " " + body[loc[1]:])
		if body != "" && loc[0] == 0 {
			body = capitalise(body)
		}
	}
	// "… marks the part and it is not shipped": the end of the branch
	// (closeSentence reads it from the sentence), no step; a condition keeps its
	// clause ("If the part fails, it is not shipped" has no other)
	if loc := negEndRe.FindStringIndex(body); loc != nil && loc[0] > 0 {
		if cut := strings.TrimSpace(body[:loc[0]]); !ifLeadRe.MatchString(cut) || ifStartRe.MatchString(cut) {
			body = cut + "."
		}
	}
	// "… rolls back the update and the cycle starts again": the loop
	// (closeSentence reads "again" from the sentence), no step; "… turns the tenant
	// down and the process ends": the end (closeSentence reads it), no
	// part of the step
	for _, re := range []*regexp.Regexp{restartTailRe, endTailRe} {
		if loc := re.FindStringIndex(body); loc != nil && loc[0] > 0 {
			body = strings.TrimSpace(body[:loc[0]]) + "."
		}
	}
	// "… scrap the part and go to step 5": the jump (closeSentence reads
	// it from the sentence), no step
	if loc := jumpTailRe.FindStringIndex(body); loc != nil && loc[0] > 0 {
		body = strings.TrimSpace(body[:loc[0]]) + "."
	}
	return body
}

// restartTailRe is a closing clause that only says the work starts over:
// "… and the cycle starts again", ", and the process begins anew".
var restartTailRe = regexp.MustCompile(`(?i)(?:\s*[,;]\s*|\s+)(?:and\s+|then\s+)?(?:the\s+)?(?:whole\s+)?(?:cycle|process|procedure|loop|round)\s+(?:then\s+)?(?:starts|begins|runs|repeats|restarts)\s*(?:again|over|anew|from\s+the\s+(?:start|beginning))?\W*$`)

// endTailRe is a closing clause that only ends the process: "… and the
// process ends", ", and the case is closed", ", and we stop there".
var endTailRe = regexp.MustCompile(`(?i)(?:\s*[,;]\s*|\s+)(?:and\s+)?(?:then\s+)?(?:the\s+)?(?:process|case|procedure|workflow)\s+(?:then\s+)?(?:ends|stops|finishes|terminates|is\s+(?:over|finished|complete|completed|terminated))(?:\s+(?:here|there))?\W*$|(?:\s*[,;]\s*|\s+)(?:and\s+)?(?:then\s+)?(?:we|they)\s+(?:stop|end|halt)\s+(?:there|here|at\s+(?:that|this)\s+point)\W*$`)
