package text

import (
	"regexp"
	"strings"
)

var (
	// qualRe finds a subject qualified by a state that only some items
	// have: "Damaged goods", "Incomplete applications".
	qualRe = regexp.MustCompile(`(?i)^(?:the\s+|all\s+|any\s+)?(damaged|defective|incomplete|faulty|invalid|missing|late|urgent|overdue|suspicious|standard|normal|complex|high-risk|low-risk|unpaid|broken|expired|approved|rejected|accepted|declined|refused|valid|complete|successful|failed|minor|major|correct|incorrect|wrong|inaccurate|simple|small|large|low-value|high-value)(?:\s+(?:or|and)\s+[a-z-]+)?\s+([a-z-]+s)\s+(?:are|must|need|should|have|get|go)\b`)
	// levelRe finds one item qualified by its level, as a list of cases
	// writes it: "A low-risk alert is closed by the analyst", "A
	// medium-priority ticket goes to the second level".
	levelRe = regexp.MustCompile(`(?i)^an?\s+((?:low|medium|moderate|high|very\s+high|critical|minor|major|standard|elevated)-(?:risk|value|priority|severity|impact|level))\s+([a-z-]+)\s+(?:is|must|needs|should|has|gets|goes)\b`)
	// forKindRe finds the kind of items a sentence is for: "For domestic
	// shipments, the clerk books a truck", and without the comma when a
	// pronoun or article opens the clause: "for EU destinations he only
	// issues the e-AD".
	forKindRe = regexp.MustCompile(`(?i)^for\s+(?:all\s+)?([a-z][a-z-]+)\s+([a-z-]+s)(?:,\s+(.+)|\s+((?:he|she|they|we|you|the|our|his|her|their)\s.+))$`)
	// threshRe finds a subject qualified by a threshold: "Differences
	// above 2 percent are …", "For applicants over 50, …".
	threshRe = regexp.MustCompile(`(?i)^(for\s+)?(?:the\s+|all\s+|any\s+)?([a-z-]+s)\s+((?:above|over|below|under|exceeding|of more than|of less than|up to|of at least)\s+(?:[^,]|,\d){1,30}?|of\s+(?:[^,]|,\d){1,25}?\s+or\s+(?:more|less|above|below|higher|lower|over))(?:,\s+(.+)|\s+((?:are|must|need|needs|require|should|get|have)\b.+))$`)
	// withRe finds a subject qualified by what it has: "Bodies with small
	// defects are polished", "Patients without insurance pay …".
	withRe = regexp.MustCompile(`(?i)^(?:the\s+|all\s+|any\s+)?([a-z-]+s)\s+(with(?:out)?\s+(?:a\s+|an\s+|no\s+)?[a-z-]+(?:\s+[a-z-]+)?|in\s+(?:a\s+)?(?:perfect|good|bad|poor|new|used|working|sellable|resalable)\s+(?:condition|state|order))\s+(?:are|go|goes|must|need|get|pay|move|stay|remain|is)\b`)
	// thatRe finds a subject qualified by a relative clause: "Samples
	// that are not properly cooled are discarded".
	thatRe = regexp.MustCompile(`(?i)^(?:the\s+|all\s+|any\s+)?([a-z-]+s)\s+(?:that|which|who)\s+((?:are|is|have|has|do|does|did|cannot|can|could|were|was)\s+[^,]{2,50}?)\s+(are|must be|will be|need to be|should be|get)\s+(.+)$`)
	// restRe finds the items a decision left over: "The remaining goods".
	restRe = regexp.MustCompile(`(?i)^(?:for\s+)?(?:the\s+)?(?:remaining|rest of the|all other|all the other|other)\s+[a-z-]+s\b`)
	// compRe finds a subject qualified by a comparison: "Claims for parts
	// older than two years are rejected".
	compRe = regexp.MustCompile(`(?i)^(?:the\s+|all\s+|any\s+)?([a-z-]+s)\s+((?:for|of|from|with|on)\s+[^,]{1,30}?\b(?:older|younger|more|less|larger|smaller|higher|lower|above|below|over|under|exceeding)\b[^,]{0,25}?)\s+(?:are|is|must|need|get|go)\b`)
)

// qualifiedSubject returns the condition a qualified subject sets
// ("goods damaged") and the clause to read, or "" when there is none.
func qualifiedSubject(body string) (cond, main string) {
	if m := qualRe.FindStringSubmatch(body); m != nil {
		return m[2] + " " + strings.ToLower(m[1]), body
	}
	if m := withRe.FindStringSubmatch(body); m != nil {
		return m[1] + " " + m[2], body
	}
	if m := levelRe.FindStringSubmatch(body); m != nil {
		return m[2] + " " + strings.ToLower(m[1]), body
	}
	if m := compRe.FindStringSubmatch(body); m != nil {
		return m[1] + " " + m[2], body
	}
	if m := thatRe.FindStringSubmatch(body); m != nil {
		return m[1] + " " + m[2], "The " + m[1] + " " + m[3] + " " + m[4]
	}
	if cond, main, ok := whoVerbSubject(body); ok {
		return cond, main // "Patients who need home care are referred …"
	}
	if m := forKindRe.FindStringSubmatch(body); m != nil && !determiners[strings.ToLower(m[1])] && !numberWord(m[1]) && f3(m[1]) != formThird {
		// "For domestic shipments, the clerk books a truck"
		return m[2] + " " + strings.ToLower(m[1]), m[3] + m[4]
	}
	if cond, main := forPhraseSubject(body); cond != "" {
		return cond, main // "for stalls selling second-hand goods the officer …"
	}
	if m := threshRe.FindStringSubmatch(body); m != nil {
		cond = m[2] + " " + strings.TrimSpace(m[3])
		switch {
		case m[1] != "" && m[4] != "":
			return cond, m[4] // "For applicants over 50, the underwriter …"
		case m[1] == "" && m[5] != "":
			return cond, body // "Differences above 2 percent are counted again"
		}
	}
	return "", ""
}

// forAfterColonRe is a lead-in whose colon opens the cases: "…, decide:
// for orders under 50 EUR, …".
var forAfterColonRe = regexp.MustCompile(`(?i)^[^:;]{0,80}:\s+(for\s+\S.+)$`)

// readQualified reads "Damaged goods are rejected", "For applicants over
// 50, the underwriter orders …": the qualified subject is the condition.
func (a *analyzer) readQualified(r *reading) ([]*draft, bool) {
	body := r.body
	if m := forAfterColonRe.FindStringSubmatch(body); m != nil {
		body = m[1] // "Once the photo is in, decide: for orders under 50 EUR, …"
	}
	if r.inItem && !strings.HasPrefix(strings.ToLower(body), "for ") && !levelRe.MatchString(body) {
		return nil, false // only an explicit "For …, …" or a level ("A low-risk alert is …") qualifies a list item
	}
	cond, main := qualifiedSubject(body)
	if cond == "" {
		return nil, false
	}
	ds := a.clauses(main, r.s)
	if len(ds) == 0 && a.count < maxDrafts {
		// "Bodies without defects go on to final assembly": the things
		// are moved there
		if m := goesToRe.FindStringSubmatch(main); m != nil {
			obj := append(lowerFirst(stripDeterminers(strings.Fields(m[1]))), "to")
			obj = append(obj, stripDeterminers(strings.Fields(trimPunct(m[2])))...)
			ds = []*draft{a.newDraft(r.s, clause{verb: "move", object: obj}, main)}
		}
	}
	if len(ds) == 0 {
		return nil, false
	}
	a.applyTimes(ds, r.work, r.wait)
	if o := a.b.open; o != nil && !o.whether && opposes(o.cond, cond) {
		// "If the manager rejects the report, … Approved reports are
		// checked …": the other branch of that decision
		a.b.addOtherwise(ds)
		return ds, true
	}
	if o := a.b.open; o != nil && !o.whether {
		// "Claims above 5,000 euros go to the adjuster. Approved claims
		// are paid": the same things, another question
		if k, ok := condKind(o.cond), condKind(cond); k != "" && ok != "" && k != ok {
			a.b.closeOpen()
		}
	}
	a.b.addIf(cond, a.decider(ds), ds)
	return ds, true
}

// condKind tells which question a qualified subject's condition asks:
// "threshold" (above 5,000 euros), "having" (with small defects) or
// "outcome" (approved); "" for any other condition.
func condKind(cond string) string {
	ws := strings.Fields(strings.ToLower(cond))
	for _, w := range ws {
		switch w {
		case "above", "over", "below", "under", "exceeding", "older", "younger", "more", "less", "up", "least":
			return "threshold"
		case "with", "without", "condition", "state":
			return "having"
		}
	}
	if len(ws) > 0 {
		if _, ok := antonyms[ws[len(ws)-1]]; ok {
			return "outcome"
		}
	}
	return ""
}

// antonyms map a qualifier to the word stems of its opposite outcome.
var antonyms = map[string][]string{
	"approved": {"reject", "declin", "refus"}, "accepted": {"reject", "declin", "refus"},
	"rejected": {"approv", "accept"}, "declined": {"approv", "accept"}, "refused": {"approv", "accept"},
	"valid": {"invalid"}, "complete": {"incomplete", "missing"}, "successful": {"fail"},
	"failed": {"pass", "succe"}, "correct": {"incorrect", "wrong", "inaccurate"}, "incorrect": {"correct"}, "wrong": {"correct", "right"},
}

// opposes reports whether a qualified subject's condition ("reports
// approved") is the opposite outcome of an open decision's condition
// ("the manager rejects the report").
func opposes(open, cond string) bool {
	ws := strings.Fields(strings.ToLower(cond))
	if len(ws) == 0 {
		return false
	}
	open = strings.ToLower(open)
	for _, stem := range antonyms[ws[len(ws)-1]] {
		if strings.Contains(open, stem) {
			return true
		}
	}
	return false
}

// readRest reads "The remaining goods are counted": the other branch of
// the open decision.
func (a *analyzer) readRest(r *reading) ([]*draft, bool) {
	if !restRe.MatchString(r.body) || a.b.open == nil || r.inItem {
		return nil, false
	}
	ds := a.clauses(r.body, r.s)
	if len(ds) == 0 {
		return nil, false
	}
	a.applyTimes(ds, r.work, r.wait)
	a.b.addOtherwise(ds)
	return ds, true
}

// goesToRe finds things that go somewhere by themselves: "Bodies without
// defects go on to final assembly".
var goesToRe = regexp.MustCompile(`(?i)^(.+?)\s+(?:go|goes|move|moves|pass|passes|proceed|proceeds|continue|continues)\s+(?:on\s+|straight\s+|directly\s+)?to\s+(.{3,60}?)[.!]?$`)

// needsApprovalRe finds a requirement for someone's approval:
// "Requisitions above 10,000 EUR additionally need the approval of the
// department manager", "Scrapping … requires the sign-off of the plant
// controller".
var needsApprovalRe = regexp.MustCompile(`(?i)^(.+?)\s+(?:additionally\s+|also\s+|further\s+|then\s+)?(?:needs?|requires?|must\s+(?:have|get|receive|obtain)|(?:is|are)\s+subject\s+to)\s+(?:the\s+|an?\s+|additional\s+|further\s+|separate\s+|prior\s+|written\s+|formal\s+)*(approval|sign-off|signature|authori[sz]ation|consent|countersignature|release)\s+(?:of|from|by)\s+(?:the\s+|a\s+|an\s+|their\s+|its\s+|our\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)(?:\s+(?:before|after|within|if|when|once|as well|too)\b.*)?[.!]?$`)

// approvalVerbs is the step an approval noun asks of its giver.
var approvalVerbs = map[string]string{"approval": "approves", "sign-off": "signs off", "signature": "signs",
	"authorisation": "authorises", "authorization": "authorizes", "consent": "consents to",
	"countersignature": "countersigns", "release": "releases"}

// thresholdRe finds the part of a subject that limits it to some cases:
// "above 5,000 EUR", "with a value over 1,000", "of more than 10 days".
var thresholdRe = regexp.MustCompile(`(?i)\b(?:above|over|below|under|exceeding|more than|less than|higher than|lower than|from|with|without)\b`)

// needsApproval rewrites a requirement for someone's approval as the
// approver's step, conditional when the subject names the cases it
// applies to: "Requisitions above 10,000 EUR additionally need the
// approval of the department manager" reads "If the requisitions are
// above 10,000 EUR, the department manager approves the requisition".
// It returns body unchanged when the sentence is no such requirement;
// writer is who "me" is.
func needsApproval(body, writer string) string {
	m := needsApprovalRe.FindStringSubmatch(strings.TrimSpace(possessiveApproval(body)))
	if m == nil {
		return body
	}
	agent := strings.ToLower(m[3])
	if (agent == "me" || agent == "myself") && writer != "" {
		agent = strings.ToLower(writer) // "a sign-off from me": the writer's
	}
	if np := nounPhrase(strings.Fields(agent), 4); np == "" || !isAgent(np) {
		return body
	}
	ws := strings.Fields(m[1])
	if len(ws) > 0 && determiners[norm(ws[0])] {
		ws = ws[1:]
	}
	if len(ws) > 1 && strings.HasSuffix(strings.ToLower(ws[0]), "ing") && !thresholdRe.MatchString(ws[0]) {
		ws = ws[1:] // "Correcting journals above …": the journals
	}
	if len(ws) == 0 || len(ws) > 12 || pronouns[strings.ToLower(ws[0])] {
		return body
	}
	noun := strings.ToLower(strings.Trim(ws[0], ",.;:"))
	if len(noun) > 4 && strings.HasSuffix(noun, "s") && !strings.HasSuffix(noun, "ss") {
		noun = strings.TrimSuffix(noun, "s")
	}
	step := "the " + agent + " " + approvalVerbs[strings.ToLower(m[2])] + " the " + noun + "."
	if rest := strings.Join(ws[1:], " "); rest != "" && thresholdRe.MatchString(rest) {
		return "If the " + strings.ToLower(ws[0]) + " " + rest + ", " + step
	}
	return capitalise(step)
}
