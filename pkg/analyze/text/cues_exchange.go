package text

import (
	"regexp"
	"strings"
	"unicode"
)

// properNamePart is a capitalised name of up to three words, "&" joining
// two ("Pemberton & Co").
const properNamePart = `([A-Z][\w&-]*(?:[ \t]+(?:&[ \t]+)?[A-Z][\w&-]*){0,2})`

var (
	// handedToRe is something handed over to a named organisation:
	// "submits the FPS to HMRC", "pays the PAYE due to HMRC", "submits
	// the proposal to Northgate Motor Finance". Within one sentence.
	handedToRe = regexp.MustCompile(`\b(submit|submits|submitted|pay|pays|paid|send|sends|sent|report|reports|reported|upload|uploads|uploaded|transfer|transfers|transferred|forward|forwards|forwarded)\b[^.!?\n]{1,60}?\bto[ \t]+(?:the[ \t]+)?` + properNamePart)
	// dueVerbs hand an authority what is due to it: a return, a tax;
	// an agency's initials after them are another body ("submits the
	// FPS to HMRC"), after "sends" perhaps a unit of ours.
	dueVerbs = set(`submit submits submitted pay pays paid report reports reported`)
	// paidRe is a named organisation we pay: "pays Kestrel and Forgeline
	// at month end".
	paidRe = regexp.MustCompile(`\b(?:pay|pays|paid|paying)[ \t]+` + properNamePart + `(?:[ \t]+and[ \t]+` + properNamePart + `)?`)
	// boughtFromRe is a named organisation goods or money come from:
	// "buys the boards from Fenwick Timber", "metal legs come from
	// Forgeline", "the payment from Northgate".
	boughtFromRe = regexp.MustCompile(`\b(?:buy|buys|bought|order|orders|ordered|purchase|purchases|purchased|source|sources|sourced|hire|hires|hired|rent|rents|rented|come|comes|payment|payments|invoice|invoices|delivery|deliveries|funds|quote|quotes|loan)\b[^.!?\n]{0,40}?\bfrom[ \t]+(?:the[ \t]+)?` + properNamePart)
	// behalfRe is whom our staff act for: "submits the proposal on behalf
	// of the buyer", "issues the tickets on behalf of the group".
	behalfRe = regexp.MustCompile(`(?i)\bon[ \t]+behalf[ \t]+of[ \t]+(?:the|a|an|its|their|his|her)[ \t]+([a-z][\w-]*)`)
)

// exchangePartners are the lower-case names of organisations the text
// hands things to, pays or buys from by their proper name ("submits the
// FPS to HMRC", "pays Kestrel and Forgeline", "buys the boards from
// Fenwick Timber"), each also by its first word as the text calls it
// later ("Northgate declines"): a business we deal with, so outside. A
// name is kept only when it is no role or unit of ours: an agency's
// initials, or a name whose first word the text never writes in lower
// case and that is no staff noun, system or unit.
func exchangePartners(text string) []string {
	var out []string
	lower := lowerCaseWords(text)
	add := func(name string) {
		if name == "" {
			return
		}
		if n := partnerName(name, lower); n != "" {
			out = appendUnique(out, n)
			if ws := strings.Fields(n); len(ws) > 1 && !agencyAcronym(name) {
				out = appendUnique(out, ws[0])
			}
		}
	}
	for _, m := range handedToRe.FindAllStringSubmatch(text, -1) {
		if agencyAcronym(m[2]) && !dueVerbs[strings.ToLower(m[1])] {
			continue // "the MPON sends a dismissal to the MPOO": initials may be a unit of ours
		}
		add(m[2])
	}
	for _, m := range paidRe.FindAllStringSubmatch(text, -1) {
		add(m[1])
		add(m[2])
	}
	for _, m := range boughtFromRe.FindAllStringSubmatch(text, -1) {
		add(m[1])
	}
	return out
}

// partnerName is the lower-case name of name when it names another
// organisation, else "": "HMRC", "Northgate Motor Finance", "Kestrel";
// not "HR", "Finance" written "finance" elsewhere, "Jo" or "the Payroll
// Manager".
func partnerName(name string, lower map[string]bool) string {
	ws := strings.Fields(strings.TrimRight(name, ",;:"))
	for len(ws) > 0 && strings.HasPrefix(ws[len(ws)-1], "&") {
		ws = ws[:len(ws)-1]
	}
	if len(ws) == 0 {
		return ""
	}
	if agencyAcronym(ws[0]) && len(ws) == 1 {
		return strings.ToLower(ws[0])
	}
	first := strings.ToLower(ws[0])
	head := strings.ToLower(ws[len(ws)-1])
	if utf8Len(first) < 4 || lower[first] || isSystem(first) || determiners[first] || staffNouns[head] || groupSuffixes[head] || allUpper(ws[0]) {
		return ""
	}
	if len(ws) == 1 && (roleWords[head] || ourUnits[head]) {
		return "" // "sends it to Finance": a unit of ours; "Northgate Motor Finance" is a business
	}
	return strings.ToLower(strings.Join(ws, " "))
}

// utf8Len is the number of letters of w.
func utf8Len(w string) int { return len([]rune(w)) }

// allUpper reports whether w is written in capitals only ("HR", "QA"): a
// unit's initials unless agencyAcronym said otherwise.
func allUpper(w string) bool {
	for _, r := range w {
		if unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// servedOnBehalf are the parties our staff act for ("on behalf of the
// buyer"): someone we serve, outside ours, unless the word is a role or
// unit of ours ("on behalf of the manager").
func servedOnBehalf(text string) []string {
	var out []string
	for _, m := range behalfRe.FindAllStringSubmatch(text, -1) {
		w := strings.ToLower(m[1])
		if staffNouns[w] || ourUnits[w] || groupSuffixes[w] || determiners[w] || w == "us" || w == "company" {
			continue
		}
		out = appendUnique(out, w)
	}
	return out
}

// sameCompany is the name a company was first met by when name is the
// same company by its full name or its first word: "Northgate Motor
// Finance" and "Northgate" are one party. Only for proper names (a
// capital first word), so "Customer service" and "Customer" stay apart.
func (c *collaboration) sameCompany(name string) string {
	ws := strings.Fields(name)
	if len(ws) == 0 || !isCapitalised(ws[0]) || !c.cues.external(name) {
		return ""
	}
	first := strings.ToLower(ws[0])
	for _, n := range c.canon {
		ns := strings.Fields(n)
		if len(ns) == 0 || len(ns) == len(ws) || strings.ToLower(ns[0]) != first || !c.cues.external(n) {
			continue
		}
		if len(ns) == 1 || len(ws) == 1 {
			return n
		}
	}
	return ""
}

// facilityHeads are places of work that are ours when the text says so
// ("our workshop", "our lab"), though the same word alone is often
// another business ("the workshop repairs the windscreen").
var facilityHeads = set(`workshop workshops garage garages lab labs laboratory laboratories clinic clinics pharmacy
	pharmacies shop shops store stores hotel hotels restaurant restaurants kitchen kitchens warehouse warehouses
	practice surgery depot depots plant plants`)

// ownFacility reports whether name is a place of work the text calls
// its own: "our workshop", "our own lab".
func (c partyCues) ownFacility(name string) bool {
	n := strings.ToLower(strings.TrimSpace(name))
	ws := strings.Fields(n)
	if len(ws) == 0 || !facilityHeads[ws[len(ws)-1]] {
		return false
	}
	return strings.Contains(c.lower, "our "+n) || strings.Contains(c.lower, "our own "+n)
}

// notOursRe is a party the text says is not ours: "Parkes Studio is the
// client's architect, not part of our company", "Vantrans is not part
// of our organisation". Group 1 is the name, 2 a role it is said to be.
var notOursRe = regexp.MustCompile(`\b([A-Z][\w&-]*(?:[ \t]+(?:&[ \t]+)?[A-Z][\w&-]*){0,2})[ \t]+(?:is|are)[ \t]+(?:(?:the|an?)[ \t]+(?:[a-z][\w-]*'s[ \t]+)?([a-z][\w-]*),[ \t]+)?not[ \t]+(?:part|one)[ \t]+of[ \t]+(?:us\b|(?:our|the)[ \t]+(?:own[ \t]+)?(?:company|organi[sz]ation|firm|business|practice|group)\b)`)

// notOurs are the lower-case names, and the roles given them, of the
// parties the text says are not part of the organisation.
func notOurs(text string) []string {
	var out []string
	for _, m := range notOursRe.FindAllStringSubmatch(text, -1) {
		out = appendUnique(out, strings.ToLower(m[1]))
		if m[2] != "" && !staffNouns[m[2]] {
			out = appendUnique(out, m[2])
		}
	}
	return out
}

// portalOwnerRe is an organisation whose portal or platform a step uses:
// "the marketplace's seller portal", "the supplier portal of the hotel
// chain". Group 1 or 2 is the owner.
var portalOwnerRe = regexp.MustCompile(`(?i)\bthe[ \t]+([a-z][\w-]*)'s[ \t]+(?:[a-z][\w-]*[ \t]+)?(?:portal|platform|extranet|website)\b|\b(?:portal|platform|extranet|website)[ \t]+of[ \t]+the[ \t]+((?:[a-z][\w-]*[ \t]+)?[a-z][\w-]*)`)

// otherOwner reports whether a portal's owner can be another
// organisation: not a unit or role of ours, not "the company" and not
// what the text says the organisation is.
func (c partyCues) otherOwner(o string) bool {
	ws := strings.Fields(strings.ToLower(o))
	if len(ws) == 0 {
		return false
	}
	head := ws[len(ws)-1]
	return !staffNouns[head] && !ourUnits[head] && !groupSuffixes[head] && head != "company" && head != "organisation" &&
		!determiners[ws[0]] && (c.home == "" || partyKey(head) != c.home)
}

// portalOwnerOf is who owns the portal a step's recipient names: "the
// marketplace's seller portal" → "marketplace", "the supplier portal of
// the hotel chain" → "hotel chain", "the Aviva employer portal" →
// "Aviva"; "" when the recipient is no portal or names no owner. The
// caller decides whether the owner is outside.
func portalOwnerOf(np string) string {
	ws := strings.Fields(strings.TrimSpace(np))
	for len(ws) > 0 && determiners[strings.ToLower(ws[0])] {
		ws = ws[1:]
	}
	at := -1
	for i, w := range ws {
		if portalWords[strings.ToLower(trimPunct(w))] {
			at = i
			break
		}
	}
	switch {
	case at < 0:
		return ""
	case at+2 < len(ws) && strings.EqualFold(ws[at+1], "of"):
		rest := ws[at+2:]
		for len(rest) > 0 && determiners[strings.ToLower(rest[0])] {
			rest = rest[1:]
		}
		return trimPunct(strings.Join(rest, " "))
	case at > 0 && strings.HasSuffix(ws[0], "'s"):
		return strings.TrimSuffix(ws[0], "'s")
	case at > 0 && isCapitalised(ws[0]):
		return ws[0]
	}
	return ""
}

// portalWords are what a party offers others to hand things in through.
var portalWords = set(`portal platform extranet website`)

// portalOwnerIn is the owner of the portal recipient to names, read from
// it or, when the noun phrase lost its owner ("the marketplace's seller
// portal" reads "seller portal"), from the step's sentence.
func portalOwnerIn(to, sentence string) string {
	ws := strings.Fields(strings.ToLower(to))
	if len(ws) > 0 && portalWords[ws[len(ws)-1]] {
		if m := portalOwnerRe.FindStringSubmatch(sentence); m != nil {
			return strings.ToLower(m[1] + m[2])
		}
	}
	return portalOwnerOf(to)
}

// portalRecipient makes the owner of the portal a step of ours hands
// something to ("uploads the file to the marketplace's seller portal")
// an outside party that receives it. A portal an outside party uses
// ("the applicant submits it through the bank's portal") may be ours.
func (a *analyzer) portalRecipient(d *draft, c *clause) {
	o := portalOwnerIn(c.to, d.source)
	if o == "" || !a.cues.otherOwner(o) {
		return
	}
	if !a.outside(o) {
		if d.performer == "" || a.outside(d.performer) {
			return
		}
		a.cues.outside = append(a.cues.outside, strings.ToLower(o))
	}
	d.addressed = appendUnique(d.addressed, a.party(titleCase(o)))
	d.custs = appendUnique(d.custs, a.party(titleCase(o)))
}
