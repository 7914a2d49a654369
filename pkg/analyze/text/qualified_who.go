package text

import (
	"regexp"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
)

// whoVerbRe is a plural subject limited by a relative clause with a verb
// of its own, and the main clause: "Patients who need home care are
// referred by the coordinator", "Customers who don't pay on time get a
// reminder", "Suppliers that fail the audit must be replaced".
var whoVerbRe = regexp.MustCompile(`(?i)^(?:the\s+|all\s+|any\s+|those\s+)?([a-z-]+s)\s+(?:that|which|who)\s+((?:don't\s+|do\s+not\s+|never\s+|still\s+|also\s+|only\s+)?([a-z-]+)\s[^,:;]{2,50}?)\s+(are|must\s+be|will\s+be|need\s+to\s+be|should\s+be|get)\s+(.+)$`)

// whoVerbSubject returns the condition a subject limited by a relative
// clause with a full verb sets ("patients need home care") and the main
// clause with the plain subject ("The patients are referred by …"); ok is
// false when the relative clause has no verb of its own in the plural
// ("Patients who are …" is thatRe's).
func whoVerbSubject(body string) (cond, main string, ok bool) {
	m := whoVerbRe.FindStringSubmatch(body)
	if m == nil {
		return "", "", false
	}
	if _, f := lexicon().Base(norm(m[3])); f != wordnet.FormBase {
		return "", "", false // "Patients who need …", not "Patients who Monday …"
	}
	return m[1] + " " + m[2], "The " + m[1] + " " + m[4] + " " + m[5], true
}

// givingVerbs take the receiver as a passive's subject and what is given
// after the verb: "Patients are handed the leaflet".
var givingVerbs = set(`send hand give offer issue grant show pay mail e-mail email post`)

// givenArticle reports whether w, right after a passive's verb b, opens
// what the subject is given: "is sent an offer", "are handed the
// self-care leaflet" ("the" only after a verb of giving: "is approved
// the same day" gives nothing).
func givenArticle(w, b string) bool {
	switch norm(w) {
	case "a", "an":
		return true
	case "the":
		return givingVerbs[b]
	}
	return false
}
