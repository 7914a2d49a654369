package text

import "regexp"

// whileThatRe is "While this is going on, Y" and its kin: a lead-in
// that only points back at the work just described ("While these are
// awaited", "And then while that's going on", "Whilst this happens"),
// so Y runs beside that work, as after "Meanwhile".
var whileThatRe = regexp.MustCompile(`(?i)^(?:and\s+)?(?:then\s+)?(?:while|whilst)\s+(?:this|that|these|those|all\s+this|all\s+that)\b([^,;]{0,30}),\s*(.+)$`)

// readWhileThat reads "While these are awaited, the conveyancer reviews
// the contract": the steps run beside the previous ones; false when the
// lead-in names work of its own ("While this form is checked, …").
func (a *analyzer) readWhileThat(r *reading) ([]*draft, bool) {
	m := whileThatRe.FindStringSubmatch(r.body)
	if m == nil || a.count == 0 || !pointsBack(m[1]) {
		return nil, false
	}
	rr := *r
	rr.body = "Meanwhile, " + m[2]
	return a.readParallelStart(&rr)
}

// pointsBackRe is what follows "this" in a lead-in that names no work
// of its own: "is going on", "are awaited", "happens", "'s running".
var pointsBackRe = regexp.MustCompile(`(?i)^\s*(?:(?:is|are|was|were|'s|’s)\s+)?(?:(?:being|still)\s+)?(?:going\s+on|happening|happens|happen|under\s*way|in\s+progress|ongoing|pending|running|runs|awaited|done|carried\s+out|taking\s+place|takes\s+place|on)?\s*$`)

// pointsBack reports whether the rest of a "while this …" lead-in names
// no work of its own.
func pointsBack(rest string) bool {
	return pointsBackRe.MatchString(rest)
}
