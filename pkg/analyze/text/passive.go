package text

import "strings"

// byAgent finds the performer of a passive: "… by the finance manager".
// It reads only the clause's own words and participles coordinated with
// its own: in "… are closed and the employee is notified by e-mail" the
// "by" belongs to the next clause.
func byAgent(rest []string) string {
	for k, r := range rest {
		n := norm(r)
		if n == "by" && k+1 < len(rest) {
			if agent := trimReflexive(nounPhrase(rest[k+1:], 4)); passiveAgent(agent, rest[k+1]) {
				return agent
			}
			return ""
		}
		if (n == "and" || n == "or") && k+1 < len(rest) {
			if _, f := verbForm(rest[k+1]); f == formPast {
				continue // "is built and tested by the CI server"
			}
		}
		if cutWords[n] || n == "and" || n == "or" || breaks(r) {
			return ""
		}
	}
	return ""
}

// channels carry a message; "by e-mail", "by phone" never name who acts.
var channels = set(`e-mail email mail post phone telephone fax letter sms text message courier hand portal chat
	video videocall call messenger teams slack whatsapp`)

// isChannel reports whether a noun phrase names a channel, not a party.
func isChannel(np string) bool {
	ws := strings.Fields(strings.ToLower(np))
	return len(ws) > 0 && channels[norm(ws[len(ws)-1])]
}

// passive completes a passive clause whose object is already known from
// the subject: the rest only adds "from"/"to" and further actions ("… and
// then sent to the manager").
func passive(c clause, rest []string, prev string) []clause {
	if k := nextPassive(rest); k > 0 {
		// "The permit is granted by the board and the fee is invoiced
		// by the office": a second passive clause with its own subject
		first := append([]string(nil), rest[:k]...)
		first[len(first)-1] = strings.TrimRight(first[len(first)-1], ",;")
		c.performer = byAgent(first)
		return append(passive(c, first, prev), parseClause(strings.Join(rest[k+1:], " "), prev)...)
	}
	if k := auxPassive(rest); k > 0 {
		// "… is prepared by the broker and is lodged with the
		// authority": a second passive predicate of the same subject,
		// done by the one its own "by" names, else by the first's
		c2 := c
		c2.verb, _ = verbForm(rest[k+2])
		if agent := byAgent(rest[k+3:]); agent != "" {
			c2.performer = agent
		}
		return append(passive(c, rest[:k], prev), passive(c2, rest[k+3:], prev)...)
	}
	if st := passiveState(rest); st != "" {
		c.object = append(append([]string(nil), c.object...), st) // "returned unrepaired"
	}
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
		if len(t.object) == 0 || prepositions[norm(t.object[0])] || (len(t.object) == 1 && norm(t.object[0]) == "again") ||
			strings.Join(t.object, " ") == strings.Join(tmp[0].object, " ") {
			// (the last: "taken straight to … and treated by …" copied
			// the first participle's leftover words)
			// "…, checked for completeness and forwarded": a participle
			// has no object of its own; the subject is what it acts on
			t.object = c.object
		}
		out = append(out, t)
	}
	return out
}

// nextPassive finds the "and" that opens a second passive clause with a
// subject of its own ("… and the fee is invoiced by …"): its index in
// rest, or 0.
func nextPassive(rest []string) int {
	for k := 1; k+3 < len(rest); k++ {
		if norm(rest[k]) != "and" || !determiners[norm(rest[k+1])] {
			continue
		}
		for j := k + 2; j+1 < len(rest) && j <= k+5; j++ {
			if auxBe[norm(rest[j])] {
				if _, f := verbForm(rest[j+1]); f == formPast {
					return k
				}
				break
			}
		}
	}
	return 0
}

// auxPassive finds the "and" of a second passive predicate of the same
// subject ("… and is lodged with …", "… and gets inspected by …"): its
// index in rest, or 0.
func auxPassive(rest []string) int {
	for k := 1; k+2 < len(rest); k++ {
		if norm(rest[k]) != "and" || !auxBe[norm(rest[k+1])] {
			continue
		}
		if _, f := verbForm(rest[k+2]); f == formPast {
			return k
		}
	}
	return 0
}

// lapseVerbs say that a thing runs out or stops by itself: no step.
var lapseVerbs = set(`lapses expires ends fails stops lapsed expired ended failed stopped`)

// passiveSubject drops a leading prepositional phrase from a passive
// subject: "In dusty environments an additional tarp" → "additional tarp".
func passiveSubject(ws []string) []string {
	// "the offer lapses and the hire is cancelled": a clause of its own
	// before the passive one, whose subject is the one after "and"
	for k := 2; k+1 < len(ws); k++ {
		if norm(ws[k]) == "and" && lapseVerbs[norm(ws[k-1])] {
			return ws[k+1:]
		}
	}
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
