package text

import "regexp"

// bareEndRe is a sentence that is only the word for an end: "Stop.",
// "End.", "STOP!", "The end.", "End of process.". Too short to be read as
// a step, it ends the branch the sentence before opened.
var bareEndRe = regexp.MustCompile(`(?i)^\W*(?:stop|end|halt|the\s+end|end\s+of\s+(?:the\s+)?(?:process|procedure|workflow))\W*$`)

// bareEnd ends the open branch on a sentence that says only "Stop." or
// "End." and reports whether s was one.
func (a *analyzer) bareEnd(s string) bool {
	if !bareEndRe.MatchString(s) {
		return false
	}
	a.b.endHere()
	return true
}
