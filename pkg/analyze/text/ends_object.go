package text

import (
	"regexp"
	"strings"
)

// endsObjectRe is "ends" with an object of its own: "RM ends the business
// relationship". Group 1 is the verb, group 3 the object's first word
// after its determiner.
var endsObjectRe = regexp.MustCompile(`\b(ends|end)\s+(the|a|an|our|their|its|his|her|this|that)\s+([a-z][a-z-]*)`)

// endsNotWork are objects whose ending is the end of the process or
// of a time, not a step: "ends the process", "ends the day".
var endsNotWork = set(`process procedure case workflow flow day week month year shift session meeting call sequence cycle loop discussion conversation check story`)

// endsObject writes "ends the business relationship" as the work it is,
// "terminates the business relationship": "end" alone says the process
// ends, so a step whose verb is "end" would not be read.
func endsObject(s string) string {
	return endsObjectRe.ReplaceAllStringFunc(s, func(m string) string {
		sm := endsObjectRe.FindStringSubmatch(m)
		obj := sm[3]
		if endsNotWork[obj] || endsNotWork[strings.TrimSuffix(obj, "s")] {
			return m
		}
		if i := strings.Index(s, m); i > 0 && strings.HasSuffix(strings.TrimSpace(s[:i]), "to") {
			return m // "to end the contract": not a subject's step
		}
		verb := "terminates"
		if sm[1] == "end" {
			verb = "terminate"
		}
		return verb + " " + sm[2] + " " + sm[3]
	})
}
