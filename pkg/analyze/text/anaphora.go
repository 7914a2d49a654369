package text

import (
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
	"github.com/spade-bpmn/spade/pkg/process"
)

var (
	// leadInRe finds a subordinate lead-in: "When a team lead needs …,".
	leadInRe = regexp.MustCompile(`(?i)^(?:when|once|after|as soon as|before|whenever)\s+([^,]{3,80}),\s+\S`)
)

// condContext lets a condition's subject be what the pronouns of the
// sentence's main clause refer to: "If the courier cannot find the
// address, he calls …" (the courier), "If spare parts are needed, the
// contractor orders them" (the spare parts).
func (a *analyzer) condContext(cond string) {
	ws := strings.Fields(cond)
	if len(ws) == 0 || a.leadObject(ws) {
		return
	}
	subj := subjectWords(ws)
	if len(subj) == 0 || len(subj) == len(ws) || len(subj) > 5 {
		return
	}
	np := nounPhrase(subj, 4)
	if np == "" || pronouns[strings.ToLower(np)] {
		return
	}
	a.subjectContext(np)
	a.decidedObject(ws[len(subj):])
}

// decisionVerbs decide on a thing: in "If the lead does not approve the
// request, it is cancelled" the pronoun is the request.
var decisionVerbs = set(`approve accept reject decline refuse sign authorise authorize endorse confirm`)

// decidedObject makes the object of a party's decision in a condition
// what the pronouns of the main clause refer to: "If the team lead does
// not approve the request, it is cancelled" cancels the request, not the
// staffing plan checked before. rest is the condition after its subject.
func (a *analyzer) decidedObject(rest []string) {
	if a.condActor == "" {
		return
	}
	for len(rest) > 0 && (norm(rest[0]) == "does" || norm(rest[0]) == "do" || norm(rest[0]) == "not") {
		rest = rest[1:]
	}
	if len(rest) < 2 {
		return
	}
	if b, f := verbForm(rest[0]); f == formNone || !decisionVerbs[b] {
		return
	}
	if o := strings.Join(cleanObject(limitWords(rest[1:], 4)), " "); o != "" && !pronouns[strings.ToLower(o)] {
		a.lastObject = strings.ToLower(o)
	}
}

// leadObject makes the object of a condition without a subject what
// the pronouns refer to: "After receiving the copies, the office
// forwards them", "If there are errors, the translator corrects them".
// It reports whether the condition was of that form.
func (a *analyzer) leadObject(ws []string) bool {
	if _, f := verbForm(ws[0]); len(ws) > 1 && f == formIng {
		// "After receiving the copies, the office forwards them"
		if o := strings.Join(cleanObject(limitWords(ws[1:], 4)), " "); o != "" {
			a.lastObject = strings.ToLower(o)
		}
		return true
	}
	if len(ws) > 2 && norm(ws[0]) == "there" && auxBe[norm(ws[1])] {
		// "If there are errors, the translator corrects them"
		if o := strings.Join(cleanObject(limitWords(ws[2:], 3)), " "); o != "" {
			a.lastObject = strings.ToLower(o)
		}
		return true
	}
	return false
}

// subjectWords returns the words of a condition before its verb: an
// auxiliary, a modal, a negation, or a verb in the third person or the
// past.
func subjectWords(ws []string) []string {
	var subj []string
	for _, w := range ws {
		n := norm(w)
		if auxBe[n] || modals[n] || finiteModals[n] || n == "does" || n == "do" || n == "did" || n == "has" || n == "have" ||
			n == "cannot" || n == "not" || strings.HasSuffix(n, "n't") {
			break
		}
		if _, f := verbForm(w); (f == formThird || f == formPast) && !(len(subj) == 0 && f == formThird && nounBeforeVerb(ws, len(subj))) {
			break // but "If documents are missing": a plural noun first
		}
		if b, f := lexicon().Base(n); f == wordnet.FormThird && notWork[b] && len(subj) > 0 {
			break // "a couple wants …": a verb, though it names no work
		}
		subj = append(subj, w)
	}
	return subj
}

// subjectContext makes a condition's subject np the actor the main
// clause's pronouns refer to when it is a party, else the object they
// refer to.
func (a *analyzer) subjectContext(np string) {
	if ws := strings.Fields(strings.ToLower(np)); a.isKnown(np) || roleWords[ws[len(ws)-1]] || isExternal(np) || (isAgent(np) && !objectNouns[ws[len(ws)-1]]) {
		// only the pronouns of the main clause refer to it: "If the
		// client does not pay, the policy is cancelled" is no step of
		// the client's
		a.condActor = a.performer(np)
		a.lastTo = ""
		return
	}
	if o := strings.Join(cleanObject(lowerFirst(strings.Fields(np))), " "); o != "" {
		a.lastObject = strings.ToLower(o)
	}
}

// resolvePronoun replaces the pronouns of an object with what they stand
// for: "it", "them" with the previous object, "him", "her" with it when it
// is a person; possessives go ("return it with its certificates" →
// "return questionnaire with certificates").
func resolvePronoun(obj []string, prev string) []string {
	var out []string
	used := false
	for i, w := range obj {
		switch objectRefAt(obj, i) {
		case refThing:
			if prev != "" && !used {
				out = append(out, strings.Fields(prev)...)
				used = true
			}
		case refPerson:
			if prev != "" && !used && isAgent(titleCase(prev)) {
				out = append(out, strings.Fields(prev)...)
				used = true
			}
		case refPossessive:
		default:
			out = append(out, w)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// objectRef is what a word of an object refers to.
type objectRef int

const (
	refWord       objectRef = iota // itself
	refThing                       // the previous object: "it", "them", "these", "another one"
	refPerson                      // the previous object when it is a person: "him", "her"
	refPossessive                  // nothing: "its", "their", "his", "her" before a noun
)

// objectRefAt says what obj[i] refers to.
func objectRefAt(obj []string, i int) objectRef {
	w := obj[i]
	n := norm(w)
	end := i+1 == len(obj) || prepositions[norm(obj[i+1])] || norm(obj[i+1]) == "and" || norm(obj[i+1]) == "again"
	switch {
	case n == "it" && strings.Trim(w, ".,;:!?") == "IT":
		return refWord // the IT department, not a pronoun
	case n == "it" || n == "them" || ((n == "this" || n == "these" || n == "that" || n == "those") && end):
		return refThing
	case n == "him" || n == "her" && end:
		return refPerson
	case n == "one" && i == len(obj)-1 && i <= 1:
		return refThing // "choose another one"
	case n == "its" || n == "their" || n == "his" || n == "her":
		return refPossessive
	}
	return refWord
}

// groupWords are singular nouns that "they" refers to.
var groupWords = set(`team couple family committee board crew staff department office unit group panel council family`)

// singular reports whether a performer is one person "he" or "she" can
// refer to: no plural, no group.
func singular(p string) bool {
	ws := strings.Fields(strings.ToLower(p))
	if len(ws) == 0 || p == process.DefaultPerformer {
		return false
	}
	head := ws[len(ws)-1]
	for k := 1; k < len(ws)-1; k++ {
		if ws[k] == "of" {
			head = ws[k-1] // "head of the office": one person
			break
		}
	}
	return !strings.HasSuffix(head, "s") && !groupWords[head] && !orgWords[head] && !isSystem(head)
}

// orgWords are nouns for an organisation, which "he" or "she" never
// means: "the fire service returns a statement. … If everything
// complies, she grants the permit" (the head of the office).
var orgWords = set(`service services agency authority bureau company bank insurer ministry court firm provider supplier vendor carrier laboratory lab administration municipality`)

// agreeing resolves "he"/"she" against the last single person when the
// last performer was "they" or a group: "When a couple wants a cake, they
// call her … She sketches a design" (the baker, not the couple). It
// returns "" when the last performer fits.
func (a *analyzer) agreeing(pron string) string {
	if (pron != "he" && pron != "she") || a.lastSingular == "" || a.lastSingular == a.lastActor {
		return ""
	}
	if a.lastActorPron == "they" || (a.lastActorPron == "" && !singular(a.lastActor)) {
		return a.lastSingular
	}
	return ""
}

// nounBeforeVerb reports whether ws[i], which reads as a verb, is a noun
// because a finite verb follows it: "documents are missing".
func nounBeforeVerb(ws []string, i int) bool {
	if i+1 >= len(ws) {
		return false
	}
	n := norm(ws[i+1])
	return auxBe[n] || finiteModals[n] || n == "have" || n == "do" || n == "does"
}
