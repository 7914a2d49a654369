package text

import (
	"regexp"
	"strings"
)

// ownClause reports a listed alternative written as a whole clause with its
// own subject, whose step is the draft read from it: "the officer offers a
// place" under "There are three possible outcomes:" is "Offer place", not
// "Use officer offers place". The item's first word is no verb and a later
// word is the step's verb, inflected. An item led by a state ("approved:
// the clerk sends …") is one too.
func ownClause(text, name string) bool {
	if caseLabelRe.MatchString(text) {
		// "approved: the clerk sends the contract": a case and its step
		return true
	}
	ws := strings.Fields(trimPunct(text))
	ns := strings.Fields(name)
	if len(ws) < 3 || len(ns) == 0 {
		return false
	}
	if _, f := verbForm(ws[0]); f != formNone {
		return false
	}
	verb := strings.ToLower(ns[0])
	for _, w := range ws[1:4] {
		if b, f := verbForm(w); f != formNone && f != formBase && b == verb {
			return true
		}
	}
	return false
}

// caseLabelRe is an item led by a short label and a colon: "approved:
// the clerk sends …", "on hold: something is missing. …".
var caseLabelRe = regexp.MustCompile(`^\s*(?:[A-Za-z][\w-]*\s+){0,2}[A-Za-z][\w-]*\s*:\s+\S`)

// outcomeLeadRe is a choice's lead that announces outcomes, not methods:
// "There are three possible outcomes:", "two results:".
var outcomeLeadRe = regexp.MustCompile(`(?i)\b(?:outcomes|results|possibilities)\b`)

// choiceQuestion names the decision of a listed choice after its lead:
// "Which outcome?" after "three possible outcomes:", else "Which method?".
func choiceQuestion(lead string) string {
	if outcomeLeadRe.MatchString(lead) {
		return "Which outcome?"
	}
	return "Which method?"
}
