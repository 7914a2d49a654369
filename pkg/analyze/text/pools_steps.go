package text

import (
	"fmt"
	"slices"

	"github.com/spade-bpmn/spade/pkg/process"
)

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
		} else if d := c.drafts[id]; d != nil && (moving[firstWord(d.verb)] || addressing[firstWord(d.verb)] || replyVerbs[firstWord(d.verb)]) && c.g.kind(next) == process.EventEnd && len(ins) > 0 {
			c.waitAtEnd(id, obj, prev, next, ins)
		}
		a.Pool = c.poolOf[party]
		a.Parent = "" // the party's steps form one chain in its pool
		c.chains[party] = append(c.chains[party], id)
	}
}

// replyVerbs answer the organisation: a party's last step with one
// ("the sponsor acknowledges receipt") is a message back to it.
var replyVerbs = set(`acknowledge confirm answer`)

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
