package builtin

import (
	"fmt"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// draft is an activity before ids are assigned.
type draft struct {
	name, performer  string
	inputs, outputs  []string
	suppliers, custs []string
	systems          []string
	work, wait       float64
	source           string
	section          int
	drop             bool // thinned out of a too-long flow
	// verb and object are the clause the activity was named from.
	verb, object string
	// event is set for a wait or message event in the flow.
	event *eventInfo
}

// item is a step of the flow: an activity or a gateway block.
type item struct {
	act *draft
	gw  *gwBlock
}

// gwBlock is a split with its branches; compile adds the matching join.
type gwBlock struct {
	typ, name, performer, spec string
	branches                   []branch
	whether                    bool
}

type branch struct {
	label string
	items []*item
}

// builder turns the stream of sentence-level events (plain actions,
// "if", "otherwise", "whether", "meanwhile") into nested blocks.
type builder struct {
	seq  []*item
	open *gwBlock // the decision still taking branches
	// lastN is how many items of seq the last sentence added: "meanwhile"
	// runs beside all of them.
	lastN int
	// startName and endName name the events; "Start"/"End" when empty.
	startName, endName string
}

func acts(ds []*draft) []*item {
	out := make([]*item, len(ds))
	for i, d := range ds {
		out[i] = &item{act: d}
	}
	return out
}

// closeOpen ends the open decision; a decision that only said what
// happens "if" gets a "No" branch that skips ahead.
func (b *builder) closeOpen() {
	o := b.open
	if o == nil {
		return
	}
	b.open = nil
	hasNo := false
	for _, br := range o.branches {
		if br.label == "No" || br.label == "Otherwise" {
			hasNo = true
		}
	}
	if !hasNo {
		o.branches = append(o.branches, branch{label: "No"})
	}
}

func (b *builder) add(ds []*draft) {
	if len(ds) == 0 {
		return
	}
	if o := b.open; o != nil && o.whether && len(o.branches) == 0 {
		o.branches = append(o.branches, branch{label: "Yes", items: acts(ds)})
		b.closeOpen()
		return
	}
	b.closeOpen()
	b.seq = append(b.seq, acts(ds)...)
	b.lastN = len(ds)
}

func (b *builder) addIf(cond, performer string, ds []*draft) {
	if o := b.open; o != nil && o.whether {
		label := shortCondition(cond)
		o.branches = append(o.branches, branch{label: label, items: acts(ds)})
		return
	}
	b.closeOpen()
	g := &gwBlock{typ: process.GatewayExclusive, name: question(cond), performer: performer,
		spec: "If " + strings.TrimSpace(cond) + "."}
	g.branches = []branch{{label: "Yes", items: acts(ds)}}
	b.seq = append(b.seq, &item{gw: g})
	b.open = g
	b.lastN = 1
}

func (b *builder) addOtherwise(ds []*draft) {
	o := b.open
	if o == nil {
		// an "otherwise" after a plain step: the step was conditional in
		// spirit, but with nothing to hang the decision on keep the order.
		b.add(ds)
		return
	}
	label := "No"
	if len(o.branches) > 1 || (len(o.branches) == 1 && o.branches[0].label != "Yes") {
		label = "Otherwise"
	}
	o.branches = append(o.branches, branch{label: label, items: acts(ds)})
	b.closeOpen()
}

func (b *builder) addWhether(cond, performer string) {
	b.closeOpen()
	g := &gwBlock{typ: process.GatewayExclusive, name: question(cond), performer: performer, whether: true,
		spec: "Decides whether " + strings.TrimSpace(cond) + "."}
	b.seq = append(b.seq, &item{gw: g})
	b.open = g
}

// addParallel runs ds at the same time as the step before it.
func (b *builder) addParallel(ds []*draft) {
	if len(ds) == 0 {
		return
	}
	b.closeOpen()
	if len(b.seq) == 0 {
		b.seq = append(b.seq, acts(ds)...)
		return
	}
	last := b.seq[len(b.seq)-1]
	if last.gw != nil && last.gw.typ == process.GatewayParallel && b.lastN == 1 {
		last.gw.branches = append(last.gw.branches, branch{items: acts(ds)})
		return
	}
	n := b.lastN
	if n < 1 || n > len(b.seq) {
		n = 1
	}
	first := append([]*item(nil), b.seq[len(b.seq)-n:]...)
	g := &gwBlock{typ: process.GatewayParallel, spec: "The branches run at the same time; the process continues when all are done."}
	g.branches = []branch{{items: first}, {items: acts(ds)}}
	b.seq = append(b.seq[:len(b.seq)-n], &item{gw: g})
	b.lastN = 1
}

// compile writes the blocks into m as activities, gateways, events and
// flows, with a start event before and an end event after.
func (b *builder) compile(m *process.Model) map[string]*draft {
	b.closeOpen()
	c := &compiler{m: m, drafts: map[string]*draft{}}
	start := c.event(process.EventStart, firstNonEmpty(b.startName, "Start"))
	last := c.emit(prune(b.seq), start, "")
	end := c.event(process.EventEnd, firstNonEmpty(b.endName, "End"))
	c.flow(last, end, "")
	return c.drafts
}

// prune removes dropped activities and the gateways left with no work.
func prune(items []*item) []*item {
	var out []*item
	for _, it := range items {
		switch {
		case it.act != nil:
			if !it.act.drop {
				out = append(out, it)
			}
		case it.gw != nil:
			g := *it.gw
			g.branches = nil
			live := 0
			for _, br := range it.gw.branches {
				items := prune(br.items)
				if len(items) > 0 {
					live++
				}
				g.branches = append(g.branches, branch{label: br.label, items: items})
			}
			switch {
			case live == 0:
			case g.typ == process.GatewayParallel && live == 1:
				for _, br := range g.branches {
					out = append(out, br.items...)
				}
			default:
				out = append(out, &item{gw: &g})
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
}

func (c *compiler) event(typ, name string) string {
	c.ne++
	id := fmt.Sprintf("Event_%d", c.ne)
	c.m.Events = append(c.m.Events, process.Event{ID: id, Type: typ, Name: name})
	return id
}

func (c *compiler) flow(from, to, label string) {
	c.nf++
	c.m.Flows = append(c.m.Flows, process.Flow{ID: fmt.Sprintf("Flow_%d", c.nf), Source: from, Target: to, Condition: label})
}

func (c *compiler) emit(items []*item, from, label string) string {
	cur := from
	for _, it := range items {
		switch {
		case it.act != nil && it.act.event != nil:
			c.ne++
			id := fmt.Sprintf("Event_%d", c.ne)
			d := it.act
			c.m.Events = append(c.m.Events, process.Event{ID: id, Type: process.EventIntermediate, Trigger: d.event.trigger,
				Name: d.name, Timer: d.event.timer, Performer: d.performer, Source: d.source})
			c.flow(cur, id, label)
			cur, label = id, ""
		case it.act != nil:
			c.na++
			d := it.act
			id := fmt.Sprintf("Activity_%d", c.na)
			c.drafts[id] = d
			c.m.Activities = append(c.m.Activities, process.Activity{
				ID: id, Name: d.name, Performer: d.performer,
				SIPOC: process.SIPOC{
					Suppliers: nonNil(d.suppliers), Inputs: nonNil(d.inputs), Outputs: nonNil(d.outputs),
					Customers: nonNil(d.custs), Systems: nonNil(d.systems),
				},
				WorkMinutes: d.work, WaitMinutes: d.wait, Source: d.source,
			})
			c.flow(cur, id, label)
			cur, label = id, ""
		case it.gw != nil:
			g := it.gw
			nonEmpty := 0
			for _, br := range g.branches {
				if len(br.items) > 0 {
					nonEmpty++
				}
			}
			if nonEmpty == 0 {
				continue
			}
			if len(g.branches) == 1 {
				cur = c.emit(g.branches[0].items, cur, label)
				label = ""
				continue
			}
			c.ng++
			split := fmt.Sprintf("Gateway_%d", c.ng)
			c.m.Gateways = append(c.m.Gateways, process.Gateway{ID: split, Type: g.typ, Name: g.name, Performer: g.performer, Specification: g.spec})
			c.ng++
			join := fmt.Sprintf("Gateway_%d", c.ng)
			c.m.Gateways = append(c.m.Gateways, process.Gateway{ID: join, Type: g.typ})
			c.flow(cur, split, label)
			emptyDone := false
			for _, br := range g.branches {
				if len(br.items) == 0 {
					if emptyDone {
						continue // one skip path is enough
					}
					emptyDone = true
					c.flow(split, join, br.label)
					continue
				}
				last := c.emit(br.items, split, br.label)
				c.flow(last, join, "")
			}
			cur, label = join, ""
		}
	}
	return cur
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// question turns a condition into a gateway name: "the invoice is
// correct" → "Invoice correct?".
func question(cond string) string {
	ws := strings.Fields(trimPunct(cond))
	if len(ws) > 1 && strings.EqualFold(ws[0], "to") {
		ws = ws[1:] // "whether to make an offer"
	}
	ws = stripDeterminers(ws)
	if len(ws) > 2 && personal[norm(ws[0])] && (auxBe[norm(ws[1])] || modals[norm(ws[1])] || norm(ws[1]) == "have" || norm(ws[1]) == "do") {
		ws = ws[2:] // "you are using RTK" → "Using RTK?"
	}
	var out []string
	for i, w := range ws {
		n := norm(w)
		if i > 0 && i < 4 && (n == "is" || n == "are") && i+1 < len(ws) {
			continue
		}
		out = append(out, strings.Trim(w, ",;:"))
	}
	out = limitWords(out, 8)
	if len(out) == 0 {
		return "Condition met?"
	}
	return capitalise(strings.Join(out, " ")) + "?"
}

// shortCondition is a branch label made from a condition.
func shortCondition(cond string) string {
	q := strings.TrimSuffix(question(cond), "?")
	ws := strings.Fields(q)
	if len(ws) > 5 {
		ws = ws[:5]
	}
	return strings.Join(ws, " ")
}
