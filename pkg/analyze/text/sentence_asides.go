package text

import (
	"regexp"
	"strings"
)

// listAsideRe is a bracketed aside with commas inside: "(booking fees,
// vouchers and so on)".
var listAsideRe = regexp.MustCompile(`\s*\(([^()]*,[^()]*)\)`)

// asideConditionRe is what keeps an aside: a condition or a step of its
// own ("(and audit, where required)").
var asideConditionRe = regexp.MustCompile(`(?i)^\s*(?:and|or)\b|\b(?:if|where|when|unless)\b`)

// dropListAsides drops bracketed lists inside a sentence: their commas
// would cut a condition from its case ("If the amount is wrong (fees,
// vouchers …), the officer recalculates it"). An aside that states a
// condition or adds a step stays, and so does a sentence that is only an
// aside.
func dropListAsides(s string) string {
	t := listAsideRe.ReplaceAllStringFunc(s, func(m string) string {
		if asideConditionRe.MatchString(strings.TrimSpace(m)[1:]) {
			return m
		}
		return ""
	})
	if t = strings.TrimSpace(t); wordCount(t) < 3 {
		return s
	}
	return t
}

// modalAsideRe is an aside between commas right after a modal verb:
// "the load shall, without exception, be reprocessed", "the technician
// shall, in accordance with the tray list, inspect …".
var modalAsideRe = regexp.MustCompile(`(?i)\b(shall|must|should|will|may|can|is\s+to|are\s+to)\s*,\s+([^,;:()]{3,60}?)\s*,\s+([a-z][\w-]*)`)

// dropModalAsides drops an aside between a modal verb and the verb it
// goes with: its commas would cut the verb from its subject, and the
// sentence was lost. An aside that states a condition ("shall, where
// required, inspect") stays.
func dropModalAsides(s string) string {
	s = dropFillerAsides(s)
	return modalAsideRe.ReplaceAllStringFunc(s, func(m string) string {
		g := modalAsideRe.FindStringSubmatch(m)
		if asideConditionRe.MatchString(g[2]) || wordCount(g[2]) > 8 {
			return m
		}
		return g[1] + " " + g[3]
	})
}

// invertedModalRe is a condition put first with "only" and the modal
// before the subject: "Only upon a pass result shall the technician
// release the load", "Only after approval may the clerk send the order".
var invertedModalRe = regexp.MustCompile(`(?i)^only\s+((?:upon|after|when|once|if|on)\s+[^,;]{2,60}?)\s+(shall|must|may|can|will|should)\s+(\S.*)$`)

// whereuponRe joins a next step to the one before: "…, whereupon the
// porter delivers the sets".
var whereuponRe = regexp.MustCompile(`(?i),?\s+whereupon\s+`)

// invertedModal writes a condition put first with "only" and the modal
// before the subject in the usual order ("Upon a pass result, the
// technician shall release the load"), and "…, whereupon the porter
// delivers …" as the next step ("… and the porter delivers …"). The
// subject ends at the first verb that takes an object or "be"; without
// one the sentence stays.
func invertedModal(s string) string {
	s = whereuponRe.ReplaceAllString(s, " and ")
	m := invertedModalRe.FindStringSubmatch(s)
	if m == nil {
		return s
	}
	ws := strings.Fields(m[3])
	for i := 1; i < len(ws) && i <= 5; i++ {
		// the verb is the first base form before a determiner ("release
		// the load") or "be": "sales contract be sent" is no verb
		// "contract"
		_, f := verbForm(ws[i])
		object := i+1 < len(ws) && (determiners[norm(ws[i+1])] || norm(ws[i+1]) == "it" || norm(ws[i+1]) == "them")
		if norm(ws[i]) == "be" || f == formBase && object {
			return capitalise(m[1]) + ", " + strings.Join(ws[:i], " ") + " " + strings.ToLower(m[2]) + " " + strings.Join(ws[i:], " ")
		}
	}
	return s
}

// everyCaseLeadRe is a lead before a colon that says the steps after it
// hold for every case: "Every return starts the same way: …", "Each
// application: …".
var everyCaseLeadRe = regexp.MustCompile(`(?i)^(?:every|each|any|all)\s+[a-z][\w-]*(?:\s+[\w-]+){0,5}:\s+(\S.*)$`)

// everyCaseLead drops a lead that says the steps after the colon hold for
// every case: they are the flow's own steps.
func everyCaseLead(s string) string {
	if m := everyCaseLeadRe.FindStringSubmatch(s); m != nil && wordCount(m[1]) >= 3 {
		return capitalise(m[1])
	}
	return s
}
