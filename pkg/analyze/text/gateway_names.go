package text

import (
	"slices"
	"strings"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
	"github.com/spade-bpmn/spade/pkg/process"
)

// gatewayName is the name a decision is drawn with: its question, said
// of the performer where the text spoke in the first person, and naming
// both answers where it would only repeat one branch's label.
func gatewayName(g *gwBlock) string {
	var labels []string
	for _, br := range g.branches {
		if strings.TrimSpace(br.label) != "" {
			labels = append(labels, br.label)
		}
	}
	name := g.name
	if answerOnly(name) {
		if q := firstStepQuestion(g); q != "" {
			name = q
		}
	}
	if strings.TrimSpace(name) == "" {
		return name
	}
	owner := pronounOwner(g)
	name = plainQuestion(firstPersonQuestion(name, g.performer), owner)
	name = withParticles(alternativesQuestion(name, labels), g)
	said := make([]string, len(labels))
	for i, l := range labels {
		said[i] = strings.Join(dropBareBe(performerForPronoun(strings.Fields(l), owner)), " ")
	}
	return branchQuestion(name, said)
}

// maxQuestion is the longest question an analyst reads at a glance in a
// diamond's label; a longer rewrite keeps the original question.
const maxQuestion = 60

// branchQuestion names a decision whose question is word for word one of
// its two branch labels by both: "Risk low?" with "Risk low" / "Risk
// high" → "Risk low or high?", "Fraud confirmed?" with "Fraud confirmed"
// / "Fraud not confirmed" → "Fraud confirmed or not?". The words both
// labels share in front and at the end are said once.
func branchQuestion(name string, labels []string) string {
	q := strings.TrimSpace(strings.TrimSuffix(name, "?"))
	labels = distinctAnswers(labels)
	if !slices.ContainsFunc(labels, func(l string) bool { return strings.EqualFold(q, l) }) {
		return name
	}
	if len(labels) > 2 {
		return manyBranchQuestion(name, labels)
	}
	if len(labels) != 2 || answerWords[norm(labels[0])] || answerWords[norm(labels[1])] {
		return name
	}
	a, b := strings.Fields(labels[0]), strings.Fields(labels[1])
	p, s := sharedEnds(a, b)
	if cutShort(a) || cutShort(b) {
		return name // "Orders of 50 EUR or": no answer to name
	}
	ma, mb := a[p:len(a)-s], b[p:len(b)-s]
	var out string
	switch {
	case comparisonPair(ma, mb):
		return name // "Deviation above 2 %?": one threshold, asked as the text asked it
	case len(ma) == 0 && len(mb) == 1 && negWord(mb[0]):
		out = labels[0] + " or not" // "Fraud confirmed" / "Fraud not confirmed"
	case len(mb) == 0 && len(ma) == 1 && negWord(ma[0]):
		out = labels[1] + " or not" // "Not covered" / "Covered"
	case len(ma) == 0 || len(mb) == 0:
		return name
	default:
		first := strings.Join(ma, " ")
		if i := strings.LastIndex(first, " or "); i >= 0 {
			first = first[:i] + "," + first[i+3:] // "expired or missing" / "fine" → "expired, missing or fine"
		}
		second := strings.Join(mb, " ")
		if p == 0 {
			second = lowerLead(second)
		}
		out = strings.Join(append(append(append([]string{}, a[:p]...), first, "or", second), a[len(a)-s:]...), " ")
	}
	if len(out)+1 > maxQuestion {
		return name
	}
	return capitalise(out) + "?"
}

// sharedEnds counts the words two labels share in front (p) and, after
// those, at the end (s).
func sharedEnds(a, b []string) (p, s int) {
	for p < len(a) && p < len(b) && strings.EqualFold(a[p], b[p]) {
		p++
	}
	for s < len(a)-p && s < len(b)-p && strings.EqualFold(a[len(a)-1-s], b[len(b)-1-s]) {
		s++
	}
	return p, s
}

// answerWords are branch labels that answer a question without naming it.
var answerWords = set(`yes no`)

// cutShort reports a label that ends where its words were cut: on a
// word that needs more after it or a bare number.
func cutShort(ws []string) bool {
	last := norm(ws[len(ws)-1])
	return danglers[last] || personal[last] || isNumberWord(last)
}

// negWord negates what follows it in a label.
func negWord(w string) bool {
	n := norm(w)
	return n == "not" || n == "no"
}

// lowerLead lower-cases a word that is capitalised only because it
// opened its label; acronyms ("OK", "CAB") keep their case.
func lowerLead(s string) string {
	w, rest, _ := strings.Cut(s, " ")
	if len(w) > 1 && strings.ToUpper(w) == w {
		return s
	}
	if rest == "" {
		return strings.ToLower(w)
	}
	return strings.ToLower(w) + " " + rest
}

// firstPersonQuestion says a question the text asked in the first person
// of the decision's performer: "We own the item?" by the library desk →
// "Library desk owns the item?". Other questions are kept.
func firstPersonQuestion(name, performer string) string {
	ws := strings.Fields(name)
	if len(ws) < 2 || strings.TrimSpace(performer) == "" || (norm(ws[0]) != "i" && norm(ws[0]) != "we") {
		return name
	}
	j := 1
	for j < len(ws)-1 && leadAdverbs[norm(ws[j])] {
		j++
	}
	v, ok := thirdPersonOf(ws[j])
	if !ok {
		return name
	}
	if pw := strings.Fields(performer); strings.HasSuffix(pw[len(pw)-1], "s") && !strings.HasSuffix(pw[len(pw)-1], "ss") {
		v = ws[j] // "Recruiters hear nothing"
	}
	out := append([]string{strings.TrimSpace(performer)}, ws[1:j]...)
	out = append(append(out, v), ws[j+1:]...)
	return strings.Join(out, " ")
}

// leadAdverbs stand between a subject and its verb: "we still can't".
var leadAdverbs = set(`still also then never only just already really usually`)

// firstPersonVerbs are the forms that change with a third-person subject.
var firstPersonVerbs = map[string]string{
	"am": "is", "are": "is", "were": "was", "have": "has", "do": "does", "don't": "doesn't",
	"haven't": "hasn't", "aren't": "isn't", "weren't": "wasn't", "need": "needs",
}

// thirdPersonOf is the verb w said of a third person: "own" → "owns",
// "find" → "finds", "can't" stays; false when w is no verb.
func thirdPersonOf(w string) (string, bool) {
	n := strings.ToLower(w)
	if v, ok := firstPersonVerbs[n]; ok {
		return v, true
	}
	if modals[norm(w)] || strings.HasSuffix(n, "n't") || n == "cannot" || strings.HasSuffix(n, "ed") {
		return w, true // "can", "can't", "received": the same for every person
	}
	switch _, form := lexicon().Base(n); form {
	case wordnet.FormPast:
		return w, true // "found"
	case wordnet.FormBase:
	default:
		return "", false
	}
	switch {
	case strings.HasSuffix(n, "y") && len(n) > 2 && !strings.ContainsRune("aeiou", rune(n[len(n)-2])):
		return n[:len(n)-1] + "ies", true
	case strings.HasSuffix(n, "s") || strings.HasSuffix(n, "sh") || strings.HasSuffix(n, "ch") || strings.HasSuffix(n, "x") || strings.HasSuffix(n, "z") || strings.HasSuffix(n, "o"):
		return n + "es", true
	}
	return n + "s", true
}

// questionDanglers end a question cut before the words they need:
// "within" before its period, "does not" before its verb.
var questionDanglers = set(`within not does do did can cannot will would has have was were than working further whether`)

// shortLabel cuts a branch label to five words, taking a sixth when the
// fifth needs it ("Wear measured 0.2 mm or more", "Not received within
// 14 days") and dropping a word left dangling.
func shortLabel(ws []string) []string {
	n := 5
	if len(ws) > n && (danglers[norm(ws[n-1])] || isNumberWord(ws[n-1])) {
		n++
	}
	if len(ws) <= n {
		return ws
	}
	return limitWords(ws, n)
}

// isNumberWord reports a number written in figures or words.
func isNumberWord(w string) bool {
	n := norm(w)
	if n == "" {
		return false
	}
	if n[0] >= '0' && n[0] <= '9' {
		return true
	}
	_, ok := numberWords[n]
	return ok && n != "a" && n != "an"
}

// awaitedQuestion names the event-based choice between an awaited answer
// and its deadline: "Answer received within 7 days?" for a period,
// "Answer received or deadline?" for any other timer.
func awaitedQuestion(awaited, timer string) string {
	if ws := strings.Fields(timer); len(ws) > 1 && isNumberWord(ws[0]) {
		return awaited + " within " + strings.ToLower(timer) + "?"
	}
	return awaited + " or " + strings.ToLower(timer) + "?"
}

// possibleCondition is the condition of "X; otherwise Y" when the text
// names none: "X possible", and for a step the text gives a deadline
// ("must give back the form in 5 days, otherwise …") the step in time:
// "Give back form within 5 days", not "5 days possible".
func possibleCondition(ds []*draft) string {
	d := ds[0]
	if d.event == nil || d.event.trigger != process.TriggerTimer {
		return d.name + " possible"
	}
	for _, n := range ds[1:] {
		if n.event == nil {
			return n.name + " within " + strings.TrimPrefix(strings.ToLower(d.name), "within ")
		}
	}
	return d.name + " possible"
}

// questionWords is how many words of a condition its question keeps:
// eight, or up to ten not to cut a period in two ("… within 3 working
// days", not "… within 3").
func questionWords(ws []string) int {
	n := 8
	for n < len(ws) && n < 10 && (isNumberWord(ws[n-1]) || periodWords[norm(ws[n-1])]) {
		n++
	}
	return n
}

// periodWords stand between a number and its unit: "3 working days".
var periodWords = set(`working business calendar full further`)
