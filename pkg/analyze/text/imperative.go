package text

import (
	"strings"
)

// imperative handles clauses that start with their verb: "Check the
// invoice", "Checking the invoice", "Verification of the invoice". It
// reads a nominal action first (nominalAction), then a verb in front
// unless the words only look like one (notInstruction).
func imperative(ws []string, prev string) []clause {
	if cs, ok := nominalAction(ws, prev); ok {
		return cs
	}
	w0 := norm(ws[0])
	if w0 == "make" && len(ws) > 2 && norm(ws[1]) == "sure" {
		ws = append([]string{"ensure"}, ws[2:]...) // "Make sure …"
		w0 = "ensure"
	}
	base, form := verbForm(w0)
	if form == formNone || form == formPast || personal[w0] {
		return nil // "I tell Jenny" has its subject
	}
	if notInstruction(ws, w0, base, form) {
		return nil
	}
	return finish(clause{verb: base}, ws[1:], prev, form)
}

// nominalAction reads an action named by a noun: "Verification of X",
// "Immediate post-flight confirmation that X", "the closing of the
// ticket"; ok says it was one.
func nominalAction(ws []string, prev string) ([]clause, bool) {
	if finiteSubject(ws) {
		return nil, false
	}
	for i := 0; i < 3 && i < len(ws); i++ {
		v, ok := nominalVerb(ws, i)
		if !ok {
			continue
		}
		rest, ok := nominalRest(ws, i, v)
		if !ok {
			return nil, false
		}
		return finish(clause{verb: v}, rest, prev, formBase), true
	}
	return nil, false
}

// finiteSubject reports a nominal phrase with a finite verb of its own:
// a sentence's subject ("Further documentation … can be found here"),
// no action; a verb inside its "that"/"of"/"whether" clause does not
// count.
func finiteSubject(ws []string) bool {
	for _, w := range ws {
		n := norm(w)
		if n == "that" || n == "of" || n == "whether" {
			break
		}
		if auxBe[n] || finiteModals[n] {
			return true
		}
	}
	return false
}

// nominalVerb is the verb word i names as a noun ("verification" →
// "verify"), or as a gerund before "of" ("the closing of the ticket").
func nominalVerb(ws []string, i int) (string, bool) {
	v, ok := nominal[norm(ws[i])]
	if !ok && i+1 < len(ws) && norm(ws[i+1]) == "of" && strings.HasSuffix(norm(ws[i]), "ing") {
		// "the closing of the ticket": a gerund names the action
		if b, f := verbForm(ws[i]); f == formIng {
			v, ok = b, true
		}
	}
	return v, ok
}

// nominalRest is what the action named by word i (verb v) is done to:
// the words after its link ("of", "that", "for", "between"), for a check
// or review also the words before it ("Consistency checks between …").
// ok is false when the noun is followed by no link, so names no action.
func nominalRest(ws []string, i int, v string) ([]string, bool) {
	if i > 0 && i+1 < len(ws) && !nominalLinks[norm(ws[i+1])] {
		return nil, false
	}
	next := ""
	if i+1 < len(ws) {
		next = norm(ws[i+1])
	}
	if next != "of" && next != "that" && next != "for" && next != "between" && (next != "" || i != 0) {
		return nil, false
	}
	rest := ws[i+1:]
	if next == "of" {
		rest = ws[i+2:]
	}
	if v == "check" || v == "review" || v == "test" {
		// "Consistency checks between …": the words before say what;
		// ws[:i:i] keeps the append from writing over the caller's words
		rest = append(lowerFirst(ws[:i:i]), rest...)
	}
	return rest, true
}

// notInstruction reports whether a clause whose first word (w0, read as
// base in form) looks like a verb is no instruction: a subject ("Budget
// owners confirm …", "Order details are sent"), a label ("Document
// status") or a department that acts ("marketing prints the badges").
func notInstruction(ws []string, w0, base string, form int) bool {
	if roleSubject(ws) {
		return true // "Budget owners confirm …": a subject, not an instruction
	}
	if len(ws) > 1 && docNouns[norm(ws[1])] {
		return true // "Document status", "Process overview": a label
	}
	if departmentActs(ws, w0, form) {
		return true
	}
	if form == formIng && gerundSubject(ws) {
		return true
	}
	if pluralThenVerb(ws, base) || pluralRoleFirst(ws, form) {
		return true
	}
	if form == formThird && len(ws) > 1 && (auxBe[norm(ws[1])] || modals[norm(ws[1])]) {
		return true
	}
	return subjectBeforeFinite(ws, base)
}

// roleSubject reports a clause that opens with a role as its subject
// before a verb: "Budget owners confirm …".
func roleSubject(ws []string) bool {
	if len(ws) > 2 && roleWords[norm(ws[1])] && !determiners[norm(ws[1])] {
		if _, f := verbForm(ws[2]); f == formBase || f == formThird {
			return true
		}
	}
	return false
}

// departmentActs reports a clause whose first word (w0, in form) names
// a department or a role that acts: "marketing prints the badges",
// "Finance verifies the bank details", "Housekeeping prepares the
// rooms".
func departmentActs(ws []string, w0 string, form int) bool {
	if form == formIng && (strings.HasSuffix(ws[0], ",") || roleWords[w0]) {
		return true // "marketing prints the badges": a department acts
	}
	if roleWords[w0] && len(ws) > 2 {
		if _, f := verbForm(ws[1]); f == formThird {
			return true // "Finance verifies the bank details"
		}
	}
	if form == formIng && len(ws) > 2 && isCapitalised(ws[0]) && !breaks(ws[0]) {
		if _, f := verbForm(ws[1]); f == formThird && determiners[norm(ws[2])] {
			return true // "Housekeeping prepares the rooms": a department acts
		}
	}
	return false
}

// gerundSubject reports "Processing logs and configuration files provide
// …": a gerund that is really the subject of a later verb.
func gerundSubject(ws []string) bool {
	for i := 1; i < len(ws) && i < 7; i++ {
		w := norm(ws[i])
		if breaks(ws[i-1]) {
			break
		}
		if auxBe[w] || modals[w] {
			return true
		}
		if _, f := verbForm(ws[i]); (f == formBase || f == formThird) && strings.HasSuffix(norm(ws[i-1]), "s") {
			return true
		}
	}
	return false
}

// pluralThenVerb reports "Order details are sent": the verb-looking word
// is a subject. Verbs that take a clause ("Ensure it is set up") are the
// exception.
func pluralThenVerb(ws []string, base string) bool {
	for i := 1; i < len(ws) && i < 4 && !clauseVerbs[base]; i++ {
		w := norm(ws[i])
		if determiners[w] || w == "that" || w == "whether" || w == "if" || breaks(ws[i-1]) {
			break
		}
		if auxBe[w] || modals[w] || w == "has" || w == "have" {
			return true
		}
		if _, f := verbForm(ws[i]); f == formThird && i == 1 && !verbs[w] {
			// "Process logs provide": plural noun then verb
			if i+1 < len(ws) {
				if _, f2 := verbForm(ws[i+1]); f2 == formBase || f2 == formThird {
					return true
				}
			}
		}
	}
	return false
}

// subjectBeforeFinite reports "Purchase requisitions above 10,000 EUR
// must be approved": a finite verb a few words on, with no article after
// the first word, means the first word starts the subject.
func subjectBeforeFinite(ws []string, base string) bool {
	if clauseVerbs[base] || len(ws) < 2 || determiners[norm(ws[1])] || pronouns[norm(ws[1])] {
		return false
	}
	for i := 1; i < len(ws) && i < 8; i++ {
		w := norm(ws[i])
		if breaks(ws[i-1]) || w == "that" || w == "which" || w == "who" || w == "if" || w == "when" {
			break
		}
		if auxBe[w] || finiteModals[w] {
			return true
		}
	}
	return false
}
