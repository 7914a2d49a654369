package text

import "strings"

// clauseColon reports whether the colon ending ws[i] joins two clauses
// that each name who acts, the second saying how the first is done:
// "Patients who need it are referred by the discharge coordinator: the
// coordinator sends a care request …". Each is a sentence of its own. A
// label, a condition or a lead-in of parallel work before the colon
// keeps it ("Step 2: …", "If it fails: …", "Two things happen: …").
func clauseColon(ws []string, start, i int) bool {
	if !strings.HasSuffix(ws[i], ":") || i+4 >= len(ws) || i-start < 4 {
		return false
	}
	if labelPrefixStops[norm(ws[start])] || subordinateLeads[norm(ws[start])] {
		return false
	}
	left := strings.TrimSuffix(strings.Join(ws[start:i+1], " "), ":")
	if parallelListRe.MatchString(strings.Join(ws[start:], " ")) || !strings.Contains(left, " ") {
		return false
	}
	right := ws[i+1:]
	for k, w := range right {
		if strings.HasSuffix(w, ".") || strings.HasSuffix(w, ";") || strings.HasSuffix(w, ":") {
			right = right[:k+1]
			break
		}
	}
	if _, main := qualifiedSubject(left); main != "" {
		left = main // "Patients who need it are referred by …"
	}
	return actingClause(left) && (actingClause(strings.Join(right, " ")) || pronounClause(right))
}

// pronounClause reports whether ws opens with a personal pronoun and a
// verb read as its action: "she ask three airlines for group fares" after
// "Our consultant make a proposal:" says how the consultant does it, so
// the pronoun is the consultant and the clause a sentence of its own,
// whether or not the verb agrees with its subject.
func pronounClause(ws []string) bool {
	if len(ws) < 3 || !colonPronouns[norm(ws[0])] {
		return false
	}
	cs := parseClause(strings.Join(ws, " "), "")
	return len(cs) > 0 && cs[0].pronoun && cs[0].verb != "" && cs[0].leadIn == ""
}

// colonPronouns are the subjects that stand for one who acts: "it" and
// "this" after a colon more often describe a thing.
var colonPronouns = map[string]bool{"he": true, "she": true, "they": true, "we": true, "i": true}

// actingClause reports whether s opens with a clause whose performer is
// named (a role, an outside party or a person): "the coordinator sends a
// care request", "the patients are referred by the coordinator".
func actingClause(s string) bool {
	cs := parseClause(s, "")
	if len(cs) == 0 || cs[0].verb == "" || cs[0].leadIn != "" {
		return false
	}
	p := cs[0].performer
	return p != "" && (isAgent(p) || isExternal(p))
}

// clauseBreak reports whether the word ws[i] ends a clause that is a
// sentence of its own though no full stop follows it: a semicolon before
// a clause or an opener ("A proofreader checks it; if there are errors,
// …"), or a colon between two clauses that each name who acts.
func clauseBreak(ws []string, start, i int) bool {
	w := ws[i]
	if strings.HasSuffix(w, ";") && i+1 < len(ws) && (semicolonStarts[strings.ToLower(ws[i+1])] || clauseAfter(ws[i+1:])) {
		return true
	}
	return clauseColon(ws, start, i)
}
