package text

import (
	"regexp"
	"strings"
)

// unsuitableSubjectRe is a plural subject opened by the state that
// limits it, with no article: "Unsuccessful applicants receive a standard
// letter", "Ineligible requests are returned". The state is one a
// refusal leaves a case in (refusalRe).
var unsuitableSubjectRe = regexp.MustCompile(`^([A-Za-z][a-z-]+)\s+([a-z][a-z-]+s)\s+((?:receive|get|are|go|will|must|shall|can|may)\b.*)$`)

// unsuitableSubject rewrites such a sentence as the case it applies to:
// "If the applicant is unsuccessful, the applicants receive a standard
// letter", so that the letter is a branch of its own, not a step every
// applicant passes. ok is false for any other sentence ("Approved
// claims go to finance" names no refusal).
func unsuitableSubject(s string) (string, bool) {
	m := unsuitableSubjectRe.FindStringSubmatch(s)
	if m == nil {
		return s, false
	}
	state := strings.ToLower(m[1])
	if !refusalRe.MatchString(state) {
		return s, false
	}
	noun := strings.ToLower(m[2])
	return "If the " + singularNoun(noun) + " is " + state + ", the " + noun + " " + m[3], true
}

// singularNoun is the singular of a regular plural: "applicants" →
// "applicant", "parties" → "party".
func singularNoun(w string) string {
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return strings.TrimSuffix(w, "ies") + "y"
	case strings.HasSuffix(w, "ss"):
		return w
	}
	return strings.TrimSuffix(w, "s")
}

// notDoneColon reports whether the word ws[i] closes, with a colon, a
// clause saying what is not done to the case ("is not completed:",
// "will not be shipped:"), and a clause of its own follows: the colon
// ends a sentence as a semicolon does.
func notDoneColon(ws []string, i int) bool {
	w := ws[i]
	if !strings.HasSuffix(w, ":") || i < 1 || i+1 >= len(ws) || !clauseAfter(ws[i+1:]) {
		return false
	}
	if n := strings.ToLower(ws[i-1]); n != "not" && n != "never" {
		return false
	}
	_, f := verbForm(strings.TrimSuffix(w, ":"))
	return f == formPast
}
