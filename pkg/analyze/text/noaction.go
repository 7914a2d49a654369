package text

import (
	"regexp"
	"strings"
)

// noActionVerbs are the completions a negative outcome withholds, in the
// forms a sentence uses them: "we pay no duties", "the office issues no
// permit", "deliver nothing".
const noActionVerbs = `(?:pays?|issues?|deliver(?:s)?|ships?|sends?|releases?|refunds?|grants?|books?|orders?|dispatch(?:es)?|loads?|invoices?|disburses?|signs?|credits?|transfers?|awards?|hands?\s+over|installs?|schedules?|reimburses?|places?|produces?)`

// noActionNot denies an active verb: "does not", "won't".
const noActionNot = `(?:(?:does|do|did|will|shall|would|must)\s+not|doesn't|don't|didn't|won't|shan't|mustn't|never)`

// noActionTrail is what may follow such a clause and say no more: whom
// the withheld thing would have gone to or come from ("with the
// caterer", "to the customer"), then "in that case", "then", "for that
// candidate".
const noActionTrail = `(?:\s+(?:with|to|from|at|by|on)\s+(?:the|our|this|that|its|their|his|her|any)\s+[a-z-]+(?:\s+[a-z-]+)?)?(?:\s+(?:either|then|at\s+all|in\s+(?:that|this|such\s+a|either)\s+case|for\s+(?:that|this|the|such\s+an?|those|these)\s+[a-z-]+))?`

// noActionRe is a clause saying the positive outcome is withheld, in the
// forms noneDoneRe and negEndRe do not read: an active verb with a
// negative object ("We pay no duties and deliver nothing in that case",
// "the office issues no permit") and a passive with a modal ("No permit
// shall be issued in that case"). It closes its sentence: such a clause
// is no step, and it ends the branch it is said in.
var noActionRe = regexp.MustCompile(`(?i)(?:^\W*|[,;:]\s*|\s(?:and|so|then)\s+)(?:` +
	// active: "[we|the office] pay(s) no duties [and deliver nothing]"
	`(?:(?:we|they|you|he|she|it|(?:the|our|this|that)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+)?(?:(?:then|also|therefore)\s+)?` +
	noActionVerbs + `\s+(?:nothing|no\s+[a-z-]+(?:\s+[a-z-]+)?)` +
	`(?:\s*,?\s+(?:and|or|nor)\s+` + noActionVerbs + `\s+(?:nothing|no\s+[a-z-]+(?:\s+[a-z-]+)?|anything))?` +
	`|` +
	// active, denied: "the agent does not order anything", "we won't ship it"
	`(?:(?:we|they|you|he|she|it|(?:the|our|this|that)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+)?` + noActionNot + `\s+` + noActionVerbs +
	`(?:\s+(?:anything|it|them|(?:the|a|an|any)\s+[a-z-]+(?:\s+[a-z-]+)?))?` +
	`|` +
	// passive with a modal: "no permit shall be issued"
	`no\s+[a-z-]+(?:\s+[a-z-]+)?\s+(?:shall|may|must|can|should|is\s+to|are\s+to)\s+(?:ever\s+|then\s+)?be\s+(?:ever\s+|then\s+)?(?:[a-z]+ed|paid|sent|made|given|drawn\s+up|set\s+up|carried\s+out|done|written|taken)` +
	`)` + noActionTrail + `\W*$`)

// cutNoAction cuts a closing noActionRe clause from a sentence's body:
// what is withheld is no step. A sentence that is only that clause is
// left empty, and closeSentence ends the branch.
func cutNoAction(body string) string {
	loc := noActionRe.FindStringIndex(body)
	if loc == nil {
		return body
	}
	if loc[0] == 0 {
		return ""
	}
	// a condition keeps its clause ("If the goods are seized, we pay no
	// duties" has no other)
	if cut := body[:loc[0]]; !ifLeadRe.MatchString(cut) || ifStartRe.MatchString(cut) {
		return cut + "."
	}
	return body
}

// activeNotDoneColonRe is such a denied active verb closed by a colon,
// with what is done instead after it: "the agent does not order
// anything: the agent refers the case to the fraud desk".
var activeNotDoneColonRe = regexp.MustCompile(`(?i)\b` + noActionNot + `\s+` + noActionVerbs + `(?:\s+(?:anything|it|them|(?:the|a|an|any)\s+[a-z-]+))?:$`)

// activeNotDoneColon reports whether the word ws[i] closes, with a colon,
// a clause denying the case its completion in the active voice, and a
// clause of its own follows: the colon ends a sentence, as it does after
// "is not completed:" (notDoneColon).
func activeNotDoneColon(ws []string, i int) bool {
	if !strings.HasSuffix(ws[i], ":") || i+1 >= len(ws) || !clauseAfter(ws[i+1:]) {
		return false
	}
	return activeNotDoneColonRe.MatchString(strings.Join(ws[max(0, i-5):i+1], " "))
}
