package text

import "regexp"

// keepBackRe is a sentence that says a thing goes back, over and over,
// until a condition holds: "The reviewer keeps sending it back until no
// errors remain", "QA keeps returning the batch record until it is
// complete". Like "This is repeated until …" it closes the cycle the
// sentences before it read (the check, its rework); the condition is the
// cycle's exit.
var keepBackRe = regexp.MustCompile(`(?i)^(?:[a-z][\w-]*\s+){1,3}(?:keeps|keep|kept|continues\s+to|will\s+keep)\s+(?:on\s+)?(?:(?:sending|bouncing|passing|handing|giving|kicking)\s+(?:it|them|(?:the|this|that)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+back|returning\s+(?:it|them|(?:the|this|that)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)(?:\s+back)?)(?:\s+to\s+(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?)?\s*,?\s+(?:until|till)\s+(.{4,}?)[.!]?$`)

// keepsSendingBack closes the cycle a "keeps sending it back until …"
// sentence names and reports whether it did.
func (a *analyzer) keepsSendingBack(s string) bool {
	m := keepBackRe.FindStringSubmatch(s)
	return m != nil && a.loopUntil(m[1])
}
