package text

// personObject drops a pronoun that stands for a person from the start
// of an object, so that it is not read as the thing named before:
// "I call them back" is no "Call back the notes", "give them the next
// free appointment" gives the appointment. It applies after a verb that
// addresses someone (call, inform, remind …) when the pronoun ends the
// object or a particle or preposition follows, and after any verb when a
// determiner follows it (the pronoun is then the recipient).
func personObject(verb string, object []string) []string {
	if len(object) == 0 {
		return object
	}
	p := norm(object[0])
	if p != "them" && p != "him" && p != "her" {
		return object
	}
	if len(object) == 1 {
		if addressing[firstWord(verb)] || personVerbs[firstWord(verb)] {
			return nil
		}
		return object
	}
	next := norm(object[1])
	switch {
	case (addressing[firstWord(verb)] || personVerbs[firstWord(verb)]) && (particles[next] || prepositions[next]):
		return object[1:] // "call them back", "phone them about the date"
	case p == "them" && determiners[next] && next != "all" && next != "both" && next != "each":
		return object[1:] // "give them the next free appointment"
	}
	return object
}

// personVerbs take a person as their object: "call them back".
var personVerbs = set(`phone ring text greet welcome thank reassure refer`)
