package text

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
