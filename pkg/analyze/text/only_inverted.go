package text

import (
	"regexp"
	"strings"
)

// onlyInvertedRe is a condition that says the step waits for it, with
// the subject and its auxiliary inverted: "Only when the report and the
// instruction are both ready does the shift leader run the batch",
// "Only after both replies are in can the clerk send the offer".
var onlyInvertedRe = regexp.MustCompile(`^(?i:only)\s+((?i:when|after|once|if|as soon as))\s+(.{3,160}?)\s+(does|do|did|can|will|may|shall)\s+(.{6,})$`)

// onlyLeadRe is "Only after X, Y" without the inversion.
var onlyLeadRe = regexp.MustCompile(`^\s*(?i:only)\s+((?i:when|after|once|if|as soon as))(\s[^,]{3,160},\s.{6,})$`)

// objectStarts are the words that begin what a verb acts on: the verb
// of an inverted clause is the base form before one of them.
var objectStarts = set(`the a an our their his her its it them all every each this that these those any both with to for on in at up out`)

// onlyWhenInverted writes "Only when X does the shift leader run the
// batch" as "When X, the shift leader runs the batch": the waiting the
// sentence states is the order of the steps (a join, when X is parallel
// work). A sentence whose verb cannot be found is returned as it is.
func onlyWhenInverted(s string) string {
	m := onlyInvertedRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		if c := onlyLeadRe.FindStringSubmatch(s); c != nil {
			return capitalise(strings.ToLower(c[1])) + c[2] // "Only after X, Y" is "After X, Y"
		}
		return s
	}
	ws := strings.Fields(m[4])
	for k := 1; k < len(ws); k++ {
		if _, f := verbForm(norm(ws[k])); f != formBase || objectStarts[norm(ws[k-1])] {
			continue
		}
		if k+1 < len(ws) && !objectStarts[norm(ws[k+1])] {
			continue
		}
		verb := ws[k]
		aux := strings.ToLower(m[3])
		switch aux {
		case "does", "do", "did":
			if v, ok := thirdPersonOf(verb); ok {
				verb = v
			}
		default:
			verb = aux + " " + verb
		}
		subject := strings.Join(ws[:k], " ")
		return capitalise(strings.ToLower(m[1])) + " " + m[2] + ", " + subject + " " + verb + " " + strings.Join(ws[k+1:], " ")
	}
	return s
}
