package text

import (
	"fmt"
	"slices"
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
	customs`)

// operatorKinds make an operator a business of its own: a tour
// operator, a network or grid operator, the customer's old (donor)
// operator; a machine or forklift operator is staff.
var operatorKinds = set(`tour network grid mobile telecom old donor recipient transmission distribution`)

// authorityQualifiers make an office, department or service a public
// authority outside the organisation: "the customs office", "the tax
// office", "the fire department".
var authorityQualifiers = set(`customs tax immigration fire revenue land trade commercial`)

// authorityHeads are the heads authorityQualifiers turn into an outside
// authority; "the procurement office" stays a unit of ours.
var authorityHeads = set(`office offices department departments service services administration agency brigade`)

// partnerHeads are organisations that "partner" puts outside ours.
var partnerHeads = set(`hospital hospitals clinic clinics hotel hotels school schools university universities laboratory lab
	laboratories labs firm firms company companies store stores`)

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
// organisation: its head noun is one of externalWords.
func isExternal(name string) bool {
	ws := strings.Fields(strings.ToLower(name))
	if len(ws) == 0 {
		return false
	}
	head := ws[len(ws)-1]
	if (head == "owner" || head == "owners") && len(ws) > 1 && (ownedThings[ws[len(ws)-2]] || (len(ws) > 2 && ws[len(ws)-3] == "small")) {
		return true // "the property owner", "a small business owner"; "the product owner" is ours
	}
	if looseExternal[head] && len(ws) > 1 {
		return false
	}
	for _, w := range ws[:len(ws)-1] {
		if insideQualifiers[w] {
			return false // "the internal auditor"
		}
	}
	for _, w := range ws[:len(ws)-1] {
		if outsideQualifiers[w] {
			return true // "a freelance translator", "an external auditor"
		}
		if authorityQualifiers[w] && authorityHeads[head] {
			return true // "the customs office", "the tax office"
		}
		if w == "partner" && partnerHeads[head] {
			return true // "a partner hospital"; "the partner manager" is ours
		}
		if (w == "reference" || w == "contract") && (head == "laboratory" || head == "lab" || head == "laboratories" || head == "labs") {
			return true // "the reference laboratory": tests sent out
		}
	}
	if (head == "company" || head == "firm" || head == "provider" || head == "bank") && len(ws) > 1 {
		return true // "the shipping company"; "the company" is the organisation
	}
	if (head == "operator" || head == "operators") && len(ws) > 1 && operatorKinds[ws[len(ws)-2]] {
		return true // "the tour operator", "the old operator"; "the machine operator" is ours
	}
	if head == "banks" {
		return true // "the banks send the statements": other banks; "the bank" is ours
	}
	if personHeads[head] && len(ws) > 1 && (externalWords[ws[len(ws)-2]] || ws[len(ws)-2] == "third") {
		return true // "the insured person", "a third party"
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
	c.canon[k] = name
	return name
}

// collaborate turns external parties into pools of their own: their steps
// leave the organisation's flow for a chain in their pool, and message
// flows connect each of them with the organisation's steps before and
// after it. A party that only receives something ("returns the invoice to
// the supplier") is a collapsed pool. Models without external parties
// stay one pool.
func collaborate(m *process.Model, drafts map[string]*draft, text string) {
	c := newCollaboration(m, drafts, readCues(text))
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
}

// findParties marks the performers that are outside parties, each under
// one name, and names the parties among the steps' customers the same way.
func (c *collaboration) findParties() {
	c.ownedRoles()
	for i := range c.m.Activities {
		a := &c.m.Activities[i]
		if c.cues.external(a.Performer) {
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

// moveSteps takes the parties' steps out of the organisation's flow, in
// order, into chains of their pools, with a message in from the
// organisation's step before and one out to its next step.
func (c *collaboration) moveSteps() {
	m := c.m
	for i, id := range c.order {
		a := &m.Activities[c.byID[id]]
		if !c.ext[a.Performer] {
			continue
		}
		party := a.Performer
		var ins []string
		for _, f := range m.Flows {
			if f.Target == id {
				ins = append(ins, f.Source)
			}
		}
		prev, next := c.g.splice(id)
		obj := ""
		if d := c.drafts[id]; d != nil {
			obj = firstNonEmpty(messageOf(d), "message")
		}
		// a message in from the organisation's step before, unless the
		// party's own step came right before
		if p := c.g.activityBefore(prev); p != "" && (i == 0 || !c.ext[c.performer(c.order[i-1])]) {
			if pd := c.drafts[p]; pd != nil && (moving[firstWord(pd.verb)] || addressing[firstWord(pd.verb)] || hasFold(m.Activities[c.byID[p]].SIPOC.Customers, party)) {
				c.addMsg(messageOf(pd), p, id)
			}
		} else if c.g.isStart(prev, m) && c.startMessage == "" {
			c.startMessage = id
		}
		// and one out to the organisation's next step
		if n := c.g.nodeAfter(next); n != "" {
			c.addMsg(obj, id, n)
		} else if d := c.drafts[id]; d != nil && (moving[firstWord(d.verb)] || addressing[firstWord(d.verb)]) && c.g.kind(next) == process.EventEnd && len(ins) > 0 {
			c.waitAtEnd(id, obj, prev, next, ins)
		}
		a.Pool = c.poolOf[party]
		a.Parent = "" // the party's steps form one chain in its pool
		c.chains[party] = append(c.chains[party], id)
	}
}

// waitAtEnd puts a message catch before the organisation's end when a
// party's last step sends something ("… and the agency notifies the
// university of its decision"): the organisation waits for it before it
// ends.
func (c *collaboration) waitAtEnd(id, obj, prev, next string, ins []string) {
	m := c.m
	e := fmt.Sprintf("Event_msg_%d", len(m.Events)+1)
	who := ""
	if p := c.g.activityBefore(prev); p != "" {
		who = c.performer(p)
	}
	m.Events = append(m.Events, process.Event{ID: e, Type: process.EventIntermediate, Trigger: process.TriggerMessage,
		Name: capitalise(obj) + " received", Performer: who})
	for k := range m.Flows {
		if m.Flows[k].Target == next && slices.Contains(ins, m.Flows[k].Source) {
			m.Flows[k].Target = e
		}
	}
	m.Flows = append(m.Flows, process.Flow{ID: fmt.Sprintf("Flow_msg_%d", len(m.Flows)+1), Source: e, Target: next})
	c.addMsg(obj, id, e)
}

// reassignWaits puts the waits left in the organisation's flow into its
// lanes: a wait a party's name was on goes to the lane before it.
func (c *collaboration) reassignWaits() {
	last := ""
	for i := range c.m.Events {
		e := &c.m.Events[i]
		if e.Pool == "" && (c.ext[e.Performer] || c.cues.external(e.Performer)) {
			e.Performer = last
		}
		if e.Pool == "" && e.Performer != "" && !c.ext[e.Performer] && !c.cues.external(e.Performer) {
			last = e.Performer
		}
	}
}

// reassignDecisions does the same for decisions on what a party does
// ("If the applicant does not reply, …"): the organisation decides, in the
// lane before it.
func (c *collaboration) reassignDecisions() {
	for i := range c.m.Gateways {
		gw := &c.m.Gateways[i]
		if gw.Pool != "" || !(c.ext[gw.Performer] || c.cues.external(gw.Performer)) {
			continue
		}
		gw.Performer = ""
		if p := c.g.activityBefore(gw.ID); p != "" {
			gw.Performer = c.performer(p)
		}
	}
}

// messageStart makes the process start with a message when a party's
// step opens it.
func (c *collaboration) messageStart() {
	if c.startMessage == "" {
		return
	}
	m := c.m
	for i := range m.Events {
		e := &m.Events[i]
		if e.Type != process.EventStart || e.Pool != "" {
			continue
		}
		e.Trigger = process.TriggerMessage
		if e.Name == "" || e.Name == "Start" {
			if d := c.drafts[c.startMessage]; d != nil && messageOf(d) != "" {
				e.Name = capitalise(messageOf(d)) + " received"
			}
		}
		for k := range c.msgs {
			if c.msgs[k].Source == c.startMessage {
				c.msgs[k].Target = e.ID
			}
		}
		// the start event sits in the lane of the step it starts
		for _, f := range m.Flows {
			if f.Source == e.ID {
				if k, ok := c.byID[f.Target]; ok {
					e.Performer = m.Activities[k].Performer
				}
			}
		}
		return
	}
}

// handOffs makes the organisation's steps that hand something to a party
// acting later ("invites the candidates", then "the candidate signs …")
// send it to that party's next step.
func (c *collaboration) handOffs() {
	m := c.m
	pos := map[string]int{}
	for i, id := range c.order {
		pos[id] = i
	}
	for _, id := range c.order {
		a := m.Activities[c.byID[id]]
		d := c.drafts[id]
		if a.Pool != "" || d == nil {
			continue
		}
		for _, party := range c.handedTo(a, d) {
			if len(c.chains[party]) == 0 {
				continue
			}
			target := ""
			for _, x := range c.chains[party] {
				if pos[x] > pos[id] {
					target = x
					break
				}
			}
			if target == "" && !onEveryPath(m, id) {
				// sent on one branch only: a wait for it in the party's
				// pool could wait forever, so the message goes to the
				// pool itself
				c.addMsg(messageOf(d), id, c.poolOf[party])
				continue
			}
			if target == "" {
				// nothing the party does comes after: it receives the
				// message at the end of its flow ("returns the invoice to
				// the supplier")
				target = fmt.Sprintf("Event_%s_msg_%d", c.poolOf[party], len(m.Events)+1)
				obj := firstNonEmpty(messageOf(d), "message")
				m.Events = append(m.Events, process.Event{ID: target, Type: process.EventIntermediate, Trigger: process.TriggerMessage,
					Name: capitalise(obj) + " received", Performer: party, Pool: c.poolOf[party]})
				c.chains[party] = append(c.chains[party], target)
			}
			c.addMsg(messageOf(d), id, target)
		}
	}
}

// handedTo lists whom an organisation's step hands something to: the
// customers of a moving or addressing step, those it addresses, and for a
// request the parties it asks ("requests them from the applicant").
func (c *collaboration) handedTo(a process.Activity, d *draft) []string {
	v := firstWord(d.verb)
	var to []string
	for _, cu := range a.SIPOC.Customers {
		if moving[v] || addressing[v] || hasFold(d.addressed, cu) {
			to = append(to, cu)
		}
	}
	if requesting[v] {
		// the request goes out to the party that answers it later
		for _, sup := range d.suppliers { // as written, not the neighbours filled in
			to = appendUnique(to, c.one(sup))
		}
	}
	return to
}

// flowSnapshot is the organisation's flow before the parties' steps
// left it.
type flowSnapshot struct {
	flows       []process.Flow
	gateways    map[string]process.Gateway
	starts      []string
	ends        []string
	activityIDs map[string]bool
}

// snapshot keeps the flow as it is now, for the parties' projections.
func (c *collaboration) snapshot() flowSnapshot {
	s := flowSnapshot{flows: slices.Clone(c.m.Flows), gateways: map[string]process.Gateway{}, activityIDs: map[string]bool{}}
	for _, g := range c.m.Gateways {
		s.gateways[g.ID] = g
	}
	for _, e := range c.m.Events {
		if e.Pool != "" || e.Parent != "" {
			continue
		}
		switch e.Type {
		case process.EventStart:
			s.starts = append(s.starts, e.ID)
		case process.EventEnd:
			s.ends = append(s.ends, e.ID)
		}
	}
	for _, a := range c.m.Activities {
		s.activityIDs[a.ID] = true
	}
	return s
}

// partyGateways are the gateways a party's pool keeps: its own decisions
// and those that come after one of its steps. The organisation's
// decisions before the party first acts only say whether it is asked:
// the party starts with what it receives.
func (s flowSnapshot) partyGateways(party string, steps []string) map[string]process.Gateway {
	next := map[string][]string{}
	for _, f := range s.flows {
		next[f.Source] = append(next[f.Source], f.Target)
	}
	after := map[string]bool{}
	stack := append([]string(nil), steps...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, y := range next[x] {
			if !after[y] {
				after[y] = true
				stack = append(stack, y)
			}
		}
	}
	out := map[string]process.Gateway{}
	for id, g := range s.gateways {
		if after[id] || (g.Performer != "" && partyKey(g.Performer) == partyKey(party)) {
			out[id] = g
		}
	}
	return out
}

// poolFlows gives each acting party's pool its own start → steps → end:
// the organisation's flow projected onto the party's steps, or, where
// that finds no way to them, a chain with an exclusive split and join
// around the alternatives of a choice the party makes.
func (c *collaboration) poolFlows(choiceOf map[string]partyChoice, before flowSnapshot) {
	for _, p := range c.m.Pools[1:] {
		ids := c.chains[p.Name]
		if len(ids) == 0 {
			continue
		}
		var steps, extra []string
		for _, id := range ids {
			if before.activityIDs[id] {
				steps = append(steps, id)
			} else {
				extra = append(extra, id) // a message catch added at its end
			}
		}
		gws := before.partyGateways(p.Name, steps)
		if proj := project(before.flows, steps, gws, before.starts, before.ends); proj != nil && len(steps) > 0 {
			c.projectedFlows(p, proj, gws, before.starts, before.ends, extra)
			continue
		}
		c.chainFlows(p, ids, choiceOf)
	}
}

// poolEnds adds the start and the end event of party pool p and returns
// their ids.
func (c *collaboration) poolEnds(p process.Pool) (start, end string) {
	start, end = fmt.Sprintf("Event_%s_start", p.ID), fmt.Sprintf("Event_%s_end", p.ID)
	c.m.Events = append(c.m.Events,
		process.Event{ID: start, Type: process.EventStart, Name: "Start", Pool: p.ID},
		process.Event{ID: end, Type: process.EventEnd, Name: "End", Pool: p.ID})
	return start, end
}

// poolFlow adds a sequence flow inside party pool p.
func (c *collaboration) poolFlow(p process.Pool, from, to, cond string) {
	c.m.Flows = append(c.m.Flows, process.Flow{ID: fmt.Sprintf("Flow_%s_%d", p.ID, len(c.m.Flows)+1), Source: from, Target: to, Condition: cond})
}

// chainFlows draws a party's pool as one chain of its steps, with an
// exclusive split and join around the alternatives of a choice it makes.
func (c *collaboration) chainFlows(p process.Pool, ids []string, choiceOf map[string]partyChoice) {
	m := c.m
	start, end := c.poolEnds(p)
	prev := start
	for i := 0; i < len(ids); {
		ch, j := choiceOf[ids[i]], i+1
		for ch.split != "" && j < len(ids) && choiceOf[ids[j]].split == ch.split {
			j++
		}
		if j-i < 2 {
			c.poolFlow(p, prev, ids[i], "")
			prev, i = ids[i], j
			continue
		}
		split := fmt.Sprintf("Gateway_%s_%d", p.ID, len(m.Gateways)+1)
		join := fmt.Sprintf("Gateway_%s_%d", p.ID, len(m.Gateways)+2)
		who := c.performer(ids[i])
		m.Gateways = append(m.Gateways,
			process.Gateway{ID: split, Type: process.GatewayExclusive, Name: ch.name, Performer: who, Pool: p.ID},
			process.Gateway{ID: join, Type: process.GatewayExclusive, Performer: who, Pool: p.ID})
		c.poolFlow(p, prev, split, "")
		for _, id := range ids[i:j] {
			c.poolFlow(p, split, id, choiceOf[id].label)
			c.poolFlow(p, id, join, "")
		}
		prev, i = join, j
	}
	c.poolFlow(p, prev, end, "")
}

// toReceivers makes the organisation's steps that hand something to a
// party that only receives send it to that party's pool.
func (c *collaboration) toReceivers() {
	for _, a := range c.m.Activities {
		if a.Pool != "" {
			continue
		}
		d := c.drafts[a.ID]
		if d == nil {
			continue
		}
		v := firstWord(d.verb)
		if !moving[v] && !addressing[v] && len(d.addressed) == 0 {
			continue
		}
		for _, cu := range appendUnique(append([]string(nil), a.SIPOC.Customers...), d.addressed...) {
			// the parties addressed too: "passes the file on to the
			// notary" names one the grammar knows no role for
			cu = c.one(cu)
			if !moving[v] && !addressing[v] && !hasFold(d.addressed, cu) {
				continue
			}
			if id, ok := c.poolOf[cu]; ok && c.receivers[cu] {
				c.addMsg(firstNonEmpty(messageOf(d), "message"), a.ID, id)
			}
		}
	}
}

// withSources makes the steps that order from or take in from a party
// that does not act in the text exchange a message with its pool: the
// order goes out, what is received comes in.
func (c *collaboration) withSources() {
	for _, a := range c.m.Activities {
		d := c.drafts[a.ID]
		if a.Pool != "" || d == nil {
			continue
		}
		for _, sup := range a.SIPOC.Suppliers {
			sup = c.one(sup)
			id, ok := c.poolOf[sup]
			if !ok || !(c.sources[sup] || c.receivers[sup]) {
				continue
			}
			if requesting[firstWord(d.verb)] {
				c.addMsg(firstNonEmpty(messageOf(d), "request"), a.ID, id)
			} else {
				c.addMsg(firstNonEmpty(messageOf(d), "message"), id, a.ID)
			}
		}
	}
}

// poolParticipants makes a party acting in its own pool that pool's one
// lane; one that only receives has none.
func (c *collaboration) poolParticipants() {
	var parts []process.Participant
	merged := map[string]bool{}
	for _, p := range c.m.Participants {
		if c.cues.external(p.Name) {
			p.Name = c.one(p.Name)
			if merged[p.Name] {
				continue
			}
			merged[p.Name] = true
		}
		if id, ok := c.poolOf[p.Name]; ok {
			if c.receivers[p.Name] || c.sources[p.Name] {
				continue
			}
			p.Pool = id
		}
		parts = append(parts, p)
	}
	c.m.Participants = parts
}

// dropInnerMessages drops the message flows between two nodes of one
// pool (a party's step to its own next step): within a pool the sequence
// flows carry the work, and a message there would become a second,
// parallel way.
func (c *collaboration) dropInnerMessages() {
	pool := map[string]string{}
	for _, p := range c.m.Pools {
		pool[p.ID] = p.ID
	}
	for _, a := range c.m.Activities {
		pool[a.ID] = firstNonEmpty(a.Pool, "Pool_main")
	}
	for _, e := range c.m.Events {
		pool[e.ID] = firstNonEmpty(e.Pool, "Pool_main")
	}
	var out []process.MessageFlow
	for _, f := range c.msgs {
		if ps, pt := pool[f.Source], pool[f.Target]; ps != "" && ps == pt {
			continue
		}
		out = append(out, f)
	}
	c.msgs = out
}

// typeSendReceive marks the organisation's steps a message flow leaves
// with a moving verb as send tasks, and those one reaches with a
// receiving verb as receive tasks.
func (c *collaboration) typeSendReceive() {
	for i := range c.m.Activities {
		a := &c.m.Activities[i]
		d := c.drafts[a.ID]
		if d == nil || a.Pool != "" {
			continue
		}
		for _, f := range c.msgs {
			switch {
			case f.Source == a.ID && moving[firstWord(d.verb)]:
				a.Type = process.ActivitySend
			case f.Target == a.ID && receiving[firstWord(d.verb)]:
				a.Type = process.ActivityReceive
			}
		}
	}
}

// onEveryPath reports whether every run of the organisation's process
// passes node id: no path from a start event of its level to an end
// event avoids it, and the same holds for the sub-process around it.
func onEveryPath(m *process.Model, id string) bool {
	parent, found := "", false
	for _, a := range m.Activities {
		if a.ID == id {
			parent, found = a.Parent, true
		}
	}
	for _, e := range m.Events {
		if e.ID == id {
			parent, found = e.Parent, true
		}
	}
	if !found {
		return true
	}
	next := map[string][]string{}
	for _, f := range m.Flows {
		next[f.Source] = append(next[f.Source], f.Target)
	}
	ends := map[string]bool{}
	var starts []string
	for _, e := range m.Events {
		if e.Pool != "" || e.Parent != parent {
			continue
		}
		switch e.Type {
		case process.EventStart:
			starts = append(starts, e.ID)
		case process.EventEnd:
			ends[e.ID] = true
		}
	}
	seen := map[string]bool{id: true}
	stack := append([]string(nil), starts...)
	for _, s := range starts {
		seen[s] = true
	}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if ends[n] {
			return false
		}
		for _, t := range next[n] {
			if !seen[t] {
				seen[t] = true
				stack = append(stack, t)
			}
		}
	}
	if parent != "" {
		return onEveryPath(m, parent)
	}
	return true
}

// messageOf names the message a step sends or receives: the object
// handed over, or, when the object is the party addressed ("informs the
// customer"), what addressing it sends ("information").
func messageOf(d *draft) string {
	if _, ok := addressNouns[firstWord(d.verb)]; ok {
		// "notifies the university of the decision": the decision
		ws := strings.Fields(d.object)
		for i, w := range ws {
			if n := norm(w); (n == "of" || n == "about") && i > 0 && i+1 < len(ws) {
				if m := cleanMessage(strings.Join(ws[i+1:], " ")); m != "" {
					return m
				}
			}
		}
	}
	m := cleanMessage(d.object)
	if n, ok := addressNouns[firstWord(d.verb)]; ok && (m == "" || isAgent(titleCase(m)) || isExternal(m)) {
		return n
	}
	return m
}

// addressNouns name what an addressing verb sends.
var addressNouns = map[string]string{
	"inform": "information", "notify": "notification", "remind": "reminder", "ask": "request", "invite": "invitation",
	"call": "call", "contact": "contact", "tell": "information", "advise": "advice", "alert": "alert", "update": "update",
	"brief": "briefing", "instruct": "instructions", "consult": "consultation", "interview": "interview", "pay": "payment",
	"email": "e-mail", "e-mail": "e-mail",
}

// cleanMessage names a message after the object handed over: "the
// invoice to the supplier" → "invoice".
func cleanMessage(obj string) string {
	ws := cleanObject(strings.Fields(obj))
	for i, w := range ws {
		if prepositions[norm(w)] || norm(w) == "and" {
			ws = ws[:i]
			break
		}
	}
	return strings.Join(limitWords(ws, 4), " ")
}

// hasFold reports whether list holds s, ignoring case.
func hasFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// flowGraph edits a model's sequence flows in place.
type flowGraph struct {
	m *process.Model
}

func newFlowGraph(m *process.Model) *flowGraph { return &flowGraph{m: m} }

// splice takes node id out of the flow: its incoming flows lead to its
// successor instead. It returns the predecessor and the successor.
func (g *flowGraph) splice(id string) (prev, next string) {
	var in []int
	out := -1
	for i, f := range g.m.Flows {
		if f.Target == id {
			in = append(in, i)
		}
		if f.Source == id && out < 0 {
			out = i
		}
	}
	if out >= 0 {
		next = g.m.Flows[out].Target
	}
	if len(in) > 0 {
		prev = g.m.Flows[in[0]].Source
	}
	var flows []process.Flow
	seen := map[[2]string]bool{}
	for i, f := range g.m.Flows {
		if f.Source == id {
			continue
		}
		if f.Target == id {
			if next == "" {
				continue
			}
			f.Target = next
		}
		k := [2]string{f.Source, f.Target}
		if seen[k] {
			continue
		}
		seen[k] = true
		_ = i
		flows = append(flows, f)
	}
	g.m.Flows = flows
	return prev, next
}

func (g *flowGraph) kind(id string) string {
	for _, a := range g.m.Activities {
		if a.ID == id {
			return "activity"
		}
	}
	for _, e := range g.m.Events {
		if e.ID == id {
			return e.Type
		}
	}
	for _, gw := range g.m.Gateways {
		if gw.ID == id {
			return "gateway"
		}
	}
	return ""
}

func (g *flowGraph) isStart(id string, m *process.Model) bool {
	return g.kind(id) == process.EventStart
}

// activityBefore walks back from id over gateways to the nearest activity
// of the organisation.
func (g *flowGraph) activityBefore(id string) string { return g.activityFrom(id, false) }

// nodeAfter walks forward from id over gateways and intermediate events
// (a message cannot reach a gateway or a timer) to the next activity or
// message catch event.
func (g *flowGraph) nodeAfter(id string) string { return g.activityFrom(id, true) }

// activityFrom follows the first flow out of (forward) or into id across
// gateways and intermediate events until it reaches an activity; "" when
// the walk ends elsewhere or runs longer than any real chain.
func (g *flowGraph) activityFrom(id string, forward bool) string {
	for range 50 {
		switch g.kind(id) {
		case "activity":
			return id
		case "gateway", process.EventIntermediate:
			if forward && g.catchesMessage(id) {
				return id // "When the payment arrives, …": the message lands on its catch event
			}
			found := ""
			for _, f := range g.m.Flows {
				if forward && f.Source == id {
					found = f.Target
					break
				}
				if !forward && f.Target == id {
					found = f.Source
					break
				}
			}
			if found == "" {
				return ""
			}
			id = found
		default:
			return ""
		}
	}
	return ""
}

// requesting verbs send a request to the party they name with "from":
// "orders the parts from the wholesaler".
var requesting = set(`order request ask buy purchase book reserve hire rent commission requisition`)

// outsideQualifiers put the party they qualify outside the organisation.
var outsideQualifiers = set(`freelance freelancing external third-party outside independent contracted outsourced`)

// catchesMessage reports whether id is an intermediate message event.
func (g *flowGraph) catchesMessage(id string) bool {
	for _, e := range g.m.Events {
		if e.ID == id {
			return e.Type == process.EventIntermediate && e.Trigger == process.TriggerMessage
		}
	}
	return false
}

// answerCatches gives each message event of the organisation that waits
// for something ("waits for the documents", "When the payment arrives")
// and has no message flow in yet one from the outside party it waits on:
// the party the step before it addressed or asked, or the only party. The
// flow leaves the party's pool, as the text does not say which of its
// steps sends.
func answerCatches(m *process.Model, g *flowGraph, drafts map[string]*draft, poolOf map[string]string, msgs []process.MessageFlow) []process.MessageFlow {
	if len(poolOf) == 0 {
		return msgs
	}
	in := map[string]bool{}
	for _, f := range msgs {
		in[f.Target] = true
	}
	only := ""
	if len(poolOf) == 1 {
		for _, id := range poolOf {
			only = id
		}
	}
	for _, e := range m.Events {
		if e.Pool != "" || e.Trigger != process.TriggerMessage || in[e.ID] ||
			(e.Type != process.EventIntermediate && e.Type != process.EventStart) {
			continue
		}
		from := only
		if named := partyNamedIn(e.Source, poolOf); named != "" {
			from = named // "Once the customer has signed the offer, …"
		} else if only != "" && e.Source != "" && namesOtherParty(e.Source, poolOf) {
			from = "" // a party without a pool of its own sends it: no guess
		}
		if p := g.activityBefore(e.ID); p != "" && partyNamedIn(e.Source, poolOf) == "" {
			if d := drafts[p]; d != nil {
				for _, who := range append(append(append([]string(nil), d.addressed...), d.custs...), d.suppliers...) {
					if id, ok := poolOf[who]; ok {
						from = id
						break
					}
				}
			}
		}
		if from == "" {
			continue
		}
		name := strings.TrimSuffix(strings.TrimSuffix(e.Name, " received"), " arrived")
		msgs = append(msgs, process.MessageFlow{ID: fmt.Sprintf("MessageFlow_%d", len(msgs)+1), Name: strings.ToLower(name), Source: from, Target: e.ID})
		in[e.ID] = true
	}
	return msgs
}

// sendingVerbs hand something over that leaves the organisation when no
// one inside is named to get it.
var sendingVerbs = set(`send mail email e-mail post ship dispatch despatch deliver return issue`)

// plainSending send letters and the like: with no receiver named they go
// to the one outside party.
var plainSending = set(`send mail email e-mail post`)

// messageNouns are what an organisation sends to an outside party without
// saying to whom: "the buyer sends a reminder".
var messageNouns = set(`reminder reminders notification notice invoice bill offer quote quotation confirmation rejection
	letter contract statement decision acknowledgement acknowledgment receipt certificate permit licence license
	invitation response answer reply refund voucher ticket tickets survey questionnaire proposal estimate report`)

// unaddressedSends gives a message flow to the organisation's steps that
// send something out without naming the receiver ("If the supplier does
// not answer, the buyer sends a reminder"): to the outside party the
// sentence names, or, for a letter-like object, to the only party.
func unaddressedSends(m *process.Model, drafts map[string]*draft, poolOf map[string]string, msgs []process.MessageFlow) []process.MessageFlow {
	if len(poolOf) == 0 {
		return msgs
	}
	out := map[string]bool{}
	for _, f := range msgs {
		out[f.Source] = true
	}
	only := ""
	if len(poolOf) == 1 {
		for _, id := range poolOf {
			only = id
		}
	}
	names := sortedKeys(func() map[string]bool {
		k := map[string]bool{}
		for n := range poolOf {
			k[n] = true
		}
		return k
	}())
	for _, a := range m.Activities {
		d := drafts[a.ID]
		if a.Pool != "" || out[a.ID] || d == nil || !sendingVerbs[firstWord(d.verb)] {
			continue
		}
		inside := false
		for _, c := range d.custs { // as written, not the neighbours filled in
			if _, ok := poolOf[c]; !ok {
				inside = true
			}
		}
		if inside {
			continue // "sends the report to the manager"
		}
		to := ""
		src := " " + strings.ToLower(d.source) + " "
		for _, n := range names {
			if k := partyKey(n); k != "" && (strings.Contains(src, " "+k+" ") || strings.Contains(src, " "+k+"s ") || strings.Contains(src, " "+k+"'s ")) {
				to = poolOf[n]
				break
			}
		}
		if to == "" && only != "" && plainSending[firstWord(d.verb)] {
			ws := strings.Fields(cleanMessage(d.object))
			named := false // "e-mails the customer a confirmation": someone else
			for _, w := range strings.Fields(d.object) {
				if isAgent(titleCase(trimPunct(w))) || isExternal(trimPunct(w)) {
					named = true
				}
			}
			if len(ws) > 0 && messageNouns[strings.ToLower(ws[len(ws)-1])] && !named {
				to = only
			}
		}
		if to == "" {
			continue
		}
		msgs = append(msgs, process.MessageFlow{ID: fmt.Sprintf("MessageFlow_%d", len(msgs)+1), Name: firstNonEmpty(messageOf(d), "message"), Source: a.ID, Target: to})
		out[a.ID] = true
		if firstWord(d.verb) != "return" {
			for i := range m.Activities {
				if m.Activities[i].ID == a.ID && m.Activities[i].Type == "" {
					m.Activities[i].Type = process.ActivitySend
				}
			}
		}
	}
	return msgs
}

// dropPassThrough removes the gateways a party's steps leaving the flow
// left with one way in and one way out ("The applicant either accepts
// the offer or declines it": both branches went to the applicant's pool):
// a decision with one branch decides nothing.
func dropPassThrough(m *process.Model) {
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(m.Gateways); i++ {
			id := m.Gateways[i].ID
			in, out := -1, -1
			nIn, nOut := 0, 0
			for k, f := range m.Flows {
				if f.Target == id {
					in, nIn = k, nIn+1
				}
				if f.Source == id {
					out, nOut = k, nOut+1
				}
			}
			if nIn != 1 || nOut != 1 || m.Flows[in].Source == m.Flows[out].Target {
				continue
			}
			m.Flows[in].Target = m.Flows[out].Target
			m.Flows = append(m.Flows[:out], m.Flows[out+1:]...)
			m.Gateways = append(m.Gateways[:i], m.Gateways[i+1:]...)
			changed = true
			break
		}
	}
}

// shortNames gives the outside party a performer names by its bare head
// noun back its full name: after "sends the sample to the external
// laboratory", "the laboratory sends the results" is that laboratory,
// not a lane of ours. Only a one-word name that is no outside party on
// its own and that exactly one outside party of the text ends in.
func shortNames(m *process.Model, drafts map[string]*draft) {
	full := map[string]string{} // head → the outside party's full name ("" when two differ)
	note := func(name string) {
		if !isExternal(name) || len(strings.Fields(name)) < 2 {
			return
		}
		k := partyKey(name)
		if f, ok := full[k]; ok && !strings.EqualFold(f, name) {
			full[k] = ""
			return
		}
		full[k] = name
	}
	for _, a := range m.Activities {
		note(a.Performer)
		for _, c := range a.SIPOC.Customers {
			note(c)
		}
		for _, c := range a.SIPOC.Suppliers {
			note(c)
		}
		if d := drafts[a.ID]; d != nil {
			for _, c := range d.addressed {
				note(c)
			}
		}
	}
	rename := func(name string) string {
		if len(strings.Fields(name)) != 1 || isExternal(name) {
			return name
		}
		if f := full[partyKey(name)]; f != "" {
			return f
		}
		return name
	}
	for i := range m.Activities {
		m.Activities[i].Performer = rename(m.Activities[i].Performer)
	}
	for i := range m.Events {
		m.Events[i].Performer = rename(m.Events[i].Performer)
	}
	for i := range m.Gateways {
		m.Gateways[i].Performer = rename(m.Gateways[i].Performer)
	}
	seen := map[string]bool{}
	var parts []process.Participant
	for _, p := range m.Participants {
		p.Name = rename(p.Name)
		if seen[p.Name] {
			continue
		}
		seen[p.Name] = true
		parts = append(parts, p)
	}
	m.Participants = parts
}

// partyNamedIn returns the pool of the one outside party a sentence
// names ("Once the customer has signed the offer"), or "".
func partyNamedIn(source string, poolOf map[string]string) string {
	src := " " + strings.ToLower(source) + " "
	found := ""
	for name, id := range poolOf {
		k := partyKey(name)
		if k == "" || !(strings.Contains(src, " "+k+" ") || strings.Contains(src, " "+k+"s ") || strings.Contains(src, " "+k+"'s ")) {
			continue
		}
		if found != "" && found != id {
			return "" // two parties: the text does not say which
		}
		found = id
	}
	return found
}

// namesOtherParty reports whether a sentence's subject is an outside
// party without a pool: "Once the tenant has signed …" when only the
// landlord has one.
func namesOtherParty(source string, poolOf map[string]string) bool {
	ws := strings.Fields(strings.ToLower(source))
	for i, w := range ws {
		if i > 4 {
			break
		}
		w = trimPunct(w)
		if externalWords[w] && !looseExternal[w] {
			for name := range poolOf {
				if partyKey(name) == strings.TrimSuffix(w, "s") {
					return false
				}
			}
			return true
		}
	}
	return false
}

// partyChoice is the exclusive split an outside party's step follows
// directly, with the split's name and the branch's label.
type partyChoice struct{ split, name, label string }

// partyChoices finds the steps of outside parties that begin a branch of
// an exclusive split and end it (their next node is a join): alternatives
// of that party's choice.
func partyChoices(m *process.Model, ext map[string]bool) map[string]partyChoice {
	gws := map[string]process.Gateway{}
	for _, gw := range m.Gateways {
		gws[gw.ID] = gw
	}
	outs, ins := map[string]int{}, map[string]int{}
	for _, f := range m.Flows {
		outs[f.Source]++
		ins[f.Target]++
	}
	perf := map[string]string{}
	for _, a := range m.Activities {
		perf[a.ID] = a.Performer
	}
	next := map[string][]string{}
	for _, f := range m.Flows {
		next[f.Source] = append(next[f.Source], f.Target)
	}
	out := map[string]partyChoice{}
	for _, f := range m.Flows {
		gw, ok := gws[f.Source]
		if !ok || gw.Type != process.GatewayExclusive || outs[f.Source] < 2 || !ext[perf[f.Target]] || len(next[f.Target]) != 1 {
			continue
		}
		if j, ok := gws[next[f.Target][0]]; !ok || ins[j.ID] < 2 {
			continue // a branch that goes on with other work is no plain alternative
		}
		out[f.Target] = partyChoice{split: f.Source, name: gw.Name, label: f.Condition}
	}
	return out
}

// homeParty is the outside-looking performer that does most of the
// steps when there are at least two of them and that one does more than
// any other; "" when there is only one or no clear leader.
func homeParty(m *process.Model, ext map[string]bool) string {
	if len(ext) < 2 {
		return ""
	}
	count := map[string]int{}
	for _, a := range m.Activities {
		count[a.Performer]++
	}
	best, second := "", 0
	for _, p := range sortedKeys(ext) {
		switch n := count[p]; {
		case best == "" || n > count[best]:
			second = count[best]
			best = p
		case n > second:
			second = n
		}
	}
	if count[best] <= second {
		return ""
	}
	return best
}
