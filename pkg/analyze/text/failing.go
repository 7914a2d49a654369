package text

import (
	"regexp"
	"strings"
)

// failingWhichRe is the legal "…, failing which …": what follows happens
// when what comes before is not done ("The applicant shall return the
// agreement within 30 days, failing which the award is withdrawn").
// Group 1 is the duty's sentence up to the phrase.
var failingWhichRe = regexp.MustCompile(`(?i)(^|[.!?]\s+)([^.!?]*?)\s*[,;]\s*(?:failing\s+(?:which|that|this|such)|in\s+default\s+(?:of\s+which|whereof))\s*,?\s+`)

// modalDutyRe is a duty stated with a modal: subject, modal, and either "be"
// with a participle (passive) or the verb phrase.
var modalDutyRe = regexp.MustCompile(`^(.*?\S)\s+(?i:must|shall|should|has\s+to|have\s+to|is\s+to|are\s+to|needs?\s+to)\s+(be\s+)?(\S.*)$`)

// failingWhich splits such a sentence in two, the second one opened by
// the duty denied ("If the agreement is not returned within 30 days,
// the award is withdrawn"): the consequence is the branch where the
// duty was not met, not a step after it.
func failingWhich(p string) string {
	return failingWhichRe.ReplaceAllStringFunc(p, func(m string) string {
		g := failingWhichRe.FindStringSubmatch(m)
		return g[1] + g[2] + ". " + deniedDuty(strings.TrimSpace(g[2])) + ", "
	})
}

// deniedDuty is the condition under which a duty was not met: "The
// invoice must match the order" → "If the invoice does not match the
// order"; a sentence that states no duty gives "If this is not the case".
func deniedDuty(s string) string {
	m := modalDutyRe.FindStringSubmatch(s)
	if m == nil || wordCount(m[1]) > 6 {
		return "If this is not the case"
	}
	subject := m[1]
	if determiners[norm(firstWord(subject))] {
		subject = strings.ToLower(subject[:1]) + subject[1:]
	}
	if m[2] != "" {
		return "If " + subject + " is not " + m[3]
	}
	return "If " + subject + " does not " + m[3]
}
