package builtin

// byAgent finds the performer of a passive: "… by the finance manager".
func byAgent(rest []string) string {
	for k, r := range rest {
		if norm(r) == "by" && k+1 < len(rest) {
			if agent := nounPhrase(rest[k+1:], 4); isAgent(agent) {
				return agent
			}
			return ""
		}
		if cutWords[norm(r)] {
			return ""
		}
	}
	return ""
}

// passive completes a passive clause whose object is already known from
// the subject: the rest only adds "from"/"to" and further actions ("… and
// then sent to the manager").
func passive(c clause, rest []string, prev string) []clause {
	tmp := finish(clause{verb: c.verb}, rest, prev, formPast)
	if len(tmp) == 0 {
		return []clause{c}
	}
	c.from, c.to = tmp[0].from, tmp[0].to
	c.verb = tmp[0].verb // with its particle: "switched off"
	out := []clause{c}
	for _, t := range tmp[1:] {
		if t.performer == "" {
			t.performer = c.performer
		}
		if len(t.object) == 0 {
			t.object = c.object
		}
		out = append(out, t)
	}
	return out
}

// passiveSubject drops a leading prepositional phrase from a passive
// subject: "In dusty environments an additional tarp" → "additional tarp".
func passiveSubject(ws []string) []string {
	if len(ws) > 1 && prepositions[norm(ws[0])] {
		// the last determiner starts the subject: "In both cases the
		// complaint" → "the complaint"
		for i := len(ws) - 1; i >= 1; i-- {
			if determiners[norm(ws[i])] {
				return ws[i:]
			}
		}
	}
	return ws
}
