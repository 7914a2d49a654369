package text

import (
	"regexp"
	"strings"
)

// restartRe is a branch that starts the work over: "the agent has to
// start over with a new video call", "we go again from the top", "the
// cycle repeats: spray, dry, weigh", "we start again from the first
// count", "the draft goes through review again". Group 1 is "first" and
// group 2 the noun of the work it starts again from, or group 3 the noun
// of the work done again; group 4 is "top", "beginning" or "start" when
// the text says so ("again from the top").
var restartRe = regexp.MustCompile(`(?i)\b(?:(?:start(?:s|ed)?|begin(?:s)?)\s+(?:all\s+)?(?:again|over)\s+(?:from|with|at)\s+(?:the\s+)?(first\s+)?([a-z]{4,})|(?:goes|go|passes|pass|runs|run)\s+through\s+(?:the\s+)?([a-z]{4,})\s+(?:again|once\s+more)|start(?:s|ed|ing)?\s+(?:all\s+)?(?:over|afresh|from\s+scratch)|(?:start(?:s|ed)?|begin(?:s)?|go(?:es)?|run(?:s)?)\s+(?:it\s+|everything\s+)?(?:all\s+)?(?:again\s+|over\s+)?from\s+the\s+(top|beginning|start)|(?:the|this)\s+(?:whole\s+)?(?:cycle|loop|round|sequence)\s+(?:then\s+)?(?:repeats|is\s+repeated|starts\s+(?:again|over)|begins\s+again))\b`)

// restartWithRe names the work a restart begins with: "with a new video
// call", "with a fresh sample".
var restartWithRe = regexp.MustCompile(`(?i)^\s*with\s+(?:a|an|the)?\s*(?:new|fresh|second|another|next)?\s*([a-z][\w -]{2,40})`)

// restartTarget is the earlier step (before index before) a restart
// phrase in s goes back to: the first of the recent steps whose verbs a
// list after it names ("the cycle repeats: spray, dry, weigh"), the last
// step on the thing it starts with ("start over with a new video
// call"), or the first step of all ("again from the top"); nil for none.
func (a *analyzer) restartTarget(s string, before int) *draft {
	m := restartRe.FindStringSubmatchIndex(s)
	if m == nil {
		return nil
	}
	tail := s[m[1]:]
	top := m[8] >= 0
	if m[4] >= 0 || m[6] >= 0 {
		// "start again from the first count", "goes through review again"
		noun := strings.ToLower(s[max(m[4], m[6]):max(m[5], m[7])])
		if top = noun == "top" || noun == "beginning" || noun == "start"; !top {
			return a.namedWorkStep(noun, m[2] >= 0, before)
		}
	}
	if rest, ok := strings.CutPrefix(strings.TrimSpace(tail), ":"); ok {
		return a.listedStep(rest, before)
	}
	if w := restartWithRe.FindStringSubmatch(tail); w != nil {
		for i := min(before, len(a.drafts)) - 1; i >= 0 && i >= before-12; i-- {
			if e := a.drafts[i]; e.event == nil && !e.drop && e.item != nil && sharedStems(w[1], e.object) > 0 {
				return e
			}
		}
	}
	if top { // "from the top"
		for _, e := range a.drafts[:min(before, len(a.drafts))] {
			if e.event == nil && !e.drop && e.item != nil {
				return e
			}
		}
	}
	return nil
}

// namedWorkStep is the last of the twelve steps before index before
// whose verb the noun names ("review" → the review), or the earliest
// when first is set ("from the first count"); nil for none.
func (a *analyzer) namedWorkStep(noun string, first bool, before int) *draft {
	verbs := map[string]bool{}
	for _, v := range nounVerbs(strings.ToLower(noun)) {
		verbs[v] = true
	}
	var target *draft
	for i := min(before, len(a.drafts)) - 1; i >= 0 && i >= before-12; i-- {
		if e := a.drafts[i]; e.event == nil && !e.drop && e.item != nil && verbs[firstWord(e.verb)] {
			if target = e; !first {
				break
			}
		}
	}
	return target
}

// listedStep is the earliest of the last twelve steps before index
// before whose verb a list names ("spray, dry, weigh"), or nil.
func (a *analyzer) listedStep(list string, before int) *draft {
	verbs := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(list), func(r rune) bool { return r == ',' || r == ' ' || r == '.' || r == ';' }) {
		if w != "and" && w != "then" {
			verbs[verbBase(w)] = true
		}
	}
	var target *draft
	for i := min(before, len(a.drafts)) - 1; i >= 0 && i >= before-12; i-- {
		if e := a.drafts[i]; e.event == nil && !e.drop && e.item != nil && verbs[firstWord(e.verb)] {
			target = e // the earliest of them
		}
	}
	return target
}

// verbBase is w's base form when w is an inflected verb ("dries" →
// "dry"), else w.
func verbBase(w string) string {
	if b, f := verbForm(w); f != formBase && b != "" {
		return b
	}
	return w
}

// restartLoop loops the branch the sentence's steps (from index before
// on) went to back to the step its restart phrase names, or, in the main
// flow after rework, closes the cycle with a decision whether more
// rework is needed; the "start over" step itself is dropped. It reports
// whether it drew the loop.
func (a *analyzer) restartLoop(s string, before int) bool {
	e := a.restartTarget(s, before)
	if e == nil || inParallel(a.b.seq, e.item, false) {
		return false
	}
	if !a.b.loopTo(e.item) && (a.b.open != nil || !a.afterRework(s, before) || !a.b.addLoopCheck("rework needed", e.performer, e.item, true)) {
		// (in the main flow only after rework: "The associate revises
		// the draft; once revised, the draft goes through review
		// again")
		return false
	}
	for _, d := range a.drafts[before:] {
		if v := firstWord(d.verb); d.event == nil && (restartVerbs[v] || v == "go" || v == "repeat") {
			d.drop = true // "… has to start over": the loop, no step
		}
	}
	return true
}

// restartOnly is the step a branch that only starts over goes back to
// ("If the gain is below 3 %, the cycle repeats: spray, dry, weigh"), or
// nil.
func (a *analyzer) restartOnly(main string) *draft {
	loc := restartRe.FindStringIndex(main)
	if loc == nil || wordCount(main[:loc[0]]) > 3 {
		return nil
	}
	e := a.restartTarget(main, len(a.drafts))
	if e == nil || inParallel(a.b.seq, e.item, false) {
		return nil
	}
	return e
}

// retriedBy is the step a sentence's closing "X tries again" goes back
// to: the first of X's last run of steps read before the sentence (index
// before), when X did not act in the sentence before trying again; nil
// otherwise ("… and tries again" after the same performer's step is the
// step before the decision, loopBack).
func (a *analyzer) retriedBy(before int) *draft {
	d := a.lastDraft()
	if d == nil || d.event != nil || !retryVerbs[firstWord(d.verb)] || d.performer == "" || before >= len(a.drafts) ||
		strings.Trim(strings.ToLower(d.object), " .") != "" && !strings.EqualFold(strings.TrimSpace(d.object), "again") {
		return nil
	}
	if a.drafts[before] == d || strings.EqualFold(a.drafts[len(a.drafts)-2].performer, d.performer) {
		return nil // "If it fails, the clerk tries again", "… corrects it and tries again"
	}
	var target *draft
	for i := before - 1; i >= 0; i-- {
		e := a.drafts[i]
		if e.event != nil || e.drop || e.item == nil {
			continue
		}
		if strings.EqualFold(e.performer, d.performer) {
			target = e
		} else if target != nil {
			break
		}
	}
	return target
}
