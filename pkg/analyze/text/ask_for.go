package text

import (
	"strings"
	"unicode"
)

// askedParty is the party a step asks for something when it is outside
// ours by how it is named: "asks the candidate's previous employer for a
// reference" (someone else's employer), "asks Veritas Screening for a
// check" (a name the text gives no role of ours), or an outside party by
// its head ("asks the land registry for an extract"). It is "" for any
// other step, and for a role of ours ("asks the team lead for approval").
func (a *analyzer) askedParty(verb string, object []string) string {
	if firstWord(verb) != "ask" && firstWord(verb) != "request" {
		return ""
	}
	k := 0
	for k < len(object) && norm(object[k]) != "for" {
		k++
	}
	if k == 0 || k == len(object) || k > 6 {
		return "" // no "X for Y"
	}
	np := nounPhrase(object[:k], 4)
	if np == "" || personalObjects[strings.ToLower(firstWord(np))] || a.isKnown(np) {
		return ""
	}
	if a.outside(np) {
		return np
	}
	head := object[:k]
	if n := norm(head[0]); n == "the" || n == "a" || n == "an" {
		head = head[1:]
	}
	if len(head) == 0 {
		return ""
	}
	if strings.HasSuffix(norm(head[0]), "'s") || strings.HasSuffix(norm(head[0]), "’s") {
		return np // "the candidate's previous employer": not ours
	}
	if properName(head) && !isAgent(np) {
		return np // "Veritas Screening"
	}
	return ""
}

// properName reports whether every word of a phrase is capitalised.
func properName(ws []string) bool {
	for _, w := range ws {
		r := []rune(w)
		if len(r) == 0 || !unicode.IsUpper(r[0]) {
			return false
		}
	}
	return len(ws) > 0
}

// noteAskedParty marks the party a step asks for something as outside
// and as who "they" are next ("… asks the previous employer for a
// reference. They answer by e-mail").
func (a *analyzer) noteAskedParty(d *draft, c *clause) {
	np := a.askedParty(d.verb, c.object)
	if np == "" {
		return
	}
	if !a.cues.external(np) {
		a.cues.outside = append(a.cues.outside, strings.ToLower(np))
	}
	d.addressed = appendUnique(d.addressed, a.party(np))
	a.theyParty = a.party(np)
	d.custs = appendUnique(d.custs, a.party(np))
}

// ownOrgHeads are parties that are an organisation of their own even
// when named as someone's: "the candidate's previous employer" is not a
// role inside the candidate, as "the insurer's assessor" is one inside
// the insurer.
var ownOrgHeads = set(`employer employers school university bank insurer landlord`)

// selfOwned reports whether a performer (lower case) is such a party.
func selfOwned(p string) bool {
	ws := strings.Fields(p)
	return len(ws) > 0 && ownOrgHeads[ws[len(ws)-1]]
}
