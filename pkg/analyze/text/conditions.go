package text

import (
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/textshape"
)

// condLeadNoCommaRe finds a condition written without the comma that ends it:
// "If the broker does not answer within a week the assistant closes the
// file", "When the scan is clean the packer seals the parcel" (else the
// step after the condition is lost).
var condLeadNoCommaRe = regexp.MustCompile(`(?i)^(if|unless|in case|should|where|when|whenever|once)\s+\S`)

// commaJoinRe finds a comma that joins a second clause: ", and the
// driver …", ", then the clerk …".
var commaJoinRe = regexp.MustCompile(`^,\s*(?:and|then|and then|but)\s`)

// subjectPronouns start a main clause after a condition: "If the part is
// late we call the supplier".
var subjectPronouns = set(`we i they he she you`)

// ifComma puts the missing comma between a condition and its main clause,
// so that every reader of "If …, …" sees it: the main clause starts at the
// first subject (a pronoun, or an article and up to three words) that is
// followed by a verb, a modal or a passive auxiliary. A sentence with a
// comma, or with "then" before that subject, is left as it is.
func ifComma(s string) string {
	if !condLeadNoCommaRe.MatchString(s) {
		return s
	}
	if m := otherwiseMidRe.FindStringSubmatchIndex(s); m != nil && !strings.ContainsAny(s[:m[3]], ",;:") {
		// "if the CV fits I schedule a phone screen, if not I send a
		// polite no": the first case misses its comma, the other case
		// comes after its own
		if head := ifComma(s[:m[3]]); head != s[:m[3]] {
			return head + s[m[3]:]
		}
		return s
	}
	head, rest := s, ""
	if k := strings.IndexAny(s, ",;:"); k >= 0 {
		// "When the scan is clean the packer seals the parcel, and the
		// driver collects it": a comma before "and" ends the main
		// clause, not the condition
		if !commaJoinRe.MatchString(s[k:]) || strings.Contains(s[:k], "(") {
			return s
		}
		head, rest = s[:k], s[k:]
	}
	ws := strings.Fields(head)
	lead := 1
	if strings.EqualFold(ws[0], "in") {
		lead = 2
	}
	if i := mainClauseAt(ws, lead); i >= 0 {
		return strings.Join(ws[:i], " ") + ", " + strings.Join(ws[i:], " ") + rest
	}
	return s
}

// mainClauseAt is where the main clause starts after a condition that
// opens with lead words and has no comma: the first subject after a
// predicate of the condition, or -1 when there is none or "then" comes
// before it ("If …, then …" ends the condition already).
func mainClauseAt(ws []string, lead int) int {
	for i := lead + 2; i < len(ws)-1; i++ {
		if strings.EqualFold(ws[i-1], "then") {
			return -1 // "If …, then …" ends the condition already
		}
		if !hasPredicate(ws[lead:i]) {
			continue // "If the amount in the request exceeds …"
		}
		if mainSubjectAt(ws, i) {
			return i
		}
	}
	return -1
}

// mainSubjectAt reports whether a main clause's subject starts at i: a
// pronoun before a verb ("we call", "we send"), or an article or
// possessive and up to three words before a main verb.
func mainSubjectAt(ws []string, i int) bool {
	n := norm(ws[i])
	verbAt := -1
	switch {
	case subjectPronouns[n]:
		verbAt = i + 1
	case n == "the" || n == "a" || n == "an" || n == "our" || n == "their" || n == "your":
		for j := i + 2; j <= i+4 && j < len(ws); j++ {
			if mainVerb(ws[j]) {
				verbAt = j
				break
			}
			if determiners[norm(ws[j])] {
				break
			}
		}
	}
	return verbAt >= 0 && verbAt < len(ws) && (mainVerb(ws[verbAt]) || subjectPronouns[n] && baseVerb(ws[verbAt]))
}

// hasPredicate reports whether a condition's words hold a verb of any
// form, so that it can end before the next subject.
func hasPredicate(ws []string) bool {
	for _, w := range ws {
		n := norm(w)
		if modals[n] || n == "is" || n == "are" || n == "was" || n == "were" || n == "does" || n == "do" || n == "did" ||
			strings.HasSuffix(n, "n't") {
			return true
		}
		if _, f := verbForm(n); f != formNone {
			return true
		}
	}
	return false
}

// mainVerb reports whether w can start the predicate of a main clause: a
// third-person verb, a modal or a form of "be" ("is closed").
func mainVerb(w string) bool {
	n := norm(w)
	if modals[n] || n == "is" || n == "are" || n == "gets" {
		return true
	}
	_, f := verbForm(n)
	return f == formThird
}

// baseVerb reports whether w is the base form of a verb: "we call".
func baseVerb(w string) bool {
	n := norm(w)
	if modals[n] {
		return true
	}
	_, f := verbForm(n)
	return f == formBase
}

// meansRe finds a condition stated as what a finding means: "A confirmed
// match means the payment is blocked", "More analysis means …".
var meansRe = regexp.MustCompile(`(?i)^(?:(an?|any|every|each)\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+means\s+(?:that\s+)?(\S.{3,})$`)

// meansAsIf reads "A confirmed match means the payment is blocked" as "If
// there is a confirmed match, the payment is blocked": the finding is the
// condition, what it means is its branch.
func meansAsIf(s string) string {
	m := meansRe.FindStringSubmatch(s)
	if m == nil {
		return s
	}
	// "This means …", "The rule means …", "Every part that fails means
	// …": no finding, which is a bare noun phrase
	for _, w := range strings.Fields(m[2]) {
		if n := norm(w); determiners[n] || pronouns[n] || n == "what" {
			return s
		}
	}
	if m[1] == "" {
		return "If there is " + lowerInitial(m[2]) + ", " + m[3] // "More analysis means …"
	}
	return "If there is a " + m[2] + ", " + m[3]
}

// noNoRe is a spoken rule "No budget, no job ad, the requisition is
// closed": without the first thing the second is not done, and what
// follows is what happens instead.
var noNoRe = regexp.MustCompile(`(?i)^no\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}),\s+no\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}(?:,\s+|\s*[.!]?$)(.*)$`)

// noNoCondition reads "No budget, no job ad, the requisition is closed" as
// "If there is no budget, the requisition is closed and nothing else
// happens": the branch without the first thing ends.
func noNoCondition(s string) string {
	m := noNoRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return s
	}
	rest := strings.TrimRight(strings.TrimSpace(m[2]), ".!")
	if rest == "" {
		return "If there is no " + m[1] + ", nothing else happens."
	}
	return "If there is no " + m[1] + ", " + rest + " and nothing else happens."
}

// invertedRe is a condition put as a question without its question mark,
// as German and Dutch write it: "Are documents missing, so the clerk
// requests them", "Does the customer not pay, the clerk sends a
// reminder".
var invertedRe = regexp.MustCompile(`^(Is|Are|Was|Were|Does|Do|Did|Has|Have)\s+([^,?;]{3,80}?),\s*(?:(?:so|then)\s+)?([^?]{6,})$`)

// invertedCondition writes an inverted condition as an "if": "Are
// documents missing, so the clerk requests them" → "If documents are
// missing, the clerk requests them". The auxiliary goes before the
// first word after the subject that states or does something (a "not",
// a participle, a state word, a verb). Any other sentence is returned
// as it is.
func invertedCondition(s string) string {
	s = onlyWhenInverted(s) // "Only when X does the leader run …"
	m := invertedRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return s
	}
	aux := strings.ToLower(m[1])
	ws := strings.Fields(m[2])
	k := -1
	for i := 1; i < len(ws); i++ {
		n := norm(ws[i])
		_, f := verbForm(ws[i])
		if n == "not" || n == "no" || stateWords[n] || f == formPast || f == formIng || (aux == "does" || aux == "do" || aux == "did") && f == formBase {
			k = i
			break
		}
	}
	if k < 1 {
		return s
	}
	cond := strings.Join(ws[:k], " ") + " " + aux + " " + strings.Join(ws[k:], " ")
	if !textshape.AllCaps(ws[0]) {
		cond = lowerFirst1(cond)
	}
	return "If " + cond + ", " + m[3]
}

// stateWords are the states an inverted condition asks about.
var stateWords = set(`missing incomplete complete damaged broken approved rejected declined ok okay invalid valid late
	overdue failed passed unclear wrong correct available unavailable expired unsigned signed illegible eligible ineligible
	sufficient insufficient positive negative high low`)
