package text

import "github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"

// plainSubject reports whether subject can be the performer of a base
// form in plain non-native English: no break, preposition, conjunction,
// modal or "be" in it ("requires that the manager approve" is a
// subjunctive), except the "of" of a titled role ("the head of
// department sign the refusal").
func plainSubject(subject []string) bool {
	for k, w := range subject {
		n := norm(w)
		if n == "of" && k > 0 && k+1 < len(subject) && ofRoles[norm(subject[k-1])] {
			continue
		}
		if breaks(w) || prepositions[n] || agreementStops[n] || modals[n] || auxBe[n] {
			return false
		}
	}
	return true
}

// movementVerbs are base forms that reach their person or place through
// a preposition, not an object: "dispute team write to the card
// scheme", "the supplier reply to the query". ("go", "come" and "look"
// name no work, so the verb readers never offer them here.)
var movementVerbs = set(`write speak reply respond report`)

// movementAfterRole reports one of movementVerbs at i followed by a
// preposition: after a role subject it is the verb all the same.
func movementAfterRole(ws []string, i int) bool {
	if i+1 >= len(ws) || !movementVerbs[norm(ws[i])] {
		return false
	}
	return prepositions[norm(ws[i+1])]
}

// plainIdleVerb reports a base form at j that names no work ("come",
// "go") after a role subject, as plain non-native English writes it:
// "the driver come and inspect the truck" – the verb after "and" is the
// step.
func plainIdleVerb(ws []string, j int) bool {
	b, f := lexicon().Base(norm(ws[j]))
	if f != wordnet.FormBase || !notWork[b] || j+1 >= len(ws) || norm(ws[j+1]) != "and" {
		return false
	}
	subject := ws[:j]
	return len(subject) <= 4 && plainSubject(subject) && (isAgent(nounPhrase(subject, 5)) || possessedSubject(subject))
}

// writerPossessives open a subject that is one of the writer's own people:
// "our legal colleague", "my assistant".
var writerPossessives = set(`our my your`)

// possessedSubject reports a short subject the writer owns, "our legal
// colleague check the contract": a person or team of theirs, as a role
// would be.
func possessedSubject(subject []string) bool {
	if len(subject) < 2 || len(subject) > 4 || !writerPossessives[norm(subject[0])] {
		return false
	}
	for _, w := range subject[1:] {
		if _, f := verbForm(w); f != formNone || breaks(w) {
			return false
		}
	}
	return true
}
