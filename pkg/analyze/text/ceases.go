package text

import "strings"

// ceaseVerbs stop the work on the case when their object is that work
// itself: "we stop chasing", "the team ceases processing".
var ceaseVerbs = set(`stop cease discontinue`)

// ceases reports whether d gives up the work on the case ("Stop
// chasing"): on a branch it ends the branch like a refusal. A stop with a
// thing for object ("stops the machine") is a step like any other.
func ceases(d *draft) bool {
	if d == nil || !ceaseVerbs[firstWord(d.verb)] {
		return false
	}
	obj := strings.Fields(strings.ToLower(d.object))
	return len(obj) > 0 && len(obj[0]) > 4 && strings.HasSuffix(obj[0], "ing")
}
