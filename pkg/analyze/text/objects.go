package text

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
)

// finish parses the object after the verb, up to where the clause turns to
// something else, and splits "… and sends it to …" into a second clause.
// It runs in phases: the verb's particle, a leading "and"/"or" (two verbs
// on one object), the word-by-word object scan (objectScan), the object's
// clean-up, then the coordinated clauses the scan left over.
func finish(c clause, rest []string, prev string, form int) []clause {
	c, rest = takeParticle(c, rest)
	if len(rest) > 0 {
		if w := norm(rest[0]); w == "and" || w == "or" || auxBe[w] {
			return leadingCoordination(c, rest, prev, form)
		}
	}
	s := &objectScan{c: c, rest: rest, prev: prev, form: form, stop: len(rest)}
	s.run()
	s.laterClause()
	relative := false
	if s.tail == nil && s.stop < len(rest) {
		s.tail, relative, s.tailPron = findTail(rest[s.stop:], form)
	}
	c = settleObject(s.c, prev)
	if len(s.other) > 0 {
		return withOwnSubjects(c, s.other)
	}
	out := []clause{c}
	if len(s.tail) > 0 {
		out = append(out, tailClauses(c, s.tail, prev, form, s.alt, s.tailPron, relative)...)
	}
	return out
}

// laterClausePreps are the prepositions of a place or system the object
// scan ends at, after which a clause of its own may follow ("… enters
// the order in the CRM and the system checks the address").
var laterClausePreps = set(`in into on with at via`)

// laterClause finds, after an object the scan ended at a recipient or a
// source ("… is invited to an interview and the manager makes an
// offer"), a clause with a subject of its own a few words on: other, as
// the scan would have.
func (s *objectScan) laterClause() {
	rest := s.rest
	if s.tail != nil || len(s.other) > 0 || s.stop >= len(rest) {
		return
	}
	if w := norm(rest[s.stop]); w != "to" && w != "from" && !laterClausePreps[w] {
		return // only after a recipient, a source or a place ("in the CRM")
	}
	for k := s.stop + 1; k+2 < len(rest) && k <= s.stop+6; k++ {
		if breaks(rest[k-1]) {
			return
		}
		if norm(rest[k]) == "and" && (determiners[norm(rest[k+1])] || acronymSubject(rest[k+1:k+2])) {
			if w := norm(rest[s.stop]); laterClausePreps[w] && takesOver(rest[k+1:]) {
				return // "… in the ERP and the order desk takes it from there": a handover, no step
			}
			s.coordinated("and", rest[k+1:])
			return
		}
	}
}

// takesOver reports whether a clause hands the case on without naming
// work: "the order desk takes it from there".
func takesOver(ws []string) bool {
	return strings.HasSuffix(strings.TrimRight(strings.ToLower(strings.Join(ws, " ")), ".!"), "from there")
}

// takeParticle joins a particle right after the verb to it: "hands over
// the keys" → "hand over".
func takeParticle(c clause, rest []string) (clause, []string) {
	if len(rest) == 0 {
		return c, rest
	}
	p := norm(rest[0])
	upTo := p == "up" && len(rest) > 1 && norm(rest[1]) == "to" // "selects up to five"
	// "hired through an agency": "through" and "over" are particles
	// only of verbs that take them ("go through", "hand over")
	prepLike := (p == "through" || p == "over") && !lexicon().HasParticle(c.verb, p)
	if (particles[p] && !upTo && !prepLike) || (p == "on" && onParticle[c.verb]) || (p == "in" && inParticle[c.verb]) {
		c.verb += " " + p
		rest = rest[1:]
	}
	return c, rest
}

// leadingCoordination reads an object that starts with "and", "or" or a
// form of "be": "picks and packs the goods" (two actions on one object),
// "approves or rejects the claim" (a choice), "… are closed and the
// employee is notified" (a clause with its own subject). Anything else
// names no object: nil.
func leadingCoordination(c clause, rest []string, prev string, form int) []clause {
	w := norm(rest[0])
	if (w != "and" && w != "or") || !(len(rest) > 2 || (len(rest) == 2 && form == formPast)) {
		return nil
	}
	if b2, f2 := verbForm(rest[1]); f2 != formNone && (f2 == form || f2 == formBase) && !determiners[norm(rest[1])] {
		second := finish(clause{verb: b2}, rest[2:], prev, f2)
		if form == formPast && f2 == formPast && len(second) > 0 {
			// "… are set aside and reported to purchasing": both
			// participles act on the passive's subject
			return append([]clause{c}, second...)
		}
		if len(second) > 0 && (len(second[0].object) > 0 || second[0].to != "") && strings.Contains(c.verb, " ") {
			// "logs in and sets a new password", "rolls back and
			// returns to scheduling": a phrasal verb is done, the
			// object or the place belongs to the second
			return append([]clause{c}, second...)
		}
		if len(second) > 0 && len(second[0].object) > 0 {
			c.object = second[0].object
			c.to, c.from = second[0].to, second[0].from
			second[0].alt = w == "or" // "approves or rejects the claim": a choice
			return append([]clause{c}, second...)
		}
	}
	if w == "and" && len(rest) > 3 && determiners[norm(rest[1])] {
		// "… are closed and the employee is notified": a clause
		// with a subject of its own
		if cs := declarative(rest[1:], prev); len(cs) > 0 {
			return append([]clause{c}, cs...)
		}
	}
	return nil
}

// objectScan reads the object after the verb word by word until the
// clause turns to something else, and keeps what follows the object: a
// coordinated action (tail), a clause with a subject of its own (other).
type objectScan struct {
	c        clause
	rest     []string
	prev     string
	form     int
	tail     []string
	other    []clause // a coordinated clause with its own subject
	alt      bool     // the tail is an alternative ("… or …")
	tailPron string   // the tail's subject is this pronoun ("… and I log them")
	stop     int      // where the object ended
}

func (s *objectScan) run() {
	for j := 0; j < len(s.rest); j++ {
		s.stop = j
		next, done := s.at(j)
		if done {
			return
		}
		j = next
	}
}

// at reads the word at j: it returns the index the scan reads on from
// (less one) and whether the object ends here.
func (s *objectScan) at(j int) (int, bool) {
	w := norm(s.rest[j])
	switch {
	case j == 0 && clauseObjects[w]:
		s.c.object = append(s.c.object, s.rest[j]) // "checks whether …"
		return j, false
	case s.relativeAt(j, w):
		return j, true // "clears any that are older": a relative clause
	case strings.HasPrefix(s.rest[j], "("):
		return skipAside(s.rest, j)
	case objectCut(s.rest, j, w):
		return j, true
	case s.pronounParticle(j, w):
		s.c.verb += " " + w // "hands it in at the desk": "hand in"
		return j, false
	case s.upToNumber(j, w):
		return j + 2, false // "selects up to five candidates": the candidates
	case s.quantityCut(j, w):
		return j, true
	case w == "from":
		s.c.from = nounPhrase(s.rest[j+1:], 4)
		return j, true
	case w == "to":
		return s.atTo(j)
	case w == "by" || systemFollows(s.rest, j, w):
		return j, true
	case s.joinsAction(j, w):
		return j, true
	}
	return s.take(j)
}

// relativeAt reports whether w, at j, opens a relative clause after
// the object: "that" or "which" before a form of be or a modal.
func (s *objectScan) relativeAt(j int, w string) bool {
	return (w == "that" || w == "which") && j > 0 && j+1 < len(s.rest) && (auxBe[norm(s.rest[j+1])] || finiteModals[norm(s.rest[j+1])])
}

// upToNumber reports whether w, at j, opens "up to five" before any
// object.
func (s *objectScan) upToNumber(j int, w string) bool {
	return w == "up" && len(s.c.object) == 0 && j+2 < len(s.rest) && norm(s.rest[j+1]) == "to" && numberWord(s.rest[j+2])
}

// atTo reads "to" at j like at: a recipient before the object reads on
// to the object; a purpose ("… to check") or a recipient after it ends
// the object.
func (s *objectScan) atTo(j int) (int, bool) {
	if len(s.c.object) == 0 && s.recipientFirst(j) > 0 {
		// "sends to the supplier the order", "solicits to the candidate
		// the documentation": the recipient before the object
		k := s.recipientFirst(j)
		s.c.to = nounPhrase(s.rest[j+1:k], 4)
		return k - 1, false
	}
	if j+1 < len(s.rest) {
		if _, f := verbForm(s.rest[j+1]); f == formBase {
			if k, ok := s.askContent(j); ok {
				return k, true // "asks the caller to sign in": what is asked
			}
			return j, true // "… to check": a purpose
		}
	}
	s.c.to = nounPhrase(s.rest[j+1:], 4)
	return j, true
}

// recipientFirst is where the object starts after a recipient that
// comes first ("to the candidate the documentation"), or 0: an article
// opens the recipient and another one, within four words, the object.
func (s *objectScan) recipientFirst(j int) int {
	rest := s.rest
	if j+1 >= len(rest) || !articles[norm(rest[j+1])] {
		return 0
	}
	for k := j + 2; k < len(rest) && k <= j+5; k++ {
		if breaks(rest[k-1]) || prepositions[norm(rest[k])] {
			return 0
		}
		if articles[norm(rest[k])] {
			if !isAgent(nounPhrase(rest[j+1:k], 4)) && !isExternal(nounPhrase(rest[j+1:k], 4)) {
				return 0
			}
			return k
		}
	}
	return 0
}

// articles open a noun phrase.
var articles = set(`the a an`)

// clauseObjects open an object that is a clause: "checks whether …".
var clauseObjects = set(`whether that if which what how`)

// skipAside skips a parenthetical aside from j and reads on; an aside
// closed and followed by a full stop ("(EUR 500).") ends the object.
func skipAside(rest []string, j int) (int, bool) {
	for j < len(rest) && !strings.Contains(rest[j], ")") {
		j++
	}
	if j < len(rest) && strings.HasSuffix(strings.TrimRight(rest[j], ".;:"), ")") && strings.ContainsAny(rest[j], ",;:.") && !strings.HasSuffix(rest[j], ")") {
		return j, true
	}
	return j, false
}

// objectCut says whether the word w at j ends the object whatever the
// object holds so far: a cut word, "in order to", a dash, "the day
// before", "at least".
func objectCut(rest []string, j int, w string) bool {
	if cutWords[w] || (w == "in" && j+1 < len(rest) && norm(rest[j+1]) == "order") || rest[j] == "—" || rest[j] == "–" {
		return true
	}
	if w == "the" && j > 0 && j+2 < len(rest) && timeNouns[norm(rest[j+1])] && (norm(rest[j+2]) == "before" || norm(rest[j+2]) == "after") {
		return true // "prepares the environment the day before"
	}
	return w == "at" && j+1 < len(rest) && norm(rest[j+1]) == "least"
}

// pronounParticle says whether w is the particle of a verb whose object
// is a lone pronoun: "hands it in at the desk", not "logs it in the CRM".
func (s *objectScan) pronounParticle(j int, w string) bool {
	rest := s.rest
	if j != 1 || len(s.c.object) != 1 || !(personalObjects[norm(s.c.object[0])] || norm(s.c.object[0]) == "it") || strings.Contains(s.c.verb, " ") {
		return false
	}
	if !(particles[w] && w != "through" && w != "over" || (w == "in" && inParticle[s.c.verb]) || (w == "on" && onParticle[s.c.verb])) {
		return false
	}
	return j+1 >= len(rest) || breaks(rest[j]) || prepositions[norm(rest[j+1])] || norm(rest[j+1]) == "and"
}

// quantityCut says whether an amount or a duration starts at j: "… for
// 30 days", "… about to", "… 2 hours".
func (s *objectScan) quantityCut(j int, w string) bool {
	rest := s.rest
	if (w == "for" || w == "about" || w == "approximately" || w == "around" || w == "up") &&
		!(len(s.c.object) == 1 && personalObjects[norm(s.c.object[0])]) { // "asks them for a deposit"
		if j+1 < len(rest) && (numberWord(rest[j+1]) || norm(rest[j+1]) == "to" || norm(rest[j+1]) == "about") {
			// "asks the supplier for 5 samples": things asked for, not an
			// amount or a duration
			return !(w == "for" && numberWord(rest[j+1]) && j+2 < len(rest) && (countedThing(rest[j+2]) || articleThing(rest[j+1], rest[j+2])))
		}
	}
	return numberWord(rest[j]) && j+1 < len(rest) && timeUnits.MatchString(norm(rest[j+1]))
}

// countedThing reports a plural noun after a number that is neither a
// unit of time nor of money: "5 samples", not "30 days" or "100 EUR".
func countedThing(w string) bool {
	n := norm(w)
	if timeUnits.MatchString(n) || moneyUnits[n] || len(n) < 4 || !strings.HasSuffix(n, "s") {
		return false
	}
	_, f := verbForm(n)
	return f == formNone
}

// moneyUnits are currencies and shares written after an amount.
var moneyUnits = set(`eur euro euros usd dollars gbp pounds chf francs percent cents points`)

// systemFollows says whether "in/on/with/into" at j names a system: "…
// in SAP" ends the object; an outside party named after a system does
// not.
func systemFollows(rest []string, j int, w string) bool {
	if (w != "in" && w != "on" && w != "with" && w != "into") || j+1 >= len(rest) {
		return false
	}
	k := j + 1
	if k < len(rest) && determiners[norm(rest[k])] {
		k++
	}
	if k >= len(rest) || !isSystem(rest[k]) {
		return false
	}
	// "with the database vendor", "with the software supplier": a party
	// named after its product, not the system
	return !isExternal(nounPhrase(rest[k:], 3))
}

// joinsAction says whether "and", "or" or "then" at j joins a further
// action or clause to this one, and keeps it as the tail or other.
func (s *objectScan) joinsAction(j int, w string) bool {
	rest := s.rest
	if j+1 >= len(rest) {
		return false
	}
	if w == "and" {
		// "… and comes back": a verb that names no step still ends
		// the object
		if b, f := lexicon().Base(norm(rest[j+1])); f == wordnet.FormThird && notWork[b] {
			return true
		}
	}
	if w == "or" && s.alternative(rest[j+1:]) {
		return true
	}
	if w != "and" && w != "then" {
		return false
	}
	return s.coordinated(w, rest[j+1:])
}

// roleActs reports whether ws opens with a department or role named
// bare and its verb: "finance refunds …", "purchasing orders …" (not the
// verb "finance").
func roleActs(ws []string) bool {
	if len(ws) < 2 || !roleWords[norm(ws[0])] {
		return false
	}
	_, f := verbForm(ws[1])
	return f == formThird
}

// alternative keeps nxt, after "or", as the tail when it starts with a
// verb: "… opposes the dismissal or confirms it", a choice between two
// actions.
func (s *objectScan) alternative(nxt []string) bool {
	if _, f := verbForm(nxt[0]); f != formNone && f != formIng && (f == s.form || f == formThird) && !determiners[norm(nxt[0])] {
		s.tail, s.alt = nxt, true
		return true
	}
	if p := norm(nxt[0]); len(nxt) > 2 && (p == "we" || p == "i") {
		// "The patient pays at the desk or we send the invoice to
		// their insurer": the other choice, by the narrator's side
		// ("She either approves it, or she sends it back" is left to
		// the reading of "either … or")
		if _, f := verbForm(nxt[1]); f == formBase || f == formThird || (f == formPast && f == s.form) {
			s.tail, s.alt, s.tailPron = nxt[1:], true, norm(nxt[0])
			return true
		}
	}
	return false
}

// coordinated keeps nxt, after "and" or "then" (w), as the tail when it
// is an action, or as other when it is a clause with its own subject.
func (s *objectScan) coordinated(w string, nxt []string) bool {
	if norm(nxt[0]) == "then" && len(nxt) > 1 {
		nxt = nxt[1:]
	}
	if personal[norm(nxt[0])] && len(nxt) > 1 {
		s.tailPron = norm(nxt[0])
		nxt = nxt[1:] // "… and then I enter it"
	}
	if modals[norm(nxt[0])] && len(nxt) > 1 {
		nxt = nxt[1:] // "… shall register the dispute and shall verify …"
	}
	if _, f := verbFormNext(nxt); f != formNone && (f != formIng || s.form == formIng) && (f == s.form || f == formThird || f == formBase) && !determiners[norm(nxt[0])] && !roleActs(nxt) {
		s.tail = nxt
		return true
	}
	// "… and the research office reviews it": a clause with a
	// subject of its own
	if w == "and" && len(nxt) > 2 && !personal[norm(nxt[0])] {
		// ("… and in the meantime logistics ships the SIM": the
		// performer named without an article after the lead)
		nxt = bareSubject(withoutParallelLead(nxt))
		if cs := declarative(nxt, s.ownPrev()); len(cs) > 0 && (cs[0].performer != "" || cs[0].pronoun || determiners[norm(nxt[0])]) {
			s.other = cs // "… and a rejection letter is sent"
			return true
		}
	}
	return false
}

// ownPrev is what a pronoun in a coordinated clause with a subject of its
// own stands for: the object just scanned ("the GP writes the referral
// letter and the receptionist sends it to the hospital": the letter),
// else the thing named before the clause.
func (s *objectScan) ownPrev() string {
	if o := strings.Join(cleanObject(s.c.object), " "); o != "" && !pronouns[strings.ToLower(o)] {
		return strings.ToLower(o)
	}
	return s.prev
}

// take adds the word at j to the object; a word that closes a phrase
// (a comma, a full stop, a bracket) ends the object unless a list of
// adjectives goes on, and a verb after it starts the tail.
func (s *objectScan) take(j int) (int, bool) {
	rest := s.rest
	s.c.object = append(s.c.object, rest[j])
	if strings.HasSuffix(rest[j], ",") && len(s.c.object) < 2 && j+1 < len(rest) {
		if _, f := verbForm(rest[j+1]); f == formNone && !cutWords[norm(rest[j+1])] && norm(rest[j+1]) != "and" {
			return j, false // "calibrated, georeferenced frames"
		}
	}
	if !breaks(rest[j]) && !strings.ContainsAny(rest[j], "()") {
		return j, false
	}
	if j+1 < len(rest) {
		nxt := rest[j+1:]
		for len(nxt) > 0 && (norm(nxt[0]) == "and" || norm(nxt[0]) == "then") {
			nxt = nxt[1:]
		}
		if len(nxt) > 0 {
			if _, f := verbForm(nxt[0]); f == formThird || (f == s.form && f != formNone) {
				s.tail = nxt
			} else if own := bareSubject(withoutParallelLead(nxt)); len(own) > 2 && norm(rest[j+1]) == "and" &&
				(determiners[norm(own[0])] || startsLower(nxt[0]) && !startsLower(own[0])) {
				// "…, and the bank transfers the money": a clause
				// with a subject of its own (also "…, and in the
				// meantime logistics ships the SIM")
				if cs := declarative(own, s.ownPrev()); len(cs) > 0 && cs[0].performer != "" {
					s.other = cs
				}
			}
		}
	}
	return j, true
}

// settleObject cleans the scanned object and resolves what stands for
// things named before: "clears any", "asks them for a deposit", "it".
func settleObject(c clause, prev string) clause {
	if len(c.object) == 1 && quantifiers[norm(c.object[0])] && prev != "" {
		c.object = strings.Fields(prev) // "clears any": the ones just named
	}
	c.object = cleanObject(c.object)
	if len(c.object) >= 3 && personalObjects[norm(c.object[0])] && norm(c.object[1]) == "for" {
		c.object = c.object[1:] // "asks them for a deposit": "Ask for deposit"
	}
	c.object = resolvePronoun(personObject(c.verb, c.object), prev)
	return c
}

var reflexives = set(`myself yourself himself herself itself ourselves yourselves themselves`)

// labelAdverbs say when or how, never what: they leave the object ("pay
// the duties afterwards" → "Pay duties").
var labelAdverbs = set(`afterwards afterward later subsequently immediately thereafter therefore furthermore moreover
	hence thus meanwhile further`)

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
	// "grade the thesis independently": a closing adverb says how
	if n := len(out); n > 1 {
		if l := strings.ToLower(out[n-1]); (strings.HasSuffix(l, "ly") && len(l) > 5 && !lyNouns[l]) || l == "online" || l == "offline" {
			out = out[:n-1]
		}
	}
	return out
}

// lyNouns end in "ly" but name things.
var lyNouns = set(`supply family assembly anomaly reply rally italy monopoly butterfly jelly belly`)

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

// personalObjects are pronouns for the person an action addresses.
var personalObjects = set(`them him her us me you`)

// quantifiers stand for the things just named when they are the whole
// object: "reviews the receipts and clears any".
var quantifiers = set(`any all some each both`)

// verbFormNext is verbForm for the first of ws, also taking a verb that
// names work only with its particle: "look up the order".
func verbFormNext(ws []string) (string, int) {
	b, f := verbForm(ws[0])
	if f != formNone || len(ws) < 2 {
		return b, f
	}
	p := norm(ws[1])
	if !particles[p] {
		return "", formNone
	}
	if pb, pf := lexicon().Base(norm(ws[0])); pf != wordnet.FormNone && pb != "be" && pb != "have" && lexicon().HasParticle(pb, p) {
		return pb, int(pf)
	}
	return "", formNone
}

// inParticle verbs take "in" as their particle: "fills in the form".
var inParticle = set(`fill hand check log sign plug key type turn`)
