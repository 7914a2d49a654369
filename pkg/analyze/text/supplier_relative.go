package text

import (
	"regexp"
	"strings"
)

// supplierRelativeRe is a sentence that says where a thing comes from
// and, in a closing relative clause, what that party does with it:
// "Metal legs come from Forgeline, who weld them to our drawing and send
// them with their invoice", "Our paper comes from Papyra, who cut it to
// size".
var supplierRelativeRe = regexp.MustCompile(`^(.{3,60}?)\s+(?:comes?|came|arrives?)\s+from\s+([A-Z][\w'&.-]*(?:\s+[A-Z][\w'&.-]*){0,3}),\s+who\s+([^,;]{4,}.*)$`)

// supplierRelative splits such a sentence into the step of the party the
// thing comes from, with the pronoun for the thing replaced by the thing
// ("Forgeline weld the metal legs to our drawing and send them …"). ok is
// false for any other sentence, or when the party is a role of ours.
func supplierRelative(s string) (rel string, ok bool) {
	m := supplierRelativeRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil || isAgent(m[2]) {
		return "", false
	}
	thing := strings.Fields(m[1])
	if len(thing) == 0 || len(thing) > 5 {
		return "", false
	}
	if n := norm(thing[0]); n == "our" || n == "their" || n == "its" {
		thing = thing[1:]
	} else if determiners[n] {
		thing = thing[1:]
	}
	ws := strings.Fields(m[3])
	if len(ws) < 2 {
		return "", false
	}
	for i, w := range ws {
		if i > 0 && i < 4 && (norm(w) == "them" || norm(w) == "it") {
			trail := strings.TrimLeft(strings.ToLower(w), "abcdefghijklmnopqrstuvwxyz")
			ws[i] = "the " + strings.ToLower(strings.Join(thing, " ")) + trail
			break
		}
	}
	agreeThird(ws)
	return m[2] + " " + strings.Join(ws, " "), true
}

// agreeThird puts the relative clause's verbs, written for "who" after a
// plural-minded writer ("who weld them … and send them"), in the third
// person of the one party that now is their subject: the first word and
// a verb right after "and".
func agreeThird(ws []string) {
	for i, w := range ws {
		if i > 0 && norm(ws[i-1]) != "and" {
			continue
		}
		if _, f := verbForm(w); f != formBase {
			continue
		}
		if v, ok := thirdPersonOf(w); ok {
			ws[i] = v
		}
	}
}
