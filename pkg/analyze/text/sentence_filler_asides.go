package text

import "regexp"

// fillerAsideRe is a longer aside of procedural filler between a modal
// verb and its verb: "the officer shall, without undue delay and having
// regard to the principles of good administration, examine …". Only
// asides that open with such a phrase: a long aside of another kind may
// carry a step or a case of its own.
var fillerAsideRe = regexp.MustCompile(`(?i)\b(shall|must|should|will|may|is\s+to|are\s+to)\s*,\s+((?:without\s+(?:undue\s+)?delay|having\s+regard\s+to|in\s+accordance\s+with|in\s+line\s+with|pursuant\s+to|with\s+due\s+(?:care|diligence|regard)|as\s+soon\s+as\s+(?:reasonably\s+)?(?:practicable|possible)|in\s+good\s+time)\b[^,;:()]{0,120}?)\s*,\s+([a-z][\w-]*)`)

// dropFillerAsides drops an aside of procedural filler after a modal
// verb, however long: its commas cut the verb from its subject and the
// step was lost. One that states a condition ("…, where required, …")
// stays.
func dropFillerAsides(s string) string {
	return fillerAsideRe.ReplaceAllStringFunc(s, func(m string) string {
		g := fillerAsideRe.FindStringSubmatch(m)
		if asideConditionRe.MatchString(g[2]) {
			return m
		}
		return g[1] + " " + g[3]
	})
}
