package text

import (
	"regexp"
	"strings"
)

// arrivalSpliceRe is an arrival told as a clause of its own before the
// step it starts: "Applications come in, the recruiter screens the CVs",
// "So a manuscript comes in and the commissioning editor reviews it".
var arrivalSpliceRe = regexp.MustCompile(`^(?:(?i:so|ok|okay|well)\s*,?\s+)?((?i:an?|the)\s+[a-z-]+(?:\s+[a-z-]+)?|[A-Z][a-z-]+s)\s+(comes?\s+in|come\s+in|arrives?)(?:\s*,|\s+and)\s+((?i:the|our|a|an|we|I|they|he|she)\s+\S.*)$`)

// arrivalWhen reads an arrival clause before a step as its lead-in:
// "Applications come in, the recruiter screens the CVs" is "When
// applications come in, the recruiter screens the CVs", so the step is
// read (and "it" is what arrived).
func arrivalWhen(s string) string {
	m := arrivalSpliceRe.FindStringSubmatch(s)
	if m == nil {
		return s
	}
	return "When " + strings.ToLower(m[1][:1]) + m[1][1:] + " " + m[2] + ", " + m[3]
}
