package text

import (
	"regexp"
	"strings"
)

// eitherArrowRe is a choice written as "Either <case> -> <step>, or
// <case> -> <step>": "Either the account is locked -> agent unlocks it, or
// the password has expired -> agent issues a temporary password".
var eitherArrowRe = regexp.MustCompile(`(?i)^either\s+(.{3,80}?)\s*(?:->|→|=>)\s*(.{3,120}?)[,;]?\s+or\s+(.{3,80}?)\s*(?:->|→|=>)\s*(.{3,120}?)[.!]?$`)

// eitherArrows reads an "Either … -> …, or … -> …" sentence as one
// decision whose branches are its cases, as "There are two cases. If …"
// is; the next "Otherwise" or "In all other cases" is one more branch.
// It reports whether s was such a sentence.
func (a *analyzer) eitherArrows(s string, inItem bool) ([]*draft, bool) {
	m := eitherArrowRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil || (a.b.open != nil && a.b.open.whether) {
		return nil, false
	}
	a.b.addWhether("which outcome", a.currentActor())
	a.b.open.cases = true
	// as outcomesAhead: a branch that "waits again" goes back to it
	a.b.open.before = a.b.seq[len(a.b.seq)-1]
	ds := a.sentence("If "+m[1]+", "+m[2]+".", inItem)
	return append(ds, a.sentence("If "+m[3]+", "+m[4]+".", inItem)...), true
}
