package text

import (
	"regexp"
	"strings"
	"unicode"
)

// conditionalNoteRe is a labelled note that states what happens in a
// case, with its performer: "Note A: if the right-to-work check fails,
// the compliance officer withdraws the offer". Group 1 is the rule.
var conditionalNoteRe = regexp.MustCompile(`^(?i:note|nb)\s*(?:[A-Z0-9]{1,2}\b)?\s*[:.—–-]\s*((?i:if|where|should|in\s+case|unless)\b[^,]{3,120},\s+(?:the|our|a|an|we|they|you)\s+\S.*)$`)

// conditionalNote returns the rule of such a note, read as a sentence of
// the procedure: it names a branch the steps refer to ("see note A"), not
// a remark. ok is false for any other sentence; a note that only warns
// or explains stays out of the flow.
func conditionalNote(s string) (string, bool) {
	m := conditionalNoteRe.FindStringSubmatch(s)
	if m == nil {
		return s, false
	}
	return capitalise(m[1]), true
}

// noteCondRe is the case a conditional note's rule is about: "If the
// right-to-work check fails, …" → "the right-to-work check fails".
var noteCondRe = regexp.MustCompile(`^(?i:if|where|should|in\s+case|unless)\s+([^,]{3,120}),`)

// minNoteOverlap is how many words of its case a note must share with a
// step to be that step's: "the right-to-work check fails" and "checks
// the right to work" share three.
const minNoteOverlap = 2

// noteAnchor is the step of the main flow a conditional note's case
// names ("Note A: if the right-to-work check fails, …" after "Checks
// the right to work and the references"): the one sharing the most
// words with it, the later on a tie. Nil when no step shares enough, or
// when that step is the flow's last (the note's decision comes there
// anyway).
func (a *analyzer) noteAnchor(rule string) *item {
	m := noteCondRe.FindStringSubmatch(rule)
	if m == nil {
		return nil
	}
	words := contentStems(m[1])
	// (the steps still waiting after an "if" join the flow when the
	// note's own "if" closes it)
	steps := a.b.seq
	if o := a.b.open; o != nil && !o.whether {
		steps = append(append([]*item(nil), steps...), o.pending...)
	}
	var best *item
	bestN, last := 0, -1
	for i, it := range steps {
		if it.act == nil || it.act.event != nil || it.act.drop {
			continue
		}
		last = i
		n := 0
		for w := range contentStems(it.act.name + " " + it.act.source) {
			if words[w] {
				n++
			}
		}
		if n >= minNoteOverlap && n >= bestN {
			best, bestN = it, n
		}
	}
	if best == nil || last < 0 || steps[last] == best {
		return nil
	}
	return best
}

// contentStems are the stems of the words of s that are no determiner,
// form of "be" or short word.
func contentStems(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(w) >= 3 && !auxBe[w] && !determiners[w] {
			out[stemOf(w)] = true
		}
	}
	return out
}
