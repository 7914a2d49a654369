package text

import "strings"

// againOnly reports whether a step's clause says only that its verb is
// done once more: "restores again" (object "again").
func againOnly(d *draft) bool {
	o := strings.Trim(strings.ToLower(d.object), " .,;")
	return d.event == nil && !d.drop && firstWord(d.verb) != "" && (o == "again" || o == "once more")
}

// earlierByVerb is the last step before index before with d's verb,
// preferring d's performer, and its index; nil and -1 without one.
func (a *analyzer) earlierByVerb(d *draft, before int) (*draft, int) {
	v := firstWord(d.verb)
	var best *draft
	at := -1
	for i := before - 1; i >= 0; i-- {
		e := a.drafts[i]
		if e.event != nil || e.drop || e.item == nil || firstWord(e.verb) != v {
			continue
		}
		if best == nil || strings.EqualFold(e.performer, d.performer) && !strings.EqualFold(best.performer, d.performer) {
			best, at = e, i
		}
	}
	return best, at
}

// firstRepeated finds a run of steps at the end of the sentence (from
// index before on) that each only say a step is done again ("… fixes the
// backup job and restores again, and the owner checks again"), the
// earlier steps repeated in the same order: the run is the loop back to
// the first of them (the restore), not new steps after the last check.
// It returns the run's first step and its earlier step, or nils when
// the sentence has no such run of two or more.
func (a *analyzer) firstRepeated(before int) (*draft, *draft) {
	start := -1
	for i := len(a.drafts) - 1; i >= before && againOnly(a.drafts[i]); i-- {
		start = i
	}
	if start < 0 || start == before || len(a.drafts)-start < 2 {
		return nil, nil
	}
	var first *draft
	last := -1
	for _, d := range a.drafts[start:] {
		e, at := a.earlierByVerb(d, before)
		if e == nil || at <= last {
			return nil, nil
		}
		if first == nil {
			first = e
		}
		last = at
	}
	return a.drafts[start], first
}

// loopFirstRepeated loops a sentence ending in a run of steps done again
// back to the first step repeated and drops the run. It reports whether
// it did.
func (a *analyzer) loopFirstRepeated(before int) bool {
	d, e := a.firstRepeated(before)
	if e == nil || !a.b.loopTo(e.item) {
		return false
	}
	for _, x := range a.drafts[indexOf(a.drafts, d):] {
		x.drop = true
	}
	return true
}

// indexOf is the index of d in ds, or -1.
func indexOf(ds []*draft, d *draft) int {
	for i, x := range ds {
		if x == d {
			return i
		}
	}
	return -1
}
