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
	if lapseWords[strings.ToLower(strings.TrimSuffix(w, ":"))] {
		return true // "…, the offer lapses: the officer marks it as expired"
	}
	if n := strings.ToLower(ws[i-1]); n != "not" && n != "never" {
		return false
	}
	_, f := verbForm(strings.TrimSuffix(w, ":"))
	return f == formPast
}

// lapseWords close a clause saying the case ran out: "the offer lapses:".
var lapseWords = set(`lapses lapse expires expire lapsed expired`)

// condColonBranches joins a conditional sentence cut at its not-done
// colon with what the next sentence says is done instead: "Should the
// check fail, the order is not shipped: you set it to blocked and I
// email the client." → "Should the check fail, you set it to blocked and
// I email the client; the order is not shipped.", so that the work is
// the branch's and the branch ends after it. colons holds the indices
// of the sentences cut at such a colon.
func condColonBranches(out []string, colons map[int]bool) []string {
	if len(colons) == 0 {
		return out
	}
	res := make([]string, 0, len(out))
	for k := 0; k < len(out); k++ {
		s := out[k]
		if !colons[k] || k+1 >= len(out) || !ifLeadRe.MatchString(s) || strings.HasSuffix(out[k+1], "?") {
			res = append(res, s)
			continue
		}
		loc := negEndRe.FindStringIndex(s)
		if loc == nil {
			// "If the 30 days pass, the offer lapses:": the main clause
			// after the condition's comma
			if c := strings.LastIndex(s, ", "); c > 0 && lapseWords[strings.ToLower(strings.TrimRight(s[strings.LastIndex(s, " ")+1:], "."))] {
				loc = []int{c, len(s)}
			}
		}
		if loc == nil || loc[0] == 0 {
			res = append(res, s)
			continue
		}
		cond := strings.TrimRight(s[:loc[0]], " ,;")
		neg := strings.TrimLeft(s[loc[0]:], " ,;:")
		then := strings.TrimRight(out[k+1], " .!")
		if ws := strings.Fields(then); len(ws) > 0 && plainOpeners[strings.ToLower(ws[0])] {
			then = lowerFirst1(then)
		}
		if m := negSubjectRe.FindStringSubmatch(neg); m != nil {
			// "…, the order is not shipped: you set it to blocked": "it"
			// is the order
			then = firstItRe.ReplaceAllString(then, "${1}the "+m[1]+"${2}")
		}
		res = append(res, cond+", "+then+"; "+neg)
		k++
	}
	return res
}

// negSubjectRe is the thing a not-done clause names: "the order is not
// shipped".
var negSubjectRe = regexp.MustCompile(`^(?i:the)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:is|are|will|shall|must|may|can|gets|get|won't|cannot|can't|isn't|aren't)\b`)

// firstItRe is a clause's first "it" after its verb: "you set it to …".
var firstItRe = regexp.MustCompile(`^([^,;]*?\b[a-z]+\s+)it(\b)`)

// plainOpeners open a clause and are written in lower case inside a
// sentence.
var plainOpeners = set(`the a an we you they it he she this that these those our your their its`)

// refusalColon reports whether ws[i] closes, with a colon, the refusal
// of a conditional sentence that began at ws[start], and a clause of
// its own follows: "If the invoice is a duplicate, the controller
// rejects it for good: the clerk cancels the invoice". What follows is
// done in the same case.
func refusalColon(ws []string, start, i int) bool {
	if !strings.HasSuffix(ws[i], ":") || i+1 >= len(ws) || !ifLeadRe.MatchString(ws[start]) || !clauseAfter(ws[i+1:]) {
		return false
	}
	for k := max(start+1, i-4); k <= i; k++ {
		// (the refusal is the main clause's, after the condition's
		// comma: "If every library declines: tell the patron" is a
		// condition and its work)
		if b, f := verbForm(strings.TrimSuffix(ws[k], ":")); f == formThird && negativeVerbs[b] && strings.Contains(strings.Join(ws[start:k], " "), ",") {
			return true
		}
	}
	return false
}
