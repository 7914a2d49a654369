package text

import "strings"

// passiveAgent reports whether the noun phrase after a passive's "by"
// names who acts: an agent that is no channel ("by the finance
// manager", not "by e-mail"), a channel noun with an article before it,
// which is a party ("collected by the courier", not "sent by courier"),
// a company's name written with a capital inside ("collected by
// GreenCycle"), or an outside party ("repaired by the workshop").
func passiveAgent(agent, first string) bool {
	if agent == "" {
		return false
	}
	if camelCase(agent) && isCapitalised(agent) && !isSystem(norm(agent)) {
		return true
	}
	if !isAgent(agent) {
		// "the vehicle is repaired by the workshop": an outside party
		// whose head is no role word
		return isExternal(agent) && !isChannel(agent)
	}
	if !isChannel(agent) {
		return true
	}
	ws := strings.Fields(strings.ToLower(agent))
	return determiners[norm(first)] && partyChannels[norm(ws[len(ws)-1])]
}

// partyChannels are channels that are also parties when named with an
// article: "by the courier" is someone who comes by.
var partyChannels = set(`courier messenger`)

// trimReflexive drops a reflexive pronoun after an agent: "uploaded by
// the referees themselves" is done by the referees.
func trimReflexive(np string) string {
	ws := strings.Fields(np)
	if len(ws) > 1 && reflexives[strings.ToLower(ws[len(ws)-1])] {
		return strings.Join(ws[:len(ws)-1], " ")
	}
	return np
}
