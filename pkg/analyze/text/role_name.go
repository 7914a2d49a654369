package text

import (
	"regexp"
	"strings"
)

// roleThenPersonRe is one of our roles with the person who holds it set
// off by commas before the verb: "your conveyancer, Jo Marsh, reviews",
// "the site manager, Tom Reyes, checks".
var roleThenPersonRe = regexp.MustCompile(`\b([Tt]he|[Oo]ur|[Yy]our)[ \t]+((?:[a-z][\w-]*[ \t]+){0,2}[a-z][\w-]*),[ \t]+([A-Z][a-z]+[ \t]+[A-Z][a-z'-]+),[ \t]+([a-z]\S*)`)

// companyWords end a name that is a business, not a person.
var companyWords = set(`ltd limited llp plc inc gmbh co corp company group customs services solutions partners bank`)

// dropPersonAfterRole reads "your conveyancer, Jo Marsh, reviews …" as
// "your conveyancer reviews …": the role acts (roles are the lanes), and
// the clause is not cut at the name's commas. A role outside the
// organisation ("our carrier, Fast Freight, collects") is left to
// dropRoleBeforeName, and a name ending like a business is no person.
func dropPersonAfterRole(s string) string {
	return roleThenPersonRe.ReplaceAllStringFunc(s, func(m string) string {
		sub := roleThenPersonRe.FindStringSubmatch(m)
		last := strings.ToLower(strings.Fields(sub[3])[1])
		if outsideRole(sub[2]) || companyWords[last] || !mainVerb(sub[4]) {
			return m
		}
		return sub[1] + " " + sub[2] + " " + sub[4]
	})
}
