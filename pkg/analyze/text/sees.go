package text

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
)

// seesServed reads "see" as work where its object is a party served:
// "the dentist sees the patient", "an adviser sees the client" is the
// consultation, while "the clerk sees the error" names no step. It returns
// the form of "see" at i, or formNone.
func seesServed(ws []string, i int) int {
	b, f := lexicon().Base(norm(ws[i]))
	if b != "see" || (f != wordnet.FormBase && f != wordnet.FormThird && f != wordnet.FormPast) {
		return formNone
	}
	for j := i + 1; j < len(ws) && j <= i+3; j++ {
		w := norm(ws[j])
		if servedParties[strings.TrimSuffix(strings.TrimSuffix(w, "s"), "'")] {
			return int(f)
		}
		if !determiners[w] && !possessives[w] && w != "new" && w != "next" && w != "first" {
			return formNone
		}
	}
	return formNone
}
