package text

// Jumps to numbered steps: "go back to step 4.1", "repeated from 3".

import (
	"regexp"
	"strings"
)

// stepJumpRe finds a jump to a numbered step after the work of a branch:
// "… and go back to step 2", "… then continue with step 7", "…, back to
// step 3", "… back to step 4.1" (the step key, stepRef, in the first
// group); or work done again from a numbered step: "the load is
// reprocessed from 4.1", "repeated from step 3" (in the second; a bare
// number only as a sub-step's, "4.1", never "from 4").
var stepJumpRe = regexp.MustCompile(`(?i)\b(?:(?:go|goes|going|return|returns|jump|jumps|continue|continues|proceed|proceeds|skip|skips|move|moves)\s+(?:back\s+|forward\s+|ahead\s+|on\s+|straight\s+|directly\s+)?(?:to|at|with)|back\s+to)\s+(?:step|item|point)\s+(\d{1,3}(?:\.\d{1,3})*(?:[a-z]\b|\s?\([a-z]\))?)|\b(?:re[a-z]{3,}ed|repeated|restarted|started\s+again|done\s+again)\s+from\s+(?:(?:step|item|point)\s+(\d{1,3}(?:\.\d{1,3})*(?:[a-z]\b|\s?\([a-z]\))?)|(\d{1,3}(?:\.\d{1,3})+)\b)`)

// jumpVerbs are the verbs of a jump that is no work of its own.
var jumpVerbs = set(`go return jump continue proceed skip move`)

// jumpToStep ends the branch the sentence's steps went to with a jump to
// the numbered step it names: back to an earlier step (a loop), or ahead
// to one not read yet (the steps between are skipped; without such a
// step the branch ends). The jump itself is no step. It reports whether
// the jump was drawn.
func (a *analyzer) jumpToStep(s string, before int) bool {
	m := stepJumpRe.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	n := stepRef(m[1] + m[2] + m[3])
	if n == "" || before > len(a.drafts) {
		return false
	}
	for _, d := range a.drafts[before:] {
		if d.event == nil && jumpVerbs[firstWord(d.verb)] {
			d.drop = true
		}
	}
	if d := a.steps[n]; d != nil && d.item != nil {
		return a.b.loopTo(d.item)
	}
	if it := a.b.jumpAhead(); it != nil {
		a.jumps[n] = append(a.jumps[n], it)
		return true
	}
	return false
}

// stepRead records the first step of numbered step n ("4.1") and points
// the jumps ahead to it that were waiting for it. The first sub-step read
// of a step with no item of its own ("4.1" under the heading "4.
// Sterilisation") is also where a jump to that step lands; a list
// numbered again ("1.1" a second time) moves it there.
func (a *analyzer) stepRead(n string, d *draft) {
	if a.steps == nil || d == nil || n == "" {
		return
	}
	restart := a.steps[n] != nil // a list numbered again from its start
	a.steps[n] = d
	delete(a.derived, n)
	a.resolveJumps(n, d)
	for _, p := range stepParents(n) {
		if a.steps[p] != nil && (!restart || !a.derived[p]) {
			break
		}
		a.steps[p] = d
		a.derived[p] = true
		a.resolveJumps(p, d)
	}
}

// resolveJumps points the jumps ahead to step n that were waiting for it
// to its first step d.
func (a *analyzer) resolveJumps(n string, d *draft) {
	for _, it := range a.jumps[n] {
		resolveJump(it, d.item)
	}
	delete(a.jumps, n)
}

// stepRef is the step key of a reference to a numbered step as written
// ("4", "4.1", "4.1.", "4a", "4(b)", "4 (b)"), or "".
func stepRef(s string) string {
	return stepKey(strings.TrimSuffix(strings.TrimSpace(s), "."), "")
}
