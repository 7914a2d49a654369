package text

import (
	"regexp"
	"strconv"
	"strings"
)

// Next cells that name rows by their numbers alone: "6" after row 3
// skips row 4 and 5; "next working day back to 2; after the third
// attempt 5" loops back until a condition sends the case on.

var (
	// nextRowRe is a next cell that names one row: "6", "step 6", "go
	// to 6".
	nextRowRe = regexp.MustCompile(`(?i)^\s*(?:(?:go\s+)?to\s+)?(?:step\s+|row\s+)?(\d{1,3})\s*\.?\s*$`)
	// nextCondRowRe is the part of a next cell that goes on to a row on
	// a condition: "after the third attempt 5", "if still missing 4".
	// nextCondLeadRe is the conjunction that leads such a condition: the
	// decision asks only its rest ("Third attempt?").
	nextCondLeadRe = regexp.MustCompile(`(?i)^\s*(?:after|when|once|on)\s+`)
	nextCondRowRe  = regexp.MustCompile(`(?i)^\s*((?:if|after|when|once|on)\s+[a-z][\w -]{2,60}?)[,:]?\s+(?:go\s+to\s+)?(?:step\s+|row\s+)?(\d{1,3})\s*\.?\s*$`)
)

// rowGoTo reads a next cell that names one row (nextRowRe): the row
// after it goes on in the branch the row is on; a later row is a jump
// ahead, an earlier one a loop back. It reports whether the cell named
// a row.
func (a *analyzer) rowGoTo(h *tableHead, cur int, next string, in *[]*item) bool {
	m := nextRowRe.FindStringSubmatch(next)
	if m == nil {
		return false
	}
	if cur > 0 {
		a.rowJump(h, cur, atoi(m[1]), in)
	}
	return true
}

// rowJump sends the case from row cur to row n.
func (a *analyzer) rowJump(h *tableHead, cur, n int, in *[]*item) {
	key := strconv.Itoa(n)
	switch {
	case n == cur+1:
		h.cont = a.b.openBranch(in)
	case n > cur+1:
		if it := a.b.jumpAhead(); it != nil && a.jumps != nil {
			a.jumps[key] = append(a.jumps[key], it)
		}
	default:
		if d := a.steps[key]; d != nil && d.item != nil {
			a.b.loopTo(d.item)
		}
	}
}

// rowBackUntil reads a next cell that loops back until a condition
// sends the case on: "next working day back to 2; after the third
// attempt 5". It reports whether the cell was such a pair.
func (a *analyzer) rowBackUntil(h *tableHead, cur int, next string) bool {
	parts := strings.Split(next, ";")
	if len(parts) != 2 || cur == 0 {
		return false
	}
	back := nextBackRe.FindStringSubmatch(parts[0])
	on := nextCondRowRe.FindStringSubmatch(parts[1])
	if back == nil || on == nil {
		return false
	}
	d := a.steps[stepRef(back[1])]
	if d == nil || d.item == nil {
		return false
	}
	list, yes := a.b.untilBack(nextCondLeadRe.ReplaceAllString(on[1], ""), d.item, a.currentActor())
	if list == nil {
		return false
	}
	if n := atoi(on[2]); n == cur+1 {
		h.cont = list
	} else if n > cur+1 && a.jumps != nil {
		it := &item{end: true}
		*yes = append(*yes, it)
		a.jumps[on[2]] = append(a.jumps[on[2]], it)
	}
	return true
}

// remarkBackRe is a remark cell that sends the case back on a
// condition: "if the client rejects all candidates, back to step 2".
var remarkBackRe = regexp.MustCompile(`(?i)^\s*(if\s+[^,;]{3,100}?)\s*[,;:]\s*(?:then\s+)?(?:go\s+)?back\s+to\s+(?:step|row)\s+(\d{1,3})\W*$`)

// rowRemarks reads the cells of a row beyond its action that are no
// column the header named (a "Notes" column): one that sends the case
// back on a condition is a decision after the row's steps, whose branch
// loops back to that row.
func (a *analyzer) rowRemarks(h *tableHead, cells []string) {
	for i := h.action + 1; i < len(cells); i++ {
		if i == h.role || i == h.time || i == h.next || i == h.fail {
			continue
		}
		if m := remarkBackRe.FindStringSubmatch(cells[i]); m != nil {
			a.sentence(capitalise(m[1])+", go back to step "+m[2]+".", true)
		}
	}
}
