package text

import (
	"strings"
)

// objectNouns are things that are worked on, never the ones doing the
// work: "The invoice shows the amount" is no step of the invoice's.
var objectNouns = set(`invoice invoices order orders form forms request requests application applications report reports
	document documents file files goods item items product products parcel package delivery claim claims ticket
	tickets case cases contract contracts payment payments data information message messages email e-mail letter
	letters note notes list lists sheet sheets record records money fee fees result results sample samples batch
	part parts car vehicle book books link password account accounts process procedure step steps amount price
	table figure chart value values field fields time date deadline rule rules policy text page section`)

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
		if phraseEndsAt(ws, i, len(out)) {
			break
		}
		if adverbs[n] {
			continue
		}
		if wordEndsPhrase(w, len(out)) {
			break
		}
		if strings.HasPrefix(w, "(") && len(out) > 0 && !isCapitalised(out[0]) {
			// "the wholesale nursery (Greenleaf Plants Ltd)": a role's
			// name in brackets is an aside ("Marek (QA Lead)" is not)
			break
		}
		t := strings.Trim(w, ",;:.()[]\"“”!?")
		if (strings.HasSuffix(t, "'s") || strings.HasSuffix(t, "’s")) && i+1 < len(ws) && !breaks(w) {
			// "the employee's line manager" is a line manager
			out = out[:0]
			continue
		}
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

// phraseEndsAt reports whether a noun phrase of n words so far ends
// before ws[i]: a cut word or preposition, "and" or "or" after enough
// words, or "and" that opens a new clause or verb.
func phraseEndsAt(ws []string, i, n int) bool {
	w := norm(ws[i])
	if w == "" || cutWords[w] || prepositions[w] || w == "and" && n >= 2 || w == "or" && n >= 1 {
		return true
	}
	if w == "and" && i+1 < len(ws) && (determiners[norm(ws[i+1])] || numberWord(ws[i+1])) {
		return true // "the nurse and the appointment is scheduled": a new clause
	}
	if w == "and" && i+1 < len(ws) && !roleWords[norm(ws[i+1])] {
		if _, f := verbForm(ws[i+1]); f == formThird {
			return true // "from the applicant and waits for …": a new verb
		}
	}
	return false
}

// wordEndsPhrase reports whether w ends a noun phrase of n words so
// far: a verb in the third person, or a bracketed aside opening with an
// article.
func wordEndsPhrase(w string, n int) bool {
	if _, f := verbForm(w); f == formThird && n > 0 && !roleWords[norm(w)] {
		return true
	}
	if strings.HasPrefix(w, "(") && n > 0 && determiners[norm(w)] {
		return true // "to SmileForm (the lab)": what it is, an aside; "Marek (QA)" keeps its team
	}
	return false
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
	if companyName(ws) || masterRole(ws) || ofRole(ws) {
		return true // "Acme Ltd", "cellar master", "head of year"
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

// companySuffixes end the name of a company: "Acme Ltd", "Müller GmbH".
var companySuffixes = set(`ltd ltd. limited inc inc. gmbh ag llc plc corp corp. bv b.v. s.a. sa srl spa oy pty`)

// companyName reports a capitalised name that ends with a company's legal
// form: "Acme Ltd", "NetCore GmbH".
func companyName(ws []string) bool {
	return len(ws) >= 2 && companySuffixes[strings.ToLower(strings.TrimRight(ws[len(ws)-1], ",;:"))] && isCapitalised(ws[len(ws)-2])
}

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
