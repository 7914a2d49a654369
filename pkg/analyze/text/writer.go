package text

import (
	"regexp"
	"strings"
)

// fromLineRe is an e-mail's sender line with the writer's role after the
// name: "From: Ana Ruiz, Claims Manager", "From: Ana Ruiz (Claims)".
var fromLineRe = regexp.MustCompile(`(?im)^\s*from\s*:\s*[^,(<\n]{2,60}?\s*(?:,\s*|\(\s*)([A-Za-z][\w&/ -]{1,50}?)\s*\)?\s*$`)

// narratorRe is a story's narrator naming themselves: "I, Marco, …",
// "I (Marco) …", "My name is Marco".
var narratorRe = regexp.MustCompile(`\bI,\s+([A-Z][a-z]+),|\bI\s+\(([A-Z][a-z]+)\)|\b[Mm]y name is ([A-Z][a-z]+)\b`)

// writerRole returns the role an e-mail's writer signs with, or "" when
// the text has no sender line that names one: that role is who "I" and
// "me" are ("I check the permit", "needs a sign-off from me").
func writerRole(text string) string {
	head := text
	if len(head) > 2000 {
		head = head[:2000]
	}
	m := fromLineRe.FindStringSubmatch(head)
	if m == nil {
		// a story's narrator: "I, Marco, needed a loan"
		if n := narratorRe.FindStringSubmatch(head); n != nil {
			return firstNonEmpty(n[1], n[2], n[3])
		}
		// "as told by our head housekeeper", "I am the case officer
		// for …", "I'm the import coordinator": the job the narrator
		// names
		return narratorRole(head)
	}
	role := strings.TrimSpace(m[1])
	if len(strings.Fields(role)) > 4 {
		return ""
	}
	return role
}
