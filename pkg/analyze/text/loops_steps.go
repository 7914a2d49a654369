package text

import (
	"regexp"

	"github.com/spade-bpmn/spade/pkg/process"
)

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
		return a.repeatBranchUntil(body)
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

// bareRepeatUntilRe is "Repeat until acceptable" on its own: the steps
// just read are done again until the condition holds.
var bareRepeatUntilRe = regexp.MustCompile(`(?i)^(?:then\s+)?repeat(?:\s+(?:this|these\s+steps|it|them))?\s+(?:until|till)\s+(.{3,}?)[.!]?$`)

// repeatBranchUntil reads "Repeat until acceptable" after a decision's
// branch ("If the report shows gaps, the registrar asks for improvements
// and reviews the updated report. Repeat until acceptable."): the
// branch's steps go round until the condition holds, the decision's
// other branches do not. It reports whether it drew the cycle.
func (a *analyzer) repeatBranchUntil(body string) bool {
	m := bareRepeatUntilRe.FindStringSubmatch(body)
	n := len(a.b.seq)
	if m == nil || n == 0 || a.last == nil || a.last.item == nil {
		return false
	}
	g := a.b.seq[n-1].gw
	if g == nil || g.typ != process.GatewayExclusive {
		return false
	}
	list := g.branchOf(a.last.item)
	if list == nil {
		return false
	}
	return a.b.addLoopCheckIn(list, m[1], a.last.performer, (*list)[0])
}
