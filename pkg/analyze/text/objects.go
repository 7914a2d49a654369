package text

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
)

// finish parses the object after the verb, up to where the clause turns to
// something else, and splits "… and sends it to …" into a second clause.
func finish(c clause, rest []string, prev string, form int) []clause {
	if len(rest) > 0 {
		p := norm(rest[0])
		upTo := p == "up" && len(rest) > 1 && norm(rest[1]) == "to" // "selects up to five"
		// "hired through an agency": "through" and "over" are particles
		// only of verbs that take them ("go through", "hand over")
		prepLike := (p == "through" || p == "over") && !lexicon().HasParticle(c.verb, p)
		if (particles[p] && !upTo && !prepLike) || (p == "on" && onParticle[c.verb]) || (p == "in" && inParticle[c.verb]) {
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
		if j == 0 && (w == "and" || w == "or") && (len(rest) > 2 || (len(rest) == 2 && form == formPast)) {
			// "picks and packs the goods": two actions on one object
			if b2, f2 := verbForm(rest[1]); f2 != formNone && (f2 == form || f2 == formBase) && !determiners[norm(rest[1])] {
				second := finish(clause{verb: b2}, rest[2:], prev, f2)
				if form == formPast && f2 == formPast && len(second) > 0 {
					// "… are set aside and reported to purchasing": both
					// participles act on the passive's subject
					return append([]clause{c}, second...)
				}
				if len(second) > 0 && len(second[0].object) > 0 && strings.Contains(c.verb, " ") {
					// "logs in and sets a new password": a phrasal verb
					// is done, the object belongs to the second
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
		if j == 0 && (w == "and" || w == "or" || auxBe[w]) {
			return nil
		}
		if (w == "whether" || w == "that" || w == "if" || w == "which" || w == "what" || w == "how") && j == 0 {
			c.object = append(c.object, rest[j])
			continue
		}
		if (w == "that" || w == "which") && j > 0 && j+1 < len(rest) && (auxBe[norm(rest[j+1])] || finiteModals[norm(rest[j+1])]) {
			break // "clears any that are older": a relative clause
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
		if w == "the" && j > 0 && j+2 < len(rest) && timeNouns[norm(rest[j+1])] && (norm(rest[j+2]) == "before" || norm(rest[j+2]) == "after") {
			break // "prepares the environment the day before"
		}
		if w == "at" && j+1 < len(rest) && norm(rest[j+1]) == "least" {
			break
		}
		if j == 1 && len(c.object) == 1 && (personalObjects[norm(c.object[0])] || norm(c.object[0]) == "it") && !strings.Contains(c.verb, " ") &&
			(particles[w] && w != "through" && w != "over" || (w == "in" && inParticle[c.verb]) || (w == "on" && onParticle[c.verb])) &&
			(j+1 >= len(rest) || breaks(rest[j]) || prepositions[norm(rest[j+1])] || norm(rest[j+1]) == "and") { // not "logs it in the CRM"
			c.verb += " " + w // "hands it in at the desk": "hand in"
			continue
		}
		if w == "up" && len(c.object) == 0 && j+2 < len(rest) && norm(rest[j+1]) == "to" && numberWord(rest[j+2]) {
			j += 2 // "selects up to five candidates": the candidates
			continue
		}
		if (w == "for" || w == "about" || w == "approximately" || w == "around" || w == "up") &&
			!(len(c.object) == 1 && personalObjects[norm(c.object[0])]) { // "asks them for a deposit"
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
				if _, f := verbFormNext(nxt); f != formNone && (f != formIng || form == formIng) && (f == form || f == formThird || f == formBase) && !determiners[norm(nxt[0])] {
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
					} else if len(nxt) > 2 && determiners[norm(nxt[0])] && norm(rest[j+1]) == "and" {
						// "…, and the bank transfers the money": a clause
						// with a subject of its own
						if cs := declarative(nxt, prev); len(cs) > 0 && cs[0].performer != "" {
							other = cs
						}
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
	if len(c.object) == 1 && quantifiers[norm(c.object[0])] && prev != "" {
		c.object = strings.Fields(prev) // "clears any": the ones just named
	}
	c.object = cleanObject(c.object)
	if len(c.object) >= 3 && personalObjects[norm(c.object[0])] && norm(c.object[1]) == "for" {
		c.object = c.object[1:] // "asks them for a deposit": "Ask for deposit"
	}
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
		if b, f := verbFormNext(tail); f != formNone {
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
					} else if np := nounPhrase(c.object, 4); relative && c.to == "" && isAgent(np) && !isSystem(np) {
						t.performer = np // "… informs the doctor, who decides …"
					}
				}
				if len(t.object) == 0 && f == formPast {
					t.object = c.object
				}
				if form == formPast && f == formPast && k == 0 {
					if by := byAgent(tail[1:]); by != "" {
						t.performer = by // "… drafted by the officer and signed by the head"
					}
					if len(t.object) == 0 {
						out = append(out, t) // the passive's subject is its object
						continue
					}
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
		b, f := verbFormNext(nxt)
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
