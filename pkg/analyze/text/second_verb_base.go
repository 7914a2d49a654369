package text

import "github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"

// baseFirstVerb finds a first verb in the base form that names no step
// after a subject that takes the base form all the same: a plural
// ("Admitted applicants get an offer letter and pay the deposit") or a
// role in plain non-native English ("The change manager look at it and
// call the CAB"). It returns the verb's index, or -1.
func baseFirstVerb(ws []string) int {
	for j := 1; j < len(ws) && j <= 4; j++ {
		if breaks(ws[j-1]) {
			return -1
		}
		b, f := lexicon().Base(norm(ws[j]))
		if f != wordnet.FormBase || !notWork[b] || norm(ws[j]) != b {
			continue
		}
		subject := ws[:j]
		if pluralSubject(subject) || len(subject) <= 4 && plainSubject(subject) && isAgent(nounPhrase(subject, 5)) {
			return j
		}
		return -1
	}
	return -1
}
