package text

import (
	"regexp"
	"strings"
)

// roleBracketRe is a role with a proper name in brackets after it: "the
// afternoon courier (Medilink Pathology)", "the wholesale nursery
// (Greenleaf Plants Ltd)". Group 1 is the role, 2 the name.
var roleBracketRe = regexp.MustCompile(`\b(?:[Tt]he|[Aa]n?|[Tt]heir)[ \t]+((?:[a-z][\w-]*[ \t]+){0,2}[a-z][\w-]*)[ \t]*\(([A-Z][\w&'-]*(?:[ \t]+(?:&[ \t]+)?[A-Z][\w&'.-]*){0,3})\)`)

// roleBracketParties are the lower-case role and name of each role the
// text names a business for in brackets: the role is that business, so
// "the nursery" later is the same outside party. A role of our staff
// ("the manager (Anna Smith)") or our own ("the internal auditor (…)")
// is no business, nor a name of one word that could be a person's
// ("the courier (Dave)") unless the role is a business's.
func roleBracketParties(text string) []string {
	var out []string
	for _, m := range roleBracketRe.FindAllStringSubmatch(text, -1) {
		role, name := m[1], m[2]
		rs, ns := strings.Fields(role), strings.Fields(name)
		head := rs[len(rs)-1]
		if staffNouns[head] || insideQualifiers[rs[0]] || isSystem(head) || docNouns[head] {
			continue
		}
		if !outsideRole(role) && !companyName(ns) && len(ns) < 2 && !camelCase(name) {
			continue
		}
		out = append(out, strings.ToLower(role), strings.ToLower(name))
	}
	return out
}
