package text

import (
	"regexp"
	"strings"
)

// coordinatedRe is what follows a party joined by "and", "or" or "as
// well as": "the fire department and the environmental agency".
var coordinatedRe = regexp.MustCompile(`^[ \t]+(?:and|or|as[ \t]+well[ \t]+as)[ \t]+`)

// coordinatedParties adds the outside parties a step names beside the
// one it addresses: "asks the fire department and the environmental
// agency for their opinions", "sends the notice to the carrier and the
// customer" address both. Only a party outside ours is added: "to the
// carrier and the warehouse" leaves the warehouse a lane.
func (a *analyzer) coordinatedParties(d *draft) {
	src := strings.ToLower(d.source)
	for _, p := range append([]string(nil), d.addressed...) {
		for _, q := range partiesAfter(src, strings.ToLower(p)) {
			if a.outside(q) {
				d.addressed = appendUnique(d.addressed, a.party(titleCase(q)))
				d.custs = appendUnique(d.custs, a.party(titleCase(q)))
			}
		}
	}
}

// partiesAfter are the noun phrases joined to party p where the
// lower-case sentence src names it: "x and the y" → "y".
func partiesAfter(src, p string) []string {
	var out []string
	for i := 0; p != ""; {
		j := strings.Index(src[i:], p)
		if j < 0 {
			break
		}
		i += j + len(p)
		for {
			m := coordinatedRe.FindStringIndex(src[i:])
			if m == nil {
				break
			}
			ws := strings.Fields(src[i+m[1]:])
			if len(ws) == 0 || mainVerb(ws[0]) || adverbs[norm(ws[0])] {
				break // "and closes the job", "and then …": a step, not a party
			}
			np := strings.ToLower(nounPhrase(ws[:min(len(ws), 6)], 4))
			if np == "" || personalObjects[np] {
				break
			}
			out = append(out, np)
			nw := strings.Fields(np)
			k := strings.Index(src[i+m[1]:], nw[len(nw)-1])
			if k < 0 {
				break
			}
			i += m[1] + k + len(nw[len(nw)-1])
		}
	}
	return out
}
