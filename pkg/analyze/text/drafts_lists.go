package text

import (
	"regexp"
	"strings"
)

// The readers here take a sentence as a list of clauses, each with its
// own subject ("The post is advertised, applicants apply, and the
// applications are checked"), and read the parts that go on from the
// part before: a relative clause ("…, who uploads them") and a passive
// continued ("are photographed, set aside and reported").

// namesEachSubject reports whether clauses name their own performers,
// at least two different ones: "the chef orders …, and the waiter lays …".
func namesEachSubject(cs []clause) bool {
	seen := map[string]bool{}
	for _, c := range cs {
		if c.performer == "" || c.pronoun {
			return false
		}
		seen[c.performer] = true
	}
	return len(seen) >= 2
}

// timeLeadIns open a lead-in that only says when the clauses after it
// happen: no condition, so what follows is read as it stands.
var timeLeadIns = set(`after once when whenever upon following`)

// clauseList parses text as one clause, or as a list of clauses each
// with its own subject when that reads more of it: "The post is
// advertised, applicants apply, and the applications are checked".
func (a *analyzer) clauseList(text, name string) []clause {
	cs := parseClause(text, a.pronounObject(text))
	if name != "" || strings.Count(text, ",") < 1 {
		return cs
	}
	parts, afterLead := listParts(text)
	if len(parts) < 2 || len(parts) > 6 {
		return cs
	}
	pcs, rel, ok := partClauses(parts, a.lastObject)
	if !ok {
		return cs
	}
	if afterLead && !namesEachSubject(pcs) {
		return cs // after a lead-in only "A does X, and B does Y"
	}
	if len(pcs) > len(cs) || rel && len(pcs) == len(cs) {
		return pcs
	}
	return cs
}

// listParts splits text at its commas into the parts of a list of
// clauses. A lead-in is context, not a clause of the list ("When a
// customer calls, the agent …"): after one there are no parts, except
// after a lead-in in time (afterLead), whose parts are those after it.
func listParts(text string) (parts []string, afterLead bool) {
	parts = clauseListRe.Split(text, -1)
	if first := strings.Fields(parts[0]); len(first) > 0 && (leadInWords[norm(first[0])] || cutWords[norm(first[0])]) {
		parts = nil
		if timeLeadIns[norm(first[0])] {
			afterLead = true
			// "After the review, the officer orders …, and the
			// analyst verifies …": after a lead-in in time the
			// clauses still form a list
			parts = clauseListRe.Split(text, -1)[1:]
		}
	}
	return parts, afterLead
}

// partClauses reads each part of a list as clauses, prev the object
// before the list; rel says a part is a relative clause on a party
// ("…, who uploads them"). ok is false when a part reads as no clause.
func partClauses(parts []string, prev string) (pcs []clause, rel, ok bool) {
	for i, p := range parts {
		var pc []clause
		if i > 0 && len(pcs) > 0 {
			pc = relativeClause(p, pcs[len(pcs)-1], prev)
			rel = rel || len(pc) > 0 && norm(strings.Fields(p)[0]) == "who"
		}
		if pc == nil && i > 0 && len(pcs) > 0 {
			pc = passiveContinuation(p, parts[i-1], pcs[len(pcs)-1], prev)
		}
		if pc == nil {
			pc = parseClause(p, prev)
			if i > 0 && len(pc) > 0 && pc[0].performer == "" && !pc[0].pronoun && len(pcs) > 0 && pcs[0].performer != "" {
				if _, f := verbForm(strings.Fields(p)[0]); f == formBase {
					// "The inspector looks for runs, dust inclusions
					// and …": after a subject's verb, a bare base
					// form is a noun in a list, not an instruction
					pc = nil
				}
			}
		}
		if len(pc) == 0 {
			return nil, false, false
		}
		if o := pc[len(pc)-1].objectText(); o != "" {
			prev = o
		}
		pcs = append(pcs, pc...)
	}
	return pcs, rel, true
}

// relativeClause reads a clause list part that starts with a relative
// pronoun by putting back what the pronoun stands for: "…, which is then
// sent to the customer" (the cost estimate), "… to the purchasing
// department, which contacts the supplier" (the department), "… to the
// technical department, where the plans are examined" (the department
// examines them). before is the clause the part follows; it returns nil
// when the part is no relative clause.
func relativeClause(part string, before clause, prev string) []clause {
	ws := strings.Fields(part)
	if len(ws) < 3 {
		return nil
	}
	rel := norm(ws[0])
	if rel != "which" && rel != "who" && rel != "where" {
		return nil
	}
	rest := ws[1:]
	for len(rest) > 1 && (adverbs[norm(rest[0])] || fillers[norm(rest[0])]) {
		rest = rest[1:]
	}
	party := ""
	if before.to != "" && isAgent(before.to) {
		party = before.to
	} else if before.from != "" && (isAgent(before.from) || isExternal(before.from)) {
		party = before.from // "requests documents from the applicant, who uploads them"
	}
	if rel == "where" {
		cs := parseClause(strings.Join(rest, " "), prev)
		for i := range cs {
			if cs[i].performer == "" && !cs[i].pronoun && party != "" {
				cs[i].performer = party
			}
		}
		return cs
	}
	ante := party
	if _, f := verbForm(rest[0]); ante == "" || auxBe[norm(rest[0])] || f == formNone {
		// "…, which is then sent": the thing just worked on
		ante = before.objectText()
	}
	if ante == "" {
		return nil
	}
	return parseClause("The "+ante+" "+strings.Join(rest, " "), prev)
}

// passiveRe finds a passive verb group: "are photographed", "is then
// checked".
var passiveRe = regexp.MustCompile(`(?i)\b(?:is|are|was|were|be|been|gets|get)\s+(?:\w+ly\s+|then\s+|also\s+|first\s+)?\w+(?:ed|en|t)\b`)

// passiveContinuation reads a clause list part that goes on with the
// passive of the part before ("Damaged items are photographed, set aside
// and reported to purchasing"): the participle has the same subject.
func passiveContinuation(part, beforeText string, before clause, prev string) []clause {
	ws := strings.Fields(part)
	if len(ws) < 2 || !passiveRe.MatchString(beforeText) {
		return nil
	}
	b, f := verbForm(ws[0])
	if f == formNone || participle(b) != norm(ws[0]) {
		return nil
	}
	obj := before.objectText()
	if obj == "" {
		return nil
	}
	cs := parseClause("The "+obj+" are "+part, prev)
	for i := range cs {
		if cs[i].performer == "" {
			cs[i].performer = before.performer
		}
	}
	return cs
}
