package bpmn

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// Element kinds, named as the BPMN XML elements they become.
const (
	kindTask          = "task"
	kindUserTask      = "userTask"
	kindServiceTask   = "serviceTask"
	kindStart         = "startEvent"
	kindEnd           = "endEvent"
	kindCatch         = "intermediateCatchEvent"
	kindThrow         = "intermediateThrowEvent"
	kindExclusive     = "exclusiveGateway"
	kindParallel      = "parallelGateway"
	kindInclusive     = "inclusiveGateway"
	kindEventBased    = "eventBasedGateway"
	defaultTargetNS   = "http://spade-bpmn.org/schema/bpmn"
	annotationPrefix  = "TextAnnotation_"
	associationPrefix = "Association_"
)

// node is one flow node of the diagram being built.
type node struct {
	id      string
	kind    string
	name    string
	lane    int // -1 until known
	trigger string
	doc     string
	// note is the WT/wt annotation text ("" for none).
	note     string
	defFlow  int // index of the default flow, -1 for none
	in, out  []int
	modelRef string
}

// flow is one sequence flow.
type flow struct {
	id       string
	from, to int
	name     string
	// cond marks a flow that gets a conditionExpression (its name).
	cond    bool
	deleted bool
}

// graph is the process being built: nodes, flows and lanes, repaired until
// bpmnlint's recommended rules hold.
type graph struct {
	nodes []*node
	flows []*flow
	lanes []string
	// laneDocs holds the participants' descriptions, by lane.
	laneDocs map[int]string
	ids      map[string]bool
}

func (n *node) isGateway() bool {
	switch n.kind {
	case kindExclusive, kindParallel, kindInclusive, kindEventBased:
		return true
	}
	return false
}

func (n *node) isEvent() bool {
	switch n.kind {
	case kindStart, kindEnd, kindCatch, kindThrow:
		return true
	}
	return false
}

var ncInvalid = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// newID returns a unique XML id (an NCName) made of prefix and a sanitised
// form of raw; ids stay deterministic because they only depend on the
// model.
func (g *graph) newID(prefix, raw string) string {
	s := strings.Trim(ncInvalid.ReplaceAllString(raw, "_"), "_")
	if len(s) > 60 {
		s = s[:60]
	}
	if s == "" {
		s = "1"
	}
	id := prefix + s
	for k := 2; g.ids[id]; k++ {
		id = fmt.Sprintf("%s%s_%d", prefix, s, k)
	}
	g.ids[id] = true
	return id
}

func (g *graph) addNode(n *node) int {
	n.defFlow = -1
	g.nodes = append(g.nodes, n)
	return len(g.nodes) - 1
}

func (g *graph) addFlow(from, to int, name string) int {
	f := &flow{id: g.newID("Flow_", fmt.Sprintf("%d", len(g.flows)+1)), from: from, to: to, name: name}
	g.flows = append(g.flows, f)
	i := len(g.flows) - 1
	g.nodes[from].out = append(g.nodes[from].out, i)
	g.nodes[to].in = append(g.nodes[to].in, i)
	return i
}

// removeRef drops flow i from a node's list.
func removeRef(list []int, i int) []int {
	out := list[:0]
	for _, v := range list {
		if v != i {
			out = append(out, v)
		}
	}
	return out
}

func (g *graph) deleteFlow(i int) {
	f := g.flows[i]
	f.deleted = true
	g.nodes[f.from].out = removeRef(g.nodes[f.from].out, i)
	g.nodes[f.to].in = removeRef(g.nodes[f.to].in, i)
}

// retarget moves the end of flow i to node to.
func (g *graph) retarget(i, to int) {
	f := g.flows[i]
	g.nodes[f.to].in = removeRef(g.nodes[f.to].in, i)
	f.to = to
	g.nodes[to].in = append(g.nodes[to].in, i)
}

// resource moves the start of flow i to node from.
func (g *graph) resource(i, from int) {
	f := g.flows[i]
	g.nodes[f.from].out = removeRef(g.nodes[f.from].out, i)
	f.from = from
	g.nodes[from].out = append(g.nodes[from].out, i)
}

// lookupLane finds the lane of a performer, adding a lane for a performer
// that is not among the participants.
func (g *graph) lookupLane(performer string) int {
	p := strings.TrimSpace(performer)
	if p == "" {
		return -1
	}
	for i, l := range g.lanes {
		if strings.EqualFold(l, p) {
			return i
		}
	}
	g.lanes = append(g.lanes, p)
	return len(g.lanes) - 1
}

// oneLine turns a free text into a single-line label.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// newGraph converts the model into nodes and flows, dropping flows that
// reference unknown nodes and merging duplicate flows.
func newGraph(m *process.Model) *graph {
	g := &graph{ids: map[string]bool{}, laneDocs: map[int]string{}}
	for _, p := range m.Participants {
		if name := oneLine(p.Name); name != "" {
			l := g.lookupLane(name)
			if d := strings.TrimSpace(p.Description); d != "" && g.laneDocs[l] == "" {
				g.laneDocs[l] = d
			}
		}
	}
	byModelID := map[string]int{}
	register := func(modelID string, n *node) {
		n.modelRef = modelID
		i := g.addNode(n)
		if _, dup := byModelID[modelID]; !dup && modelID != "" {
			byModelID[modelID] = i
		}
	}
	systems := map[string]bool{}
	for _, a := range m.Activities {
		for _, s := range a.SIPOC.Systems {
			systems[strings.ToLower(strings.TrimSpace(s))] = true
		}
	}
	addEvents := func(typ string) {
		for _, e := range m.Events {
			if e.Type != typ {
				continue
			}
			n := &node{id: g.newID("Event_", e.ID), name: oneLine(e.Name), lane: g.lookupLane(e.Performer), trigger: e.Trigger}
			switch typ {
			case process.EventStart:
				n.kind = kindStart
			case process.EventEnd:
				n.kind = kindEnd
			default:
				n.kind = kindThrow
				switch e.Trigger {
				case process.TriggerTimer, process.TriggerMessage, process.TriggerSignal:
					n.kind = kindCatch
				}
			}
			register(e.ID, n)
		}
	}
	addEvents(process.EventStart)
	for _, a := range m.Activities {
		n := &node{id: g.newID("Activity_", a.ID), kind: kindTask, name: oneLine(a.Name), lane: g.lookupLane(a.Performer), doc: strings.TrimSpace(a.Source)}
		switch {
		case systems[strings.ToLower(strings.TrimSpace(a.Performer))]:
			n.kind = kindServiceTask
		case len(a.SIPOC.Systems) > 0:
			n.kind = kindUserTask
		}
		n.note = timeNote(a.WorkMinutes, a.WaitMinutes)
		register(a.ID, n)
	}
	for _, gw := range m.Gateways {
		n := &node{id: g.newID("Gateway_", gw.ID), name: oneLine(gw.Name), lane: g.lookupLane(gw.Performer), doc: strings.TrimSpace(gw.Specification)}
		switch gw.Type {
		case process.GatewayParallel:
			n.kind = kindParallel
		case process.GatewayInclusive:
			n.kind = kindInclusive
		case process.GatewayEventBased:
			n.kind = kindEventBased
		default:
			n.kind = kindExclusive
		}
		register(gw.ID, n)
	}
	addEvents(process.EventIntermediate)
	addEvents(process.EventEnd)
	// events of an unknown type become intermediate events
	for _, e := range m.Events {
		switch e.Type {
		case process.EventStart, process.EventEnd, process.EventIntermediate:
			continue
		}
		n := &node{id: g.newID("Event_", e.ID), kind: kindThrow, name: oneLine(e.Name), lane: g.lookupLane(e.Performer)}
		register(e.ID, n)
	}
	seen := map[[2]int]int{}
	for _, f := range m.Flows {
		from, ok1 := byModelID[f.Source]
		to, ok2 := byModelID[f.Target]
		if !ok1 || !ok2 {
			continue
		}
		label := oneLine(f.Condition)
		if k, dup := seen[[2]int{from, to}]; dup {
			if label != "" && !strings.Contains(g.flows[k].name, label) {
				g.flows[k].name = strings.TrimPrefix(g.flows[k].name+" / "+label, " / ")
			}
			continue
		}
		i := g.addFlow(from, to, label)
		if f.ID != "" {
			delete(g.ids, g.flows[i].id)
			g.flows[i].id = g.newID("Flow_", f.ID)
		}
		seen[[2]int{from, to}] = i
	}
	return g
}

// timeNote renders the WT/wt annotation of an activity.
func timeNote(work, wait float64) string {
	var parts []string
	if work > 0 {
		parts = append(parts, "WT "+process.FormatDuration(work))
	}
	if wait > 0 {
		parts = append(parts, "wt "+process.FormatDuration(wait))
	}
	return strings.Join(parts, " / ")
}
