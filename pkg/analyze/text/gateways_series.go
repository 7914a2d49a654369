package text

import (
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// The readers here find the cases of a decision written as a series:
// "sometimes …, sometimes …", verbs joined by "or", modal series, and
// the answer a case waits for.

// sometimesRe finds the markers of alternatives that happen in some
// cases each: "Sometimes it approves, sometimes it declines, and quite
// often it asks for more information."
var sometimesRe = regexp.MustCompile(`(?i)(?:^|[,;]\s*(?:and\s+|but\s+|or\s+|while\s+)?|\s(?:and|but|or|while)\s+|\s)(sometimes|at other times|other times|in some cases|in other cases|in a few cases|in rare cases|in most cases|occasionally|now and then|every now and then|(?:quite\s+|very\s+|more\s+)?often|usually|mostly|rarely)\b,?\s*`)

// someMarkers are the markers that say a case goes one way only some of
// the time; at least one of the alternatives has one.
var someMarkers = set(`sometimes occasionally`)

// whichCaseRe is the rest of an alternative that goes on with it: "…,
// in which case the manager updates the proposal".
var whichCaseRe = regexp.MustCompile(`(?i),?\s+in\s+which\s+case\s+`)

// readSometimes reads alternatives marked by how often each happens
// ("Sometimes the clerk calls, sometimes she writes"): an exclusive
// choice with a branch per alternative. An alternative with no step of
// its own ("sometimes the desk review is enough") is a branch that skips.
func (a *analyzer) readSometimes(r *reading) ([]*draft, bool) {
	parts := sometimesParts(r.body)
	if parts == nil {
		return nil, false
	}
	// the sentence's wait ("… goes back to the committee the next week")
	// is the last alternative's, where such a phrase ends the sentence
	timer := a.pendingTimer
	a.pendingTimer = ""
	var alts [][]*draft
	var all []*draft
	backs := map[int]*draft{}
	for i, part := range parts {
		if i == len(parts)-1 {
			a.pendingTimer = timer
		}
		ds, back := a.sometimesAlt(part, r.s)
		if back != nil {
			backs[i] = back
		}
		alts = append(alts, ds)
		all = append(all, ds...)
	}
	if len(all) == 0 {
		return nil, false
	}
	a.applyTimes(all, r.work, r.wait)
	a.b.addChoice(a.decider(all), alts)
	for i, e := range backs {
		if len(alts[i]) > 0 {
			a.b.loopBranch(alts[i][0].item, e.item)
		}
	}
	return all, true
}

// sometimesParts is the alternatives of body, each from its marker
// ("sometimes", "in other cases") to the next, with the subject before
// the first marker; nil unless there are two markers or more, one of
// them a "sometimes", and what comes before the first is at most a
// short subject.
func sometimesParts(body string) []string {
	ms := sometimesRe.FindAllStringSubmatchIndex(body, -1)
	if len(ms) < 2 {
		return nil
	}
	some := false
	for _, m := range ms {
		w := strings.ToLower(body[m[2]:m[3]])
		if someMarkers[w] || strings.HasPrefix(w, "in some") || strings.HasPrefix(w, "in other") || strings.HasPrefix(w, "at other") || strings.Contains(w, "now and then") {
			some = true
		}
	}
	// the subject may come before the first marker ("The committee
	// sometimes approves, sometimes declines"), never a whole clause
	pre := strings.TrimSpace(body[:ms[0][0]])
	if !some || wordCount(pre) > 4 || strings.ContainsAny(pre, ",;") {
		return nil
	}
	var parts []string
	for i, m := range ms {
		end := len(body)
		if i+1 < len(ms) {
			end = ms[i+1][0]
		}
		part := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(body[m[1]:end]), ".!"))
		if pre != "" {
			part = pre + " " + part
		}
		parts = append(parts, part)
	}
	return parts
}

// sometimesAlt reads one alternative's steps, from the sentence source,
// and the step its closing clause sends the case back to ("… and it
// goes back to the committee": a loop, no step), or nil.
func (a *analyzer) sometimesAlt(part, source string) ([]*draft, *draft) {
	var texts []string
	if loc := whichCaseRe.FindStringIndex(part); loc != nil {
		texts = []string{part[:loc[0]], capitalise(part[loc[1]:])}
	} else {
		texts = []string{part}
	}
	var ds []*draft
	var back *draft
	for _, t := range texts {
		if loc := backClauseRe.FindStringIndex(t); loc != nil && loc[0] > 0 {
			if e := a.backTo(t[loc[0]:]); e != nil && e.item != nil {
				back = e
				t = t[:loc[0]]
			}
		}
		cs := a.clauses(t, source)
		if len(cs) == 0 && wordCount(t) <= 3 {
			// "sometimes it approves": the decision's object
			cs = a.clauses(t+" it", source)
		}
		ds = append(ds, cs...)
	}
	return ds, back
}

// backClauseRe is a closing clause that sends the case back: "… and it
// goes back to the committee".
var backClauseRe = regexp.MustCompile(`(?i),?\s+(?:and|then)\s+(?:it|they|the\s+[a-z]+)\s+(?:goes|go|is\s+sent|are\s+sent|comes|returns)\s+back\s+to\b.*$`)

// listSepRe separates the members of a list of clauses.
var listSepRe = regexp.MustCompile(`,\s+(?:and\s+)?`)

// verbSeries splits "the underwriter quotes standard terms, quotes terms
// with a loading, or declines the risk" (head is the text before the last
// "or", last the text after it) into one clause per verb, each with the
// subject: "the underwriter quotes standard terms", "the underwriter
// quotes terms with a loading", "the underwriter declines the risk". A
// bare verb takes the object of the last ("approves, rejects or
// postpones the change"). It returns nil unless every member after the
// first opens with a verb in the same form as the first's.
func verbSeries(head, last string) []string {
	head = strings.TrimRight(strings.TrimSpace(head), ",")
	pieces := listSepRe.Split(head, -1)
	if len(pieces) < 2 {
		return nil
	}
	pieces = append(pieces, strings.TrimRight(strings.TrimSpace(last), ".!"))
	ws := strings.Fields(pieces[0])
	k := -1
	for i, w := range ws {
		if _, f := verbForm(w); f == formThird {
			k = i
			break
		}
	}
	if k < 0 || k > 5 {
		return nil
	}
	subject := strings.Join(ws[:k], " ")
	pieces[0] = strings.Join(ws[k:], " ")
	lw := strings.Fields(pieces[len(pieces)-1])
	for _, p := range pieces {
		pw := strings.Fields(p)
		if len(pw) == 0 {
			return nil
		}
		if _, f := verbForm(pw[0]); f != formThird {
			return nil
		}
	}
	out := make([]string, len(pieces))
	for i, p := range pieces {
		if len(strings.Fields(p)) == 1 && len(lw) > 1 {
			p += " " + strings.Join(lw[1:], " ")
		}
		out[i] = strings.TrimSpace(subject + " " + p)
	}
	return out
}

// modalSeriesRe is a subject and a modal before a series of verbs: "The
// approver can accept it, reject it or request changes".
var modalSeriesRe = regexp.MustCompile(`(?i)^(.{2,60}?)\s+(?:can|may|could|might|will)\s+(.+)$`)

// readOrSeries reads "The approver accepts it, rejects it, or requests
// changes" and "… can accept it, reject it or request changes": three or
// more actions of one subject listed with a last "or" are the branches of
// one choice.
func (a *analyzer) readOrSeries(r *reading) ([]*draft, bool) {
	body := strings.TrimRight(strings.TrimSpace(r.body), ".!")
	i := strings.LastIndex(body, " or ")
	if i < 0 || !strings.Contains(body[:i], ",") || r.inItem {
		return nil, false
	}
	texts := verbSeries(body[:i], body[i+4:])
	if m := modalSeriesRe.FindStringSubmatch(body); texts == nil && m != nil {
		texts = modalSeries(m[1], m[2])
	}
	if len(texts) < 3 {
		return nil, false
	}
	var alts [][]*draft
	var all []*draft
	for _, t := range texts {
		ds := a.clauses(t, r.s)
		if len(ds) == 0 {
			for _, d := range all {
				d.drop = true
			}
			return nil, false
		}
		alts = append(alts, ds)
		all = append(all, ds...)
	}
	a.applyTimes(alts[0], r.work, r.wait)
	a.b.addChoice(a.decider(all), alts)
	return all, true
}

// modalSeries splits "accept it, reject it or request changes" after the
// subject and its modal into "SUBJECT must accept it", …; nil unless every
// member opens with a verb's base form.
func modalSeries(subject, rest string) []string {
	i := strings.LastIndex(rest, " or ")
	if i < 0 {
		return nil
	}
	pieces := append(listSepRe.Split(strings.TrimRight(strings.TrimSpace(rest[:i]), ","), -1), rest[i+4:])
	var out []string
	for _, p := range pieces {
		pw := strings.Fields(p)
		if len(pw) == 0 {
			return nil
		}
		if _, f := verbForm(pw[0]); f != formBase {
			return nil
		}
		out = append(out, subject+" must "+strings.TrimSpace(p))
	}
	return out
}

// listAlternatives reads the clauses of verbSeries as the branches of a
// choice, or returns nil.
func (a *analyzer) listAlternatives(head, last, source string) [][]*draft {
	texts := verbSeries(head, last)
	if texts == nil {
		return nil
	}
	// the sentence's wait ("meets every Thursday and either …") comes
	// before the choice, not in its first branch
	if t := a.pendingTimer; t != "" {
		a.pendingTimer = ""
		a.b.add([]*draft{eventDraft(process.TriggerTimer, t, t, a.currentActor(), source)})
	}
	var alts [][]*draft
	for _, t := range texts {
		ds := a.clauses(t, source)
		if len(ds) == 0 {
			return nil
		}
		alts = append(alts, ds)
	}
	return alts
}

// owedRe reads a condition on an answer an outside party owes: "the
// customer does not answer within 14 days", "the broker accepts the quote
// within 30 days", "the vendor has not replied".
var owedRe = regexp.MustCompile(`(?i)^(?:the\s+|a\s+|an\s+|our\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)??)\s+(?:(?:does|do|did|has|have|had)\s+not\s+|(?:doesn't|don't|didn't|hasn't|haven't)\s+|(?:fails?|failed)\s+to\s+)?(?:yet\s+)?([a-z]+)\b(.*)$`)

// noAnswerRe is a condition on an answer that does not come: "no
// response is received within 30 days".
var noAnswerRe = regexp.MustCompile(`(?i)\bno\s+(answer|reply|response|feedback|payment|confirmation)\b`)

// owedNouns name the message a verb of answering sends.
var owedNouns = map[string]string{"answer": "Answer", "reply": "Reply", "respond": "Response", "pay": "Payment",
	"confirm": "Confirmation", "react": "Response", "sign": "Signature"}

// awaitedAnswer names the answer a deadline condition waits for ("If the
// customer does not answer within 14 days" waits for "Answer received"),
// or returns "" when the condition sets no deadline on an outside party.
func (a *analyzer) awaitedAnswer(cond, source string) string {
	// the timer phrase is out of cond by now: it has to be in the
	// source's condition
	full := source
	if m := whenFailRe.FindStringSubmatch(full); m != nil {
		full = "If " + m[1] + ", " + m[2]
	}
	if m := shouldIfRe.FindStringSubmatch(full); m != nil {
		full = "If " + m[1] + ", " + m[2]
	}
	m0 := ifStartRe.FindStringSubmatch(full)
	if m0 == nil {
		return ""
	}
	if t, _ := findTimer(m0[2]); t == "" {
		return ""
	}
	if m := noAnswerRe.FindStringSubmatch(cond); m != nil {
		return capitalise(strings.ToLower(m[1])) + " received"
	}
	m := owedRe.FindStringSubmatch(cond)
	if m == nil || !isExternal(m[1]) {
		return ""
	}
	base, f := verbForm(m[2])
	if f == formNone {
		return ""
	}
	if n := owedNouns[base]; n != "" {
		return n + " received"
	}
	var obj []string
	for _, w := range strings.Fields(m[3]) {
		n := norm(w)
		if n == "within" || n == "in" || n == "by" || n == "before" || n == "after" || n == "for" || n == "on" {
			break
		}
		if !determiners[n] {
			obj = append(obj, n)
		}
	}
	if len(obj) == 0 || len(obj) > 3 {
		return capitalise(strings.ToLower(m[1])) + " " + participle(base)
	}
	return capitalise(strings.Join(obj, " ")) + " " + participle(base)
}
