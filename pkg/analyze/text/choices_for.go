package text

import (
	"regexp"
	"strings"
)

// forCaseRe opens a sentence with the kind of case it applies to: "For a
// replacement, the agent orders a new card".
var forCaseRe = regexp.MustCompile(`^(?i:for)\s+(an?)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?),\s+(\S.+)$`)

// forCaseIdioms are "for a …" lead-ins that name no case: "For a start,
// …", "For a while, …".
var forCaseIdioms = set(`start while moment change time second minute day week month year period reason fact example instance long short`)

// forCaseRuns rewrites a run of two or more sentences in a row that each
// open with the kind of case they apply to ("For a replacement, the agent
// orders a new card. For a closure, the agent cancels the account.") as
// the cases of one question, "If the case is a replacement, …", so that
// they are the branches of one choice and not two steps in a row. A lone
// "For a …," sentence is left as it is: it may speak of the one case the
// text follows.
func forCaseRuns(ss []string) []string {
	kind := func(s string) []string {
		m := forCaseRe.FindStringSubmatch(strings.TrimSpace(s))
		if m == nil || forCaseIdioms[strings.ToLower(lastWord(m[2]))] {
			return nil
		}
		return m
	}
	out := append([]string(nil), ss...)
	for i := 0; i < len(ss); {
		j := i
		for j < len(ss) && kind(ss[j]) != nil {
			j++
		}
		if j-i >= 2 {
			for k := i; k < j; k++ {
				m := kind(ss[k])
				out[k] = "If the case is " + strings.ToLower(m[1]) + " " + m[2] + ", " + m[3]
			}
		}
		if j == i {
			j++
		}
		i = j
	}
	return out
}

// optionLabelRe is the label in front of an alternative of a list:
// "Option A, a lump sum: the advisor pays …", "Alternative 2: …".
var optionLabelRe = regexp.MustCompile(`(?i)^(?:option|alternative|variant)\s+(?:[a-z]|\d{1,2}|one|two|three|four)\b\s*(?:[,–-]\s*[^:]{1,40})?[:.)]\s+(\S.*)$`)

// optionText is an alternative's text without its "Option A, …:" label,
// which names the option but says nothing of its work.
func optionText(s string) string {
	if m := optionLabelRe.FindStringSubmatch(strings.TrimSpace(s)); m != nil {
		return capitalise(m[1])
	}
	return caseItemText(s)
}
