package text

import "strings"

// The helpers here read the clauses joined after an object: those with
// subjects of their own, and the coordinated action the object scan
// stopped at ("… and sends it to …", "…, who schedules …"), with the
// performer each of them has.

// withOwnSubjects follows c by the clauses with subjects of their own
// joined to it; their pronouns stand for c's object.
func withOwnSubjects(c clause, other []clause) []clause {
	out := []clause{c}
	o := c.objectText()
	for _, t := range other {
		if o != "" {
			t.object = resolvePronoun(t.object, o)
		}
		out = append(out, t)
	}
	return out
}

// tailClauses parses the coordinated action after c's object ("… and
// sends it to …") and gives its clauses their performer: the speaker of a
// pronoun, the party a relative clause names, else c's.
func tailClauses(c clause, tail []string, prev string, form int, alt bool, tailPron string, relative bool) []clause {
	next := prev
	if o := c.objectText(); o != "" {
		next = o
	}
	b, f := verbFormNext(tail)
	if f == formNone {
		return nil
	}
	var out []clause
	for k, t := range finish(clause{verb: b}, tail[1:], next, f) {
		t.alt = alt && k == 0
		t = tailPerformer(c, t, tailPron, relative)
		if len(t.object) == 0 && f == formPast {
			t.object = c.object
		}
		if form == formPast && f == formPast && k == 0 {
			if by := byAgent(tail[1:]); by != "" {
				t.performer = by // "… drafted by the officer and signed by the head"
			}
			if len(t.object) == 0 {
				out = append(out, t) // the passive's subject is its object
				continue
			}
		}
		if len(t.object) == 0 && !(t.to != "" && t.verb == "write") && !strings.Contains(t.verb, " ") {
			continue // "… and set to local CTAF": too little to name; "… and writes to the customer" names a letter and whom it goes to ("… and replies to the customer" is left a message)
		}
		out = append(out, t)
	}
	return out
}

// tailPerformer gives a coordinated clause t without a performer of its
// own the one who does it.
func tailPerformer(c, t clause, tailPron string, relative bool) clause {
	if tailPron != "" && tailPron != "he" && tailPron != "she" && t.performer == "" {
		// "…, and I log them": the speaker, not the subject
		// before
		t.pronoun, t.pron = true, tailPron
		return t
	}
	if t.performer != "" {
		return t
	}
	t.performer = c.performer
	if relative && c.to != "" && isAgent(c.to) {
		t.performer = c.to // "… to the technician, who schedules …"
	} else if np := nounPhrase(c.object, 4); relative && c.to == "" && isAgent(np) && !isSystem(np) {
		t.performer = np // "… informs the doctor, who decides …"
	}
	return t
}

// findTail looks past a cut ("… by email and then I enter it …") for a
// further action joined by "and"/"then" or a comma: a relative clause
// (relativeTail) or a verb after the join (joinedTail).
func findTail(ws []string, form int) (tail []string, relative bool, pron string) {
	for j := 0; j+1 < len(ws); j++ {
		w := norm(ws[j])
		if w != "and" && w != "then" && !strings.HasSuffix(ws[j], ",") {
			continue
		}
		if cutWords[w] && w != "then" {
			return nil, false, ""
		}
		nxt := ws[j+1:]
		if strings.HasSuffix(ws[j], ",") && len(nxt) > 1 && (norm(nxt[0]) == "which" || norm(nxt[0]) == "who") {
			return relativeTail(nxt)
		}
		if tail, pron, ok := joinedTail(nxt, w == "and" || w == "then", form); ok {
			return tail, false, pron
		}
	}
	return nil, false, ""
}

// relativeTail reads the relative clause after a comma, nxt starting with
// "which" or "who": "…, which records the goods receipt" (the same
// performer acts), "…, who schedules" or "… to the quality team, which
// analyses" (the party just named does). It is the action when a verb in
// the third person follows, relative true; else there is none.
func relativeTail(nxt []string) (tail []string, relative bool, pron string) {
	if _, f := verbForm(nxt[1]); f == formThird {
		return nxt[1:], true, ""
	}
	return nil, false, ""
}

// joinedTail reads the action after a join (joined when it is "and" or
// "then", not a bare comma), past further "then", "and" and a personal
// pronoun (pron: "…, and I log them"): the verb and what follows, when
// its form continues the clause's (form). ok is false when no action
// follows there.
func joinedTail(nxt []string, joined bool, form int) (tail []string, pron string, ok bool) {
	for len(nxt) > 1 && (norm(nxt[0]) == "then" || norm(nxt[0]) == "and" || personal[norm(nxt[0])]) {
		joined = true
		if personal[norm(nxt[0])] {
			pron = norm(nxt[0])
		}
		nxt = nxt[1:]
	}
	b, f := verbFormNext(nxt)
	if f == formNone || f == formIng || (timeVerbs[b] && !(b == "wait" && len(nxt) > 2 && norm(nxt[1]) == "for" && !numberWord(nxt[2]))) {
		return nil, "", false // "… and takes 15 minutes"; "… and waits for the reply" is an event
	}
	// after a bare comma only the same verb form continues a series
	// of actions; "…, coordinate reference system" is a list of nouns
	if f == form || f == formThird || (joined && f == formBase) {
		return nxt, pron, true
	}
	return nil, "", false
}
