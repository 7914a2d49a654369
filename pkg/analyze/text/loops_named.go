package text

// reworkVerbs correct work that was found wanting.
var reworkVerbs = set(`revise rework correct fix amend redo complete update repair adjust`)

// afterRework reports whether a sentence with a step done again follows
// rework: it says so itself ("once corrected, the form is checked
// again") or the step read before it corrects something ("The
// associate revises the draft.").
func (a *analyzer) afterRework(s string, before int) bool {
	if reworkCueRe.MatchString(againRe.ReplaceAllString(s, "")) {
		return true
	}
	for i := min(before, len(a.drafts)) - 1; i >= 0; i-- {
		if e := a.drafts[i]; e.event == nil && !e.drop {
			return reworkVerbs[firstWord(e.verb)]
		}
	}
	return false
}

// repeatInFlow closes a cycle in the main flow when a step there is an
// earlier one done again with no decision to hang it on ("The associate
// revises the draft. The senior counsel reviews it again."): the step is the way back, a decision whether more rework is
// needed returns to the earlier step. It reports whether it drew one.
func (a *analyzer) repeatInFlow(s string, before int) bool {
	if !a.afterRework(s, before) {
		return false // "The operator scans the label again at the dock door": a second scan, no rework
	}
	d, e := a.repeated(before)
	n := len(a.b.seq)
	if e == nil || a.b.open != nil || a.b.last != &a.b.seq || n == 0 || d.item == nil || a.b.seq[n-1] != d.item || inParallel(a.b.seq, e.item, false) {
		return false
	}
	d.drop = true
	return a.b.addLoopCheck("rework needed", firstNonEmpty(e.performer, d.performer), e.item, true)
}
