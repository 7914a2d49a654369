package rules

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// noMessageDeadlockRule is no-message-deadlock: a pool must not wait for a
// message that may never come. A waiting node is a receive task or an
// intermediate catch event that message flows from another pool's nodes
// lead into and that does not follow an event-based gateway, or an
// event-based gateway all of whose events are such messages (no timer or
// other way out of the race). It is reported when
//   - it lies on every path of its own process (the pool always waits
//     there), and a run of each sending process from a start to an end can
//     avoid all of its senders: the message is sent on some branches only
//     (or never), so on the others the pool waits for ever. This is the
//     customer pool waiting for three messages in a row when one branch
//     sends one. A run only counts when it also sends the messages the
//     waiting pool received before (its message start and the waiting
//     nodes on every path to this one), so a pool that another pool starts
//     on one branch is not blamed for that branch's messages; or
//   - its senders can only send after the sending pool has itself received
//     a message that, around the circle, can only be sent after this one
//     arrived: both pools wait for each other (messages awaited in an order
//     the senders cannot produce).
//
// A message flow from a whole pool (a black box) can come at any time and
// is not checked, nor is a node without message flows: in a file without
// the sender the message comes from outside the model.
func noMessageDeadlockRule() lint.Rule {
	return newRule("no-message-deadlock", func(d *parse.Definitions) []lint.Finding {
		c := newCollab(d)
		if c == nil {
			return nil
		}
		var out []lint.Finding
		reported := map[*parse.Element]bool{}
		for _, w := range c.waits {
			if why := c.mayNeverCome(w); why != "" {
				reported[w.elem] = true
				out = append(out, at(w.elem, why))
			}
		}
		for _, pair := range c.circularWaits() {
			if w := pair[0]; !reported[w.elem] {
				reported[w.elem] = true
				out = append(out, at(w.elem, circleMessage(w, pair[1])))
			}
		}
		return out
	})
}

// collab is what the rule knows about the pools of a file.
type collab struct {
	graphs  map[*parse.Element]*flowGraph // process → graph
	senders map[*parse.Element][]*parse.Element
	waits   []*waitNode
	// triggers lists, per process, the senders of the messages that start
	// it (message flows into its start events).
	triggers map[*parse.Element][]*parse.Element
}

// waitNode is a node that waits for a message.
type waitNode struct {
	elem    *parse.Element
	g       *flowGraph
	v       int
	senders []*parse.Element // flow nodes in other processes
	// mandatory: every path of its process passes it.
	mandatory bool
	// fromStart is what the process's starts reach; avoiding what they
	// reach without passing this node: what is not in it but in fromStart,
	// every path passes this node to get to.
	fromStart, avoiding []bool
}

// dominates reports whether every path of the wait's process to vertex u
// passes the wait.
func (w *waitNode) dominates(u int) bool {
	return u != w.v && w.fromStart[u] && !w.avoiding[u]
}

func newCollab(d *parse.Definitions) *collab {
	c := &collab{graphs: map[*parse.Element]*flowGraph{}, senders: map[*parse.Element][]*parse.Element{},
		triggers: map[*parse.Element][]*parse.Element{}}
	var flows []*parse.Element
	eachElement(d, func(e *parse.Element) {
		if e.Kind == "messageFlow" && e.Source != nil && e.Target != nil {
			flows = append(flows, e)
		}
	})
	if len(flows) == 0 {
		return nil
	}
	for _, g := range processGraphs(d) {
		c.graphs[g.proc] = g
	}
	blackBox := c.collectSenders(flows)
	gateways := c.nodeWaits(receivers(flows, c.senders), blackBox)
	c.gatewayWaits(gateways, blackBox)
	return c
}

// collectSenders notes, for every node a message flow reaches from a node
// of another process, the nodes that send to it; it returns the nodes a
// message reaches from a pool or anything but a node (a black box).
func (c *collab) collectSenders(flows []*parse.Element) (blackBox map[*parse.Element]bool) {
	blackBox = map[*parse.Element]bool{}
	for _, f := range flows {
		if !parse.IsFlowNode(f.Target.Kind) {
			continue
		}
		if !parse.IsFlowNode(f.Source.Kind) {
			// From a pool or anything but a node: the message may come at
			// any time, so the target is not checked.
			blackBox[f.Target] = true
			continue
		}
		if f.Source.Process() == nil || f.Source.Process() == f.Target.Process() {
			continue
		}
		c.senders[f.Target] = append(c.senders[f.Target], f.Source)
	}
	return blackBox
}

// receivers lists the receiving nodes in the order of their message
// flows, so that the findings come in document order.
func receivers(flows []*parse.Element, senders map[*parse.Element][]*parse.Element) []*parse.Element {
	var targets []*parse.Element
	listed := map[*parse.Element]bool{}
	for _, f := range flows {
		if t := f.Target; len(senders[t]) > 0 && !listed[t] {
			listed[t] = true
			targets = append(targets, t)
		}
	}
	return targets
}

// nodeWaits records what each receiving node waits for: a process' start
// event is triggered by its senders, a receive task or catch event waits
// for them. It returns the event-based gateways before catching nodes,
// which wait for their events together.
func (c *collab) nodeWaits(targets []*parse.Element, blackBox map[*parse.Element]bool) []*parse.Element {
	seenGateway := map[*parse.Element]bool{}
	var gateways []*parse.Element
	for _, t := range targets {
		p := t.Process()
		g := c.graphs[p]
		if g == nil || blackBox[t] {
			continue
		}
		if t.Kind == "startEvent" && t.Parent == p {
			c.triggers[p] = append(c.triggers[p], c.senders[t]...)
			continue
		}
		if t.Kind != "receiveTask" && t.Kind != "intermediateCatchEvent" {
			continue
		}
		if gw := eventGatewayBefore(t); gw != nil {
			if !seenGateway[gw] {
				seenGateway[gw] = true
				gateways = append(gateways, gw)
			}
			continue
		}
		c.addWait(t, g, c.senders[t])
	}
	return gateways
}

// gatewayWaits records the event-based gateways' waits. Such a gateway
// waits for whichever of its events comes first: it waits for ever when
// none of its messages is sent, unless one of its events can happen
// anyway (a timer, a signal, a message from a black box or from outside
// the file).
func (c *collab) gatewayWaits(gateways []*parse.Element, blackBox map[*parse.Element]bool) {
	for _, gw := range gateways {
		var senders []*parse.Element
		open := false
		for _, f := range gw.Outgoing {
			x := f.Target
			if x == nil || blackBox[x] || len(c.senders[x]) == 0 ||
				(x.Kind != "receiveTask" && x.Kind != "intermediateCatchEvent") {
				open = true
				break
			}
			senders = append(senders, c.senders[x]...)
		}
		if !open {
			c.addWait(gw, c.graphs[gw.Process()], senders)
		}
	}
}

// addWait records a node of g that waits for a message from senders,
// unless no start reaches it (no-unreachable-node reports that).
func (c *collab) addWait(e *parse.Element, g *flowGraph, senders []*parse.Element) {
	if g == nil {
		return
	}
	v, ok := g.entry[e]
	if !ok {
		return
	}
	roots := g.roots()
	w := &waitNode{elem: e, g: g, v: v, senders: senders,
		fromStart: g.reach(roots, nil, false), avoiding: g.reach(roots, g.only(v), false)}
	if !w.fromStart[v] {
		return
	}
	w.mandatory = !anyOf(w.avoiding, g.terminals())
	c.waits = append(c.waits, w)
}

// eventGatewayBefore returns the event-based gateway a node directly
// follows (it is one of several things waited for), or nil.
func eventGatewayBefore(e *parse.Element) *parse.Element {
	for _, f := range e.Incoming {
		if f.Source != nil && f.Source.Kind == "eventBasedGateway" {
			return f.Source
		}
	}
	return nil
}

// mayNeverCome explains why a mandatory wait may wait for ever ("" when it
// cannot).
func (c *collab) mayNeverCome(w *waitNode) string {
	if !w.mandatory {
		return ""
	}
	required := c.requiredBefore(w)
	byProc := map[*parse.Element][]*parse.Element{}
	var procs []*parse.Element
	for _, s := range w.senders {
		p := s.Process()
		if byProc[p] == nil {
			procs = append(procs, p)
		}
		byProc[p] = append(byProc[p], s)
	}
	never := true
	for _, p := range procs {
		mayNotSend, reachable := c.mayNotSend(p, byProc[p], required[p])
		if !mayNotSend {
			return ""
		}
		if reachable {
			never = false
		}
	}
	return deadlockText(w, never)
}

// requiredBefore lists the messages received on every path before wait w,
// by sending process: a run of that process must send them too. Each
// entry is a set of senders, any one of which will do.
func (c *collab) requiredBefore(w *waitNode) map[*parse.Element][][]*parse.Element {
	required := map[*parse.Element][][]*parse.Element{}
	for _, s := range c.triggers[w.g.proc] {
		required[s.Process()] = append(required[s.Process()], []*parse.Element{s})
	}
	for _, o := range c.waits {
		if o != w && o.g == w.g && o.dominates(w.v) {
			byProc := map[*parse.Element][]*parse.Element{}
			for _, s := range o.senders {
				byProc[s.Process()] = append(byProc[s.Process()], s)
			}
			for p, ss := range byProc {
				required[p] = append(required[p], ss)
			}
		}
	}
	return required
}

// mayNotSend tells whether a run of process p that sends none of senders
// can reach its end while sending what the required sets ask for, and
// whether any of senders can be reached at all.
func (c *collab) mayNotSend(p *parse.Element, senders []*parse.Element, required [][]*parse.Element) (mayNotSend, reachable bool) {
	g := c.graphs[p]
	if g == nil {
		return false, false
	}
	blocked := make([]bool, len(g.elems))
	for _, s := range senders {
		if v, ok := g.entry[s]; ok {
			blocked[v] = true
		}
	}
	fromStart := g.reach(g.roots(), nil, false)
	for _, s := range senders {
		if v, ok := g.entry[s]; ok && fromStart[v] {
			reachable = true
		}
	}
	avoid := g.reach(g.roots(), blocked, false)
	toEnd := g.reach(g.terminals(), blocked, true)
	if !anyOf(avoid, g.terminals()) {
		return false, reachable // every run of this pool sends it
	}
	for _, set := range required {
		ok := false
		for _, s := range set {
			if v, in := g.entry[s]; in && avoid[v] && toEnd[v] {
				ok = true
			}
		}
		if !ok {
			return false, reachable // the runs that avoid it are not the ones that got here
		}
	}
	return true, reachable
}

// deadlockText is the finding for a wait that may wait for ever: for a
// message never sent, or sent on some branches only.
func deadlockText(w *waitNode, never bool) string {
	pool := poolName(w.g.proc)
	if never {
		return quoted(w.elem) + " in " + pool + " waits for a message that is never sent: " + names(w.senders) +
			" cannot be reached, so " + pool + " waits for ever. Connect the sender into its flow, or remove the wait"
	}
	fix := "Wait with an event-based gateway for each message that can come (or a timer), or send a message on every branch"
	if w.elem.Kind == "eventBasedGateway" {
		fix = "Add a timer to the race for the branches that send nothing, or send one of its messages on every branch"
	}
	return quoted(w.elem) + " in " + pool + " waits on every path for a message that " + names(w.senders) +
		" sends on some branches only: on the others " + pool + " waits for ever. " + fix
}

// circularWaits returns the waiting nodes on a circle of waits (each
// one's senders can only send after the next one received its message),
// each with its next one on the circle.
func (c *collab) circularWaits() [][2]*waitNode {
	next := map[*waitNode][]*waitNode{}
	for _, w := range c.waits {
		for _, o := range c.waits {
			if o.g == w.g || len(w.senders) == 0 {
				continue
			}
			all := true
			for _, s := range w.senders {
				v, ok := o.g.entry[s]
				if !ok || !o.dominates(v) {
					all = false
					break
				}
			}
			if all {
				next[w] = append(next[w], o)
			}
		}
	}
	var out [][2]*waitNode
	for _, w := range c.waits {
		for _, o := range next[w] {
			if o == w || reaches(o, w, next) {
				out = append(out, [2]*waitNode{w, o})
				break
			}
		}
	}
	return out
}

// reaches reports whether the circle relation leads from one wait to
// another.
func reaches(from, to *waitNode, next map[*waitNode][]*waitNode) bool {
	seen := map[*waitNode]bool{}
	stack := []*waitNode{from}
	for len(stack) > 0 {
		w := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if w == to {
			return true
		}
		if seen[w] {
			continue
		}
		seen[w] = true
		stack = append(stack, next[w]...)
	}
	return false
}

func circleMessage(w, o *waitNode) string {
	return quoted(w.elem) + " in " + poolName(w.g.proc) + " waits for " + names(w.senders) + " of " + poolName(o.g.proc) +
		", which is only sent after " + quoted(o.elem) + "; that waits for a message sent only after " + quoted(w.elem) +
		" (directly or through other pools): the pools wait for each other for ever. Let one side send first"
}

func poolName(proc *parse.Element) string {
	if proc.Participant != nil && proc.Participant.Label() != "" {
		return "pool " + quoted(proc.Participant)
	}
	if proc.Label() != "" {
		return "process " + quoted(proc)
	}
	return "process " + proc.ID
}

func names(es []*parse.Element) string {
	parts := make([]string, 0, len(es))
	seen := map[string]bool{}
	for _, e := range es {
		q := quoted(e)
		if !seen[q] {
			seen[q] = true
			parts = append(parts, q)
		}
	}
	if len(parts) > 1 {
		return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
	}
	return strings.Join(parts, "")
}
