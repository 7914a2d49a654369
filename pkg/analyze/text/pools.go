package text

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// externalWords are head nouns of parties outside the organisation whose
// process is described: they get a pool of their own, and what passes
// between them and the organisation becomes message flows.
var externalWords = set(`customer customers client clients supplier suppliers vendor vendors applicant applicants
	candidate candidates patient patients tenant tenants bidder bidders broker brokers member members student
	students user users policyholder policyholders agency carrier carriers exporter exporters importer importers
	contractor contractors citizen citizens guest guests passenger passengers subscriber subscribers clinic
	restaurant restaurants manufacturer manufacturers buyer-side consumer consumers insured claimant claimants
	speaker speakers participant participants merchant merchants cardholder cardholders wholesaler wholesalers
	distributor distributors freelancer freelancers landlord landlords reader readers caller callers visitor
	visitors couple couples traveller travellers traveler travelers household households shopper shoppers
	homeowner homeowners borrower borrowers donor donors sender senders caterer caterers owner owners
	bureau bureaus authority authorities shop shops garage garages regulator regulators police brigade franchisee
	franchisees haulier hauliers hauler haulers recipient recipients pharmacy pharmacies
	council councils subsidiary subsidiaries lender lenders notary notaries court courts embassy
	municipality ministry provider providers forwarder forwarders consignee consignees consignor consignors
	shipper shippers valuer valuers surveyor surveyors appraiser appraisers insurer insurers reinsurer reinsurers
	registry registries workshop workshops practitioner practitioners gp gps
	customs hotel hotels sponsor sponsors dealer dealers retailer retailers debtor debtors creditor creditors
	beneficiary beneficiaries counterparty counterparties tenderer tenderers licensee licensees lessee lessees
	solicitor solicitors reseller resellers investor investors guarantor guarantors subcontractor subcontractors
	airline airlines consulate headhunter headhunters parent parents farmer farmers grower growers patron patrons
	organiser organisers organizer organizers resident residents neighbour neighbours neighbor neighbors
	referee referees defendant defendants respondent respondents`)

// operatorKinds make an operator a business of its own: a tour
// operator, a network or grid operator, the customer's old (donor)
// operator; a machine or forklift operator is staff.
var operatorKinds = set(`tour network grid mobile telecom old donor recipient transmission distribution`)

// authorityQualifiers make an office, department or service a public
// authority outside the organisation: "the customs office", "the tax
// office", "the fire department".
var authorityQualifiers = set(`customs tax immigration fire revenue land trade commercial intelligence national federal state county municipal community social heritage
	statistics`)

// authorityHeads are the heads authorityQualifiers turn into an outside
// authority; "the procurement office" stays a unit of ours.
var authorityHeads = set(`office offices department departments service services administration agency brigade unit register registers
	portal portals platform platforms`)

// partnerHeads are organisations that "partner" puts outside ours.
var partnerHeads = set(`hospital hospitals clinic clinics hotel hotels school schools university universities laboratory lab
	laboratories labs firm firms company companies store stores library libraries museum museums institution institutions`)

// partnerQualifiers put an organisation of partnerHeads outside ours:
// "a partner hospital", "the lending library", "the borrowing museum".
var partnerQualifiers = set(`partner lending borrowing referring receiving sending city app`)

// insideQualifiers keep a party inside the organisation whatever its
// head: "the internal auditor", "our in-house lawyer".
var insideQualifiers = set(`internal in-house inhouse`)

// personHeads name a party by what it is to the organisation only with
// the word before: "the insured person", "the third party".
var personHeads = set(`person persons people party parties`)

// ownedThings make an owner an outside party: the owner of a property,
// a vehicle or an account, not of a product or a process.
var ownedThings = set(`property home house vehicle car land restaurant shop building flat apartment plant site farm
	boat pet dog account card shop store company`)

// looseExternal are external heads only on their own: "members" are
// outside parties, "committee members" are not.
var looseExternal = set(`member members user users participant participants speaker speakers broker brokers owner owners`)

// isExternal reports whether a participant is a party outside the
// organisation: its head noun is one of externalWords. The rules run in
// order: another company, the owner of an outside thing, a loose head
// with a qualifier (ours), a qualifier that decides, then the head with
// the word before it.
func isExternal(name string) bool {
	ws := strings.Fields(strings.ToLower(name))
	if len(ws) == 0 {
		return false
	}
	if companyName(strings.Fields(name)) {
		return true // "Acme Ltd": another company
	}
	if ownsOutsideThing(ws) {
		return true
	}
	if looseExternal[ws[len(ws)-1]] && len(ws) > 1 {
		return false
	}
	if external, decided := qualifiedParty(ws); decided {
		return external
	}
	return externalHead(ws)
}

// ownsOutsideThing reports whether the lower-case words ws name the
// owner of something outside: "the property owner", "a small business
// owner"; "the product owner" is ours.
func ownsOutsideThing(ws []string) bool {
	head := ws[len(ws)-1]
	return (head == "owner" || head == "owners") && len(ws) > 1 && (ownedThings[ws[len(ws)-2]] || (len(ws) > 2 && ws[len(ws)-3] == "small"))
}

// qualifiedParty decides by the words before the head of the lower-case
// words ws: an inside qualifier makes the party ours, an outside one
// (or an authority's, partner's or reference lab's qualifier before its
// head) makes it external. decided is false when no qualifier decides.
func qualifiedParty(ws []string) (external, decided bool) {
	head := ws[len(ws)-1]
	for _, w := range ws[:len(ws)-1] {
		if insideQualifiers[w] {
			return false, true // "the internal auditor"
		}
	}
	for _, w := range ws[:len(ws)-1] {
		if outsideQualifiers[w] {
			return true, true // "a freelance translator", "an external auditor"
		}
		if authorityQualifiers[w] && authorityHeads[head] {
			return true, true // "the customs office", "the tax office"
		}
		if partnerQualifiers[w] && partnerHeads[head] {
			return true, true // "a partner hospital", "the lending library"; "the partner manager" is ours
		}
		if (w == "reference" || w == "contract") && (head == "laboratory" || head == "lab" || head == "laboratories" || head == "labs") {
			return true, true // "the reference laboratory": tests sent out
		}
	}
	return false, false
}

// headRule names an outside party by a head noun and the word before
// it: the head is one of heads and a word stands before it that passes
// before (nil: any word).
type headRule struct {
	heads  map[string]bool
	before func(w string) bool
}

// externalHeadRules are the heads that name an outside party only with
// the right word before them.
var externalHeadRules = []headRule{
	// "the shipping company"; "the company" is the organisation
	{heads: set(`company companies firm firms provider providers bank`)},
	// "the patient's GP practice": the GP's, not ours
	{heads: set(`practice practices surgery`), before: func(w string) bool { return externalWords[w] }},
	// "the tour operator", "the old operator"; "the machine operator" is ours
	{heads: set(`operator operators`), before: func(w string) bool { return operatorKinds[w] }},
	// "the patient's family doctor": the patient's GP, like "gp"
	{heads: set(`doctor doctors physician physicians`), before: func(w string) bool { return w == "family" }},
	// "the card scheme", "the deposit scheme"; "the pension scheme" may be ours
	{heads: set(`scheme schemes`), before: func(w string) bool { return schemeKinds[w] }},
	// "the insured person", "a third party"
	{heads: personHeads, before: func(w string) bool { return externalWords[w] || w == "third" }},
}

// schemeKinds make a scheme an organisation outside ours: the card
// scheme that settles chargebacks, the deposit protection scheme.
var schemeKinds = set(`card deposit payment protection`)

// externalHead reports whether the head of the lower-case words ws,
// read with the word before it, names an outside party.
func externalHead(ws []string) bool {
	head := ws[len(ws)-1]
	if head == "banks" {
		return true // "the banks send the statements": other banks; "the bank" is ours
	}
	if len(ws) > 1 {
		for _, r := range externalHeadRules {
			if r.heads[head] && (r.before == nil || r.before(ws[len(ws)-2])) {
				return true
			}
		}
	}
	return externalWords[head]
}

// partyKey is what makes two names one party: the singular head noun
// ("Applicants", "shortlisted applicants" and "Applicant" are one).
func partyKey(name string) string {
	ws := strings.Fields(strings.ToLower(name))
	if len(ws) == 0 {
		return ""
	}
	return strings.TrimSuffix(ws[len(ws)-1], "s")
}

// collaboration holds what collaborate's phases share: the model being
// split into pools, the drafts its steps came from, the outside parties
// found and the pools and message flows made for them.
type collaboration struct {
	m      *process.Model
	drafts map[string]*draft
	// canon is the one name per party: the first met, by partyKey
	canon map[string]string
	// ext are the parties acting in the text, outside the organisation
	ext map[string]bool
	// receivers only receive; sources are only ordered or received from
	receivers, sources map[string]bool
	g                  *flowGraph
	order              []string       // the activities in reading order
	byID               map[string]int // activity id → index in m.Activities
	poolOf             map[string]string
	msgs               []process.MessageFlow
	chains             map[string][]string // party → its steps (and catches), in order
	startMessage       string              // the party's step that opens the process
	cues               partyCues           // what the text says about who is inside
	// toUs are the parties the reading found doing something to us: an
	// outside party unless the role is another party's ("the
	// crematorium's medical referee")
	toUs []string
}

// newCollaboration starts a collaboration for m.
func newCollaboration(m *process.Model, drafts map[string]*draft, cues partyCues) *collaboration {
	return &collaboration{m: m, drafts: drafts, cues: cues, canon: map[string]string{}, ext: map[string]bool{},
		receivers: map[string]bool{}, sources: map[string]bool{}, poolOf: map[string]string{}, chains: map[string][]string{}}
}

// one gives the party's name as first met: "Applicants" and "Applicant"
// are one party.
func (c *collaboration) one(name string) string {
	k := partyKey(name)
	if n, ok := c.canon[k]; ok {
		return n
	}
	if n := c.sameCompany(name); n != "" {
		return n
	}
	c.canon[k] = name
	return name
}

// collaborate turns external parties into pools of their own: their steps
// leave the organisation's flow for a chain in their pool, and message
// flows connect each of them with the organisation's steps before and
// after it. A party that only receives something ("returns the invoice to
// the supplier") is a collapsed pool. Models without external parties
// stay one pool. outside are parties the reading found outside beyond
// what the text's cues say.
func collaborate(m *process.Model, drafts map[string]*draft, text string, outside []string) {
	c := newCollaboration(m, drafts, readCues(text))
	c.toUs = outside
	shortNames(m, drafts)
	c.findParties()
	if !c.findHome() {
		return
	}
	c.findReceivers()
	c.findSources()
	if len(c.ext) == 0 && len(c.receivers) == 0 && len(c.sources) == 0 {
		return
	}
	c.makePools()
	// a party's choice ("Customs either releases the goods or selects
	// the container for inspection"): its steps right after one exclusive
	// split are alternatives, kept so in the party's pool
	choiceOf := partyChoices(m, c.ext)
	before := c.snapshot()
	c.moveSteps()
	dropPassThrough(m)
	c.reassignWaits()
	c.reassignDecisions()
	c.messageStart()
	c.handOffs()
	c.poolFlows(choiceOf, before)
	c.toReceivers()
	c.withSources()
	c.poolParticipants()
	c.msgs = unaddressedSends(m, drafts, c.poolOf, c.msgs)
	c.msgs = answerCatches(m, c.g, drafts, c.poolOf, c.msgs)
	c.dropInnerMessages()
	m.MessageFlows = c.msgs
	c.typeSendReceive()
	fullPoolNames(m, text)
}

// fullPoolNames gives a pool named by one word the full name the text
// uses for it elsewhere: "the fire safety officer from the fire brigade
// … we ask the brigade" makes the pool "Fire Brigade". Only when every
// modified mention of the word has the same modifier.
func fullPoolNames(m *process.Model, text string) {
	for i := range m.Pools {
		p := &m.Pools[i]
		if p.ID == "Pool_main" || len(strings.Fields(p.Name)) != 1 {
			continue
		}
		re := regexp.MustCompile(`(?i)\bthe[ \t]+([a-z][a-z-]+)[ \t]+` + regexp.QuoteMeta(p.Name) + `\b`) // (within a line: "… the claim\nCarrier | …" is two cells)
		mod := ""
		for _, mm := range re.FindAllStringSubmatch(text, -1) {
			w := strings.ToLower(mm[1])
			if determiners[w] || danglers[w] || noModifiers[w] || mod != "" && mod != w {
				mod = ""
				break
			}
			mod = w
		}
		if mod == "" {
			continue
		}
		full := capitalise(mod) + " " + p.Name
		rename := func(name *string, pool string) {
			if pool == p.ID && *name == p.Name {
				*name = full
			}
		}
		for k := range m.Participants {
			rename(&m.Participants[k].Name, m.Participants[k].Pool)
		}
		for k := range m.Activities {
			rename(&m.Activities[k].Performer, m.Activities[k].Pool)
		}
		for k := range m.Events {
			rename(&m.Events[k].Performer, m.Events[k].Pool)
		}
		for k := range m.Gateways {
			rename(&m.Gateways[k].Performer, m.Gateways[k].Pool)
		}
		p.Name = full
	}
}

// noModifiers are words before a party's name that do not make part of
// its name: "the same supplier", "the next carrier".
var noModifiers = set(`same other whole new next previous first second third last relevant responsible appropriate
	respective current original former own said above following`)

// findParties marks the performers that are outside parties, each under
// one name, and names the parties among the steps' customers the same way.
func (c *collaboration) findParties() {
	c.ownedRoles()
	for i := range c.m.Activities {
		a := &c.m.Activities[i]
		if c.cues.external(a.Performer) || hasFold(c.toUs, a.Performer) {
			a.Performer = c.one(a.Performer)
			c.ext[a.Performer] = true
		}
	}
	for i := range c.m.Activities {
		cs := c.m.Activities[i].SIPOC.Customers
		for k, cu := range cs {
			if c.cues.external(cu) {
				cs[k] = c.one(cu)
			}
		}
	}
}

// findHome handles texts where every performer is a kind of party that is
// usually outside ("the insurer", "the policyholder"): the one doing most
// of the steps is the organisation the text is about, the others stay
// parties. With one performer the text is told from its side and it is
// the process: findHome reports false and the model stays one pool.
func (c *collaboration) findHome() bool {
	for _, a := range c.m.Activities {
		if !c.ext[a.Performer] {
			return true
		}
	}
	home := homeParty(c.m, c.ext)
	if home == "" {
		return false
	}
	delete(c.ext, home)
	return true
}

// ownedRoles gives the steps of an outside party's role ("The insurer's
// assessor checks the estimate") to that party: the assessor works in
// the insurer's pool, not in a lane of ours.
func (c *collaboration) ownedRoles() {
	rename := map[string]string{}
	for i := range c.m.Activities {
		a := &c.m.Activities[i]
		d := c.drafts[a.ID]
		if d == nil || a.Performer == "" || c.cues.external(a.Performer) {
			continue
		}
		if owner := c.cues.ownerParty(d.source, a.Performer); owner != "" {
			rename[a.Performer] = owner
			a.Performer = owner
		}
	}
	if len(rename) == 0 {
		return
	}
	for i := range c.m.Activities {
		if o, ok := rename[c.m.Activities[i].Performer]; ok {
			c.m.Activities[i].Performer = o
		}
	}
	for i := range c.m.Gateways {
		if o, ok := rename[c.m.Gateways[i].Performer]; ok {
			c.m.Gateways[i].Performer = o
		}
	}
	for i := range c.m.Events {
		if o, ok := rename[c.m.Events[i].Performer]; ok {
			c.m.Events[i].Performer = o
		}
	}
	seen := map[string]bool{}
	var parts []process.Participant
	for _, p := range c.m.Participants {
		if o, ok := rename[p.Name]; ok {
			p.Name = o
		}
		if seen[p.Name] {
			continue
		}
		seen[p.Name] = true
		parts = append(parts, p)
	}
	c.m.Participants = parts
}

// findReceivers finds the parties that only receive: customers of the
// organisation's moving or addressing steps and the parties they address.
func (c *collaboration) findReceivers() {
	for _, a := range c.m.Activities {
		d := c.drafts[a.ID]
		if d == nil || c.ext[a.Performer] {
			continue
		}
		for _, p := range d.addressed {
			if !c.ext[c.one(p)] {
				c.receivers[c.one(p)] = true
			}
		}
		v := firstWord(d.verb)
		if !moving[v] && !addressing[v] {
			continue
		}
		for _, cu := range a.SIPOC.Customers {
			if c.cues.external(cu) && !c.ext[cu] {
				c.receivers[cu] = true
			}
		}
	}
}

// findSources finds the parties the organisation only orders from or
// receives from ("orders the parts from the wholesaler"): collapsed pools
// too.
func (c *collaboration) findSources() {
	for _, a := range c.m.Activities {
		if c.ext[a.Performer] {
			continue
		}
		for _, sup := range a.SIPOC.Suppliers {
			if c.cues.external(sup) && !c.ext[c.one(sup)] && !c.receivers[c.one(sup)] {
				c.sources[c.one(sup)] = true
			}
		}
	}
}

// makePools makes the organisation's pool, then one per acting party in
// the order they act, then collapsed ones for receivers and sources.
func (c *collaboration) makePools() {
	m := c.m
	c.g = newFlowGraph(m)
	for _, s := range process.Ordered(m) {
		if s.Kind == process.StepActivity {
			c.order = append(c.order, s.ID)
		}
	}
	c.byID = map[string]int{}
	for i, a := range m.Activities {
		c.byID[a.ID] = i
	}
	m.Pools = []process.Pool{{ID: "Pool_main", Name: firstNonEmpty(m.ProcessName, "Process")}}
	for _, id := range c.order {
		if p := m.Activities[c.byID[id]].Performer; c.ext[p] {
			c.addPool(p, false)
		}
	}
	for _, p := range sortedKeys(c.receivers) {
		c.addPool(p, true)
	}
	for _, p := range sortedKeys(c.sources) {
		c.addPool(p, true)
	}
}

// addPool gives the party a pool unless it has one, and returns its id.
func (c *collaboration) addPool(name string, collapsed bool) string {
	if id, ok := c.poolOf[name]; ok {
		return id
	}
	id := fmt.Sprintf("Pool_%d", len(c.m.Pools))
	c.m.Pools = append(c.m.Pools, process.Pool{ID: id, Name: name, Collapsed: collapsed})
	c.poolOf[name] = id
	return id
}

// addMsg adds a message flow unless one from the same source to the same
// target exists.
func (c *collaboration) addMsg(name, from, to string) {
	for _, f := range c.msgs {
		if f.Source == from && f.Target == to {
			return
		}
	}
	c.msgs = append(c.msgs, process.MessageFlow{ID: fmt.Sprintf("MessageFlow_%d", len(c.msgs)+1), Name: name, Source: from, Target: to})
}

// performer is the performer of activity id.
func (c *collaboration) performer(id string) string { return c.m.Activities[c.byID[id]].Performer }
