package text

import (
	"regexp"
	"strings"
)

// narratorRoleRe is a first-person narrator saying what job they do: "I
// am the case officer for …", "I'm the shift lead", "I work as a
// dispatcher", "I work at the reception of the practice".
var narratorRoleRe = regexp.MustCompile(`\bI(?:'m|’m| am| work as)\s+(?:the|a|an|one of the)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)(?:\s+(?:for|at|of|in|on|here|and|who)\b|\s*[.,;:]|\s*$)|\bI work (?:at|in|on) the\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)(?:\s+(?:of|at|for|in)\b|\s*[.,;:])`)

// narratorRole returns the job a first-person narrator names for
// themselves in the first lines, or "": who "I" is in a story without a
// sender line.
func narratorRole(head string) string {
	if r := titleNarrator(head); r != "" {
		return r
	}
	m := narratorRoleRe.FindStringSubmatch(head)
	if m == nil {
		return ""
	}
	role := strings.TrimSpace(firstNonEmpty(m[1], m[2]))
	if role == "" || !roleLike(role) {
		return ""
	}
	return titleCase(role)
}

// roleLike reports whether a narrator's phrase names a job or a desk,
// not a state ("I am a bit late", "I am the only one").
func roleLike(role string) bool {
	ws := strings.Fields(role)
	head := ws[len(ws)-1]
	return isAgent(role) || isAgent(head) || deskWords[head]
}

// deskWords are places a person works at that name their job.
var deskWords = set(`reception desk counter helpdesk office switchboard`)

// toldByRe is a title naming who tells the text: "as told by our head
// housekeeper", "told by Marco, account manager", "voice memo from the
// night shift supervisor".
var toldByRe = regexp.MustCompile(`(?i)\b(?:told|written|explained|recorded|memo|note|notes)\s+(?:by|from)\s+(?:(?:our|the|a|an)\s+)?(?:[A-Z][a-z]+,\s+(?:(?:our|the|a|an)\s+)?)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?)\s*(?:[,.;:()]|\s+(?:for|of|at|on|in)\b|$)`)

// titleNarrator is the role the first line of a text says tells it, or
// "".
func titleNarrator(head string) string {
	first := strings.TrimSpace(head)
	if i := strings.IndexByte(first, '\n'); i >= 0 {
		first = first[:i]
	}
	m := toldByRe.FindStringSubmatch(first)
	if m == nil {
		m = howIAtRe.FindStringSubmatch(first)
	}
	if m == nil || !roleLike(m[1]) || isExternal(m[1]) {
		return ""
	}
	return titleCase(m[1])
}

// howIAtRe is a title telling where the narrator works: "How I handle a
// refund request at the box office".
var howIAtRe = regexp.MustCompile(`(?i)^\W*how\s+I\s+[^.!?]*?\s(?:at|in|on)\s+(?:the|our)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*[.:!?]?\s*$`)
