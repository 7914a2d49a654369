package bpmn

import (
	"context"
	"fmt"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/process"
)

const (
	defaultTargetNS   = "http://spade-bpmn.org/schema/bpmn"
	annotationPrefix  = "TextAnnotation_"
	associationPrefix = "Association_"
)

// node is one flow node of the diagram being built.
type node struct {
	id      string
	kind    string
	name    string
	lane    int // leaf lane index, -1 until known (and for pools without lanes)
	pool    int // index into graph.pools
	parent  int // index of the containing sub-process node, -1 at the top
	trigger string
	// timer is a timer event's duration, date or cycle text; timerKind
	// the element its file gave it ("duration", "date", "cycle"; "" to
	// choose from the text).
	timer     string
	timerKind string
	// triggers are a multiple event's own triggers (empty: message and
	// signal).
	triggers []string
	// host is the activity a boundary event sits on (-1 for others).
	host int
	// nonInterrupting marks a boundary event that lets its host go on.
	nonInterrupting bool
	marker          string
	// collapsed draws a sub-process as a task-sized shape.
	collapsed bool
	// triggered marks an event sub-process.
	triggered bool
	// compensation marks a compensation handler (isForCompensation): no
	// sequence flow enters or leaves it.
	compensation bool
	// handler is the compensation activity a compensation boundary event
	// starts (-1: none), drawn as an association; handlerRef its model id.
	handler    int
	handlerRef string
	// handlerID is the id of that association.
	handlerID string
	called    string
	doc       string
	// refs are the root elements an event's definitions refer to, by
	// trigger: the index into graph.rootEls.
	refs map[string]int
	// eventRefs are the model's references, resolved by rootRefs.
	eventRefs []process.EventRef
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
	// cond marks a flow that gets a conditionExpression: expr when
	// hasExpr (a file's own expression), else its name.
	cond    bool
	expr    string
	hasExpr bool
	// isDefault marks the model's default branch.
	isDefault bool
	deleted   bool
	// doc is the flow's documentation.
	doc string
}

// rootRef is a message, signal, error or escalation written at the top of
// the definitions for the event definitions that refer to it.
type rootRef struct {
	trigger, id, name, code string
}

// endpoint is one end of a message flow: a node, or a pool (node -1).
type endpoint struct {
	node, pool int
}

// msgFlow is a message flow between two pools.
type msgFlow struct {
	id, name string
	from, to endpoint
}

// pool is a participant of the collaboration with its process.
type pool struct {
	id, processID, name, doc string
	collapsed                bool
}

// lane is a lane of a pool; lanes with children are drawn around them.
type lane struct {
	id, name, doc string
	// unnamed marks a lane drawn without a name (a verbatim model's
	// unnamed lane, whose name is only its nodes' key).
	unnamed  bool
	pool     int
	parent   int // lane index, -1 for a top-level lane
	children []int
}

// dataItem is a data object or data store reference.
type dataItem struct {
	id, name, state string
	store           bool
	collection      bool
	pool, parent    int
	lane            int
	// objectID is the id of the dataObject (or dataStore) it refers to.
	objectID string
	// io is process.DataInput or process.DataOutput for a data input or
	// output of its pool's process (written in the process'
	// ioSpecification), "" otherwise.
	io string
}

// dataAssoc is a data association: input (data → node) or output.
type dataAssoc struct {
	id    string
	data  int
	node  int
	input bool
}

// note is a text annotation attached to a node (node -1: free-standing).
type textNote struct {
	id, text     string
	node         int
	pool, parent int
	lane         int
}

// graph is the collaboration being built: pools, lanes, nodes, flows,
// message flows and artifacts, repaired until bpmnlint's recommended rules
// hold.
type graph struct {
	nodes []*node
	flows []*flow
	msgs  []msgFlow
	pools []pool
	lanes []lane
	data  []dataItem
	assoc []dataAssoc
	notes []textNote
	ids   map[string]bool
	next  map[string]int
	// reserved holds the model's own ids, kept verbatim where they are
	// valid and unique; generated ids avoid them.
	reserved map[string]bool
	// ix indexes the repaired graph (buildIndex).
	ix *index
	// multiPool is set when the model lists pools (a collaboration of
	// several processes); otherwise the one pool is named after the process.
	multiPool bool
	// verbatim draws a model converted from a BPMN file as the file said
	// (process.Model.Verbatim): no gateways, events or labels added.
	verbatim bool
	// roots are the messages, signals, errors and escalations the events
	// refer to, written as root elements of the definitions.
	rootEls []rootRef
	// ctx is passed to every layout; simplified records that one of them
	// was over its work budget.
	ctx        context.Context
	simplified bool
}

// The node's place in the BPMN type hierarchy, asked of the one
// vocabulary in parse (the writer never makes an implicitThrowEvent, the
// one event kind the reader knows beyond these).
func (n *node) isGateway() bool { return parse.IsGateway(n.kind) }

func (n *node) isEvent() bool { return parse.IsEvent(n.kind) }

func (n *node) isActivity() bool { return !n.isGateway() && !n.isEvent() && n.kind != "" }

// isContainer reports whether the node holds nodes of its own.
func (n *node) isContainer() bool { return parse.IsSubProcess(n.kind) }

func (g *graph) addNode(n *node) int {
	n.defFlow, n.handler = -1, -1
	if n.host == 0 && n.kind != parse.KindBoundaryEvent {
		n.host = -1
	}
	g.nodes = append(g.nodes, n)
	return len(g.nodes) - 1
}

// addNodeBeside adds a node in the same pool, sub-process and lane as the
// node at index ref.
func (g *graph) addNodeBeside(ref int, n *node) int {
	r := g.nodes[ref]
	n.pool, n.parent, n.lane, n.host = r.pool, r.parent, r.lane, -1
	return g.addNode(n)
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

// oneLine turns a free text into a single-line label.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// newGraph converts the model into pools, lanes, nodes and flows, dropping
// flows that reference unknown nodes and merging duplicate flows.
func newGraph(m *process.Model, name string) *graph {
	g := &graph{ids: map[string]bool{}, next: map[string]int{}, reserved: map[string]bool{}, verbatim: m.Verbatim}
	g.reserve(m)
	b := &graphBuilder{g: g, m: m, poolByID: g.buildPools(m, name), byModelID: map[string]int{}}
	g.buildLanes(m, b.poolOf)
	// Node ids are handed out in this order: starts, activities,
	// gateways, intermediate, end and boundary events, then the rest.
	b.addEvents(process.EventStart)
	b.addActivities()
	b.addGateways()
	b.addEvents(process.EventIntermediate)
	b.addEvents(process.EventEnd)
	b.addEvents(process.EventBoundary)
	b.addUntypedEvents()
	g.nest(m, b.byModelID)
	g.attachBoundaries(m, b.byModelID)
	g.handlers(b.byModelID)
	b.addFlows()
	g.rootRefs()
	g.messageFlows(m, b.byModelID, b.poolByID)
	g.artifacts(m, b.byModelID, b.poolOf)
	return g
}

// graphBuilder is newGraph's lookup from the model's ids to the graph's
// pools and nodes.
type graphBuilder struct {
	g         *graph
	m         *process.Model
	poolByID  map[string]int // model pool id → pool
	byModelID map[string]int // model node id → node (the first with it)
}

// poolOf is the pool a model pool id names, the main pool when none.
func (b *graphBuilder) poolOf(id string) int {
	if i, ok := b.poolByID[id]; ok {
		return i
	}
	return b.g.mainPool()
}

// register adds a node made from the model's node modelID.
func (b *graphBuilder) register(modelID string, n *node) {
	n.modelRef = modelID
	i := b.g.addNode(n)
	if _, dup := b.byModelID[modelID]; !dup && modelID != "" {
		b.byModelID[modelID] = i
	}
}

// place puts a node in its pool and lane, at the pool's top level.
func (b *graphBuilder) place(n *node, poolID, performer string) {
	n.pool = b.poolOf(poolID)
	n.lane = b.g.lookupLane(n.pool, performer)
	n.parent = -1
}

// addEvents adds the model's events of one type.
func (b *graphBuilder) addEvents(typ string) {
	g := b.g
	for _, e := range b.m.Events {
		if e.Type != typ {
			continue
		}
		n := &node{id: g.modelID("Event_", e.ID), name: oneLine(e.Name), trigger: e.Trigger, timer: strings.TrimSpace(e.Timer), timerKind: e.TimerKind, triggers: multipleTriggers(e.Triggers), host: -1, eventRefs: e.Refs}
		if g.verbatim {
			// a file's event documentation (documents' events carry
			// their source sentence, which is not documentation)
			n.doc = strings.TrimSpace(e.Source)
		}
		b.place(n, e.Pool, e.Performer)
		switch typ {
		case process.EventStart:
			n.kind = parse.KindStartEvent
		case process.EventEnd:
			n.kind = parse.KindEndEvent
		default:
			n.kind = intermediateKind(e)
		}
		n.nonInterrupting = e.NonInterrupting
		n.handlerRef = e.Handler
		b.register(e.ID, n)
	}
}

// addActivities adds the activities: a plain task whose performer is a
// system is a service task, one that uses systems a user task.
func (b *graphBuilder) addActivities() {
	g := b.g
	systems := map[string]bool{}
	for _, a := range b.m.Activities {
		for _, s := range a.SIPOC.Systems {
			systems[strings.ToLower(strings.TrimSpace(s))] = true
		}
	}
	for _, a := range b.m.Activities {
		n := &node{id: g.modelID("Activity_", a.ID), kind: activityKind(a), name: oneLine(a.Name), doc: strings.TrimSpace(a.Source), marker: a.Marker, called: oneLine(a.CalledElement), host: -1}
		b.place(n, a.Pool, a.Performer)
		if n.kind == parse.KindTask {
			switch {
			case systems[strings.ToLower(strings.TrimSpace(a.Performer))]:
				n.kind = parse.KindServiceTask
			case len(a.SIPOC.Systems) > 0:
				n.kind = parse.KindUserTask
			}
		}
		n.collapsed = a.Collapsed
		n.triggered = a.Type == process.ActivityEventSubProcess
		n.compensation = a.ForCompensation
		n.note = timeNote(a.WorkMinutes, a.WaitMinutes)
		b.register(a.ID, n)
	}
}

// addGateways adds the gateways; an unknown type is exclusive.
func (b *graphBuilder) addGateways() {
	g := b.g
	for _, gw := range b.m.Gateways {
		n := &node{id: g.modelID("Gateway_", gw.ID), name: oneLine(gw.Name), doc: strings.TrimSpace(gw.Specification), host: -1}
		if n.doc == "" && g.verbatim {
			n.doc = strings.TrimSpace(gw.Source) // the file's documentation
		}
		b.place(n, gw.Pool, gw.Performer)
		switch gw.Type {
		case process.GatewayParallel:
			n.kind = parse.KindParallelGateway
		case process.GatewayInclusive:
			n.kind = parse.KindInclusiveGateway
		case process.GatewayEventBased:
			n.kind = parse.KindEventBasedGateway
		case process.GatewayComplex:
			n.kind = parse.KindComplexGateway
		default:
			n.kind = parse.KindExclusiveGateway
		}
		b.register(gw.ID, n)
	}
}

// addUntypedEvents adds events of an unknown type as intermediate events.
func (b *graphBuilder) addUntypedEvents() {
	for _, e := range b.m.Events {
		switch e.Type {
		case process.EventStart, process.EventEnd, process.EventIntermediate, process.EventBoundary:
			continue
		}
		n := &node{id: b.g.modelID("Event_", e.ID), kind: parse.KindIntermediateThrowEvent, name: oneLine(e.Name), host: -1}
		b.place(n, e.Pool, e.Performer)
		b.register(e.ID, n)
	}
}

// addFlows adds the sequence flows between known nodes: one between pools
// becomes a message flow, one between sub-process levels or into a
// boundary event is dropped, and duplicates merge their labels (except in
// a file read verbatim).
func (b *graphBuilder) addFlows() {
	g := b.g
	seen := map[[2]int]int{}
	for _, f := range b.m.Flows {
		from, ok1 := b.byModelID[f.Source]
		to, ok2 := b.byModelID[f.Target]
		if !ok1 || !ok2 {
			continue
		}
		a, c := g.nodes[from], g.nodes[to]
		if a.pool != c.pool {
			// a sequence flow cannot leave its pool: what crosses is a
			// message
			g.msgs = append(g.msgs, msgFlow{id: g.modelID("MessageFlow_", f.ID), name: oneLine(f.Condition), from: endpoint{from, a.pool}, to: endpoint{to, c.pool}})
			continue
		}
		if a.parent != c.parent || c.kind == parse.KindBoundaryEvent {
			continue
		}
		label := oneLine(f.Condition)
		if g.verbatim && f.Unnamed {
			label = ""
		}
		if k, dup := seen[[2]int{from, to}]; dup && !g.verbatim {
			if label != "" && !strings.Contains(g.flows[k].name, label) {
				g.flows[k].name = strings.TrimPrefix(g.flows[k].name+" / "+label, " / ")
			}
			g.flows[k].isDefault = g.flows[k].isDefault || f.Default
			continue
		}
		i := g.addFlow(from, to, label)
		if f.ID != "" {
			delete(g.ids, g.flows[i].id)
			g.flows[i].id = g.modelID("Flow_", f.ID)
		}
		g.flows[i].isDefault = f.Default
		g.flows[i].doc = strings.TrimSpace(f.Documentation)
		if g.verbatim && f.Conditional {
			g.flows[i].expr, g.flows[i].hasExpr = strings.TrimSpace(f.Expression), true
		}
		seen[[2]int{from, to}] = i
	}
}
