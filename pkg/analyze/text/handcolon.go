package text

import "regexp"

// handColonRe is a hand-over said before a colon, with the receiver's
// work after it: "otherwise it comes to me: I search the catalogue",
// "Then the file goes to the auditor: she checks …". Group 1 is what
// leads the sentence (a condition word such as "otherwise"), group 2 the
// work.
var handColonRe = regexp.MustCompile(`(?i)^((?:(?:otherwise|else|then|next|if\s+not|after\s+that)\s*,?\s+)?)(?:it|this|that|the\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:then\s+)?(?:comes|goes|passes|moves|lands|is\s+passed|is\s+handed)\s+(?:on\s+|over\s+)?(?:to|with)\s+(?:me|us|him|her|them|the\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?|[A-Z][a-z]+)\s*:\s+((?:I|we|he|she|they|the)\s+\S.*)$`)

// handColonWork reads such a sentence as its work, kept behind its lead:
// the hand-over names the performer the work's subject names again, and
// the colon cut that work from the sentence.
func handColonWork(s string) string {
	m := handColonRe.FindStringSubmatch(s)
	if m == nil {
		return s
	}
	if m[1] == "" {
		return capitalise(m[2])
	}
	return m[1] + m[2]
}
