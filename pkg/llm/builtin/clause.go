package builtin

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spade-bpmn/spade/pkg/llm/builtin/wordnet"
)

// clause is one action found in a sentence: who does what to which object.
type clause struct {
	performer string // "" when the sentence names nobody (imperative, passive)
	verb      string // base form, with a particle ("set up")
	object    []string
	from, to  string // "from the supplier", "to the manager"
	// leadIn is set for "Users should:" — no action, but it names the
	// performer of the list that follows.
	leadIn string
	// pronoun is set when the subject was "he", "she", "they", "we" …: the
	// performer is whoever acted last.
	pronoun bool
	pron    string // the pronoun itself: "he", "she"
	// alt marks an action that is an alternative to the one before it
	// ("approves or rejects").
	alt bool
}

// name is the activity name: imperative verb + object ("Check invoice").
func (c clause) name() string {
	v := c.verb
	if v == "e-mail" {
		v = "email"
	}
	var obj []string
	for _, w := range c.object {
		if n := norm(w); n != "the" && n != "a" && n != "an" {
			obj = append(obj, w)
		}
	}
	obj = limitWords(obj, 7)
	if len(obj) == 0 {
		return capitalise(v)
	}
	return capitalise(v) + " " + strings.Join(obj, " ")
}

// objectText is the object as a SIPOC entry ("Invoice"): the noun phrase
// up to its first preposition or verb ("batteries for all equipment are
// charged" → "batteries").
func (c clause) objectText() string {
	obj := c.object
	for i, w := range obj {
		n := norm(w)
		if i > 0 && (prepositions[n] || auxBe[n] || modals[n] || n == "that" || n == "which") {
			obj = obj[:i]
			break
		}
	}
	obj = limitWords(obj, 5)
	if len(obj) == 0 {
		return ""
	}
	return trimPunct(strings.Join(obj, " "))
}

var (
	fillers = set(`then next finally first firstly second secondly third thirdly afterwards subsequently also
		please now lastly and so additionally furthermore step`)
	leadInWords = set(`when once after before as upon during for in on at where prior following with
		to while whilst within throughout whenever`)
	adverbs = set(`also then usually normally typically always first immediately promptly carefully
		manually automatically quickly again now still only just both either ideally`)
	obligation = set(`responsible required encouraged expected asked supposed able going obliged requested
		advised instructed allowed permitted`)
	particles   = set(`up out off back over down through`)
	onParticle  = set(`power turn switch log sign`)
	cutWords    = set(`because so which who whom whose whereupon unless until before after once when whenever while whilst within using via otherwise then if where since during following upon prior according per whether but although though however except including e.g. i.e. e.g i.e rather without`)
	docSubjects = set(`page document section procedure sop policy guide protocol chapter manual this it
		fieldbook instructions instruction table figure note diagram form template overview`)
	timeUnits = regexp.MustCompile(`(?i)^(seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?|business|working)$`)
)

// parseClause finds the actions in one clause. prev is the object of the
// previous action, used for "it"/"them".
func parseClause(text string, prev string) []clause {
	ws := strings.Fields(text)
	for len(ws) > 0 && (fillers[norm(ws[0])] || isStepNumber(ws[0])) {
		ws = ws[1:]
	}
	if len(ws) > 2 && (norm(ws[0]) == "after" || norm(ws[0]) == "once" || norm(ws[0]) == "when") &&
		(norm(ws[1]) == "that" || norm(ws[1]) == "this" || norm(ws[1]) == "done") && !strings.HasSuffix(ws[1], ",") {
		ws = ws[2:] // "After that I pick …"
	}
	if len(ws) == 0 {
		return nil
	}
	// "When the order arrives, the clerk …": the lead-in is context.
	if leadInWords[norm(ws[0])] {
		for i := 1; i < len(ws) && i < 18; i++ {
			if strings.HasSuffix(ws[i], ",") && i+1 < len(ws) {
				ws = ws[i+1:]
				break
			}
		}
	}
	for len(ws) > 0 && fillers[norm(ws[0])] {
		ws = ws[1:]
	}
	if len(ws) == 0 {
		return nil
	}
	// "The librarian, who checks the card, scans the book": two actions
	// of one subject, the relative one first
	if m := relativeRe.FindStringSubmatch(strings.Join(ws, " ")); m != nil {
		if rel := parseClause(m[1]+" "+m[2], prev); len(rel) > 0 {
			next := prev
			if o := rel[len(rel)-1].objectText(); o != "" {
				next = o
			}
			return append(rel, parseClause(m[1]+" "+m[3], next)...)
		}
	}
	if cs := imperative(ws, prev); cs != nil {
		return cs
	}
	return declarative(ws, prev)
}

// relativeRe finds a subject with a relative clause between commas.
var relativeRe = regexp.MustCompile(`^([A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,4}),\s+(?:who|which)\s+([^,]{4,}),\s+(.{4,})$`)

// breaks reports whether a token ends a phrase: a comma, semicolon or
// colon after it ("invoice,"), not inside it ("10,000").
func breaks(w string) bool {
	w = strings.TrimRight(w, "\"')”’")
	return strings.HasSuffix(w, ",") || strings.HasSuffix(w, ";") || strings.HasSuffix(w, ":")
}

func isStepNumber(w string) bool {
	w = strings.TrimRight(w, ".):")
	if w == "" {
		return false
	}
	for _, r := range w {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return true
}

// imperative handles clauses that start with their verb: "Check the
// invoice", "Checking the invoice", "Verification of the invoice".
func imperative(ws []string, prev string) []clause {
	w0 := norm(ws[0])
	// nominal: "Verification of X", "Immediate post-flight confirmation that X"
	// a nominal phrase with a finite verb of its own is a sentence's
	// subject ("Further documentation … can be found here"); a verb
	// inside its "that"/"of" clause does not count
	finite := false
	for _, w := range ws {
		n := norm(w)
		if n == "that" || n == "of" || n == "whether" {
			break
		}
		if auxBe[n] || finiteModals[n] {
			finite = true
		}
	}
	for i := 0; i < 3 && i < len(ws) && !finite; i++ {
		v, ok := nominal[norm(ws[i])]
		if !ok {
			continue
		}
		if i > 0 && i+1 < len(ws) && !nominalLinks[norm(ws[i+1])] {
			break
		}
		next := ""
		if i+1 < len(ws) {
			next = norm(ws[i+1])
		}
		if next == "of" || next == "that" || next == "for" || next == "between" || (next == "" && i == 0) {
			rest := ws[i+1:]
			if next == "of" {
				rest = ws[i+2:]
			}
			if v == "check" || v == "review" || v == "test" {
				// "Consistency checks between …": the words before say what
				rest = append(lowerFirst(ws[:i]), rest...)
			}
			return finish(clause{verb: v}, rest, prev, formBase)
		}
		break
	}
	if w0 == "make" && len(ws) > 2 && norm(ws[1]) == "sure" {
		ws = append([]string{"ensure"}, ws[2:]...) // "Make sure …"
		w0 = "ensure"
	}
	base, form := verbForm(w0)
	if form == formNone || form == formPast {
		return nil
	}
	if len(ws) > 1 && docNouns[norm(ws[1])] {
		return nil // "Document status", "Process overview": a label
	}
	if form == formIng && strings.HasSuffix(ws[0], ",") {
		return nil
	}
	if form == formIng {
		// "Processing logs and configuration files provide …": a gerund
		// that is really the subject of a later verb
		for i := 1; i < len(ws) && i < 7; i++ {
			w := norm(ws[i])
			if breaks(ws[i-1]) {
				break
			}
			if auxBe[w] || modals[w] {
				return nil
			}
			if _, f := verbForm(ws[i]); (f == formBase || f == formThird) && strings.HasSuffix(norm(ws[i-1]), "s") {
				return nil
			}
		}
	}
	// "Order details are sent": the verb-looking word is a subject. Verbs
	// that take a clause ("Ensure it is set up") are the exception.
	for i := 1; i < len(ws) && i < 4 && !clauseVerbs[base]; i++ {
		w := norm(ws[i])
		if determiners[w] || w == "that" || w == "whether" || w == "if" || breaks(ws[i-1]) {
			break
		}
		if auxBe[w] || modals[w] || w == "has" || w == "have" {
			return nil
		}
		if _, f := verbForm(ws[i]); f == formThird && i == 1 && !verbs[w] {
			// "Process logs provide": plural noun then verb
			if i+1 < len(ws) {
				if _, f2 := verbForm(ws[i+1]); f2 == formBase || f2 == formThird {
					return nil
				}
			}
		}
	}
	if form == formThird && len(ws) > 1 && (auxBe[norm(ws[1])] || modals[norm(ws[1])]) {
		return nil
	}
	// "Purchase requisitions above 10,000 EUR must be approved": a finite
	// verb a few words on, with no article after the first word, means
	// the first word starts the subject
	if !clauseVerbs[base] && len(ws) > 1 && !determiners[norm(ws[1])] && !pronouns[norm(ws[1])] {
		for i := 1; i < len(ws) && i < 8; i++ {
			w := norm(ws[i])
			if breaks(ws[i-1]) || w == "that" || w == "which" || w == "who" || w == "if" || w == "when" {
				break
			}
			if auxBe[w] || finiteModals[w] {
				return nil
			}
		}
	}
	return finish(clause{verb: base}, ws[1:], prev, form)
}

// declarative handles "Subject verb object", passives and modals.
func declarative(ws []string, prev string) []clause {
	limit := len(ws)
	if limit > 9 {
		limit = 9
	}
	for i := 1; i < limit; i++ {
		if breaks(ws[i-1]) || strings.ContainsAny(ws[i-1], "()") {
			return nil
		}
		w := norm(ws[i])
		subject := ws[:i]
		if auxBe[w] {
			j := skipAdverbs(ws, i+1)
			if j >= len(ws) {
				return nil
			}
			if norm(ws[j]) == "not" {
				return nil
			}
			if obligation[norm(ws[j])] {
				return modalVerb(subject, ws, j+1, prev)
			}
			b, f := verbForm(ws[j])
			switch f {
			case formPast, formBase:
				if f == formBase && participle(b) != norm(ws[j]) && irregular[norm(ws[j])] == "" {
					return nil
				}
				// passive: the subject is the object
				if n := norm(subject[0]); n == "not" || n == "no" || n == "none" {
					return nil
				}
				if _, sf := verbForm(subject[0]); sf == formBase && len(subject) > 1 {
					return nil // "Ensure it is …" was an imperative
				}
				c := clause{verb: b, object: resolvePronoun(lowerFirst(stripDeterminers(passiveSubject(subject))), prev)}
				rest := ws[j+1:]
				// "The applicant is sent an offer": the thing sent is
				// the object, the person its receiver
				if len(rest) > 1 && (norm(rest[0]) == "a" || norm(rest[0]) == "an") {
					if np := nounPhrase(subject, 4); isAgent(np) || norm(subject[len(subject)-1]) == "others" {
						var obj []string
						for _, w := range rest[1:] {
							if prepositions[norm(w)] || cutWords[norm(w)] || norm(w) == "and" {
								break
							}
							obj = append(obj, w)
							if breaks(w) {
								break
							}
						}
						if len(obj) > 0 && len(obj) <= 4 {
							return []clause{{verb: b, object: cleanObject(obj), to: np}}
						}
					}
				}
				c.performer = byAgent(rest)
				return passive(c, rest, prev)
			case formIng:
				return withPerformer(finish(clause{verb: b}, ws[j+1:], prev, formIng), subject)
			}
			return nil
		}
		if modals[w] || (tryWords[w] && i+1 < len(ws) && norm(ws[i+1]) == "to") {
			return modalVerb(subject, ws, i+1, prev)
		}
		b, f := verbForm(ws[i])
		if f == formNone && i+1 < len(ws) && particles[norm(ws[i+1])] {
			// "operations rolls back the change": a phrasal verb even
			// where the word alone reads as a noun
			if pb, pf := lexicon().Base(norm(ws[i])); pf != wordnet.FormNone && lexicon().HasParticle(pb, norm(ws[i+1])) && pb != "be" && pb != "have" {
				b, f = pb, int(pf)
			}
		}
		if f == formNone || f == formIng {
			continue
		}
		if weakVerb(ws[i]) && (i+1 >= len(ws) || !(determiners[norm(ws[i+1])] || pronouns[norm(ws[i+1])] ||
			particles[norm(ws[i+1])])) {
			continue // "Purchase requisitions above …": a plural noun
		}
		subj := norm(subject[len(subject)-1])
		if determiners[subj] || subj == "not" || norm(subject[0]) == "not" || norm(subject[0]) == "no" {
			continue
		}
		if f == formPast {
			if _, sf := verbForm(subj); sf != formNone && !roleWords[subj] {
				continue // "operations follow documented SOPs"
			}
		}
		if f == formBase && !(len(subject) == 1 && (pronouns[subj] || roleWords[subj])) && !pluralSubject(subject) {
			continue
		}
		if i+1 < len(ws) && (auxBe[norm(ws[i+1])] || modals[norm(ws[i+1])]) {
			continue
		}
		if (f == formThird || f == formBase) && (statives[b] || b == "apply" && i+1 < len(ws) && norm(ws[i+1]) == "to") {
			return nil // "The policy applies to all staff"
		}
		if b == "take" && i+1 < len(ws) && isDuration(ws[i+1:]) {
			return nil // "which takes about 2 hours": time, not work
		}
		return withPerformer(finish(clause{verb: b}, ws[i+1:], prev, f), subject)
	}
	return nil
}

// modalVerb handles "Users should (also) consider …", "The manager must
// be informed", "Staff are required to log …" and the lead-in "Users
// should:".
func modalVerb(subject, ws []string, j int, prev string) []clause {
	for j < len(ws) && (norm(ws[j]) == "to" || norm(ws[j]) == "for" || adverbs[norm(ws[j])]) {
		j++
	}
	if j >= len(ws) || strings.HasSuffix(ws[j-1], ":") {
		if isAgent(nounPhrase(subject, 5)) {
			return []clause{{leadIn: nounPhrase(subject, 5)}}
		}
		return nil
	}
	if norm(ws[j]) == "not" || norm(ws[j]) == "never" {
		return nil
	}
	if norm(ws[j]) == "be" && j+1 < len(ws) {
		b, f := verbForm(ws[j+1])
		if f == formPast || (f == formBase && irregular[norm(ws[j+1])] != "") {
			c := clause{verb: b, object: resolvePronoun(lowerFirst(stripDeterminers(passiveSubject(subject))), prev)}
			c.performer = byAgent(ws[j+2:])
			return passive(c, ws[j+2:], prev)
		}
		return nil
	}
	b, f := verbForm(ws[j])
	if f == formNone {
		return nil
	}
	if f != formIng {
		f = formBase
	}
	return withPerformer(finish(clause{verb: b}, ws[j+1:], prev, f), subject)
}

func skipAdverbs(ws []string, j int) int {
	for j < len(ws) && adverbs[norm(ws[j])] {
		j++
	}
	return j
}

// withPerformer sets the performer of the clauses from the subject words,
// unless the subject is a pronoun (resolved from context later) or names a
// document ("This page describes"), which is no action at all.
func withPerformer(cs []clause, subject []string) []clause {
	for len(subject) > 1 && adverbs[norm(subject[len(subject)-1])] {
		subject = subject[:len(subject)-1] // "She then forwards …"
	}
	np := nounPhrase(subject, 6)
	if np == "" {
		return cs
	}
	head := norm(subject[len(subject)-1])
	for _, w := range stripDeterminers(subject) {
		if docSubjects[norm(w)] && !roleWords[norm(w)] {
			return nil
		}
	}
	if pronouns[head] && len(stripDeterminers(subject)) == 1 && subject[len(subject)-1] != "IT" {
		for i := range cs {
			cs[i].pronoun = true
			cs[i].pron = head
		}
		return cs
	}
	if !isAgent(np) && !actsOnObject(cs, subject) {
		return nil
	}
	for i := range cs {
		if cs[i].performer == "" {
			cs[i].performer = np
		}
	}
	return cs
}

// objectNouns are things that are worked on, never the ones doing the
// work: "The invoice shows the amount" is no step of the invoice's.
var objectNouns = set(`invoice invoices order orders form forms request requests application applications report reports
	document documents file files goods item items product products parcel package delivery claim claims ticket
	tickets case cases contract contracts payment payments data information message messages email e-mail letter
	letters note notes list lists sheet sheets record records money fee fees result results sample samples batch
	part parts car vehicle book books link password account accounts process procedure step steps amount price
	table figure chart value values field fields time date deadline rule rules policy text page section`)

// actsOnObject reports whether a subject that is no known role still
// reads as the performer: a short noun phrase ("The storehouse", "The
// GO") doing something to an object named right after the verb.
func actsOnObject(cs []clause, subject []string) bool {
	ws := stripDeterminers(subject)
	if len(cs) == 0 || len(cs[0].object) == 0 || len(ws) == 0 || len(ws) > 4 {
		return false
	}
	for _, w := range ws {
		n := norm(w)
		if objectNouns[n] || docSubjects[n] || nonAgents[n] || pronouns[n] || prepositions[n] || n == "and" || n == "or" || numberWord(w) {
			return false
		}
		if len(ws) == 1 && verbFirst(w) && !isCapitalised(w) {
			return false // "Review the …" read as a subject
		}
	}
	return true
}

// isDuration reports whether ws start with a duration: "2 hours",
// "about 15 minutes", "up to a day".
func isDuration(ws []string) bool {
	for len(ws) > 0 && (adverbs[norm(ws[0])] || norm(ws[0]) == "about" || norm(ws[0]) == "approximately" ||
		norm(ws[0]) == "up" || norm(ws[0]) == "to" || norm(ws[0]) == "around") {
		ws = ws[1:]
	}
	return len(ws) > 1 && numberWord(ws[0]) && timeUnits.MatchString(norm(ws[1]))
}

// verbFirst reports whether w is a verb more often than a noun.
func verbFirst(w string) bool {
	b, f := verbForm(w)
	if f == formNone {
		return false
	}
	e, ok := lexicon().Lookup(b)
	return !ok || e.Verb > e.Noun
}

// pluralSubject reports whether a subject ends in a plural noun
// ("Developers", "the counters") that takes a verb's base form.
func pluralSubject(subject []string) bool {
	ws := stripDeterminers(subject)
	for i, w := range ws {
		// "The team lead and the recruiter interview …"
		if norm(w) == "and" && i > 0 && i+1 < len(ws) && len(ws) <= 7 && isAgent(nounPhrase(ws[:i], 4)) {
			return true
		}
	}
	if len(ws) == 0 || len(ws) > 4 {
		return false
	}
	head := norm(ws[len(ws)-1])
	if len(head) < 4 || !strings.HasSuffix(head, "s") || strings.HasSuffix(head, "ss") || objectNouns[head] {
		return false
	}
	for _, w := range ws {
		if prepositions[norm(w)] || pronouns[norm(w)] {
			return false
		}
	}
	return true
}

// finish parses the object after the verb, up to where the clause turns to
// something else, and splits "… and sends it to …" into a second clause.
func finish(c clause, rest []string, prev string, form int) []clause {
	if len(rest) > 0 {
		p := norm(rest[0])
		if particles[p] || (p == "on" && onParticle[c.verb]) {
			c.verb += " " + p
			rest = rest[1:]
		}
	}
	var tail []string
	var other []clause // a coordinated clause with its own subject
	alt := false       // the tail is an alternative ("… or …")
	tailPron := ""     // the tail's subject is this pronoun ("… and I log them")
	stop := len(rest)
	for j := 0; j < len(rest); j++ {
		stop = j
		w := norm(rest[j])
		if j == 0 && (w == "and" || w == "or") && len(rest) > 2 {
			// "picks and packs the goods": two actions on one object
			if b2, f2 := verbForm(rest[1]); f2 != formNone && (f2 == form || f2 == formBase) && !determiners[norm(rest[1])] {
				second := finish(clause{verb: b2}, rest[2:], prev, f2)
				if len(second) > 0 && len(second[0].object) > 0 {
					c.object = second[0].object
					c.to, c.from = second[0].to, second[0].from
					second[0].alt = w == "or" // "approves or rejects the claim": a choice
					return append([]clause{c}, second...)
				}
			}
			return nil
		}
		if j == 0 && (w == "and" || w == "or" || auxBe[w]) {
			return nil
		}
		if (w == "whether" || w == "that" || w == "if") && j == 0 {
			c.object = append(c.object, rest[j])
			continue
		}
		if strings.HasPrefix(rest[j], "(") {
			// skip a parenthetical aside and read on
			for j < len(rest) && !strings.Contains(rest[j], ")") {
				j++
			}
			if j < len(rest) && strings.HasSuffix(strings.TrimRight(rest[j], ".;:"), ")") && strings.ContainsAny(rest[j], ",;:.") && !strings.HasSuffix(rest[j], ")") {
				break
			}
			continue
		}
		if cutWords[w] || (w == "in" && j+1 < len(rest) && norm(rest[j+1]) == "order") || rest[j] == "—" || rest[j] == "–" {
			break
		}
		if w == "at" && j+1 < len(rest) && norm(rest[j+1]) == "least" {
			break
		}
		if w == "for" || w == "about" || w == "approximately" || w == "around" || w == "up" {
			if j+1 < len(rest) && (numberWord(rest[j+1]) || norm(rest[j+1]) == "to" || norm(rest[j+1]) == "about") {
				break
			}
		}
		if numberWord(rest[j]) && j+1 < len(rest) && timeUnits.MatchString(norm(rest[j+1])) {
			break
		}
		if w == "from" {
			c.from = nounPhrase(rest[j+1:], 4)
			break
		}
		if w == "to" {
			if j+1 < len(rest) {
				if _, f := verbForm(rest[j+1]); f == formBase {
					break
				}
			}
			c.to = nounPhrase(rest[j+1:], 4)
			break
		}
		if w == "by" {
			break
		}
		if (w == "in" || w == "on" || w == "with" || w == "into") && j+1 < len(rest) {
			k := j + 1
			if k < len(rest) && determiners[norm(rest[k])] {
				k++
			}
			if k < len(rest) && isSystem(rest[k]) {
				break
			}
		}
		if w == "and" && j+1 < len(rest) {
			// "… and comes back": a verb that names no step still ends
			// the object
			if b, f := lexicon().Base(norm(rest[j+1])); f == wordnet.FormThird && notWork[b] {
				break
			}
		}
		if w == "or" && j+1 < len(rest) {
			// "… opposes the dismissal or confirms it": a choice between
			// two actions
			if _, f := verbForm(rest[j+1]); f != formNone && f != formIng && (f == form || f == formThird) && !determiners[norm(rest[j+1])] {
				tail, alt = rest[j+1:], true
				break
			}
		}
		if w == "and" || w == "then" {
			if j+1 < len(rest) {
				nxt := rest[j+1:]
				if norm(nxt[0]) == "then" && len(nxt) > 1 {
					nxt = nxt[1:]
				}
				if personal[norm(nxt[0])] && len(nxt) > 1 {
					tailPron = norm(nxt[0])
					nxt = nxt[1:] // "… and then I enter it"
				}
				if _, f := verbForm(nxt[0]); f != formNone && (f != formIng || form == formIng) && (f == form || f == formThird || f == formBase) && !determiners[norm(nxt[0])] {
					tail = nxt
					break
				}
				// "… and the research office reviews it": a clause with a
				// subject of its own
				if w == "and" && len(nxt) > 2 && !personal[norm(nxt[0])] {
					if cs := declarative(nxt, prev); len(cs) > 0 && (cs[0].performer != "" || cs[0].pronoun || determiners[norm(nxt[0])]) {
						other = cs // "… and a rejection letter is sent"
						break
					}
				}
			}
		}
		c.object = append(c.object, rest[j])
		if strings.HasSuffix(rest[j], ",") && len(c.object) < 2 && j+1 < len(rest) {
			if _, f := verbForm(rest[j+1]); f == formNone && !cutWords[norm(rest[j+1])] && norm(rest[j+1]) != "and" {
				continue // "calibrated, georeferenced frames"
			}
		}
		if breaks(rest[j]) || strings.ContainsAny(rest[j], "()") {
			if j+1 < len(rest) {
				nxt := rest[j+1:]
				for len(nxt) > 0 && (norm(nxt[0]) == "and" || norm(nxt[0]) == "then") {
					nxt = nxt[1:]
				}
				if len(nxt) > 0 {
					if _, f := verbForm(nxt[0]); f == formThird || (f == form && f != formNone) {
						tail = nxt
					}
				}
			}
			break
		}
	}
	relative := false
	if tail == nil && stop < len(rest) {
		tail, relative, tailPron = findTail(rest[stop:], form)
	}
	c.object = cleanObject(c.object)
	c.object = resolvePronoun(c.object, prev)
	out := []clause{c}
	if len(other) > 0 {
		o := c.objectText()
		for _, t := range other {
			if o != "" {
				t.object = resolvePronoun(t.object, o)
			}
			out = append(out, t)
		}
		return out
	}
	if len(tail) > 0 {
		next := prev
		if o := c.objectText(); o != "" {
			next = o
		}
		if b, f := verbForm(tail[0]); f != formNone {
			for k, t := range finish(clause{verb: b}, tail[1:], next, f) {
				t.alt = alt && k == 0
				if tailPron != "" && tailPron != "he" && tailPron != "she" && t.performer == "" {
					// "…, and I log them": the speaker, not the subject
					// before
					t.pronoun, t.pron = true, tailPron
				} else if t.performer == "" {
					t.performer = c.performer
					if relative && c.to != "" && isAgent(c.to) {
						t.performer = c.to // "… to the technician, who schedules …"
					}
				}
				if len(t.object) == 0 && f == formPast {
					t.object = c.object
				}
				if len(t.object) == 0 && !strings.Contains(t.verb, " ") {
					continue // "… and set to local CTAF": too little to name
				}
				out = append(out, t)
			}
		}
	}
	return out
}

// byAgent finds the performer of a passive: "… by the finance manager".
func byAgent(rest []string) string {
	for k, r := range rest {
		if norm(r) == "by" && k+1 < len(rest) {
			if agent := nounPhrase(rest[k+1:], 4); isAgent(agent) {
				return agent
			}
			return ""
		}
		if cutWords[norm(r)] {
			return ""
		}
	}
	return ""
}

// passive completes a passive clause whose object is already known from
// the subject: the rest only adds "from"/"to" and further actions ("… and
// then sent to the manager").
func passive(c clause, rest []string, prev string) []clause {
	tmp := finish(clause{verb: c.verb}, rest, prev, formPast)
	if len(tmp) == 0 {
		return []clause{c}
	}
	c.from, c.to = tmp[0].from, tmp[0].to
	c.verb = tmp[0].verb // with its particle: "switched off"
	out := []clause{c}
	for _, t := range tmp[1:] {
		if t.performer == "" {
			t.performer = c.performer
		}
		if len(t.object) == 0 {
			t.object = c.object
		}
		out = append(out, t)
	}
	return out
}

// findTail looks past a cut ("… by email and then I enter it …") for a
// further action joined by "and"/"then".
func findTail(ws []string, form int) (tail []string, relative bool, pron string) {
	for j := 0; j+1 < len(ws); j++ {
		pron = ""
		w := norm(ws[j])
		if w != "and" && w != "then" && !strings.HasSuffix(ws[j], ",") {
			continue
		}
		if cutWords[w] && w != "then" {
			return nil, false, ""
		}
		joined := w == "and" || w == "then"
		nxt := ws[j+1:]
		if strings.HasSuffix(ws[j], ",") && len(nxt) > 1 && (norm(nxt[0]) == "which" || norm(nxt[0]) == "who") {
			// "…, which records the goods receipt": the same performer
			// acts; "…, who schedules" or "… to the quality team, which
			// analyses": the party just named does
			if _, f := verbForm(nxt[1]); f == formThird {
				return nxt[1:], true, ""
			}
			return nil, false, ""
		}
		for len(nxt) > 1 && (norm(nxt[0]) == "then" || norm(nxt[0]) == "and" || personal[norm(nxt[0])]) {
			joined = true
			if personal[norm(nxt[0])] {
				pron = norm(nxt[0])
			}
			nxt = nxt[1:]
		}
		b, f := verbForm(nxt[0])
		if f == formNone || f == formIng || (timeVerbs[b] && !(b == "wait" && len(nxt) > 2 && norm(nxt[1]) == "for" && !numberWord(nxt[2]))) {
			continue // "… and takes 15 minutes"; "… and waits for the reply" is an event
		}
		// after a bare comma only the same verb form continues a series
		// of actions; "…, coordinate reference system" is a list of nouns
		if f == form || f == formThird || (joined && f == formBase) {
			return nxt, false, pron
		}
	}
	return nil, false, ""
}

var reflexives = set(`myself yourself himself herself itself ourselves yourselves themselves`)

// labelAdverbs say when or how, never what: they leave the object ("pay
// the duties afterwards" → "Pay duties").
var labelAdverbs = set(`afterwards afterward later subsequently immediately thereafter therefore furthermore moreover
	hence thus meanwhile`)

func cleanObject(ws []string) []string {
	ws = stripDeterminers(ws)
	out := make([]string, 0, len(ws))
	for i, w := range ws {
		if reflexives[norm(w)] || labelAdverbs[norm(w)] {
			continue
		}
		t := strings.Trim(w, ",;:()[]\"“”")
		if i == len(ws)-1 {
			t = strings.TrimRight(t, ".!?")
		}
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}

// passiveSubject drops a leading prepositional phrase from a passive
// subject: "In dusty environments an additional tarp" → "additional tarp".
func passiveSubject(ws []string) []string {
	if len(ws) > 1 && prepositions[norm(ws[0])] {
		// the last determiner starts the subject: "In both cases the
		// complaint" → "the complaint"
		for i := len(ws) - 1; i >= 1; i-- {
			if determiners[norm(ws[i])] {
				return ws[i:]
			}
		}
	}
	return ws
}

func lowerFirst(ws []string) []string {
	if len(ws) == 0 {
		return ws
	}
	out := append([]string(nil), ws...)
	w := out[0]
	if w != strings.ToUpper(w) && !isSystem(w) {
		if r, n := utf8.DecodeRuneInString(w); r != utf8.RuneError {
			out[0] = string(unicode.ToLower(r)) + w[n:]
		}
	}
	return out
}

// resolvePronoun replaces the pronouns of an object with what they stand
// for: "it", "them" with the previous object, "him", "her" with it when it
// is a person; possessives go ("return it with its certificates" →
// "return questionnaire with certificates").
func resolvePronoun(obj []string, prev string) []string {
	var out []string
	used := false
	for i, w := range obj {
		n := norm(w)
		end := i+1 == len(obj) || prepositions[norm(obj[i+1])] || norm(obj[i+1]) == "and" || norm(obj[i+1]) == "again"
		switch {
		case n == "it" || n == "them" || ((n == "this" || n == "these" || n == "that" || n == "those") && end):
			if prev != "" && !used {
				out = append(out, strings.Fields(prev)...)
				used = true
			}
		case n == "him" || n == "her" && end:
			if prev != "" && !used && isAgent(titleCase(prev)) {
				out = append(out, strings.Fields(prev)...)
				used = true
			}
		case n == "one" && i == len(obj)-1 && i <= 1:
			// "choose another one"
			if prev != "" && !used {
				out = append(out, strings.Fields(prev)...)
				used = true
			}
		case n == "its" || n == "their" || n == "his" || n == "her":
		default:
			out = append(out, w)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// nounPhrase turns subject or object words into a name ("the accounts
// payable team" → "Accounts Payable Team"), or "" if too long to be one.
func nounPhrase(ws []string, max int) string {
	for len(ws) > 0 && adverbs[norm(ws[0])] {
		ws = ws[1:]
	}
	ws = stripDeterminers(ws)
	var out []string
	for i, w := range ws {
		n := norm(w)
		if n == "of" && len(out) > 0 && ofRoles[norm(out[len(out)-1])] && len(out) < max-1 {
			out = append(out, "of") // "head of department"
			continue
		}
		if n == "" || cutWords[n] || prepositions[n] || n == "and" && len(out) >= 2 {
			break
		}
		if n == "and" && i+1 < len(ws) && determiners[norm(ws[i+1])] {
			break // "the nurse and the appointment is scheduled": a new clause
		}
		if adverbs[n] {
			continue
		}
		if _, f := verbForm(w); f == formThird && len(out) > 0 && !roleWords[n] {
			break
		}
		t := strings.Trim(w, ",;:.()[]\"“”!?")
		out = append(out, t)
		if breaks(w) || strings.HasSuffix(w, ".") || strings.ContainsAny(w, "()") {
			break
		}
	}
	if len(out) == 0 || len(out) > max {
		return ""
	}
	return titleCase(strings.Join(out, " "))
}

// ofRoles take an "of" phrase into their name: "head of department",
// "director of operations".
var ofRoles = set(`head heads director directors chief chiefs vice member members secretary board department office`)

// isAgent reports whether a noun phrase names someone or something that
// performs work: a role, a team, a named person or a system.
func isAgent(np string) bool {
	if np == "" {
		return false
	}
	ws := strings.Fields(np)
	for _, w := range ws {
		if isSystem(norm(w)) {
			return true
		}
	}
	// the head noun (last word) decides: "Accounts Payable Clerk" is a
	// clerk, "Shutter and Aperture Priority" is a priority
	head := norm(ws[len(ws)-1])
	if roleWords[head] {
		return true
	}
	for _, suf := range []string{"er", "ers", "or", "ors", "ist", "ists", "ian", "ians", "ee", "ees", "ant", "ants"} {
		if strings.HasSuffix(head, suf) && len(head) > len(suf)+3 && !nonAgents[head] {
			return true
		}
	}
	return false
}

var (
	nominalLinks = set(`of that between for on`)
	finiteModals = set(`must should shall will can may might could would`)
	tryWords     = set(`try tries tried attempt attempts attempted start starts started begin begins began want wants need needs continue continues proceed proceeds`)
	clauseVerbs  = set(`ensure confirm check verify validate note test make`)
	personal     = set(`i we he she they you`)
	timeVerbs    = set(`take wait`)
)

var docNouns = set(`status structure control history information owner version title overview summary
	number id date type name scope purpose description details id`)

var prepositions = set(`by with in on at for via using from to into onto of about after before during through under over per as against across within without`)

var nonAgents = set(`order orders folder folders paper papers number numbers error errors sensor sensors
	vector vectors content parameter parameters letter letters matter meter meters filter filters
	register registers colour color monitor monitors water weather other others after under over
	cover power data header footer trigger chapter counter border buffer marker markers indicator
	indicators factor factors quarter master poster calendar calculator elevator container containers
	constant important relevant significant detector detectors connector connectors
	spreadsheet anemometer barometer variant variants coordinator further former latter either neither rather
	whether never ever together however answer answers`)

func numberWord(w string) bool {
	n := norm(w)
	if _, ok := numberWords[n]; ok {
		return true
	}
	if n == "" {
		return false
	}
	return n[0] >= '0' && n[0] <= '9'
}

func isSystem(w string) bool {
	n := norm(w)
	for _, s := range systemNames {
		if s.pattern == n {
			return true
		}
	}
	return n == "system"
}
