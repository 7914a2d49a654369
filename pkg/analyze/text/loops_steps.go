package text

import "regexp"

// stepNo is a reference to a numbered step: "3", "4.1", "4a".
const stepNo = `(\d{1,3}(?:\.\d{1,3})*[a-z]?)`

// repeatStepsRe is a sentence that repeats a range of numbered steps
// while or until a condition holds: "Repeat steps 2 to 5 until the suite
// shows no defects", "Steps 3 to 5 are repeated as long as …"; the first
// step in group 1, the word that opens the condition in 2, the
// condition in 3.
var repeatStepsRe = regexp.MustCompile(`(?i)^(?:(?:then|and)\s+)?(?:repeat\s+(?:the\s+)?steps?\s+` + stepNo + `(?:\s*(?:to|through|until|–|—|-|and)\s*\d{1,3}(?:\.\d{1,3})*[a-z]?)?|(?:the\s+)?steps?\s+` + stepNo + `(?:\s*(?:to|through|–|—|-|and)\s*\d{1,3}(?:\.\d{1,3})*[a-z]?)?\s+(?:are|is)\s+repeated)\s+(until|till|as\s+long\s+as|while)\s+(.{4,}?)[.!]?$`)

// asLongAsStepsRe is the same with the condition first: "As long as the
// moisture stays below 30 %, steps 3 to 5 are repeated"; the condition
// in group 1, the first step in 2 or 3.
var asLongAsStepsRe = regexp.MustCompile(`(?i)^(?:as\s+long\s+as|while)\s+([^,]{3,120}?),\s+(?:repeat\s+(?:the\s+)?steps?\s+` + stepNo + `(?:\s*(?:to|through|–|—|-|and)\s*\d{1,3}(?:\.\d{1,3})*[a-z]?)?|(?:the\s+)?steps?\s+` + stepNo + `(?:\s*(?:to|through|–|—|-|and)\s*\d{1,3}(?:\.\d{1,3})*[a-z]?)?\s+(?:are|is)\s+repeated)\W*$`)

// repeatSteps closes a cycle back to the first of a range of numbered
// steps the sentence repeats on a condition: a decision on it after the
// last step read, whose "No" ("until") or "Yes" ("as long as", "while")
// goes back to that step. It reports whether it drew one; the sentence
// has no step of its own.
func (a *analyzer) repeatSteps(body string) bool {
	var first, cond string
	again := false
	if m := repeatStepsRe.FindStringSubmatch(body); m != nil {
		first, cond = firstNonEmpty(m[1], m[2]), m[4]
		again = !isUntil(m[3])
	} else if m := asLongAsStepsRe.FindStringSubmatch(body); m != nil {
		first, cond, again = firstNonEmpty(m[2], m[3]), m[1], true
	} else {
		return false
	}
	d := a.steps[stepRef(first)]
	if d == nil || d.item == nil || d == a.last || a.b.open != nil || a.b.into != nil {
		return false
	}
	return a.b.addLoopCheck(cond, a.currentActor(), d.item, again)
}

// isUntil reports whether w opens a condition that ends the cycle when
// it holds ("until", "till").
func isUntil(w string) bool {
	return len(w) > 0 && (w[0] == 'u' || w[0] == 'U' || w[0] == 't' || w[0] == 'T')
}
