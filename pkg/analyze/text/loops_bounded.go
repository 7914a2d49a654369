package text

import (
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// Bounded retries: "we retry, at most three times, then escalate: after
// the third failed attempt the manager calls the bank", "Where the same
// load fails for a third time, the manager quarantines it". The decision
// that counts the failures has three ways out: the count reached (the
// escalation, which ends that branch), a failure before it (back to the
// retried step) and success (on along the flow).

var (
	// nthTimeRe is a condition that counts failures or attempts: "fails
	// for the third time", "after the third failed attempt", "has already
	// been repaired twice", "more than twice".
	nthTimeRe = regexp.MustCompile(`(?i)\b(?:for\s+(?:the|a)\s+(?:second|third|fourth|fifth|sixth|\d+(?:st|nd|rd|th))\s+time|(?:after|on|at|with)\s+the\s+(?:second|third|fourth|fifth|sixth|last|final|\d+(?:st|nd|rd|th))\s+(?:failed\s+|unsuccessful\s+|consecutive\s+)?(?:attempt|try|failure|retry|run)s?|the\s+(?:second|third|fourth|fifth|sixth|last|final|\d+(?:st|nd|rd|th))\s+(?:attempt|try|retry|run)\s+(?:fails|failed|is\s+unsuccessful)|(?:already|has\s+been|have\s+been)\b[^,;]*?\b(?:twice|(?:two|three|four|five|\d+)\s+times)|(?:more\s+than|over)\s+(?:once|twice|(?:two|three|four|five|\d+)\s+times))\b`)
	// retryBoundRe is a retry with its bound and its way out in one
	// sentence: "On failure we retry, at most three times, then escalate:
	// after the third failed attempt <clause>". Group 1 is the clause
	// after the count.
	retryBoundRe = regexp.MustCompile(`(?i)^.*?\b(?:retry|retries|retried|re-?try|try\s+again|repeat(?:s|ed)?|re-?attempt\w*)\b[^:;.]*?\b(?:at\s+most|up\s+to|not\s+more\s+than|no\s+more\s+than|a\s+maximum\s+of|max(?:imum)?\.?)\s+(?:once|twice|(?:two|three|four|five|\d+)\s+times)\b[^:;]*[:;]\s*((?:after|on|at|with)\s+the\s+(?:second|third|fourth|fifth|sixth|last|final|\d+(?:st|nd|rd|th))\s+(?:failed\s+|unsuccessful\s+)?(?:attempt|try|failure|retry)s?\b.*)$`)
)

// afterAttemptsRe opens a sentence with the count of failures that
// ends the retries: "After the third failed attempt, …", "After two
// unsuccessful attempts we …". Group 1 is the count, 2 the clause.
var afterAttemptsRe = regexp.MustCompile(`^(?i:after|on|with)\s+(?i:the\s+)?((?i:second|third|fourth|fifth|sixth|two|three|four|five|six|\d+(?:st|nd|rd|th)?))\s+(?i:failed|unsuccessful|consecutive\s+failed)\s+(?i:delivery\s+|payment\s+|login\s+|repair\s+)?(?i:attempts?|tries|try|retries|retry|runs?)\s*,?\s+(.+)$`)

// countWords turns a count into its ordinal: after two failed attempts,
// the second one has failed.
var countWords = map[string]string{"two": "second", "three": "third", "four": "fourth", "five": "fifth", "six": "sixth",
	"2": "second", "3": "third", "4": "fourth", "5": "fifth", "6": "sixth"}

// ordinalRe is the count in a bounded retry's way out.
var ordinalRe = regexp.MustCompile(`(?i)\b(?:second|third|fourth|fifth|sixth|last|final|\d+(?:st|nd|rd|th))\b`)

// boundedRetryLead reads a retry with its bound as the decision on the
// count: "On failure we retry, at most three times, then escalate: after
// the third failed attempt the manager calls the bank" → "If the
// third attempt fails, the manager calls the bank" (the rest of the
// decision is drawn by boundRetries).
func boundedRetryLead(s string) string {
	s = boundColonLead(s) // "Repeat …, but at most three rounds: if the third round still fails, …"
	if t, ok := afterMissedLead(s); ok {
		return t // "After two missed interviews the application is closed"
	}
	if m := afterAttemptsRe.FindStringSubmatch(s); m != nil && wordCount(m[2]) >= 2 {
		ord := strings.ToLower(m[1])
		if o, ok := countWords[ord]; ok {
			ord = o
		}
		return "If the " + ord + " attempt fails, " + lowerInitial(m[2])
	}
	m := retryBoundRe.FindStringSubmatch(s)
	if m == nil {
		return s
	}
	clause := m[1]
	loc := nthTimeRe.FindStringIndex(clause)
	if loc == nil || loc[0] != 0 {
		return s
	}
	rest := strings.TrimLeft(clause[loc[1]:], " ,")
	if wordCount(rest) < 2 {
		return s
	}
	ord := ordinalRe.FindString(clause[:loc[1]])
	if ord == "" {
		return s
	}
	return "If the " + strings.ToLower(ord) + " attempt fails, " + lowerInitial(rest)
}

// boundRetries gives every decision on a count of failures its other
// ways out: the counted branch ends after its steps (the escalation
// leaves the normal path), a new branch goes back to the step before the
// decision (the retry) and an empty one goes on (success). A decision
// whose other branches already loop back keeps them.
func (b *builder) boundRetries() {
	b.seq = boundIn(b.seq)
}

// boundIn bounds the retries of the decisions in items, and returns
// items without the decisions it moved onto the branch that failed.
func boundIn(items []*item) []*item {
	out := items[:0:0]
	for _, it := range items {
		switch {
		case it.sub != nil:
			it.sub.items = boundIn(it.sub.items)
		case it.gw != nil:
			for i := range it.gw.branches {
				it.gw.branches[i].items = boundIn(it.gw.branches[i].items)
			}
			if boundDecision(it, out) {
				continue
			}
		}
		out = append(out, it)
	}
	return out
}

// stepBefore is the index of the last step of items, over decisions
// left with no work ("Should the test show a failure, the load is
// reprocessed" whose steps were not read); -1 if there is none.
func stepBefore(items []*item) int {
	for i := len(items) - 1; i >= 0; i-- {
		it := items[i]
		if it.gw != nil && countActs([]*item{it}) == 0 {
			continue
		}
		return i
	}
	return -1
}

// countedBranch is the index of the branch of g taken on a count of
// failures, or -1.
func countedBranch(g *gwBlock) int {
	if g.typ != process.GatewayExclusive {
		return -1
	}
	for i, br := range g.branches {
		if nthTimeRe.MatchString(br.cond+" "+br.label) || (i == 0 && nthTimeRe.MatchString(g.cond+" "+g.name)) {
			if len(br.items) == 0 {
				return -1
			}
			return i
		}
	}
	return -1
}

// failedBranch is the one branch of the decision it that does work and
// goes on ("If nobody is home, the driver leaves a card"), its others
// doing nothing: where a count of failures that follows belongs. Nil if
// it is no such decision.
func failedBranch(it *item) *branch {
	if it.gw == nil || it.gw.typ != process.GatewayExclusive {
		return nil
	}
	var found *branch
	for i := range it.gw.branches {
		br := &it.gw.branches[i]
		if len(br.items) == 0 {
			continue
		}
		if last := br.items[len(br.items)-1]; last.end || last.back != nil || found != nil {
			return nil
		}
		found = br
	}
	return found
}

// boundDecision gives the decision it on a count of failures its other
// ways out, given the items before it; true when it moved it onto the
// failed branch of the decision before it.
func boundDecision(it *item, before []*item) bool {
	g := it.gw
	counted := countedBranch(g)
	if counted < 0 {
		return false
	}
	k := stepBefore(before)
	if k < 0 {
		return false
	}
	prev := before[k]
	var into *branch
	if fb := failedBranch(prev); fb != nil {
		// "If nobody is home, the driver leaves a card. After the third
		// attempt, the parcel goes back": the count is asked on the
		// failed branch, and its retry goes back to the step before
		// that decision
		into = fb
		if k = stepBefore(before[:k]); k < 0 {
			return false
		}
		prev = before[k]
	}
	target := prev
	if into == nil && g.before != nil && g.before.act != nil {
		target = g.before
	}
	if target.act == nil || target.act.event != nil {
		return false
	}
	empty := -1
	for i, br := range g.branches {
		switch {
		case i == counted:
		case len(br.items) == 0:
			empty = i
		case br.items[len(br.items)-1].back != nil:
			return false // the text says where a failure returns
		}
	}
	br := &g.branches[counted]
	if last := br.items[len(br.items)-1]; !last.end && last.back == nil {
		br.items = append(br.items, &item{end: true})
	}
	if into != nil {
		if empty >= 0 {
			g.branches = append(g.branches[:empty], g.branches[empty+1:]...)
		}
		g.branches = append(g.branches, branch{label: "No", items: []*item{{back: target}}})
		into.items = append(into.items, it)
		return true
	}
	g.branches = append(g.branches, branch{label: "Retry", items: []*item{{back: target}}})
	if empty < 0 {
		g.branches = append(g.branches, branch{label: "Succeeded"})
	} else if l := g.branches[empty].label; l == "" || l == "No" {
		g.branches[empty].label = "Succeeded" // "No" would take in the earlier failures
	}
	return false
}
