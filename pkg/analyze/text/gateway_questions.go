package text

import (
	"slices"
	"strings"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
)

// plainQuestion rewords a decision's question the way an analyst writes
// it in a diamond: what an arrow in the text led to is dropped ("Amount
// below 1,000 EUR -> no accrual?" → "Amount below 1,000 EUR?"), a
// leading article or "for" goes, a bare "be" before a participle goes
// ("No response be received …" → "No response received …"), a deadline
// the text named a sentence before is said as such ("… by then?" → "…
// by the deadline?"), "he" or "she" is the decision's performer
// ("She finds mistakes?" → "Controller finds mistakes?") and a "you
// don't …" put to the reader is said without the "you"
// (addresseeNegative).
func plainQuestion(name, performer string) string {
	q := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(name), "?"))
	if i := strings.Index(q, " -> "); i > 0 {
		q = q[:i]
	}
	ws := strings.Fields(q)
	if len(ws) > 2 && (norm(ws[0]) == "a" || norm(ws[0]) == "an" || norm(ws[0]) == "the" || norm(ws[0]) == "for") {
		ws = ws[1:]
	}
	ws = dropBareBe(ws)
	if n := len(ws); n > 2 && norm(ws[n-2]) == "by" && norm(ws[n-1]) == "then" {
		ws = append(ws[:n-1:n-1], "the", "deadline")
	}
	ws = performerForPronoun(ws, performer)
	ws = addresseeNegative(ws)
	ws = uncutClause(ws)
	ws = periodWithout(ws)
	if len(ws) == 0 {
		return name
	}
	return capitalise(strings.Join(ws, " ")) + "?"
}

// dropBareBe drops a "be" that a modal lost before a participle:
// "No representment be received", "Readings still be moving".
func dropBareBe(ws []string) []string {
	for i := 1; i+1 < len(ws); i++ {
		next := norm(ws[i+1])
		prev := norm(ws[i-1])
		if norm(ws[i]) == "be" && !modals[prev] && prev != "to" && prev != "not" && prev != "cannot" && !strings.HasSuffix(prev, "n't") &&
			(strings.HasSuffix(next, "ed") || strings.HasSuffix(next, "ing") || strings.HasSuffix(next, "en")) {
			return append(append([]string{}, ws[:i]...), ws[i+1:]...)
		}
	}
	return ws
}

// performerForPronoun names the decision's performer where the question
// opens with "he" or "she": the person it stood for in the text is the
// one who decides. The verb after it takes the third person ("He find
// nothing" → "Fraud analyst finds nothing").
func performerForPronoun(ws []string, performer string) []string {
	performer = strings.TrimSpace(performer)
	if len(ws) < 2 || performer == "" || (norm(ws[0]) != "he" && norm(ws[0]) != "she") {
		return ws
	}
	j := 1
	for j < len(ws)-1 && leadAdverbs[norm(ws[j])] {
		j++
	}
	out := append([]string{performer}, ws[1:j]...)
	v := ws[j]
	if t, ok := thirdPersonOf(v); ok && !strings.HasSuffix(strings.ToLower(v), "s") {
		v = t
	}
	return append(append(out, v), ws[j+1:]...)
}

// pronounOwner is who "he" or "she" in a decision's question stands
// for: the performer of the step before the decision ("The controller
// reviews the return. If she finds mistakes, …"), else the decision's.
func pronounOwner(g *gwBlock) string {
	if g.before != nil && g.before.act != nil && strings.TrimSpace(g.before.act.performer) != "" {
		return g.before.act.performer
	}
	return g.performer
}

// answerOnly reports a question that is only an answer ("Yes?",
// "Otherwise?"): the text said "if yes" after a question it did not
// write as a condition.
func answerOnly(name string) bool {
	return onlyAnswers[norm(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(name), "?")))]
}

var onlyAnswers = set(`yes no otherwise else ok`)

// firstStepQuestion asks whether the first step of the decision's first
// branch is done ("Open dispute case?"), for a decision the text asked
// by "if yes" alone; "" when that branch opens with no step.
func firstStepQuestion(g *gwBlock) string {
	for _, br := range g.branches {
		if len(br.items) == 0 {
			continue
		}
		if d := br.items[0].act; d != nil && d.event == nil && strings.TrimSpace(d.name) != "" {
			return capitalise(d.name) + "?"
		}
		return ""
	}
	return ""
}

// alternativesQuestion says a choice between steps once per step: "Ask
// or ask?" on two branches that both ask → the branch's label, "Approve
// or approve or decline?" → "Approve or decline?", "Approve or ask or
// reject?" → "Approve, ask or reject?". Other questions are kept.
func alternativesQuestion(name string, labels []string) string {
	q := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(name), "?"))
	parts := strings.Split(q, " or ")
	if len(parts) < 2 {
		return name
	}
	var words []string
	seen := map[string]bool{}
	for _, p := range parts {
		if strings.Contains(strings.TrimSpace(p), " ") || p == "" {
			return name // "Seal broken or OK": not a choice of verbs
		}
		if k := strings.ToLower(p); !seen[k] {
			seen[k] = true
			words = append(words, p)
		}
	}
	if len(words) == 1 {
		if len(labels) > 0 && strings.HasPrefix(strings.ToLower(labels[0]), strings.ToLower(words[0])) {
			return capitalise(labels[0]) + "?"
		}
		return capitalise(words[0]) + "?"
	}
	if len(words) == len(parts) && len(parts) == 2 {
		return name
	}
	last := len(words) - 1
	for i := 1; i < len(words); i++ {
		words[i] = strings.ToLower(words[i])
	}
	return capitalise(strings.Join(words[:last], ", ")+" or "+words[last]) + "?"
}

// comparisonWords bound a number: branches that differ only by them
// ("Deviation above 2 %" / "Deviation up to 2 %") are one threshold,
// asked as the text asked it.
var comparisonWords = set(`above below over under up to less more than at least most within exceeds exceed beyond or of`)

// comparisonPair reports labels that differ only in the words that bound
// the same number: "above 2 %" and "up to 2 %".
func comparisonPair(ma, mb []string) bool {
	if len(ma) == 0 || len(mb) == 0 {
		return false
	}
	for _, w := range append(append([]string{}, ma...), mb...) {
		if !comparisonWords[norm(w)] && !isNumberWord(w) && !unitWord(w) {
			return false
		}
	}
	return true
}

// unitWord is a unit or currency said after a number.
func unitWord(w string) bool {
	return unitNames[norm(w)] || w == "%"
}

var unitNames = set(`eur euro euros usd chf gbp dollars pounds days day hours hour minutes weeks week months month years year percent kg mm cm km`)

// distinctAnswers are a decision's branch labels that name an answer,
// each once: a bare "Yes" or "No" beside named answers is the text's
// fallback, not one of the things asked.
func distinctAnswers(labels []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, l := range labels {
		k := strings.ToLower(strings.TrimSpace(l))
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, l)
	}
	if len(out) == 2 && (answerWords[norm(out[0])] || answerWords[norm(out[1])]) {
		return out // "Yes" / "No", or a question and its bare "No": said as it is
	}
	var named []string
	for _, l := range out {
		if !answerWords[norm(l)] {
			named = append(named, l)
		}
	}
	return named
}

// manyBranchQuestion names a decision of three answers or more whose
// question is one of them by all: the words they share in front are
// said once ("Alert low-risk, medium-risk or high-risk?"). The question
// is kept when the list would be too long to read in a diamond or a
// label is cut short.
func manyBranchQuestion(name string, labels []string) string {
	ws := make([][]string, len(labels))
	for i, l := range labels {
		ws[i] = strings.Fields(l)
		if len(ws[i]) == 0 || cutShort(ws[i]) {
			return name
		}
	}
	p := 0
	for ; p < len(ws[0]); p++ {
		same := true
		for _, w := range ws[1:] {
			if p >= len(w)-1 || !strings.EqualFold(w[p], ws[0][p]) {
				same = false
			}
		}
		if !same || p >= len(ws[0])-1 {
			break
		}
	}
	rest := make([]string, len(ws))
	for i, w := range ws {
		rest[i] = strings.Join(w[p:], " ")
		if i > 0 || p > 0 {
			rest[i] = lowerLead(rest[i])
		}
	}
	if p == 0 && slices.ContainsFunc(ws, func(w []string) bool { return len(w) > 3 }) {
		return name // "Is ok, dimension little bit wrong or …": no subject to say once
	}
	last := len(rest) - 1
	out := strings.Join(rest[:last], ", ") + " or " + rest[last]
	if p > 0 {
		out = strings.Join(ws[0][:p], " ") + " " + out
	}
	if len(out)+1 > maxQuestion {
		return name
	}
	return capitalise(out) + "?"
}

// addresseeNegative says a question put to the reader ("If you don't
// reply to us within 3 working days, …", said to the customer in a call
// or an e-mail) without the "you" the diagram has no one for: "No reply
// within 3 working days", "You don't send the photo" → "Photo not
// sent". Other questions are kept.
func addresseeNegative(ws []string) []string {
	i := negatedYou(ws)
	if i == 0 || i >= len(ws) {
		return ws
	}
	base, form := lexicon().Base(norm(ws[i]))
	if form == wordnet.FormNone {
		return ws
	}
	rest := withoutUs(ws[i+1:])
	if len(rest) == 0 || boundPrepositions[norm(rest[0])] {
		noun, ok := verbNouns[base]
		if !ok {
			return ws
		}
		return append([]string{"No", noun}, rest...)
	}
	k := 0
	for k < len(rest) && !boundPrepositions[norm(rest[k])] {
		k++
	}
	obj := rest[:k]
	if n := norm(obj[0]); n == "the" || n == "a" || n == "an" || n == "your" {
		obj = obj[1:]
	}
	if len(obj) == 0 || len(obj) > 4 || personalObjects[norm(obj[0])] || thingPronouns[norm(obj[0])] {
		return ws // "you don't like it": nothing named to say it of
	}
	out := append(append([]string{}, obj...), "not", participle(base))
	return append(out, rest[k:]...)
}

// thingPronouns stand for a thing named before.
var thingPronouns = set(`it this that these those them`)

// negatedYou is where the verb stands in "you don't …", "you have not
// …"; 0 when ws opens otherwise.
func negatedYou(ws []string) int {
	if len(ws) < 3 || norm(ws[0]) != "you" {
		return 0
	}
	switch n := strings.ToLower(ws[1]); {
	case n == "don't" || n == "didn't" || n == "haven't" || n == "won't" || n == "cannot" || n == "can't":
		return 2
	case (n == "do" || n == "did" || n == "have" || n == "will") && norm(ws[2]) == "not":
		return 3
	}
	return 0
}

// withoutUs drops the "us" or "to us" a reply is given to.
func withoutUs(rest []string) []string {
	if len(rest) > 0 && (norm(rest[0]) == "us" || norm(rest[0]) == "me") {
		return rest[1:]
	}
	if len(rest) > 1 && norm(rest[0]) == "to" && (norm(rest[1]) == "us" || norm(rest[1]) == "me") {
		return rest[2:]
	}
	return rest
}

// boundPrepositions open what bounds a step in time or place.
var boundPrepositions = set(`within in by before after until on at from to`)

// verbNouns name the answer a verb of replying gives.
var verbNouns = map[string]string{
	"reply": "reply", "answer": "answer", "respond": "response", "pay": "payment", "confirm": "confirmation",
	"call": "call", "react": "reaction", "sign": "signature", "object": "objection", "return": "return",
}

// uncutClause ends a question cut short inside a clause of its own
// before that clause: "Controller refuses the invoice because the
// coding?" → "Controller refuses the invoice?", "Requested role
// conflicts with a role the employee?" (a relative clause that lost its
// verb) → "Requested role conflicts with a role?". Whole questions are
// kept.
func uncutClause(ws []string) []string {
	for i := 2; i < len(ws); i++ {
		if reasonWords[norm(ws[i])] && !hasVerbAfter(ws[i+1:]) {
			return ws[:i]
		}
	}
	for i := 3; i+1 < len(ws); i++ {
		if !articles[norm(ws[i])] || !nounOnly(ws[i-1]) || hasVerbAfter(ws[i+1:]) {
			continue
		}
		return ws[:i]
	}
	return ws
}

// reasonWords open a clause that says why.
var reasonWords = set(`because since although though`)

// nounOnly reports a word the lexicon knows as a noun more than a verb:
// a relative clause that follows it needs a verb of its own.
func nounOnly(w string) bool {
	n := norm(w)
	if gatewayFunctionWords[n] || danglers[n] || comparisonWords[n] {
		return false
	}
	if n == "" || isNumberWord(n) {
		return false
	}
	b, form := lexicon().Base(n)
	switch form {
	case wordnet.FormNone:
		return true
	case wordnet.FormBase:
		e, _ := lexicon().Lookup(b)
		return e.Noun > e.Verb
	}
	return false
}

// hasVerbAfter reports a finite verb among ws: the clause they open was
// said whole ("-ing" forms are often nouns: "because the coding").
func hasVerbAfter(ws []string) bool {
	for _, w := range ws {
		n := norm(w)
		if auxBe[n] || modals[n] || strings.HasSuffix(n, "n't") {
			return true
		}
		b, form := lexicon().Base(n)
		if form == wordnet.FormPast || form == wordnet.FormThird {
			return true
		}
		if form == wordnet.FormBase {
			if e, _ := lexicon().Lookup(b); e.Verb > e.Noun {
				return true
			}
		}
	}
	return false
}

// gatewayFunctionWords are no nouns whatever the lexicon counts.
var gatewayFunctionWords = set(`with of for to in on at by from into as than that which who whose and or but not no before after during since until about against through across behind past near per via`)

// receivedChoice names the split an outside party's pool opens with when
// the party starts with one of several steps by what it receives: the
// message that arrives decides.
const receivedChoice = "Which message arrives?"

// periodWithout says "30 days pass without a signed offer" as the
// question it is: "No signed offer within 30 days".
func periodWithout(ws []string) []string {
	if len(ws) < 5 || !isNumberWord(ws[0]) || !unitNames[norm(ws[1])] || norm(ws[3]) != "without" {
		return ws
	}
	if v := norm(ws[2]); v != "pass" && v != "passed" && v != "elapse" && v != "elapsed" {
		return ws
	}
	rest := ws[4:]
	if articles[norm(rest[0])] && len(rest) > 1 {
		rest = rest[1:]
	}
	out := append([]string{"No"}, rest...)
	return append(out, "within", ws[0], ws[1])
}

// withParticles gives the verbs of a choice between steps the particle
// their steps carry: "Accept or turn?" with the step "Turn applicant
// down" → "Accept or turn down?", "Restock or write?" with "Write off
// refunds …" → "Restock or write off?".
func withParticles(name string, g *gwBlock) string {
	q := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(name), "?"))
	parts := strings.Split(q, " or ")
	if len(parts) < 2 {
		return name
	}
	changed := false
	for i, p := range parts {
		if strings.Contains(p, " ") {
			return name
		}
		if pt := stepParticle(p, g); pt != "" {
			parts[i] = p + " " + pt
			changed = true
		}
	}
	if !changed {
		return name
	}
	return strings.Join(parts, " or ") + "?"
}

// stepParticle is the particle of the verb verb in the first step of the
// branch labelled verb: right after it or ending a short step name.
func stepParticle(verb string, g *gwBlock) string {
	for _, br := range g.branches {
		if !strings.EqualFold(br.label, verb) || len(br.items) == 0 || br.items[0].act == nil {
			continue
		}
		ws := strings.Fields(br.items[0].act.name)
		if len(ws) < 2 || !strings.EqualFold(ws[0], verb) {
			return ""
		}
		v := strings.ToLower(verb)
		if p := norm(ws[1]); stepParticles[p] && phrasalVerbs[v+" "+p] {
			return p
		}
		if p := norm(ws[len(ws)-1]); len(ws) <= 4 && stepParticles[p] && phrasalVerbs[v+" "+p] {
			return p // "Turn applicant down", not "Accept applicant down"
		}
		return ""
	}
	return ""
}

// stepParticles complete a phrasal verb: "turn down", "write off".
var stepParticles = set(`down off up out back over away`)

// phrasalVerbs are the verbs a choice between steps names with their
// particle: the verb alone says something else ("turn", "write").
var phrasalVerbs = map[string]bool{
	"turn down": true, "send back": true, "write off": true, "hand over": true, "give back": true,
	"call back": true, "fill out": true, "pick up": true, "take back": true, "sign off": true,
	"put off": true, "hold back": true, "throw away": true, "give up": true, "follow up": true,
}
