package text

import (
	"regexp"
	"strings"
)

// selfIntroRe is a writer or speaker naming their own role in the first
// person: "I'm the import coordinator", "I am a claims handler", "I work
// as the night porter".
var selfIntroRe = regexp.MustCompile(`\bI(?:['’]m|\s+am|\s+work\s+as)\s+(?:the|an?|our)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,4})`)

// selfIntroStops end the role of a self-introduction: "I am a claims
// handler and I check …", "I'm the one who …".
var selfIntroStops = set(`and or who that which here in at for on with of from since so but i`)

// selfIntroRole returns the role the writer of a text without a sender
// line gives themselves in its opening part ("Right, from the start. I'm
// the import coordinator."): who "I" is. It is "" when the writer names
// no role, or an outside party's ("I'm the customer").
func selfIntroRole(head string) string {
	m := selfIntroRe.FindStringSubmatch(head)
	if m == nil {
		return ""
	}
	var ws []string
	for _, w := range strings.Fields(m[1]) {
		if selfIntroStops[w] {
			break
		}
		ws = append(ws, w)
	}
	if len(ws) == 0 || ws[len(ws)-1] == "it" || ws[len(ws)-1] == "one" {
		return ""
	}
	role := strings.Join(ws, " ")
	if !isAgent(role) || isExternal(role) {
		return ""
	}
	return titleCase(role)
}
