package text

import "strings"

// unStates are states in "un-" that are no participle in "-ed".
var unStates = set(`unpaid undone unsold unread unseen unwritten unspent unworn`)

// passiveState is the state a passive leaves its subject in, said right
// after the verb (and its particle): "the vehicle is returned
// unrepaired", "the device is sent back unrepaired", "the form comes
// back unsigned". It is what tells this step from the positive one
// ("Return vehicle unrepaired", not "Return vehicle"); "" when there is
// none.
func passiveState(rest []string) string {
	i := 0
	if i < len(rest) && particles[norm(rest[i])] {
		i++
	}
	if i >= len(rest) {
		return ""
	}
	w := strings.ToLower(trimPunct(rest[i]))
	if strings.HasPrefix(w, "un") && (strings.HasSuffix(w, "ed") && len(w) >= 7 || unStates[w]) {
		return w
	}
	return ""
}
