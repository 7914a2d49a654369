package text

import (
	"fmt"

	"github.com/spade-bpmn/spade/pkg/process"
)

// compile writes the blocks into m as activities, gateways, events and
// flows, with a start event before and an end event after.
func (b *builder) compile(m *process.Model) map[string]*draft {
	b.section("")
	b.boundRetries()
	b.seq = placeNotes(b.seq)
	c := &compiler{m: m, drafts: map[string]*draft{}, ids: map[*item]string{}}
	start := c.event(process.EventStart, firstNonEmpty(b.startName, "Start"))
	if b.startMessage {
		c.m.Events[len(c.m.Events)-1].Trigger = process.TriggerMessage
	}
	last := c.emit(flattenSubs(prune(b.seq)), start, "")
	if last != "" {
		end := c.event(process.EventEnd, firstNonEmpty(b.endName, "End"))
		c.flow(last, end, "")
	}
	for _, l := range c.later {
		id := c.ids[l.to]
		if id == "" {
			// the step jumped to was no step after all: the branch ends
			id = c.event(process.EventEnd, "End")
		}
		c.flow(l.from, id, l.label)
	}
	return c.drafts
}

// prune removes dropped activities and the gateways left with no work.
// Gateway items keep their identity: rework loops point at them.
func prune(items []*item) []*item {
	var out []*item
	for _, it := range items {
		switch {
		case it.act != nil:
			if !it.act.drop {
				out = append(out, it)
			}
		case it.end || it.back != nil:
			out = append(out, it)
		case it.sub != nil:
			it.sub.items = prune(it.sub.items)
			if countActs(it.sub.items) > 0 {
				out = append(out, it)
			}
		case it.gw != nil:
			g := it.gw
			var brs []branch
			live := 0
			for _, br := range g.branches {
				items := prune(br.items)
				if len(items) > 0 {
					live++
				}
				brs = append(brs, branch{label: br.label, items: items})
			}
			g.branches = brs
			switch {
			case live == 0:
			case g.typ == process.GatewayParallel && live == 1:
				for _, br := range g.branches {
					out = append(out, br.items...)
				}
			default:
				out = append(out, it)
			}
		}
	}
	return out
}

type compiler struct {
	m              *process.Model
	na, ng, ne, nf int
	// drafts maps activity ids to the drafts they came from.
	drafts map[string]*draft
	// ids maps emitted items to their node (a gateway block to its split).
	ids map[*item]string
	// parent is the sub-process being emitted ("" at the top level).
	parent string
	// later are the jumps forward to steps not emitted yet.
	later []laterFlow
}

// laterFlow is a jump forward: a flow drawn once its target has a node.
type laterFlow struct {
	from, label string
	to          *item
}

func (c *compiler) event(typ, name string) string {
	c.ne++
	id := fmt.Sprintf("Event_%d", c.ne)
	c.m.Events = append(c.m.Events, process.Event{ID: id, Type: typ, Name: name, Parent: c.parent})
	return id
}

func (c *compiler) flow(from, to, label string) {
	if from == "" {
		return // a step only a jump ahead reaches: laterFlow draws its flow
	}
	c.nf++
	c.m.Flows = append(c.m.Flows, process.Flow{ID: fmt.Sprintf("Flow_%d", c.nf), Source: from, Target: to, Condition: label})
}

// emit draws items from the node from, the first flow with label, and
// returns the node the flow goes on from ("" when the branch ended).
func (c *compiler) emit(items []*item, from, label string) string {
	cur := from
	for _, it := range items {
		if cur == "" && !c.awaited(it) {
			// the branch ended; a step after it is drawn only when a
			// jump ahead lands there (a table row reached by its
			// number alone: "3 | … | 6" after a row that ends)
			continue
		}
		switch {
		case it.end, it.back != nil:
			cur, label = c.emitJump(it, cur, label)
		case it.sub != nil:
			cur, label = c.subProcess(it, cur, label), ""
		case it.act != nil && it.act.event != nil:
			cur, label = c.emitEvent(it.act, cur, label), ""
		case it.act != nil:
			cur, label = c.emitActivity(it, cur, label), ""
		case it.gw != nil:
			cur, label = c.emitGateway(it, cur, label)
		}
	}
	return cur
}

// awaited reports whether a jump ahead drawn so far lands on it.
func (c *compiler) awaited(it *item) bool {
	for _, l := range c.later {
		if l.to == it {
			return true
		}
	}
	return false
}

// emitJump draws an end or a jump back (or ahead) to a step: the branch
// ends there, unless the step jumped to is not one the text has (cur
// and label go on).
func (c *compiler) emitJump(it *item, cur, label string) (string, string) {
	if it.end {
		id := c.event(process.EventEnd, firstNonEmpty(it.endName, "End"))
		c.flow(cur, id, label)
		return "", ""
	}
	if id := c.ids[it.back]; id != "" {
		c.flow(cur, id, label)
		return "", ""
	}
	if it.forward {
		// the step jumped to is emitted later: its flow is drawn
		// once it has a node
		c.later = append(c.later, laterFlow{from: cur, label: label, to: it.back})
		return "", ""
	}
	return cur, label
}

// emitEvent draws an intermediate event after cur and returns it.
func (c *compiler) emitEvent(d *draft, cur, label string) string {
	c.ne++
	id := fmt.Sprintf("Event_%d", c.ne)
	c.m.Events = append(c.m.Events, process.Event{ID: id, Type: process.EventIntermediate, Trigger: d.event.trigger,
		Name: d.name, Timer: d.event.timer, Performer: d.performer, Source: d.source, Parent: c.parent})
	if d.event.deadline {
		c.drafts[id] = d // attachDeadlines makes it a boundary timer
	}
	c.flow(cur, id, label)
	return id
}

// emitActivity draws an item's step after cur and returns it.
func (c *compiler) emitActivity(it *item, cur, label string) string {
	c.na++
	d := it.act
	id := fmt.Sprintf("Activity_%d", c.na)
	c.drafts[id] = d
	c.ids[it] = id
	c.m.Activities = append(c.m.Activities, process.Activity{
		ID: id, Name: d.name, Performer: d.performer,
		SIPOC: process.SIPOC{
			Suppliers: nonNil(d.suppliers), Inputs: nonNil(d.inputs), Outputs: nonNil(d.outputs),
			Customers: nonNil(d.custs), Systems: nonNil(d.systems),
		},
		WorkMinutes: d.work, WaitMinutes: d.wait, Source: d.source, Marker: d.marker, Parent: c.parent,
	})
	c.flow(cur, id, label)
	return id
}

// emitGateway draws an item's decision after cur: nothing when all its
// branches are empty, the one branch's steps, or a split, its branches
// and their join (dropped when fewer than two branches reach it); it
// returns where the flow goes on from and that flow's label.
func (c *compiler) emitGateway(it *item, cur, label string) (string, string) {
	g := it.gw
	nonEmpty := 0
	for _, br := range g.branches {
		if len(br.items) > 0 {
			nonEmpty++
		}
	}
	if nonEmpty == 0 {
		return cur, label
	}
	if len(g.branches) == 1 {
		return c.emit(g.branches[0].items, cur, label), ""
	}
	c.ng++
	split := fmt.Sprintf("Gateway_%d", c.ng)
	c.m.Gateways = append(c.m.Gateways, process.Gateway{ID: split, Type: g.typ, Name: gatewayName(g), Performer: g.performer, Specification: g.spec, Parent: c.parent})
	c.ng++
	join := fmt.Sprintf("Gateway_%d", c.ng)
	joinType := g.typ
	if joinType == process.GatewayEventBased {
		joinType = process.GatewayExclusive // what comes first is one path: an exclusive merge
	}
	c.m.Gateways = append(c.m.Gateways, process.Gateway{ID: join, Type: joinType, Parent: c.parent})
	c.flow(cur, split, label)
	c.ids[it] = split
	if c.emitBranches(g, split, join) < 2 {
		// branches that end or loop back leave at most one path
		// going on: it needs no join
		return c.dropJoin(join)
	}
	return join, ""
}

// emitBranches draws a decision's branches from split to join and
// returns how many reach the join.
func (c *compiler) emitBranches(g *gwBlock, split, join string) int {
	emptyDone := false
	joined := 0
	// a branch that turns the case down ends, unless every branch
	// does or the text sends it back: a rejection never rejoins
	// the work done for accepted cases
	goesOn := false
	for _, br := range g.branches {
		if !refuses(br.items) {
			goesOn = true
		}
	}
	for _, br := range g.branches {
		if len(br.items) == 0 {
			if emptyDone {
				continue // one skip path is enough
			}
			emptyDone = true
			c.flow(split, join, br.label)
			joined++
			continue
		}
		last := c.emit(br.items, split, br.label)
		if last != "" && g.typ != process.GatewayParallel && goesOn && refuses(br.items) {
			c.flow(last, c.event(process.EventEnd, "End"), "")
			continue
		}
		if last != "" {
			c.flow(last, join, "")
			joined++
		}
	}
	return joined
}

// subProcess emits a section as an expanded sub-process with its own
// start and end, in the lane of most of its steps.
func (c *compiler) subProcess(it *item, from, label string) string {
	c.na++
	id := fmt.Sprintf("Activity_%d", c.na)
	c.ids[it] = id
	c.m.Activities = append(c.m.Activities, process.Activity{
		ID: id, Name: capitalise(it.sub.name), Type: process.ActivitySubProcess,
		Performer: mainPerformer(it.sub.items), Parent: c.parent,
		SIPOC: process.SIPOC{Suppliers: []string{}, Inputs: []string{}, Outputs: []string{}, Customers: []string{}, Systems: []string{}},
	})
	c.flow(from, id, label)
	outer := c.parent
	c.parent = id
	start := c.event(process.EventStart, "Start")
	if last := c.emit(it.sub.items, start, ""); last != "" {
		c.flow(last, c.event(process.EventEnd, "End"), "")
	}
	c.parent = outer
	return id
}

// mainPerformer is the performer of most steps of a section.
func mainPerformer(items []*item) string {
	count := map[string]int{}
	best, first := "", ""
	var walk func([]*item)
	walk = func(items []*item) {
		for _, it := range items {
			switch {
			case it.act != nil && it.act.event == nil:
				p := it.act.performer
				if first == "" {
					first = p
				}
				count[p]++
				if count[p] > count[best] {
					best = p
				}
			case it.gw != nil:
				for _, br := range it.gw.branches {
					walk(br.items)
				}
			}
		}
	}
	walk(items)
	return firstNonEmpty(best, first)
}

// dropJoin removes a join gateway with fewer than two incoming flows and
// returns where the flow goes on from ("" when nothing reaches it).
func (c *compiler) dropJoin(join string) (string, string) {
	from, label := "", ""
	var flows []process.Flow
	for _, f := range c.m.Flows {
		if f.Target == join {
			from, label = f.Source, f.Condition
			continue
		}
		flows = append(flows, f)
	}
	c.m.Flows = flows
	var gws []process.Gateway
	for _, g := range c.m.Gateways {
		if g.ID != join {
			gws = append(gws, g)
		}
	}
	c.m.Gateways = gws
	return from, label
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
