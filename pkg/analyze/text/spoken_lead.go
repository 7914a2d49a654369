package text

import (
	"regexp"
	"strings"
)

// spokenLeadRe is a speaker's lead-in before the step: "Let me see...
// right, after baking …", "Let me check: the baker …", "Let me just
// recap - the nurse …". It says nothing about the process.
var spokenLeadRe = regexp.MustCompile(`(?i)^\W*let\s+me\s+(?:just\s+)?(?:see|check|think|look|recap|remember|confirm|double-check|summari[sz]e|get\s+this\s+right)\b[^.:…!?;]{0,40}?(?:\.{2,}|…|:|\s[—–-]\s|[.!?;,])\s*`)

// spokenLead drops a speaker's "Let me see…" lead from s; what is left,
// if anything, is the sentence's step ("" when the lead was all of it).
func spokenLead(s string) string {
	m := spokenLeadRe.FindStringIndex(s)
	if m == nil {
		return s
	}
	rest := strings.TrimSpace(s[m[1]:])
	if wordCount(rest) < 2 {
		return ""
	}
	return capitalise(rest)
}

// joinLeadRe opens a step done after alternatives rejoin, in words that
// would read as a choice of their own: "Either way the counter assistant
// takes the payment", "Whichever it is, …".
var joinLeadRe = regexp.MustCompile(`(?i)^\W*(?:either\s+way|whichever\s+way|whichever\s+it\s+is|whatever\s+happens)\s*,?\s+`)

// joinLead drops that lead: the step is the one after the join.
func joinLead(s string) string {
	m := joinLeadRe.FindStringIndex(s)
	if m == nil || wordCount(s[m[1]:]) < 2 {
		return s
	}
	return capitalise(s[m[1]:])
}
