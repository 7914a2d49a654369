package text

import (
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// eventInfo makes a draft an intermediate event instead of an activity:
// a wait or deadline (timer) or a message waited for.
type eventInfo struct {
	trigger string // process.TriggerTimer or process.TriggerMessage
	timer   string // the duration or date as written
	// deadline marks a timer that limits the organisation's own next
	// step ("Within 2 days the clerk must register the claim"): a
	// boundary timer on that step, not a wait before it.
	deadline bool
}

var (
	// timerRe finds waits and deadlines: "after two weeks", "within 3
	// days", "every Tuesday", "at the end of each quarter", "seven days
	// before departure", with a unit abbreviated in notes ("after 8
	// wks"). Work durations ("for 10 minutes") are not timers.
	timerRe = regexp.MustCompile(`(?i)\b(?:(?:after|within|inside|wait(?:s|ing)?(?:\s+for)?|in|up to|has|have)\s+(?:about\s+|around\s+|at least\s+|at most\s+)?(` + numPat + `\s+(?:business |working |calendar )?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|mins?|hrs?|wks?|yrs?))|(?:for\s+(?:more than\s+|longer than\s+|over\s+)?)(` + numPat + `\s+(?:business |working |calendar )?(?:days?|weeks?|months?|years?))|(every\s+(?:(?:\d+|two|three|four|five|six|seven|ten|twelve|fifteen|thirty)\s+(?:working\s+|business\s+)?(?:minutes|hours|days|weeks|months|years)|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?:\s+(?:morning|afternoon|evening|night))?|morning|evening|night|day|week|month|quarter|year|working day|business day))|((?:at the end of|at the start of|at the beginning of|on the first (?:working |business )?day of|on the last (?:working |business )?day of)\s+(?:each|every|the)\s+(?:next\s+|following\s+)?(?:day|week|month|quarter|year|shift|period))|(` + numPat + `\s+(?:business |working |calendar )?(?:days?|weeks?|hours?|months?)\s+(?:before|after)\s+(?:the\s+)?[a-z]+)` +
		`|(?:(?:period|deadline|time limit|term|window)\s+of\s+)(` + numPat + `\s+(?:business |working |calendar )?(?:days?|weeks?|months?)))\b`)
	// extraTimerRe finds the waits timerRe leaves out, behind a cheaper
	// word test (timerHints): "once a week", "the next working day", "at
	// the end of the registration period", "on the day of rental", "two
	// weeks in advance", "a few weeks later", "each January", "after the
	// loan period", "on the due date".
	extraTimerRe = regexp.MustCompile(`(?i)\b(?:((?:once|twice|three times)\s+a\s+(?:day|week|month|quarter|year))` +
		`|((?:the\s+)?(?:next|following)\s+(?:working\s+|business\s+)?(?:day|morning|week|month))` +
		`|((?:at|by)\s+the\s+end\s+of\s+the\s+[a-z-]+\s+(?:period|phase|term|semester|season|window))` +
		`|(on\s+the\s+day\s+of\s+(?:the\s+)?[a-z-]+)` +
		`|(` + numPat + `\s+(?:days?|weeks?|months?)\s+(?:in\s+advance|later))` +
		`|((?:each|every)\s+(?:january|february|march|april|june|july|august|september|october|november|december|spring|summer|autumn|winter))` +
		`|(after\s+the\s+[a-z-]+\s+period)` +
		`|(on\s+the\s+(?:due|agreed|scheduled|planned|delivery|payment|start|closing)\s+date))\b`)
	// workTimerRe marks a duration spent working, which is no timer:
	// "centrifuge the samples for 10 minutes"; "the last working day"
	// is a date, not "lasts".
	workTimerRe = regexp.MustCompile(`(?i)\b(?:takes?|took|lasts|lasted|spends?|needs?|(?:will|to|must|can|should|may)\s+last)\b`)
)

// timerPhrase returns the wait or deadline a sentence names, or "", and
// the sentence without it when it opens the sentence ("At the end of each
// quarter the manager prints …").
func timerPhrase(s string) (string, string) {
	p, full := findTimer(s)
	if p == "" {
		return "", s
	}
	if strings.HasPrefix(strings.ToLower(s), strings.ToLower(full)) {
		rest := strings.TrimLeft(s[len(full):], " ,")
		if wordCount(rest) >= 2 {
			return p, rest
		}
	}
	return p, s
}

// findTimer returns the wait or deadline a sentence names and the words
// that name it.
func findTimer(s string) (string, string) {
	l := strings.ToLower(s)
	var m []string
	if mayHaveDuration(s) || strings.Contains(l, "every") || strings.Contains(l, " each ") {
		m = timerRe.FindStringSubmatch(s)
	}
	if m == nil && timerHints(l) {
		m = extraTimerRe.FindStringSubmatch(s)
	}
	if m == nil || workTimerRe.MatchString(s) {
		return "", ""
	}
	for _, g := range m[1:] {
		if g != "" {
			return strings.TrimSpace(g), m[0]
		}
	}
	return "", ""
}

// eventDraft makes a draft that compiles to an intermediate event.
func eventDraft(trigger, name, timer, performer, source string) *draft {
	return &draft{name: capitalise(name), performer: performer, source: source,
		event: &eventInfo{trigger: trigger, timer: timer}}
}

// withEvents turns the clauses that only wait into events ("wait for the
// documents" is a message waited for, "wait 30 seconds" a timer) and puts
// the sentence's pending timer in front of its first activity.
func (a *analyzer) withEvents(ds []*draft, source string) []*draft {
	var out []*draft
	for _, d := range ds {
		if d.event == nil && d.verb == "wait" {
			d.drop = true // not an activity: an event
			if a.pendingTimer != "" {
				continue // the timer itself is added below
			}
			obj := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(d.object), "for "), "on "))
			obj = strings.Join(stripDeterminers(strings.Fields(obj)), " ")
			if obj == "" {
				continue
			}
			e := eventDraft(process.TriggerMessage, obj+" received", "", d.performer, source)
			a.lastEvent = e
			out = append(out, e)
			continue
		}
		out = append(out, d)
	}
	if a.pendingMessage != "" && a.lastEvent != nil && strings.EqualFold(a.lastEvent.name, a.pendingMessage) {
		a.pendingMessage = "" // "waits for the contract. Once it is received, …": one event
	}
	if a.pendingMessage != "" && a.b.awaits(a.pendingMessage) {
		// "If the customer does not pay within 30 days, … After the
		// payment arrives, …": the wait for the payment caught it
		a.pendingMessage = ""
	}
	if a.pendingMessage != "" {
		performer := a.currentActor()
		for _, d := range out {
			if d.event == nil {
				performer = d.performer
				break
			}
		}
		e := eventDraft(process.TriggerMessage, a.pendingMessage, "", performer, source)
		a.pendingMessage = ""
		out = append([]*draft{e}, out...)
	}
	if a.pendingTimer != "" && paymentTerm(out, source) {
		// "pays the supplier within 30 days": a term the payment keeps
		// (its wait time), not a wait before it
		a.pendingTimer = ""
	}
	if a.pendingTimer != "" {
		performer := a.currentActor()
		for _, d := range out {
			if d.event == nil {
				performer = d.performer
				break
			}
		}
		t := eventDraft(process.TriggerTimer, a.pendingTimer, a.pendingTimer, performer, source)
		t.event.deadline = ownDeadline(out, a.pendingTimer, source)
		a.pendingTimer = ""
		out = append([]*draft{t}, out...)
	}
	return out
}

// deadlineWordRe introduces a time limit rather than a wait: "within 2
// days", "inside an hour", "no later than 3 days after …".
var deadlineWordRe = regexp.MustCompile(`(?i)\b(?:within|inside|no later than)\s+(?:about\s+|at most\s+)?$`)

// ownDeadline reports whether a sentence's time limits the
// organisation's own step: no condition ("If no answer within …" is a
// deadline on waiting), a limit word before the time, and a first step
// done inside the organisation that neither waits nor receives.
func ownDeadline(ds []*draft, timer, source string) bool {
	if condLeadRe.MatchString(source) {
		return false
	}
	i := strings.Index(strings.ToLower(source), strings.ToLower(timer))
	if i <= 0 || !deadlineWordRe.MatchString(source[:i]) {
		return false
	}
	for _, d := range ds {
		if d.event != nil {
			continue
		}
		v := firstWord(d.verb)
		return d.performer != "" && !isExternal(d.performer) && !receiving[v] && v != "wait" && v != "receive"
	}
	return false
}

// paymentTermRe is a term for paying: "pays … within 30 days",
// "payment terms of 30 days", "net 30 days".
var paymentTermRe = regexp.MustCompile(`(?i)^(?:[^,;]*\s)?(?:pays?|paid|settles?|settled|remits?)\b[^.;]*\bwithin\b|\bpayment terms?\b|\bnet\s+\d+\s+days\b`)

// paymentTerm reports whether a sentence's time is a payment term on its
// payment step rather than a wait or a deadline of its own: the
// organisation pays, and the sentence asks no question ("If … within 14
// days").
func paymentTerm(ds []*draft, source string) bool {
	if condLeadRe.MatchString(source) || !paymentTermRe.MatchString(source) {
		return false
	}
	for _, d := range ds {
		if d.event == nil {
			// an outside party's payment is what the organisation waits
			// for: its term is a deadline on waiting, a timer
			switch firstWord(d.verb) {
			case "pay", "settle", "remit", "transfer":
				return !isExternal(d.performer)
			}
			return false
		}
	}
	return false
}

// condLeadRe opens a condition: its time is a deadline.
var condLeadRe = regexp.MustCompile(`(?i)^\s*(?:if|unless|when|should|in case)\b`)

var (
	// arrivalRe finds a lead-in that waits for something to come in:
	// "As soon as the parts arrive, …", "When the signed lease is
	// received, …".
	arrivalRe = regexp.MustCompile(`(?i)^(?:when|once|as soon as|after|whenever)\s+(?:the\s+|a\s+|an\s+|all\s+|both\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+(?:arrives?|arrived|comes?\s+(?:in|back)|(?:is|are|has been|have been)\s+(?:received|returned|delivered|back))\b`)
	// replyRe finds a lead-in that waits for an outside party's answer:
	// "After the client has accepted the quote, …".
	replyRe = regexp.MustCompile(`(?i)^(?:when|once|as soon as|after)\s+(?:the\s+|a\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)??)\s+(?:has\s+|have\s+)?(accepted|confirmed|approved|signed|paid|answered|replied to|agreed to)\s+(?:the\s+|a\s+|an\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s*,`)
)

// messageLead names the message a sentence's lead-in waits for ("Parts
// received", "Quote accepted"), or "".
func messageLead(s, lastObject string) string {
	if m := arrivalRe.FindStringSubmatch(s); m != nil {
		for _, w := range strings.Fields(strings.ToLower(m[1])) {
			if w == "not" || w == "has" || w == "have" || strings.HasSuffix(w, "n't") {
				return ""
			}
		}
		if pronouns[strings.ToLower(m[1])] || personalObjects[strings.ToLower(m[1])] {
			if lastObject == "" {
				return ""
			}
			return capitalise(lastObject) + " received" // "Once it is received": the thing awaited
		}
		return capitalise(m[1]) + " received"
	}
	if m := replyRe.FindStringSubmatch(s); m != nil && isExternal(m[1]) {
		return capitalise(m[3]) + " " + strings.ToLower(strings.Fields(m[2])[0])
	}
	if m := answerRe.FindStringSubmatch(s); m != nil && isExternal(m[1]) {
		return answerNouns[strings.ToLower(m[2])[:3]] + " received"
	}
	return ""
}

// answerRe finds a lead-in where an outside party answers without naming
// what: "As soon as the client replies, …", "When the customer pays, …".
var answerRe = regexp.MustCompile(`(?i)^(?:when|once|as soon as|after)\s+(?:the\s+|a\s+|an\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)??)\s+(?:has\s+|have\s+)?(repl(?:ies|y|ied)|answer(?:s|ed)?|respond(?:s|ed)?|pay(?:s)?|paid|confirm(?:s|ed)?|agree(?:s|d)?|accept(?:s|ed)?)\s*,`)

// answerNouns name what an answer verb (by its first three letters)
// sends.
var answerNouns = map[string]string{"rep": "Reply", "ans": "Answer", "res": "Response", "pay": "Payment", "pai": "Payment",
	"con": "Confirmation", "agr": "Agreement", "acc": "Acceptance"}

// timerHints is the cheap test before extraTimerRe: one of its words.
func timerHints(l string) bool {
	for _, h := range []string{"once a", "twice a", "times a", "next", "following", "end of the", "day of", "advance", "later", "each ", "every ", "period", " date"} {
		if strings.Contains(l, h) {
			return true
		}
	}
	return false
}
