package text

import "strings"

// eachPartyOrObject gives each party of a compound subject, or each
// thing of a compound object, a clause of its own in a sentence that
// says the work runs side by side: "AP and AR close their sub-ledgers
// simultaneously", "The service shall at the same time consult the
// police and the fire service". own is true when the object was split:
// the sentence's own steps then run beside each other.
func eachPartyOrObject(body string, own bool) (string, bool) {
	if b := eachParty(body); b != body {
		return b, own
	}
	if b := eachObject(body); b != body {
		return b, true
	}
	return body, own
}

// eachObject writes "S consults the police and the fire service" as "S
// consults the police and s consults the fire service": one verb, two
// short objects each with its article. Any other sentence stays as it
// is.
func eachObject(body string) string {
	ws := strings.Fields(strings.TrimRight(strings.TrimSpace(body), ".!; "))
	v := -1
	for i := 1; i < len(ws) && i <= 5; i++ {
		if mainVerb(ws[i]) {
			v = i
			break
		}
	}
	if v < 0 {
		return body
	}
	o := v + 1
	if modals[norm(ws[v])] {
		o = v + 2
	}
	if o >= len(ws) || !determiners[norm(ws[o])] {
		return body
	}
	for a := o + 2; a <= o+4 && a+2 < len(ws); a++ {
		if norm(ws[a]) != "and" || !determiners[norm(ws[a+1])] {
			continue
		}
		rest := ws[a+1:]
		if len(rest) > 5 || anyMainVerb(rest) || anyMainVerb(ws[o:a]) {
			return body
		}
		head := strings.Join(ws[:o], " ")
		return head + " " + strings.Join(ws[o:a], " ") + " and " + lowerArticle(head) + " " + strings.Join(rest, " ") + "."
	}
	return body
}

// anyMainVerb reports whether a word of ws is a verb a clause could
// hinge on ("files", "must"): a clause of its own, not an object.
func anyMainVerb(ws []string) bool {
	for _, w := range ws {
		if mainVerb(w) {
			return true
		}
	}
	return false
}
