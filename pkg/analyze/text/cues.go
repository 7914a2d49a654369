package text

import (
	"regexp"
	"strings"
	"unicode"
)

// partyCues are what the whole text says about who is inside the
// organisation and who is outside, beyond a party's own name: "We are an
// independent body shop", "the GP on duty", "an external loss adjuster".
type partyCues struct {
	// home is the partyKey of what the text says the organisation is
	// ("we are a small shop" → "shop"), or "".
	home string
	// staff are partyKeys the text says work for the organisation ("the
	// GP on duty", "staffed by triage nurses and a GP").
	staff map[string]bool
	// outside are lower-case names the text introduces as outside ("an
	// external loss adjuster"): the same name later is that party.
	outside []string
	// ours are lower-case names the text calls its own: "our PMO".
	ours map[string]bool
	// acts counts the sentences where a name of capital initials acts
	// ("The MPOO reviews …"): a unit doing much of the work is ours.
	acts map[string]int
	// lower is the whole text in lower case, where a role's owner is
	// looked up when its own sentence names none ("the landlord's agent
	// … The agent approves").
	lower string
}

var (
	// weAreRe is the organisation naming itself: "We are an independent
	// body shop", "Who we are: a customs broker", "We are small shop".
	weAreRe = regexp.MustCompile(`(?i)\b(?:we\s+are|who\s+we\s+are\s*:)\s+(a|an|the)?\s*((?:[a-z][\w-]*\s+){0,4}?[a-z][\w-]*)\s*(?:[,.;:()]|\s(?:for|of|in|with|that|which|who|and|based|from|at|on|to)\b|$)`)
	// onDutyRe is staff named by the shift they work: "the GP on duty".
	onDutyRe = regexp.MustCompile(`(?i)\b([a-z][\w-]*)\s+on\s+(?:duty|call|shift)\b`)
	// staffedRe lists the organisation's staff: "staffed by triage
	// nurses, a GP on duty and the reception team".
	staffedRe = regexp.MustCompile(`(?i)\bstaffed\s+by\s+([^.;:]+)`)
	// employedRe is staff said to be employed: "the GP is employed by
	// the centre".
	employedRe = regexp.MustCompile(`(?i)\b([a-z][\w-]*)\s+(?:is|are)\s+(?:employed|paid|hired)\s+by\s+(?:the|our|us)\b`)
	// outsideIntroRe introduces a party as outside: "appoints an external
	// loss adjuster".
	outsideIntroRe = regexp.MustCompile(`(?i)\b(?:external|freelance|independent|third-party|outside|contracted|outsourced)\s+((?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*)`)
	// onBehalfRe is a party, introduced with "a", acting for another: "An
	// architect submits the application on behalf of the owner".
	onBehalfRe = regexp.MustCompile(`(?im)(?:^|[.!?:]\s+)an?\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+[a-z]+s\b[^.!?]*?\bon\s+behalf\s+of\s+(?:the|a|an|its|their|his|her)\s+([a-z][\w-]*)`)
	// bracketNameRe is an organisation named with what it is to us in
	// brackets: "PrintCo (the printer)", "Deposit Protection Service
	// (the scheme)", "Aviva (pension provider)"; group 2 is the article.
	bracketNameRe = regexp.MustCompile(`\b([A-Z][\w&-]*(?:\s+[A-Z][\w&-]*){0,3})\s*\(((?:the|our|an?)\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\)`)
	// appositionRe is a party named right after what it is to us: "our
	// bank, Northway Bank", "the supplier, NetCore".
	appositionRe = regexp.MustCompile(`\b(?:our|the)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?),\s+([A-Z][\w&-]*(?:\s+(?:&\s+)?[A-Z][\w&-]*){0,3})`)
	// counterpartRe is the party something is booked, filed, lodged or
	// registered with: "books space with the shipping line", "files the
	// declaration with HMRC", "registers the death at the register office".
	counterpartRe = regexp.MustCompile(`(?i)\b(?:book|books|booked|file|files|filed|lodge|lodges|lodged|register|registers|registered)\s+(?:[a-z][\w-]*\s+){1,4}?(?:with|at)\s+(?:the\s+)?((?:[a-z][\w&-]*\s+){0,2}[a-z][\w&-]*)`)
	// authorityPortalRe is an authority's portal or platform: "the tax
	// portal", "the customs platform".
	authorityPortalRe = regexp.MustCompile(`(?i)\b([a-z]+)\s+(?:portal|platform)\b`)
	// listSplitRe splits a list of staff.
	listSplitRe = regexp.MustCompile(`,|\band\b`)
)

// staffNouns are roles that act for an outside party as our staff: "a
// clerk files the form on behalf of the customer".
var staffNouns = set(`clerk clerks agent agents officer officers assistant assistants employee employees staff team
	manager managers desk handler handlers advisor adviser advisors advisers representative rep member colleague`)

// readCues reads the cues of a text: the names of capital initials that
// act, the names it calls its own, what it says the organisation is, its
// staff and the parties it introduces as outside.
func readCues(text string) partyCues {
	c := partyCues{staff: map[string]bool{}, ours: map[string]bool{}, acts: map[string]int{}, lower: strings.ToLower(text)}
	for _, m := range initialsActRe.FindAllStringSubmatch(text, -1) {
		c.acts[m[1]]++
	}
	for _, m := range ourNameRe.FindAllStringSubmatch(text, -1) {
		c.ours[strings.ToLower(m[1])] = true
	}
	c.home = homeCue(text)
	c.readStaff(text)
	c.readOutside(text)
	c.outside = append(c.outside, carrierNames(text)...)
	return c
}

// homeCue is the partyKey of what the text says the organisation is
// ("We are an independent body shop" → "shop"), or "".
func homeCue(text string) string {
	if m := weAreRe.FindStringSubmatch(text); m != nil {
		ws := strings.Fields(strings.ToLower(m[2]))
		head := ws[len(ws)-1]
		// without an article only a party noun: "we are small shop",
		// not "we are responsible"
		if m[1] != "" || isExternal(head) || head == "bank" {
			return partyKey(head)
		}
	}
	return ""
}

// readStaff notes the parties the text says work for the organisation:
// "the GP on duty", "nurses are employed by the practice", "staffed by
// triage nurses and a GP".
func (c *partyCues) readStaff(text string) {
	for _, m := range onDutyRe.FindAllStringSubmatch(text, -1) {
		c.staff[partyKey(m[1])] = true
	}
	for _, m := range employedRe.FindAllStringSubmatch(text, -1) {
		c.staff[partyKey(m[1])] = true
	}
	for _, m := range staffedRe.FindAllStringSubmatch(text, -1) {
		for _, part := range listSplitRe.Split(m[1], -1) {
			ws := strings.Fields(strings.ToLower(part))
			for len(ws) > 1 && (ws[len(ws)-1] == "duty" || ws[len(ws)-1] == "call" || ws[len(ws)-1] == "on") {
				ws = ws[:len(ws)-1] // "a GP on duty"
			}
			if len(ws) > 0 {
				c.staff[partyKey(ws[len(ws)-1])] = true
			}
		}
	}
}

// readOutside notes, in this order, the parties the text introduces as
// outside: "an external loss adjuster", "PrintCo (the printer)", "our
// bank, Northway Bank", the party something is filed with, and who acts
// on behalf of an outside party.
func (c *partyCues) readOutside(text string) {
	for _, m := range outsideIntroRe.FindAllStringSubmatch(text, -1) {
		c.outside = append(c.outside, strings.ToLower(m[1]))
	}
	for _, m := range bracketNameRe.FindAllStringSubmatch(text, -1) {
		if m[2] == "" && !outsideRole(m[3]) {
			continue // "Raj (finance)", "Tom (warehouse)": without an article only an outside role
		}
		if organisationNamed(m[1], m[3]) {
			c.outside = append(c.outside, strings.ToLower(m[1]), strings.ToLower(m[3]))
		}
	}
	for _, m := range appositionRe.FindAllStringSubmatch(text, -1) {
		ws := strings.Fields(strings.ToLower(m[1]))
		head := ws[len(ws)-1]
		if staffNouns[head] || !(camelCase(m[2]) || strings.Contains(m[2], "&") || strings.Contains(" "+strings.ToLower(m[2])+" ", " "+head+" ")) {
			continue // "the manager, Anna Smith"
		}
		c.outside = append(c.outside, strings.ToLower(m[1]), strings.ToLower(m[2]))
	}
	for _, names := range [][]string{
		ownedOrganisations(text), // "the customer's bank"
		roleNamedParties(text),   // "the agency Staffline"
		roleBracketParties(text), // "the courier (Medilink Pathology)"
		companyMentions(text),    // "PrintCo (the printer)" is named once
		exchangePartners(text),   // "submits the FPS to HMRC", "pays Kestrel"
		notOurs(text),            // "Parkes Studio is the client's architect, not part of our company"
		servedOnBehalf(text),     // "on behalf of the buyer"
	} {
		c.outside = appendUnique(c.outside, names...)
	}
	for _, m := range authorityPortalRe.FindAllStringSubmatch(text, -1) {
		if authorityQualifiers[strings.ToLower(m[1])] {
			// "the customs platform … The platform releases the goods"
			c.outside = append(c.outside, strings.ToLower(m[0]))
		}
	}
	for _, m := range counterpartRe.FindAllStringSubmatch(text, -1) {
		if p := counterpart(m[1]); p != "" {
			c.outside = append(c.outside, p)
		}
	}
	for _, m := range onBehalfRe.FindAllStringSubmatch(text, -1) {
		// who acts on behalf of an outside party is on its side
		ws := strings.Fields(strings.ToLower(m[1]))
		if isExternal(m[2]) && !isExternal(m[1]) && !staffNouns[ws[len(ws)-1]] {
			c.outside = append(c.outside, strings.ToLower(m[1]))
		}
	}
}

// ourNameRe is a name the text calls its own: "our PMO", "our own CSIRT".
var ourNameRe = regexp.MustCompile(`(?i)\bour\s+(?:own\s+)?([A-Z]{2,}[A-Za-z]*)\b`)

// initialsActRe is a name of capital initials acting: "The MPOO
// reviews", "HMRC pays".
var initialsActRe = regexp.MustCompile(`\b([A-Z]{4,})\s+(?:also\s+|then\s+|either\s+)?[a-z]+s\b`)

// agencyAcronym reports whether a party is named only by initials of
// four letters or more ("HMRC", "USCIS"): a public body or another
// organisation; our own units go by two or three ("HR", "IT", "QA",
// "PMO").
func agencyAcronym(name string) bool {
	name = strings.TrimSpace(name)
	if len(name) < 4 || strings.ContainsAny(name, " ") {
		return false
	}
	for _, r := range name {
		if !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// organisationNamed reports whether "NAME (the DESC)" names an
// organisation, not a person with a role: a name written as one word
// with a capital inside ("PrintCo") or of three words or more, or a
// description that is no role of staff ("the lab", "the scheme").
func organisationNamed(name, desc string) bool {
	ds := strings.Fields(desc)
	head := ds[len(ds)-1]
	if staffNouns[head] {
		return false // "Marco (the export clerk)"
	}
	if camelCase(name) || len(strings.Fields(name)) >= 3 {
		return true
	}
	for _, suf := range []string{"er", "or", "ist", "ant", "ian", "ent"} {
		if strings.HasSuffix(head, suf) && !isExternal(head) {
			return false // "Anna (the auditor)"
		}
	}
	return true
}

// camelCase reports whether a name has a word with a capital after its
// first letter, as company names are written: "LinguaNet", "PrintCo".
func camelCase(name string) bool {
	for _, w := range strings.Fields(name) {
		rs := []rune(w)
		for i := 1; i < len(rs); i++ {
			if unicode.IsUpper(rs[i]) && unicode.IsLower(rs[i-1]) {
				return true
			}
		}
	}
	return false
}

// counterpartStops end the name of a counterpart: "with HMRC through
// the portal".
var counterpartStops = set(`through via by for and or on in before after within using to from when once then`)

// counterpart is the party named after "with"/"at" of a booking or
// filing, lower-case, or "" when it is a unit of ours or no party: "the
// shipping line", "hmrc".
func counterpart(s string) string {
	var ws []string
	for _, w := range strings.Fields(strings.ToLower(s)) {
		if counterpartStops[w] {
			break
		}
		ws = append(ws, w)
	}
	if len(ws) == 0 {
		return ""
	}
	head := ws[len(ws)-1]
	if staffNouns[head] || insideQualifiers[ws[0]] || ws[0] == "our" || ws[0] == "a" || ws[0] == "an" {
		return ""
	}
	return strings.Join(ws, " ")
}

// external reports whether a performer is a party outside the
// organisation, by its name (isExternal) and what the text says: staff
// and the organisation's own kind are inside; a name the text introduced
// as outside is outside; "the bank" is outside when the organisation
// says it is something else.
func (c partyCues) external(name string) bool {
	k := partyKey(name)
	if k == "" {
		return false
	}
	if c.staff[k] || (c.home != "" && k == c.home) {
		return false
	}
	if c.ownFacility(name) {
		return false // "our workshop does the inspection"
	}
	if isExternal(name) {
		return true
	}
	if agencyAcronym(name) && !c.ours[strings.ToLower(strings.TrimSpace(name))] && c.acts[strings.TrimSpace(name)] <= 1 {
		return true // "HMRC", "DVLA": an agency known by its initials, doing a step of ours at most
	}
	if c.home != "" && k == "bank" {
		return true // "We are a small shop. … the bank sends a chargeback letter"
	}
	n := strings.ToLower(strings.TrimSpace(name))
	for _, w := range strings.Fields(n) {
		if insideQualifiers[w] {
			return false // "the internal auditor" after "an external auditor"
		}
	}
	one := strings.TrimSuffix(n, "s") // "interior designers" after "a designer sends us"
	for _, o := range c.outside {
		if o == n || strings.HasSuffix(o, " "+n) || strings.HasSuffix(n, " "+o) || (one != n && (o == one || strings.HasSuffix(one, " "+o))) {
			return true
		}
	}
	return false
}

// ownerParty is the outside party whose role a performer is, by the
// sentence it acts in ("The insurer's assessor checks the estimate" →
// the insurer), else by the whole text ("the landlord's agent … The
// agent approves" → the landlord) when the owner is an organisation,
// not a party we serve ("the customer's account manager" is ours), and
// the text never calls the role ours; "" when no such owner is named.
func (c partyCues) ownerParty(source, performer string) string {
	p := strings.ToLower(performer)
	if selfOwned(p) {
		return ""
	}
	if o := c.ownerIn(strings.ToLower(source), p); o != "" {
		return o
	}
	if c.lower == "" || strings.Contains(c.lower, "our "+p) {
		return ""
	}
	if o := c.ownerIn(c.lower, p); o != "" && !servedParties[strings.ToLower(o)] {
		return o
	}
	return c.ownerAfter(p)
}

// ownerAfter is the outside party the text names right after role p
// with "from" or "of" ("a driver from Medivance picks it up", "the
// driver of FastFreight"), or "".
func (c partyCues) ownerAfter(p string) string {
	for _, prep := range []string{" from ", " of "} {
		for i := 0; ; {
			j := strings.Index(c.lower[i:], p+prep)
			if j < 0 {
				break
			}
			i += j + len(p+prep)
			ws := strings.Fields(c.lower[i:min(len(c.lower), i+80)])
			for len(ws) > 1 && determiners[ws[0]] {
				ws = ws[1:]
			}
			if len(ws) == 0 {
				continue
			}
			if w := trimPunct(ws[0]); c.external(w) && !servedParties[w] {
				return titleCase(w)
			}
		}
	}
	return ""
}

// ownerIn is the first outside party src names as the owner of role p
// ("the insurer's assessor"), or "".
func (c partyCues) ownerIn(src, p string) string {
	for i := 0; ; {
		j := strings.Index(src[i:], "'s "+p)
		if j < 0 {
			return ""
		}
		j += i
		ws := strings.Fields(src[:j])
		if len(ws) > 0 {
			w := trimPunct(ws[len(ws)-1])
			if c.external(w) {
				return titleCase(w)
			}
		}
		i = j + 3
	}
}

// servedParties are outside parties whose named roles are often ours,
// serving them: "the customer's account manager", "the patient's nurse".
var servedParties = set(`customer client patient applicant student user member citizen guest passenger tenant
	policyholder cardholder subscriber caller visitor traveller traveler borrower claimant`)

// companyRe is a capitalised name of up to three words, "&" joining two
// ("Hollis & Reed"), followed by what comes next.
var companyRe = regexp.MustCompile(`\b([A-Z][\w-]*(?:\s+(?:&\s+)?[A-Z][\w-]*){0,2})`)

// orgNouns end a company's name: "Medivance Diagnostics", "Apex
// Recovery".
var orgNouns = set(`diagnostics logistics freight recovery laboratories labs consulting partners holdings
	industries associates insurance`)

// companyMentions are the lower-case names of other companies the text
// names: a name with a capital inside ("GreenCycle"), one ending in a
// legal form ("Brightline Ltd") or a company noun ("Medivance
// Diagnostics"), or two names joined by "&"; each also by its first word
// when that is a proper name the text never writes in lower case, as
// the company is called later ("Medivance emails the results").
func companyMentions(text string) []string {
	var out []string
	var lower map[string]bool // the words the text writes in lower case, read once when needed
	for _, m := range companyRe.FindAllStringSubmatch(text, -1) {
		ws := strings.Fields(m[1])
		name := strings.ToLower(m[1])
		first := ws[0]
		switch {
		case len(ws) == 1 && camelCase(first) && !isSystem(first) && !strings.HasPrefix(first, "Mc") && !strings.HasPrefix(first, "Mac"):
			out = append(out, name)
			continue
		case len(ws) >= 2 && (companyName(ws) || orgNouns[strings.ToLower(ws[len(ws)-1])] || strings.Contains(m[1], "&")):
		default:
			continue
		}
		if lower == nil {
			lower = lowerCaseWords(text)
		}
		if lw := strings.ToLower(first); lw == first || lower[lw] || isSystem(lw) {
			continue // "Customer Insurance", "Health & Safety": common words, not a name
		}
		out = append(out, name, strings.ToLower(first))
	}
	return out
}

// lowerCaseWords are the words text writes in lower case.
func lowerCaseWords(text string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) {
		if strings.ToLower(w) == w {
			out[w] = true
		}
	}
	return out
}
