package main

// reading is what the bench may print of one set: per-case lines (with
// -v) and the -case filter. A set whose folder is named blind* (blind,
// blind2, blind3, scenarios/blind, scenarios/blind4) is read only in totals: no case's
// name, figures or failed checks, and no filter either, since the count
// of cases a filter matches would tell which names the set holds.
type reading struct {
	totalsOnly bool
	perCase    bool
	only       string
}

// readingOf decides the reading of the set in dir from the flags.
func readingOf(dir, only string, verbose bool) reading {
	if isBlind(dir) {
		return reading{totalsOnly: true}
	}
	return reading{perCase: verbose, only: only}
}
