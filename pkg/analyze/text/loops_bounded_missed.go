package text

import (
	"regexp"
	"strings"
)

// afterMissedRe opens a sentence with a count of failed tries named by
// what was tried: "After two missed interviews the application is
// closed", "After three failed deliveries, …". Group 1 is the count, 3
// the clause.
var afterMissedRe = regexp.MustCompile(`^(?i:after|on|with)\s+(?i:the\s+)?((?i:second|third|fourth|fifth|sixth|two|three|four|five|six|\d+(?:st|nd|rd|th)?))\s+(?i:missed|failed|unsuccessful|unanswered)\s+([a-z][a-z-]{3,})\s*,?\s+(.+)$`)

// afterMissedLead reads "After two missed interviews the application is
// closed" as the decision on the count, as "After two failed attempts,
// …" is read: "If the second attempt fails, the application is closed".
// ok is false when the sentence does not open so.
func afterMissedLead(s string) (string, bool) {
	m := afterMissedRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil || wordCount(m[3]) < 2 {
		return s, false
	}
	noun := strings.ToLower(m[2])
	if _, f := verbForm(noun); f == formIng || timeNouns[noun] {
		return s, false // "after two failed loading …", "after three days without an answer": no count of tries
	}
	ord := strings.ToLower(m[1])
	if o, ok := countWords[ord]; ok {
		ord = o
	}
	return "If the " + ord + " attempt fails, " + lowerInitial(m[3]), true
}

// boundColonLeadRe is a repetition with its bound as a lead before a
// colon and the case of the bound after it: "Repeat until the check
// passes, but at most three rounds: if the third round still fails, …".
var boundColonLeadRe = regexp.MustCompile(`(?i)^(?:repeat|retry|try\s+again|this\s+(?:is\s+repeated|repeats|goes\s+on))\b[^:;]*?\b(?:at\s+most|up\s+to|no\s+more\s+than|not\s+more\s+than|a\s+maximum\s+of|max(?:imum)?\.?)\s+(?:once|twice|(?:two|three|four|five|\d+)\s+(?:times|rounds|attempts|tries|cycles))\s*:\s*((?:if|when|after|should)\s+\S.+)$`)

// boundColonLead drops a bounded repetition's lead when the colon is
// followed by the case of the bound: that case is the sentence's step
// ("if the third round still fails, the operator escalates"); the
// repetition itself is the loop the sentences before already drew.
func boundColonLead(s string) string {
	if m := boundColonLeadRe.FindStringSubmatch(strings.TrimSpace(s)); m != nil {
		return capitalise(m[1])
	}
	return s
}
