package text

import (
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
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
	obj := labelEnd(limitWords(nameObject(c.object), 7))
	if len(obj) == 0 {
		return capitalise(v)
	}
	return capitalise(v) + " " + strings.Join(obj, " ")
}

// nameObject is an object's words for a name, without its articles and
// possessives, nor "one of" past its first word ("with one of our
// engineers" → "with engineers").
func nameObject(object []string) []string {
	var obj []string
	for i, w := range object {
		n := norm(w)
		if n == "the" || n == "a" || n == "an" || possessives[n] {
			continue // "with one of our engineers" → "with engineers"
		}
		if someOf(n) && i+1 < len(object) && norm(object[i+1]) == "of" && i > 0 {
			continue
		}
		if n == "of" && i > 0 && someOf(norm(object[i-1])) && i > 1 {
			continue
		}
		obj = append(obj, w)
	}
	return obj
}

// someOf reports the words of "one of", "some of", "each of", "any of".
func someOf(n string) bool {
	return n == "one" || n == "some" || n == "each" || n == "any"
}

// labelEnd drops the words a label cut at its word limit ends on (a
// preposition, a determiner, "and", "or", a number), so that it does
// not end on "of 1" or "with the".
func labelEnd(obj []string) []string {
	for len(obj) > 1 {
		n := norm(obj[len(obj)-1])
		if !(prepositions[n] || determiners[n] || n == "and" || n == "or" || numberWord(obj[len(obj)-1])) {
			break
		}
		obj = obj[:len(obj)-1]
	}
	return obj
}

// objectText is the object as a SIPOC entry ("Invoice"): the noun phrase
// up to its first preposition or verb ("batteries for all equipment are
// charged" → "batteries").
func (c clause) objectText() string {
	obj := c.object
	if len(obj) > 1 && prepositions[norm(obj[0])] {
		// "asks for a deposit", "decides on the treatment": the thing is
		// after the preposition
		obj = stripDeterminers(obj[1:])
	}
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
		to while whilst within throughout whenever since because although though based depending according given`)
	adverbs = set(`also then usually normally typically always first immediately promptly carefully further
		manually automatically quickly again now still only just both either ideally
		additionally subsequently afterwards next finally separately personally directly routinely regularly
		simply generally mostly often sometimes actually basically formally officially physically electronically jointly
		briefly properly thoroughly visually initially eventually merely certainly definitely really`)
	obligation = set(`responsible required encouraged expected asked supposed able going obliged requested
		advised instructed allowed permitted`)
	particles   = set(`up out off back over down through aside away`)
	onParticle  = set(`power turn switch log sign`)
	cutWords    = set(`because so which who whom whose whereupon unless until before after once when whenever while whilst within using via otherwise then if where since during following upon prior according per whether but although though however except including e.g. i.e. e.g i.e rather without`)
	docSubjects = set(`page document section procedure sop policy guide protocol chapter manual this it
		fieldbook instructions instruction table figure note diagram form template overview`)
	timeUnits = regexp.MustCompile(`(?i)^(seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?|business|working)$`)
)

// parseClause finds the actions in one clause. prev is the object of the
// previous action, used for "it"/"them".
func parseClause(text string, prev string) []clause {
	ws := clauseStart(strings.Fields(text))
	if len(ws) == 0 {
		return nil
	}
	if cs, ok := relativeClauses(ws, prev); ok {
		return cs
	}
	ws = bareSubject(withoutParallelLead(ws))
	if cs := restrictive(ws, prev); cs != nil {
		return cs
	}
	if cs := imperative(ws, prev); len(cs) > 0 {
		return cs
	}
	cs := declarative(ws, prev)
	if len(cs) == 0 {
		if more, ok := declarativeRest(ws, prev); ok {
			return more
		}
	}
	return cs
}

// clauseStart drops what opens a clause before its subject or verb:
// fillers and step numbers, "After that", "In both cases", a time
// phrase, a lead-in up to its comma ("When the order arrives, …") and
// the fillers after it.
func clauseStart(ws []string) []string {
	for len(ws) > 0 && (fillers[norm(ws[0])] || isStepNumber(ws[0]) || (interjections[norm(ws[0])] && strings.HasSuffix(ws[0], ","))) {
		ws = ws[1:]
	}
	if len(ws) > 2 && (norm(ws[0]) == "after" || norm(ws[0]) == "once" || norm(ws[0]) == "when") &&
		(norm(ws[1]) == "that" || norm(ws[1]) == "this" || norm(ws[1]) == "done") && !strings.HasSuffix(ws[1], ",") {
		ws = ws[2:] // "After that I pick …"
	}
	if len(ws) > 4 && norm(ws[0]) == "in" && caseQuantifiers[norm(ws[1])] && strings.HasPrefix(norm(ws[2]), "case") {
		ws = ws[3:] // "In both cases the service centre closes …": after the join
	}
	ws = skipTimePhrase(ws)
	if len(ws) == 0 {
		return nil
	}
	ws = skipLeadIn(ws)
	for len(ws) > 0 && (fillers[norm(ws[0])] || (interjections[norm(ws[0])] && strings.HasSuffix(ws[0], ","))) {
		ws = ws[1:] // "Right, and then I trigger …"
	}
	return ws
}

// skipLeadIn drops a lead-in of context: "When the order arrives, the
// clerk …" up to its comma, "After the demo I send the notes" without
// one when a person acts after it.
func skipLeadIn(ws []string) []string {
	if !leadInWords[norm(ws[0])] {
		return ws
	}
	for i := 1; i < len(ws) && i < 18; i++ {
		if strings.HasSuffix(ws[i], ",") && i+1 < len(ws) {
			return ws[i+1:]
		}
	}
	if rest := skipLeadPhrase(ws); rest != nil && personal[norm(rest[0])] {
		return rest // "After the demo I send the notes": no comma
	}
	return ws
}

// relativeClauses reads a subject with a relative clause as two actions
// of it, the relative one first: "The librarian, who checks the card,
// scans the book". It reports whether the clause was one.
func relativeClauses(ws []string, prev string) ([]clause, bool) {
	m := relativeRe.FindStringSubmatch(strings.Join(ws, " "))
	if m == nil {
		return nil, false
	}
	rel := parseClause(m[1]+" "+m[2], prev)
	if len(rel) == 0 {
		return nil, false
	}
	next := prev
	if o := rel[len(rel)-1].objectText(); o != "" {
		next = o
	}
	return append(rel, parseClause(m[1]+" "+m[3], next)...), true
}

// declarativeRest reads a clause no reader took as a statement from a
// later point: after a lead phrase without its comma, the second of two
// joined clauses, or the second verb of one subject. It reports whether
// one applied.
func declarativeRest(ws []string, prev string) ([]clause, bool) {
	// "Based on the results the doctor admits …", "In this case the
	// clerk calls …": a lead phrase without its comma
	if rest := skipLeadPhrase(ws); rest != nil {
		return declarative(rest, prev), true
	}
	// "the vehicle does not pass and the owner receives a list": the
	// second clause still names a step
	for k := 2; k+3 < len(ws); k++ {
		if norm(ws[k]) == "and" && determiners[norm(ws[k+1])] {
			return declarative(ws[k+1:], prev), true
		}
	}
	// "she waits five minutes and measures again": the first verb
	// names no step, the second one does, of the same subject
	if cs := secondVerb(ws, prev); cs != nil {
		return cs, true
	}
	return nil, false
}

// secondVerb reads the clause after "and" that shares the subject of a
// first verb naming no step, or nil.
func secondVerb(ws []string, prev string) []clause {
	first := -1
	want := finiteForm(ws)
	for j := 1; j < len(ws) && j <= 4; j++ {
		if _, f := verbForm(ws[j]); f == want {
			first = j
			break
		}
		if b, f := lexicon().Base(norm(ws[j])); f == wordnet.FormThird && notWork[b] {
			first = j
			break
		}
		if plainIdleVerb(ws, j) {
			first, want = j, formBase // "the driver come and inspect the truck"
			break
		}
	}
	if first < 0 {
		if first = baseFirstVerb(ws); first < 0 {
			return nil
		}
		want = formBase // "The change manager look at it and call the CAB"
	}
	for k := first + 1; k+1 < len(ws) && k <= first+6; k++ {
		if breaks(ws[k-1]) {
			return nil
		}
		if norm(ws[k]) != "and" {
			continue
		}
		if thenAfterAnd(ws, k) {
			k++ // "waits five days and then sends a reminder"
		}
		if _, f := verbForm(ws[k+1]); f != want {
			return nil
		}
		return declarative(append(append([]string{}, ws[:first]...), ws[k+1:]...), prev)
	}
	return nil
}

// caseQuantifiers open "in both cases", "in any case": a step after the
// branches rejoin.
var caseQuantifiers = set(`both either any all each every`)

// leadPhraseWords open a phrase that sets the scene of a clause.
var leadPhraseWords = set(`based depending according in after before during upon following on at for with`)

// skipLeadPhrase returns the clause after a scene-setting phrase that
// lacks its comma, when a subject and its verb follow ("the doctor
// admits"), or nil.
func skipLeadPhrase(ws []string) []string {
	if len(ws) < 4 || !leadPhraseWords[norm(ws[0])] {
		return nil
	}
	for k := 2; k+2 < len(ws) && k < 10; k++ {
		if breaks(ws[k-1]) {
			return nil
		}
		if personal[norm(ws[k])] && norm(ws[k]) != "you" {
			if _, f := verbForm(ws[k+1]); f == formThird || f == formBase || f == formPast {
				return ws[k:] // "After the demo I send …"
			}
		}
		if determiners[norm(ws[k-1])] || prepositions[norm(ws[k-1])] {
			continue
		}
		if rest := plainAfterLead(ws, k); rest != nil {
			return rest // "For all blocked cards the agent order a new card"
		}
		if !determiners[norm(ws[k])] {
			continue
		}
		if _, f := verbForm(ws[k+2]); f == formThird {
			return ws[k:]
		}
	}
	return nil
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

// interjections open spoken sentences ("Right, …", "Well, …") and say
// nothing about the step.
var interjections = set(`right well okay ok yes yeah sure so oh um uh hmm alright fine good`)

// restrictive reads a subject with a relative clause and no commas: "A
// student who wants to write a thesis first contacts a professor" (the
// student contacts the professor; wanting is no step), "The clerk who
// receives the invoice checks it" (two steps). It returns nil when ws has
// no such subject.
func restrictive(ws []string, prev string) []clause {
	k := 0
	for i := 1; i <= 4 && i+2 < len(ws); i++ {
		if breaks(ws[i-1]) {
			return nil
		}
		if n := norm(ws[i]); n == "who" || n == "that" {
			k = i
			break
		}
	}
	if k == 0 || !determiners[norm(ws[0])] || !isAgent(nounPhrase(ws[:k], 4)) {
		return nil
	}
	relBase, relForm := verbFormNext(ws[k+1:])
	if relForm != formThird && relForm != formPast {
		if lb, lf := lexicon().Base(norm(ws[k+1])); lf == wordnet.FormThird && notWork[lb] {
			relBase, relForm = lb, formThird // "who wants to …"
		} else {
			return nil
		}
	}
	// the main verb: the next finite verb after the relative's own
	for j := k + 2; j < len(ws); j++ {
		if breaks(ws[j-1]) && j-1 > k+1 {
			return nil
		}
		if norm(ws[j-1]) == "to" || determiners[norm(ws[j-1])] {
			continue
		}
		if _, f := verbForm(ws[j]); f != formThird {
			continue
		}
		subject := ws[:k]
		var rel []clause
		next := prev
		if !notWork[relBase] {
			rel = parseClause(strings.Join(append(append([]string(nil), subject...), ws[k+1:j]...), " "), prev)
			if len(rel) > 0 && rel[len(rel)-1].objectText() != "" {
				next = rel[len(rel)-1].objectText()
			}
		}
		main := parseClause(strings.Join(append(append([]string(nil), subject...), ws[j:]...), " "), next)
		if len(main) == 0 {
			return nil
		}
		return append(rel, main...)
	}
	return nil
}

// timeLeads open a time phrase: "Last Monday", "Next week", "Yesterday".
var timeLeads = set(`last next this every each`)

// skipTimePhrase drops a time phrase that opens a clause without a comma:
// "Last Monday a customer called …" is about the customer.
func skipTimePhrase(ws []string) []string {
	if len(ws) > 3 && timeLeads[norm(ws[0])] && timeNouns[norm(ws[1])] && !breaks(ws[0]) {
		return ws[2:]
	}
	if len(ws) > 2 && (norm(ws[0]) == "yesterday" || norm(ws[0]) == "today" || norm(ws[0]) == "tomorrow") {
		return ws[1:]
	}
	if n := timeOfDayPhrase(ws); n > 0 && len(ws) > n+1 {
		return ws[n:] // "In the morning the clerk picks …" is about the clerk
	}
	return ws
}

var (
	// dayParts are the parts of a day "in the …" names.
	dayParts = set(`morning mornings afternoon afternoons evening evenings`)
	// meals are what "after lunch", "before breakfast" time a step by.
	meals = set(`lunch breakfast dinner lunchtime`)
	// clockWords name a time of day on their own: "at noon".
	clockWords = set(`noon midday midnight night lunchtime`)
	// clockSuffixes follow a clock figure: "9 am", "10 o'clock".
	clockSuffixes = set(`am pm a.m p.m o'clock h hrs`)
	// weekdays, in the singular and plural, and the week's halves.
	weekdays = set(`monday mondays tuesday tuesdays wednesday wednesdays thursday thursdays friday fridays
		saturday saturdays sunday sundays weekday weekdays weekend weekends`)
	// clockLeads open a clock time: "at 9 am", "around 3 pm", "by 5 pm".
	clockLeads = set(`at around by before after from until`)
	// periodEnds are what "at the end of the …" closes.
	periodEnds = set(`day week month shift quarter year`)
)

// timeOfDayPhrase returns how many words of a time of day open ws
// without a comma inside them ("In the morning", "At 9 am", "Around
// 3 pm", "After lunch", "On Mondays", "On Monday morning", "At the end
// of the day"), 0 when it opens with none. A phrase whose last word
// carries a comma is left to the lead-in reader.
func timeOfDayPhrase(ws []string) int {
	w := func(i int) string {
		if i < len(ws) {
			return strings.TrimSuffix(norm(ws[i]), ".")
		}
		return ""
	}
	n := 0
	for _, read := range []func(func(int) string) int{dayPartTime, weekdayTime, mealTime, clockWordTime, periodEndTime, clockTime} {
		if n = read(w); n > 0 {
			break
		}
	}
	if n == 0 || n >= len(ws) {
		return 0
	}
	for _, x := range ws[:n] {
		if breaks(x) {
			return 0
		}
	}
	return n
}

// dayPartTime reads "in the (early|late) morning", "in this afternoon".
func dayPartTime(w func(int) string) int {
	if w(0) != "in" || (w(1) != "the" && w(1) != "this") {
		return 0
	}
	if dayParts[w(2)] {
		return 3
	}
	if (w(2) == "early" || w(2) == "late") && dayParts[w(3)] {
		return 4
	}
	return 0
}

// weekdayTime reads "on Mondays", "on Friday afternoon".
func weekdayTime(w func(int) string) int {
	if w(0) != "on" || !weekdays[w(1)] {
		return 0
	}
	if dayParts[w(2)] {
		return 3
	}
	return 2
}

// mealTime reads "after lunch", "before breakfast".
func mealTime(w func(int) string) int {
	if (w(0) == "after" || w(0) == "before") && meals[w(1)] {
		return 2
	}
	return 0
}

// clockWordTime reads "at noon", "at midnight".
func clockWordTime(w func(int) string) int {
	if w(0) == "at" && clockWords[w(1)] {
		return 2
	}
	return 0
}

// periodEndTime reads "at the end of the day", "at the start of each
// shift".
func periodEndTime(w func(int) string) int {
	if w(0) != "at" || w(1) != "the" || (w(2) != "end" && w(2) != "start" && w(2) != "beginning") || w(3) != "of" {
		return 0
	}
	k := 4
	if w(k) == "the" || w(k) == "each" || w(k) == "every" {
		k++
	}
	if periodEnds[w(k)] {
		return k + 1
	}
	return 0
}

// clockTime reads a clock time after its lead: "at 9 am", "around
// 3 pm", "by about 9:30".
func clockTime(w func(int) string) int {
	if !clockLeads[w(0)] {
		return 0
	}
	k := 1
	if w(k) == "about" || w(k) == "around" {
		k++
	}
	if !isClock(w(k), w(k+1)) {
		return 0
	}
	if clockSuffixes[w(k+1)] {
		return k + 2
	}
	return k + 1
}

// isClock reports whether w (followed by next) is a time on the clock:
// "9:30", "9am", "3pm", or a figure before "am", "pm", "o'clock".
func isClock(w, next string) bool {
	if w == "" || w[0] < '0' || w[0] > '9' {
		return false
	}
	if strings.TrimRight(w, "0123456789:.") == "" {
		return strings.Contains(w, ":") || clockSuffixes[next]
	}
	return clockSuffixes[strings.TrimLeft(w, "0123456789:")]
}

// possessives say whose, never what: they leave labels.
var possessives = set(`our my your their its his`)

// bareSubject capitalises a clause that opens with a performer named
// without an article after a lead-in or a comma ("[In the meantime]
// logistics ships the SIM", "…, claims clerk books the credit note"), so
// that it reads like the sentence "Logistics ships the SIM" and not like
// an order ("Claim clerk …").
func bareSubject(ws []string) []string {
	if len(ws) < 3 || !startsLower(ws[0]) || determiners[norm(ws[0])] || pronouns[norm(ws[0])] {
		return ws
	}
	for i := 1; i < len(ws) && i <= 3; i++ {
		if _, f := verbForm(ws[i]); f == formThird || bareRoleVerb(ws, i) {
			if !isAgent(nounPhrase(ws[:i], 3)) {
				return ws
			}
			out := append([]string{capitalise(ws[0])}, ws[1:]...)
			return out
		}
		if breaks(ws[i]) {
			return ws
		}
	}
	return ws
}

// withoutParallelLead drops "in the meantime", "meanwhile" and the like
// from a clause's start: "…, and in the meantime logistics ships the SIM"
// is a clause the side-by-side readers did not take, and it still names
// its step.
func withoutParallelLead(ws []string) []string {
	if m := parallelStartRe.FindString(strings.Join(ws, " ")); m != "" && len(strings.Fields(m)) < len(ws)-1 {
		return ws[len(strings.Fields(m)):]
	}
	return ws
}
