package text

import "strings"

// eitherParty reads a subject of two parties joined by "or" that are no
// roles of ours ("The school or the club send us the request"): whichever
// of them it is, the same party acts, so the clauses get one performer
// named by both ("School or Club"). It returns nil when the subject is no
// such pair, or when each side is a role (eitherPerformer's choice).
func eitherParty(cs []clause, subject []string) []clause {
	for i, w := range subject {
		if norm(w) != "or" || i == 0 || i+1 >= len(subject) || len(cs) == 0 || cs[0].performer != "" {
			continue
		}
		one, two := subject[:i], subject[i+1:]
		a, b := nounPhrase(one, 4), nounPhrase(two, 4)
		if a == "" || b == "" || (isAgent(a) && isAgent(b)) || !partySide(cs, one, a) || !partySide(cs, two, b) {
			return nil
		}
		if strings.EqualFold(a, b) {
			return nil
		}
		out := append([]clause(nil), cs...)
		for k := range out {
			if out[k].performer == "" && !out[k].pronoun {
				out[k].performer = a + " or " + b
			}
		}
		return out
	}
	return nil
}

// partySide reports whether one side of "X or Y" can act: a role or
// party by its head ("the sponsor") or a short noun phrase doing
// something to an object ("the school").
func partySide(cs []clause, side []string, np string) bool {
	return isAgent(np) || actsOnObject(cs, side)
}

// orPairAgrees reports a verb in the base form at i after a subject of
// two parties joined by "or", each with its article ("The school or the
// club send us the request"): writers let the verb agree with both, and
// what follows it (an article, "us", a pronoun) shows it is the verb.
func orPairAgrees(subject, ws []string, i int) bool {
	if len(subject) < 5 || len(subject) > 7 || i+1 >= len(ws) || !determiners[norm(subject[0])] {
		return false
	}
	for k, w := range subject {
		if norm(w) != "or" || k < 2 || k+2 >= len(subject) || !determiners[norm(subject[k+1])] {
			continue
		}
		next := norm(ws[i+1])
		return determiners[next] || personalObjects[next] || pronouns[next]
	}
	return false
}
