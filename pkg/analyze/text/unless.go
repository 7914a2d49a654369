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
		if hasObject(w, ws[i+1:]) {
			// "the customer has a valid ID": "has" is the verb here
			return strings.Join(ws[:i], " ") + " does not have" + unlessTail(ws[i+1:]), true
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

// hasObject tells whether w is "has" used as the verb, before the thing
// had ("has a valid ID"), not as an auxiliary ("has been approved").
func hasObject(w string, rest []string) bool {
	return w == "has" && len(rest) > 0 && determiners[norm(rest[0])]
}

// unlessTail is the words after a verb, with the space before them.
func unlessTail(ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	return " " + strings.Join(ws, " ")
}

// amountLeadRe opens a sentence with the range of amounts it applies
// to, without "if": "Above 500 euros the senior adjuster reviews the
// receipts", "Up to 500 euros, the assistant settles it", "Up to 2,000
// euros I approve it myself".
var amountLeadRe = regexp.MustCompile(`^(?i:(above|over|below|under|up\s+to|more\s+than|less\s+than|at\s+least|at\s+most))\s+((?:[€$£]\s?)?\d[\d.,]*(?:\s*(?i:k|m|%|[€$£]|eur|euros?|usd|dollars?|gbp|pounds?|chf|days?|hours?|kg|tonnes?|units?|items?|pieces?))?)\s*,?\s+((?i:the|a|an|we|they|he|she|our|your|i)\s+.+)$`)

// percentLeadRe is a range of percentages followed by what they measure:
// "Above 2 % deviation, the technician replaces the meter".
var percentLeadRe = regexp.MustCompile(`^(?i:(above|over|below|under|up\s+to|more\s+than|less\s+than|at\s+least|at\s+most))\s+(\d[\d.,]*\s*%)\s+([a-z][a-z-]+)\s*,?\s+((?i:the|a|an|we|they|he|she|our|your)\s+.+)$`)

// amountLead writes a sentence led by a range of amounts as the
// condition it is: "If the amount is above 500 euros, the senior
// adjuster reviews the receipts", so that the range is not read as part
// of the performer's name.
//
// A percentage is no amount: it is said of the noun that follows it
// ("Above 2 % deviation, the technician …" → "If the deviation is above
// 2 %, …"); one that names none is said of "the percentage"
// (percentLead puts in what the text measured before).
func amountLead(s string) string {
	if m := percentLeadRe.FindStringSubmatch(s); m != nil && !determiners[norm(m[3])] {
		return "If the " + strings.ToLower(m[3]) + " is " + strings.ToLower(strings.Join(strings.Fields(m[1]), " ")) + " " + m[2] + ", " + m[4]
	}
	m := amountLeadRe.FindStringSubmatch(s)
	if m == nil {
		return s
	}
	if strings.HasSuffix(m[2], "%") {
		return "If the percentage is " + strings.ToLower(strings.Join(strings.Fields(m[1]), " ")) + " " + m[2] + ", " + m[3]
	}
	return "If the amount is " + strings.ToLower(strings.Join(strings.Fields(m[1]), " ")) + " " + m[2] + ", " + m[3]
}

// measuredRe finds what a text measures in percent: "Deviation 4.1 %",
// "a deviation of 4.1 %".
var measuredRe = regexp.MustCompile(`\b([A-Za-z][a-z-]{2,})\s+(?:of\s+|is\s+)?(?:(?:above|below|over|under|more\s+than|less\s+than|at\s+least|at\s+most|up\s+to)\s+)?\d[\d.,]*\s*%`)

// comparatives bound an amount ("above 2 %"): no thing measured.
var comparatives = set(`above below over under than least most up`)

// percentLead says a condition on a bare percentage of the thing the
// text measured in percent last: after "Deviation 4.1 %.", "If the
// percentage is above 2 %, …" (amountLead) reads "If the deviation is
// above 2 %, …". It remembers what s measures for the sentences after.
func (a *analyzer) percentLead(s string) string {
	const bare = "If the percentage is "
	if a.lastMeasure != "" && strings.HasPrefix(s, bare) {
		s = "If the " + a.lastMeasure + " is " + strings.TrimPrefix(s, bare)
	}
	if m := measuredRe.FindStringSubmatch(s); m != nil {
		if n := norm(m[1]); !determiners[n] && !danglers[n] && !prepositions[n] && !comparatives[n] && n != "percentage" {
			a.lastMeasure = n
		}
	}
	return s
}
