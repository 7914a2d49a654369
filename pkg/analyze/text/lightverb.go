package text

import (
	"regexp"
	"strings"
)

// doTheRe is "do" with a thing of work as its object: "the inspector
// does the check-out inspection", "we do a stock count".
var doTheRe = regexp.MustCompile(`(?i)\b(do|does|did|doing)\s+((?:the|a|an|its|their|his|her|our|my|your)\s+[^,;.!?:]+?)(\s*(?:[,;.!?:]|\s(?:and|then|before|after|when|once|if|until|with|for|on|at|in|by)\s|$))`)

// doCarry is "carry out" in the form of the "do" it replaces.
var doCarry = map[string]string{"do": "carry out", "does": "carries out", "did": "carried out", "doing": "carrying out"}

// invertedLeads come before an auxiliary "do" of a question or an
// inversion ("Only then does the manager sign"), not before the verb.
var invertedLeads = set(`then only nor so how why what when where who which whom neither rarely seldom not never also too`)

// lightDo reads "does the inspection" as "carries out the inspection",
// which names its work by the noun: the step is the inspection. "Do" as
// an auxiliary ("Only then does the manager sign the form", "How do
// the clerks check it?") stays: the object must end in a noun of work
// and hold no verb with an object of its own.
func lightDo(s string) string {
	m := doTheRe.FindStringSubmatchIndex(s)
	if m == nil {
		return s
	}
	before := strings.Fields(s[:m[0]])
	if len(before) == 0 || (invertedLeads[norm(before[len(before)-1])] && !subjectAdverb(before)) {
		return s
	}
	ws := strings.Fields(s[m[4]:m[5]])
	if len(ws) < 2 || len(ws) > 5 {
		return s
	}
	for _, w := range ws[1:] {
		if determiners[norm(w)] {
			return s // "does the manager sign the form": a verb with its object
		}
	}
	last := norm(ws[len(ws)-1])
	work := workNouns[last]
	for _, v := range nounVerbs(last)[1:] {
		if b, f := verbForm(v); f == formBase && b == v {
			work = true // "inspection" → inspect, "booking" → book
		}
	}
	if !work {
		return s
	}
	return s[:m[2]] + doCarry[strings.ToLower(s[m[2]:m[3]])] + s[m[3]:]
}

// workNouns are nouns of work that are spelt as their verb: "does the
// final check".
var workNouns = set(`check count review test audit survey inspection repair clean benchmark`)
