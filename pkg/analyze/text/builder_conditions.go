package text

import (
	"regexp"
	"strings"
)

// The helpers here compare the conditions of a decision's cases: whether
// two ask the same question ("the risk is high", "the risk is
// acceptable"), whether one negates the other ("the applicant is (not)
// admitted"), and the content words (condWords) they are compared by.

// anotherState reports a condition that would be a third case of a
// decision whose two cases already are one answer and its opposite:
// after "Where no fraud is likely …" and "Where fraud is likely …", "If
// fraud is confirmed" asks a new question of the same thing.
func anotherState(brs []branch, cond string) bool {
	if len(brs) < 2 {
		return false
	}
	for i := range brs {
		for j := i + 1; j < len(brs); j++ {
			if negates(brs[i].cond, brs[j].cond) {
				ci, cc := condWords(brs[i].cond), condWords(cond)
				if len(ci) >= 2 && len(cc) >= 2 && ci[1] != cc[1] && opposites[ci[1]] != cc[1] && opposites[cc[1]] != ci[1] {
					return true
				}
			}
		}
	}
	return false
}

// sameQuestion reports whether two conditions ask about the same thing:
// they share their first content word ("the risk is high", "the risk is
// acceptable"; "the claim is within the policy", "the claim is not
// covered").
func sameQuestion(a, b string) bool {
	ca, cb := condWords(a), condWords(b)
	if len(ca) == 0 || len(cb) == 0 {
		return false
	}
	if ca[0] == cb[0] {
		return true
	}
	if len(ca) == 2 && len(cb) == 2 && ca[1] == cb[1] && f3(ca[0]) == formNone && f3(cb[0]) == formNone {
		// "in case of a small claim … in case of a large claim",
		// "domestic shipments … international shipments": one thing,
		// two kinds of it
		if f := f3(ca[1]); f != formPast && f != formThird && f != formIng {
			return true
		}
	}
	if sameSubjectHead(ca, cb) {
		// "a physical inspection is ordered", "no inspection is
		// ordered": one head noun, one predicate
		return true
	}
	// "If approved, … If rejected, …", "if the test passes … if the test
	// fails": the same words but for one answer and its opposite
	if len(ca) != len(cb) {
		return false
	}
	diff := 0
	for i := range ca {
		if ca[i] == cb[i] {
			continue
		}
		if opposites[ca[i]] != cb[i] && opposites[cb[i]] != ca[i] {
			return false
		}
		diff++
	}
	return diff == 1
}

// sameSubjectHead reports two conditions' words (condWords) whose
// subjects end on the same noun, with modifiers or not, and whose
// predicates after it are the same: "physical inspection ordered" and
// "inspection ordered".
func sameSubjectHead(ca, cb []string) bool {
	head := func(ws []string) int {
		for i := 1; i < len(ws); i++ {
			if f := f3(ws[i]); f == formPast || f == formThird || f == formIng || stateWords[ws[i]] {
				return i - 1
			}
		}
		return -1
	}
	i, j := head(ca), head(cb)
	if i < 0 || j < 0 || ca[i] != cb[j] || len(ca)-i != len(cb)-j {
		return false
	}
	for k := 1; i+k < len(ca); k++ {
		if ca[i+k] != cb[j+k] {
			return false
		}
	}
	return true
}

// endOnlyCase reports two branches on one subject of which one only
// ends and whose conditions are not one answer and its opposite: "If the
// part fails, … If the part has scratches, it is not shipped." names two
// bad cases; the parts with neither go on, so the decision keeps a way
// on for them.
func endOnlyCase(brs []branch) bool {
	if len(brs) != 2 {
		return false
	}
	if oppositeConds(brs[0].cond, brs[1].cond) {
		return false // "if the test passes … if the test fails"
	}
	for _, br := range brs {
		if len(br.items) == 1 && br.items[0].end {
			return true
		}
	}
	return false
}

// opposites pairs the answers of one question, in condWords' form.
var opposites = map[string]string{
	"approved": "rejected", "approve": "reject", "accepted": "declined", "accept": "decline", "granted": "refused",
	"grant": "refuse", "passed": "failed", "passe": "fail", "pass": "fail", "valid": "invalid", "complete": "incomplete",
	"correct": "incorrect", "available": "unavailable", "positive": "negative", "successful": "unsuccessful",
	"succeed": "fail", "sufficient": "insufficient", "eligible": "ineligible", "confirmed": "cancelled",
	"agree": "disagree", "justified": "unjustified", "acceptable": "unacceptable", "high": "low",
	"wrong": "right", "fine": "wrong", "ok": "wrong", "good": "bad",
}

// condQuantifiers open a condition without naming what it is about:
// "if something is wrong … if everything is fine" ask one question.
var condQuantifiers = set(`something everything anything all`)

// negates reports whether condition b asks a's question the other way
// round: "the applicant is admitted" and "the applicant is not admitted".
func negates(a, b string) bool {
	return sameQuestion(a, b) && negative(a) != negative(b) && !otherDeeds(a, b)
}

// condAux are the auxiliaries a negated condition puts before its verb:
// "the company has not paid", "the customer does not reply".
var condAux = set(`has have had does do did`)

// otherDeeds reports two conditions on one subject that name different
// things it does: "the company cancels the event" and "the company has
// not paid within 30 days" are two questions, not one and its opposite
// ("the customer pays" and "the customer does not pay" are).
func otherDeeds(a, b string) bool {
	deed := func(s string) string {
		var kept []string
		for _, w := range strings.Fields(s) {
			if !condAux[norm(w)] {
				kept = append(kept, w)
			}
		}
		ws := condWords(strings.Join(kept, " "))
		if len(ws) < 2 {
			return ""
		}
		if f := f3(ws[1]); f != formThird && f != formPast && f != formBase {
			return ""
		}
		return ws[1]
	}
	da, db := deed(a), deed(b)
	if da == "" || db == "" {
		return false
	}
	sa, sb := stemOf(da), stemOf(db)
	return sa != sb && !strings.HasPrefix(sa, sb) && !strings.HasPrefix(sb, sa) && opposites[da] != db && opposites[db] != da
}

// negative reports whether a condition is worded with a negation.
func negative(s string) bool {
	for _, w := range strings.Fields(strings.ToLower(s)) {
		w = strings.Trim(w, ",.;:")
		if w == "not" || w == "no" || w == "never" || strings.HasSuffix(w, "n't") || strings.HasPrefix(w, "no-") || strings.HasPrefix(w, "non-") {
			return true
		}
	}
	return false
}

// judgedRe is the judge in front of a condition's question: "the
// investigator considers that no fraud is likely" asks whether fraud is
// likely.
var judgedRe = regexp.MustCompile(`(?i)^(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s+(?:considers|decides|finds|determines|believes|thinks|concludes|establishes|judges|feels)\s+(?:that\s+)?`)

func condWords(s string) []string {
	var out []string
	if loc := judgedRe.FindStringIndex(s); loc != nil && loc[1] < len(s) {
		s = s[loc[1]:]
	}
	for _, w := range strings.Fields(s) {
		n := norm(w)
		for _, neg := range []string{"no-", "non-"} {
			if len(n) > len(neg)+2 && strings.HasPrefix(n, neg) {
				n = n[len(neg):] // "no-hire" asks what "hire" asks
			}
		}
		if n == "" || determiners[n] || auxBe[n] || n == "not" || n == "no" || modals[n] || prepositions[n] || condQuantifiers[n] {
			continue
		}
		out = append(out, strings.TrimSuffix(n, "s"))
	}
	return out
}

// noCaseGoesOn reports whether every branch of a decision ends, refuses
// or loops back, and their conditions are not one answer and its opposite: "When
// an item is missing, … scans the tote once more. If an item is out of
// stock, … cancels the order." names two troubles about one item, not
// every case; the case neither names (the scan is clean) goes on.
func noCaseGoesOn(brs []branch) bool {
	for _, br := range brs {
		n := len(br.items)
		if n == 0 {
			return false
		}
		// a refusal ends its branch (closeOpen adds the end)
		if !br.items[n-1].end && br.items[n-1].back == nil && !refusalRe.MatchString(br.cond) && !refuses(br.items) {
			return false
		}
	}
	if len(brs) != 2 {
		return true
	}
	return !oppositeConds(brs[0].cond, brs[1].cond)
}

// oppositeConds reports two conditions that are one answer and its
// opposite: the same words but one, and that one's opposite ("if the test
// passes", "if the test fails").
func oppositeConds(a, b string) bool {
	ca, cb := condWords(a), condWords(b)
	if len(ca) != len(cb) {
		return false
	}
	diff, opp := 0, 0
	for i := range ca {
		if ca[i] != cb[i] {
			diff++
			if opposites[ca[i]] == cb[i] || opposites[cb[i]] == ca[i] {
				opp++
			}
		}
	}
	return diff == 1 && opp == 1
}
