package text

import (
	"regexp"
	"strings"
)

// unlessLeadRe is a condition that names the case it leaves out: "Unless
// the sheet is complete and current, the agent rejects the booking".
var unlessLeadRe = regexp.MustCompile(`^(?i:unless)\s+([^,;:]{3,120}?),\s+(\S.*)$`)

// unlessCondition writes "Unless X, Y" as the "If not X, Y" every reader
// of conditions takes: "If the sheet is not complete and current, the
// agent rejects the booking". A condition it cannot negate (no
// auxiliary, no verb it knows, already negative) is left as it is.
func unlessCondition(s string) string {
	m := unlessLeadRe.FindStringSubmatch(s)
	if m == nil || negative(m[1]) {
		return s
	}
	neg, ok := negatedClause(m[1])
	if !ok {
		return s
	}
	return "If " + neg + ", " + m[2]
}

// unlessAux are the auxiliaries a negation follows: "is not", "can not",
// "has not".
var unlessAux = set(`is are was were must should shall will can may could would has have had does do did`)

// negatedClause puts "not" into a clause at its first auxiliary ("the
// goods are not limited quantities") or before its first finite verb
// ("the customer does not pay", "we do not hear back"). The verb is
// looked for after the subject: a word right after a determiner is a
// noun ("the claims exceed" → "the claims do not exceed").
func negatedClause(c string) (string, bool) {
	ws := strings.Fields(c)
	for i := 1; i < len(ws) && i <= 5; i++ {
		w, prev := norm(ws[i]), norm(ws[i-1])
		if determiners[prev] {
			continue
		}
		if unlessAux[w] {
			return strings.Join(ws[:i+1], " ") + " not " + strings.Join(ws[i+1:], " "), true
		}
		base, form := lexicon().Base(w)
		switch {
		case int(form) == formThird:
			return strings.Join(ws[:i], " ") + " does not " + base + unlessTail(ws[i+1:]), true
		case int(form) == formBase && (pronouns[prev] || strings.HasSuffix(prev, "s")) && prev != "it" && prev != "he" && prev != "she":
			return strings.Join(ws[:i], " ") + " do not " + base + unlessTail(ws[i+1:]), true
		}
	}
	return "", false
}

// unlessTail is the words after a verb, with the space before them.
func unlessTail(ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	return " " + strings.Join(ws, " ")
}
