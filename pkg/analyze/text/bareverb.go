package text

import "strings"

// bareWorkVerb reports a work verb in its base form at i with its object
// after it, no preposition or second verb: "HR send warning letter",
// "underwriter write decline letter".
func bareWorkVerb(ws []string, i int) bool {
	next := norm(ws[i+1])
	if _, cf := curatedVerbForm(ws[i]); cf != formBase || prepositions[next] || agreementStops[next] || auxBe[next] || modals[next] || breaks(ws[i]) {
		return false
	}
	_, nf := verbForm(ws[i+1])
	return nf == formNone || nf == formIng || nounAfterBareVerb(ws, i)
}

// nounAfterBareVerb reports, after a role and a bare work verb at i, an
// object whose first word could be a verb but is a noun there: a plural
// that ends the clause ("Underwriter check answers.") or a noun in front
// of the object's head ("underwriter write decline letter", "clerk send
// payment reminder"). Plain non-native English drops the article, and
// the verb's own form no longer tells the object from a second verb.
func nounAfterBareVerb(ws []string, i int) bool {
	if i+1 >= len(ws) {
		return false
	}
	next := ws[i+1]
	_, nf := verbForm(next)
	last := i+2 >= len(ws) || breaks(next) || strings.HasSuffix(next, ".")
	switch {
	case nf == formThird && last:
		return true // "check answers."
	case (nf == formBase || nf == formThird) && !last:
		after := ws[i+2]
		n := norm(after)
		if prepositions[n] || determiners[n] || pronouns[n] || personalObjects[n] || agreementStops[n] || auxBe[n] || modals[n] {
			return false
		}
		_, af := curatedVerbForm(after)
		return af == formNone
	}
	return false
}

// bareRoleVerb reports a bare work verb at i after a role named without
// an article, in plain non-native English: "If decline, underwriter
// write decline letter". The first word must be no verb itself, so an
// order ("check supplier invoice") stays an order.
func bareRoleVerb(ws []string, i int) bool {
	if _, f0 := curatedVerbForm(ws[0]); f0 != formNone {
		return false
	}
	if _, f := curatedVerbForm(ws[i]); f != formBase || i+1 >= len(ws) {
		return false
	}
	return isAgent(nounPhrase(ws[:i], 3)) && plainAgreement(ws[:i], ws, i)
}
