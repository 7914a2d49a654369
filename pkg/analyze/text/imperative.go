package text

import (
	"strings"
)

// imperative handles clauses that start with their verb: "Check the
// invoice", "Checking the invoice", "Verification of the invoice".
func imperative(ws []string, prev string) []clause {
	w0 := norm(ws[0])
	// nominal: "Verification of X", "Immediate post-flight confirmation that X"
	// a nominal phrase with a finite verb of its own is a sentence's
	// subject ("Further documentation … can be found here"); a verb
	// inside its "that"/"of" clause does not count
	finite := false
	for _, w := range ws {
		n := norm(w)
		if n == "that" || n == "of" || n == "whether" {
			break
		}
		if auxBe[n] || finiteModals[n] {
			finite = true
		}
	}
	for i := 0; i < 3 && i < len(ws) && !finite; i++ {
		v, ok := nominal[norm(ws[i])]
		if !ok && i+1 < len(ws) && norm(ws[i+1]) == "of" && strings.HasSuffix(norm(ws[i]), "ing") {
			// "the closing of the ticket": a gerund names the action
			if b, f := verbForm(ws[i]); f == formIng {
				v, ok = b, true
			}
		}
		if !ok {
			continue
		}
		if i > 0 && i+1 < len(ws) && !nominalLinks[norm(ws[i+1])] {
			break
		}
		next := ""
		if i+1 < len(ws) {
			next = norm(ws[i+1])
		}
		if next == "of" || next == "that" || next == "for" || next == "between" || (next == "" && i == 0) {
			rest := ws[i+1:]
			if next == "of" {
				rest = ws[i+2:]
			}
			if v == "check" || v == "review" || v == "test" {
				// "Consistency checks between …": the words before say what
				rest = append(lowerFirst(ws[:i]), rest...)
			}
			return finish(clause{verb: v}, rest, prev, formBase)
		}
		break
	}
	if w0 == "make" && len(ws) > 2 && norm(ws[1]) == "sure" {
		ws = append([]string{"ensure"}, ws[2:]...) // "Make sure …"
		w0 = "ensure"
	}
	base, form := verbForm(w0)
	if form == formNone || form == formPast || personal[w0] {
		return nil // "I tell Jenny" has its subject
	}
	if len(ws) > 2 && roleWords[norm(ws[1])] && !determiners[norm(ws[1])] {
		if _, f := verbForm(ws[2]); f == formBase || f == formThird {
			return nil // "Budget owners confirm …": a subject, not an instruction
		}
	}
	if len(ws) > 1 && docNouns[norm(ws[1])] {
		return nil // "Document status", "Process overview": a label
	}
	if form == formIng && (strings.HasSuffix(ws[0], ",") || roleWords[w0]) {
		return nil // "marketing prints the badges": a department acts
	}
	if roleWords[w0] && len(ws) > 2 {
		if _, f := verbForm(ws[1]); f == formThird {
			return nil // "Finance verifies the bank details"
		}
	}
	if form == formIng {
		// "Processing logs and configuration files provide …": a gerund
		// that is really the subject of a later verb
		for i := 1; i < len(ws) && i < 7; i++ {
			w := norm(ws[i])
			if breaks(ws[i-1]) {
				break
			}
			if auxBe[w] || modals[w] {
				return nil
			}
			if _, f := verbForm(ws[i]); (f == formBase || f == formThird) && strings.HasSuffix(norm(ws[i-1]), "s") {
				return nil
			}
		}
	}
	// "Order details are sent": the verb-looking word is a subject. Verbs
	// that take a clause ("Ensure it is set up") are the exception.
	for i := 1; i < len(ws) && i < 4 && !clauseVerbs[base]; i++ {
		w := norm(ws[i])
		if determiners[w] || w == "that" || w == "whether" || w == "if" || breaks(ws[i-1]) {
			break
		}
		if auxBe[w] || modals[w] || w == "has" || w == "have" {
			return nil
		}
		if _, f := verbForm(ws[i]); f == formThird && i == 1 && !verbs[w] {
			// "Process logs provide": plural noun then verb
			if i+1 < len(ws) {
				if _, f2 := verbForm(ws[i+1]); f2 == formBase || f2 == formThird {
					return nil
				}
			}
		}
	}
	if form == formThird && len(ws) > 1 && (auxBe[norm(ws[1])] || modals[norm(ws[1])]) {
		return nil
	}
	// "Purchase requisitions above 10,000 EUR must be approved": a finite
	// verb a few words on, with no article after the first word, means
	// the first word starts the subject
	if !clauseVerbs[base] && len(ws) > 1 && !determiners[norm(ws[1])] && !pronouns[norm(ws[1])] {
		for i := 1; i < len(ws) && i < 8; i++ {
			w := norm(ws[i])
			if breaks(ws[i-1]) || w == "that" || w == "which" || w == "who" || w == "if" || w == "when" {
				break
			}
			if auxBe[w] || finiteModals[w] {
				return nil
			}
		}
	}
	return finish(clause{verb: base}, ws[1:], prev, form)
}
