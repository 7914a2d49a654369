package text

import (
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
)

// unlessRe is a sentence opened by the case it does not apply to:
// "Unless the team lead approves the request, it is cancelled".
var unlessRe = regexp.MustCompile(`^(?i:unless)\s+([^,]{3,120}?),\s+(.+)$`)

// unlessSubjects open the subject of a condition that can be negated.
var unlessSubjects = set(`the a an our your their his her its`)

// unlessLead is s with an "Unless X, Y" lead written as its "If"
// (unlessForm), any other sentence as it is.
func unlessLead(s string) string {
	b, _ := unlessForm(s)
	return b
}

// unlessForm rewrites "Unless X, Y" as the "If" of the case it names:
// "If the team lead does not approve the request, it is cancelled", so
// that Y is a branch of its own, not a step every case passes. ok is
// false when the condition is no subject and a verb it can negate.
func unlessForm(body string) (string, bool) {
	m := unlessRe.FindStringSubmatch(body)
	if m == nil {
		return body, false
	}
	cond, ok := negateClause(m[1])
	if !ok {
		return body, false
	}
	return "If " + cond + ", " + m[2], true
}

// negateClause negates a clause of a subject and a verb in the present:
// "the manager approves it" → "the manager does not approve it", "the
// form is complete" → "the form is not complete". The subject is an
// article and up to four words; the verb is the first word after it in
// the third person.
func negateClause(c string) (string, bool) {
	ws := strings.Fields(c)
	if len(ws) < 3 {
		return c, false
	}
	first := 1
	if n := strings.ToLower(ws[0]); n == "it" || n == "he" || n == "she" {
		first = 0
	} else if !unlessSubjects[n] {
		return c, false
	}
	for k := first + 1; k < len(ws) && k <= 5; k++ {
		subj, rest := strings.Join(ws[:k], " "), strings.Join(ws[k+1:], " ")
		if rest != "" {
			rest = " " + rest
		}
		switch v := ws[k]; v {
		case "is", "are":
			return subj + " " + v + " not" + rest, true
		case "has":
			return subj + " does not have" + rest, true
		}
		if base, form := lexicon().Base(norm(ws[k])); form == wordnet.FormThird && base != "be" && base != "do" && base != "have" {
			return subj + " does not " + base + rest, true
		}
	}
	return c, false
}
