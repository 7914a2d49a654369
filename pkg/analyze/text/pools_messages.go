package text

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

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
	return slices.Sorted(maps.Keys(m))
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

// sentToRe is the receiver a sending verb names after "to": "sends it to
// the hospital".
var sentToRe = regexp.MustCompile(`(?i)\b(?:sends?|sent|e-?mails?|posts?|forwards?|passes|hands|returns?)\b[^.;:]*?\bto\s+(?:the|a|an|our|their|his|her|its)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)`)

// toOther reports whether d's sentence sends its thing to a receiver
// named after "to" that is not the pool only: "… and the receptionist
// sends it to the hospital" is no message to the family doctor.
func toOther(d *draft, only string, poolOf map[string]string) bool {
	m := sentToRe.FindStringSubmatch(d.source)
	if m == nil {
		return false
	}
	for n, id := range poolOf {
		if id == only && strings.Contains(strings.ToLower(m[1]), partyKey(n)) {
			return false
		}
	}
	return true
}

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
		if sentInside(d, poolOf) {
			continue // "sends the report to the manager"
		}
		to := namedReceiver(d, names, poolOf)
		if to == "" && only != "" && plainSending[firstWord(d.verb)] {
			to = letterReceiver(d, only, poolOf)
		}
		if to == "" {
			continue
		}
		msgs = append(msgs, process.MessageFlow{ID: fmt.Sprintf("MessageFlow_%d", len(msgs)+1), Name: firstNonEmpty(messageOf(d), "message"), Source: a.ID, Target: to})
		out[a.ID] = true
		if firstWord(d.verb) != "return" {
			markSend(m, a.ID)
		}
	}
	return msgs
}

// sentInside reports whether a step's receivers as written (not the
// neighbours filled in) include one that has no pool: a party of ours.
func sentInside(d *draft, poolOf map[string]string) bool {
	inside := false
	for _, c := range d.custs {
		if _, ok := poolOf[c]; !ok {
			inside = true
		}
	}
	return inside
}

// namedReceiver is the pool of the first outside party, of names in
// order, that the step's sentence names ("… to the hospital."), or "".
func namedReceiver(d *draft, names []string, poolOf map[string]string) string {
	src := " " + strings.ToLower(strings.NewReplacer(".", " ", ",", " ", ";", " ", ":", " ").Replace(d.source)) + " " // "… to the hospital."
	for _, n := range names {
		if k := partyKey(n); k != "" && (strings.Contains(src, " "+k+" ") || strings.Contains(src, " "+k+"s ") || strings.Contains(src, " "+k+"'s ")) {
			return poolOf[n]
		}
	}
	return ""
}

// letterReceiver is the only party's pool, only, when the step sends a
// letter-like object and names no one else as its receiver, or "".
func letterReceiver(d *draft, only string, poolOf map[string]string) string {
	ws := strings.Fields(cleanMessage(d.object))
	named := false // "e-mails the customer a confirmation": someone else
	for _, w := range strings.Fields(d.object) {
		if isAgent(titleCase(trimPunct(w))) || isExternal(trimPunct(w)) {
			named = true
		}
	}
	if len(ws) > 0 && messageNouns[strings.ToLower(ws[len(ws)-1])] && !named && !toOther(d, only, poolOf) {
		return only
	}
	return ""
}

// markSend makes the activity id a send task unless it has a type.
func markSend(m *process.Model, id string) {
	for i := range m.Activities {
		if m.Activities[i].ID == id && m.Activities[i].Type == "" {
			m.Activities[i].Type = process.ActivitySend
		}
	}
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
