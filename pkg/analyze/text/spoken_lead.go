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

