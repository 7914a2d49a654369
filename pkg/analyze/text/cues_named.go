package text

import (
	"regexp"
	"strings"
)

// namedAfterRoleRe is a proper name right after what the party is to us,
// on one line, with or without a comma: "the agency Staffline", "the
// dental laboratory Koral Dental", "our trucking partner Vantrans", "the
// vendor, Orbisoft, sends". Group 1 is the role, 2 the comma, 3 the
// name, 4 what follows it.
var namedAfterRoleRe = regexp.MustCompile(`\b(?:[Oo]ur|[Tt]he|[Aa]n?|[Tt]heir)[ \t]+((?:[a-z][\w-]*[ \t]+){0,2}[a-z][\w-]*)(,?)[ \t]+([A-Z][\w&-]*(?:[ \t]+(?:&[ \t]+)?[A-Z][\w&-]*){0,2})([,.;:)]|[ \t]+[a-z]+|$)`)

// businessHeads are roles that make a proper name after them another
// business even when the role alone could be ours: "the dental
// laboratory Koral Dental", "our logistics partner Vantrans".
var businessHeads = set(`laboratory lab firm company partner partners studio bakery printer printers courier couriers`)

// roleNamedParties are the lower-case names the text gives right after an
// outside role ("the agency Staffline", "the vendor, Orbisoft,"), each
// with its role, so that either later names the party. A name after a
// comma counts only when the apposition closes ("the customer, Finance
// checks" is a clause, not a name); a name the text also writes in lower
// case is a common word, not a name.
func roleNamedParties(text string) []string {
	var out []string
	var lower map[string]bool
	for _, m := range namedAfterRoleRe.FindAllStringSubmatch(text, -1) {
		role, comma, name, next := m[1], m[2], m[3], m[4]
		if !outsideRole(role) {
			continue
		}
		if comma != "" && !strings.ContainsAny(next, ",.;:)") {
			continue // "after the customer, Procurement places the order"
		}
		if lower == nil {
			lower = lowerCaseWords(text)
		}
		nw := strings.Fields(strings.ToLower(name))
		if lower[nw[0]] || isSystem(nw[0]) || determiners[nw[0]] || docNouns[nw[len(nw)-1]] {
			continue // "the patient ID": a thing of the patient's, not a name
		}
		out = append(out, strings.ToLower(name))
	}
	return out
}

// outsideRole reports whether the lower-case role words name a party
// outside ours: an outside head ("vendor", "rigging subcontractor") or a
// business head with a word before it ("trucking partner"); never staff.
func outsideRole(role string) bool {
	ws := strings.Fields(role)
	head := ws[len(ws)-1]
	if staffNouns[head] || insideQualifiers[ws[0]] {
		return false
	}
	if businessHeads[head] && (len(ws) > 1 || head != "partner") {
		return true
	}
	return isExternal(role)
}

// calledOurs reports whether the text calls the performer "our …" ("our
// production accountant", "our bookkeeper") and it is no other business
// by its name: "our repair partner" and "our supplier" stay outside.
func (c partyCues) calledOurs(performer string) bool {
	p := strings.ToLower(strings.TrimSpace(performer))
	if p == "" || isExternal(p) || outsideRole(p) || hiredServices[p] {
		return false
	}
	return strings.Contains(c.lower, "our "+p)
}

// hiredServices are businesses a small organisation calls its own though
// they are not its staff: "our bank", "our accountant"; "our production
// accountant" is staff.
var hiredServices = set(`bank banks accountant accountants lawyer lawyers auditor auditors solicitor notary`)

// roleThenNameRe is a role set before a party's name, between commas,
// and the verb after it: "Our rigging subcontractor, Northgrip, builds".
var roleThenNameRe = regexp.MustCompile(`\b(?:[Oo]ur|[Tt]he|[Tt]heir)[ \t]+((?:[a-z][\w-]*[ \t]+){0,2}[a-z][\w-]*),[ \t]+([A-Z][\w&-]*(?:[ \t]+(?:&[ \t]+)?[A-Z][\w&-]*){0,2}),[ \t]+([a-z]\S*)`)

// dropRoleBeforeName reads "Our rigging subcontractor, Northgrip, builds
// …" as "Northgrip builds …": the name acts, and the clause is not cut
// at the commas. The role stays in the cues, which read the whole text.
// Only an outside role before a verb.
func dropRoleBeforeName(s string) string {
	return roleThenNameRe.ReplaceAllStringFunc(s, func(m string) string {
		sub := roleThenNameRe.FindStringSubmatch(m)
		if !outsideRole(sub[1]) || !mainVerb(sub[3]) {
			return m
		}
		return sub[2] + " " + sub[3]
	})
}

// ownedOrgRe is an organisation named by whose it is: "the customer's
// bank", "the patient's insurer", "the applicant's employer".
var ownedOrgRe = regexp.MustCompile(`(?i)\b([a-z][\w-]*)'s[ \t]+(banks?|insurers?|employers?|schools?|universit(?:y|ies)|solicitors?|lawyers?|accountants?|landlords?)\b`)

// ownedOrganisations are the organisations the text names as an outside
// party's own ("the customer's bank"), lower case, both as written and
// by their head: the bank is a party of its own, not the customer, and
// "the bank" later is the same bank.
func ownedOrganisations(text string) []string {
	var out []string
	for _, m := range ownedOrgRe.FindAllStringSubmatch(text, -1) {
		owner := strings.ToLower(m[1])
		if !isExternal(owner) {
			continue // "the company's bank" may be ours to tell
		}
		head := strings.ToLower(m[2])
		out = appendUnique(out, owner+"'s "+head)
		out = appendUnique(out, head)
	}
	return out
}
