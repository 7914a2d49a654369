package builtin

import (
	"regexp"
)

var (
	parallelStartRe = regexp.MustCompile(`(?i)^(meanwhile|in the meantime|in parallel|at the same time|simultaneously|concurrently|parallel to this|alongside this)\b[,:]?\s*`)
	parallelMidRe   = regexp.MustCompile(`(?i),?\s*\b(in parallel|at the same time|simultaneously|concurrently)\b,?`)
	whileRe         = regexp.MustCompile(`(?i)^(.{8,}?),?\s+(?:while|whilst)\s+(.{8,})$`)
	whileStartRe    = regexp.MustCompile(`(?i)^(?:while|whilst)\s+(.+?),\s*(.+)$`)
)

// readWhileFirst reads "While X, Y": Y runs beside X.
func (a *analyzer) readWhileFirst(r *reading) ([]*draft, bool) {
	m := whileStartRe.FindStringSubmatch(r.body)
	if m == nil {
		return nil, false
	}
	first := a.clauses(m[1], r.s)
	second := a.clauses(m[2], r.s)
	a.applyTimes(append(first, second...), r.work, r.wait)
	a.b.add(first)
	a.b.addParallel(second)
	return append(first, second...), true
}

// readParallelStart reads "Meanwhile, …": the steps run beside the
// previous ones.
func (a *analyzer) readParallelStart(r *reading) ([]*draft, bool) {
	m := parallelStartRe.FindStringSubmatch(r.body)
	if m == nil || a.count == 0 {
		return nil, false
	}
	ds := a.clauses(r.body[len(m[0]):], r.s)
	a.applyTimes(ds, r.work, r.wait)
	a.b.addParallel(ds)
	return ds, true
}

// readWhile reads "X while Y": Y runs beside X, when both are steps.
func (a *analyzer) readWhile(r *reading) ([]*draft, bool) {
	m := whileRe.FindStringSubmatch(r.body)
	if m == nil {
		return nil, false
	}
	first := a.clauses(m[1], r.s)
	second := a.clauses(m[2], r.s)
	if len(first) == 0 || len(second) == 0 {
		return nil, false
	}
	a.applyTimes(first, r.work, r.wait)
	a.b.add(first)
	a.b.addParallel(second)
	return append(first, second...), true
}
