package text

// goBackStepless loops the open decision's branch that a sentence with
// no step of its own sends back to an earlier step by its name ("If the
// road test fails, go back to the repair"): the branch returns to the
// last repair. It reports whether it did; a step inside parallel work is
// no target (the jump would wait forever at the join).
func (a *analyzer) goBackStepless(s string, before int) bool {
	e := a.backToStepOutsideParallel(s, before)
	if e == nil {
		return false
	}
	return a.b.loopEmptyBranch(e.item)
}

// backToStepOutsideParallel is the earlier step a sentence goes back to
// by name (backToStep), or nil when it names none or the step stands
// inside parallel work (the jump would wait forever at the join).
func (a *analyzer) backToStepOutsideParallel(s string, before int) *draft {
	e := a.backToStep(s, before)
	if e == nil || inParallel(a.b.seq, e.item, false) {
		return nil
	}
	return e
}
