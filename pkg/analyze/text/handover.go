package text

import (
	"regexp"
	"strings"
)

// handoverRelativeRe is a sentence that hands the case to someone and
// says in a closing relative clause what they do: "The claim goes to
// their manager, who approves it or sends it back", "Hardware problems
// go to the field technician, who looks at the device", "we shall
// appoint a loss adjuster, who will visit your home".
var handoverRelativeRe = regexp.MustCompile(`^(.{6,}?)\s((?:the|their|his|her|our|its|a|an)\s+[\w'-]+(?:\s+[\w'-]+){0,5}),\s+who\s+([^,;]{4,}.*)$`)

// handoverRelative splits such a sentence into the hand-over and the
// step of the one it goes to ("The manager approves it or sends it
// back"). ok is false when the sentence is no such hand-over: the
// relative names no performer, or the sentence opens with its
// condition or hands over in the passive, as a case's branch does
// (whose case the split would lose).
func handoverRelative(s string) (head, rel string, ok bool) {
	m := handoverRelativeRe.FindStringSubmatch(s)
	if m == nil || ifLeadRe.MatchString(s) || wordCount(m[1]) < 2 {
		return "", "", false
	}
	ws := strings.Fields(m[2])
	for i := len(ws) - 2; i > 0 && !isAgent(nounPhrase(ws, 5)); i-- {
		if norm(ws[i]) == "of" && determiners[norm(ws[i+1])] {
			ws = ws[i+1:] // "the queue of the accounts payable clerk, who …"
			break
		}
	}
	if !isAgent(nounPhrase(ws, 5)) {
		return "", "", false
	}
	for _, w := range strings.Fields(m[1]) {
		if auxBe[norm(w)] {
			// "A medium-risk alert is escalated to the compliance
			// officer, who decides …": a case's branch, read whole
			return "", "", false
		}
	}
	ws[0] = "the"
	return strings.TrimRight(m[1]+" "+m[2], ",") + ".", capitalise(strings.Join(ws, " ")) + " " + m[3], true
}

// handoverSteps reads a hand-over with its receiver's step in a closing
// relative clause ("The claim goes to their manager, who approves it"):
// the hand-over, then the receiver's step; ok is false for any other
// sentence.
func (a *analyzer) handoverSteps(s string, inItem bool) ([]*draft, bool) {
	head, rel, ok := handoverRelative(s)
	if !ok {
		if rel, ok := supplierRelative(s); ok {
			if ds := a.sentence(rel, inItem); len(ds) > 0 {
				return ds, true
			}
		}
		return nil, false
	}
	return append(a.sentence(head, inItem), a.sentence(rel, inItem)...), true
}
