package text

import "regexp"

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
