package bpmn

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strconv"
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

var (
	ncInvalid = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)
	ncName    = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]*$`)
)

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
	base := prefix + s
	id := base
	// next remembers where the numbering of a base stopped, so that many
	// "Event_End" stay linear
	k := max(g.next[base], 2)
	for ; g.ids[id] || g.reserved[id]; k++ {
		id = base + "_" + strconv.Itoa(k)
	}
	if id != base {
		g.next[base] = k
	}
	g.ids[id] = true
	return id
}

// modelID keeps the model's id when it is a valid NCName not used yet, so
// that a BPMN file read into a model and written again keeps its ids;
// otherwise it makes one with newID.
func (g *graph) modelID(prefix, raw string) string {
	if g.reserved[raw] && !g.ids[raw] {
		g.ids[raw] = true
		return raw
	}
	return g.newID(prefix, raw)
}

// reserve records the model's ids that can be kept verbatim.
func (g *graph) reserve(m *process.Model) {
	add := func(id string) {
		if ncName.MatchString(id) && !strings.HasSuffix(id, "_di") {
			g.reserved[id] = true
		}
	}
	for _, p := range m.Pools {
		add(p.ID)
		add(p.ProcessID)
	}
	for _, p := range m.Participants {
		add(p.ID)
	}
	for _, a := range m.Activities {
		add(a.ID)
	}
	for _, x := range m.Gateways {
		add(x.ID)
	}
	for _, e := range m.Events {
		add(e.ID)
		for _, r := range e.Refs {
			add(r.ID)
		}
	}
	for _, f := range m.Flows {
		add(f.ID)
	}
	for _, f := range m.MessageFlows {
		add(f.ID)
	}
	for _, d := range m.Data {
		add(d.ID)
	}
	for _, d := range m.DataAssociations {
		add(d.ID)
	}
	for _, a := range m.Annotations {
		add(a.ID)
	}
}

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

// lookupLane finds the leaf lane of a performer in a pool, adding a lane
// for a performer that is not among the pool's participants.
func (g *graph) lookupLane(pl int, performer string) int {
	p := oneLine(performer)
	if p == "" {
		return -1
	}
	for i, l := range g.lanes {
		if l.pool == pl && strings.EqualFold(l.name, p) {
			return g.leafLane(i)
		}
	}
	g.lanes = append(g.lanes, lane{id: g.newID("Lane_", fmt.Sprint(len(g.lanes)+1)), name: p, pool: pl, parent: -1})
	return len(g.lanes) - 1
}

// leafLane returns the first leaf lane under lane i: nodes sit in leaves.
func (g *graph) leafLane(i int) int {
	for len(g.lanes[i].children) > 0 {
		i = g.lanes[i].children[0]
	}
	return i
}

// oneLine turns a free text into a single-line label.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// mainPool is the pool of nodes and lanes that name none: the first pool
// that is not collapsed.
func (g *graph) mainPool() int {
	for i, p := range g.pools {
		if !p.collapsed {
			return i
		}
	}
	return 0
}

// buildPools turns the model's pools into participants; a model without
// pools gets one, named after the process, with the ids of version 1.
func (g *graph) buildPools(m *process.Model, name string) map[string]int {
	byID := map[string]int{}
	if len(m.Pools) == 0 {
		g.ids["Participant_1"], g.ids["Process_1"] = true, true
		g.pools = []pool{{id: "Participant_1", processID: "Process_1", name: name}}
		return byID
	}
	g.multiPool = true
	for i, p := range m.Pools {
		pl := pool{name: oneLine(p.Name), doc: strings.TrimSpace(p.Description), collapsed: p.Collapsed}
		pl.id = g.modelID("Participant_", p.ID)
		if pl.name == "" && !g.verbatim {
			// a file's unnamed pool stays unnamed
			pl.name = fmt.Sprintf("Pool %d", i+1)
		}
		if p.ProcessID != "" {
			pl.processID = g.modelID("Process_", p.ProcessID)
		} else {
			pl.processID = g.newID("Process_", pl.id)
		}
		if _, dup := byID[p.ID]; !dup && p.ID != "" {
			byID[p.ID] = len(g.pools)
		}
		g.pools = append(g.pools, pl)
	}
	return byID
}

// buildLanes turns participants into lanes of their pools, nested ones
// under their parent lane.
func (g *graph) buildLanes(m *process.Model, poolOf func(string) int) {
	type pending struct {
		lane   int
		parent string
	}
	var nested []pending
	for _, p := range m.Participants {
		name := oneLine(p.Name)
		if name == "" {
			continue
		}
		pl := poolOf(p.Pool)
		found := -1
		for i, l := range g.lanes {
			if l.pool == pl && strings.EqualFold(l.name, name) {
				found = i
			}
		}
		if found >= 0 {
			if d := strings.TrimSpace(p.Description); d != "" && g.lanes[found].doc == "" {
				g.lanes[found].doc = d
			}
			continue
		}
		id := g.newID("Lane_", fmt.Sprint(len(g.lanes)+1))
		if p.ID != "" {
			delete(g.ids, id)
			id = g.modelID("Lane_", p.ID)
		}
		g.lanes = append(g.lanes, lane{id: id, name: name, doc: strings.TrimSpace(p.Description), pool: pl, parent: -1, unnamed: g.verbatim && p.Unnamed})
		if par := oneLine(p.Parent); par != "" {
			nested = append(nested, pending{len(g.lanes) - 1, par})
		}
	}
	for _, n := range nested {
		l := &g.lanes[n.lane]
		for i, o := range g.lanes {
			if i != n.lane && o.pool == l.pool && strings.EqualFold(o.name, n.parent) && !g.laneUnder(i, n.lane) {
				l.parent = i
				g.lanes[i].children = append(g.lanes[i].children, n.lane)
				break
			}
		}
	}
}

// laneUnder reports whether lane a is lane b or nested (deeply) in it, so
// that nesting never makes a cycle.
func (g *graph) laneUnder(a, b int) bool {
	for i := a; i >= 0; i = g.lanes[i].parent {
		if i == b {
			return true
		}
	}
	return false
}

// newGraph converts the model into pools, lanes, nodes and flows, dropping
// flows that reference unknown nodes and merging duplicate flows.
func newGraph(m *process.Model, name string) *graph {
	g := &graph{ids: map[string]bool{}, next: map[string]int{}, reserved: map[string]bool{}, verbatim: m.Verbatim}
	g.reserve(m)
	poolByID := g.buildPools(m, name)
	poolOf := func(id string) int {
		if i, ok := poolByID[id]; ok {
			return i
		}
		return g.mainPool()
	}
	g.buildLanes(m, poolOf)
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
	place := func(n *node, poolID, performer string) {
		n.pool = poolOf(poolID)
		n.lane = g.lookupLane(n.pool, performer)
		n.parent = -1
	}
	addEvents := func(typ string) {
		for _, e := range m.Events {
			if e.Type != typ {
				continue
			}
			n := &node{id: g.modelID("Event_", e.ID), name: oneLine(e.Name), trigger: e.Trigger, timer: strings.TrimSpace(e.Timer), timerKind: e.TimerKind, triggers: multipleTriggers(e.Triggers), host: -1, eventRefs: e.Refs}
			if g.verbatim {
				// a file's event documentation (documents' events carry
				// their source sentence, which is not documentation)
				n.doc = strings.TrimSpace(e.Source)
			}
			place(n, e.Pool, e.Performer)
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
			register(e.ID, n)
		}
	}
	addEvents(process.EventStart)
	for _, a := range m.Activities {
		n := &node{id: g.modelID("Activity_", a.ID), kind: activityKind(a), name: oneLine(a.Name), doc: strings.TrimSpace(a.Source), marker: a.Marker, called: oneLine(a.CalledElement), host: -1}
		place(n, a.Pool, a.Performer)
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
		register(a.ID, n)
	}
	for _, gw := range m.Gateways {
		n := &node{id: g.modelID("Gateway_", gw.ID), name: oneLine(gw.Name), doc: strings.TrimSpace(gw.Specification), host: -1}
		if n.doc == "" && g.verbatim {
			n.doc = strings.TrimSpace(gw.Source) // the file's documentation
		}
		place(n, gw.Pool, gw.Performer)
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
		register(gw.ID, n)
	}
	addEvents(process.EventIntermediate)
	addEvents(process.EventEnd)
	addEvents(process.EventBoundary)
	// events of an unknown type become intermediate events
	for _, e := range m.Events {
		switch e.Type {
		case process.EventStart, process.EventEnd, process.EventIntermediate, process.EventBoundary:
			continue
		}
		n := &node{id: g.modelID("Event_", e.ID), kind: parse.KindIntermediateThrowEvent, name: oneLine(e.Name), host: -1}
		place(n, e.Pool, e.Performer)
		register(e.ID, n)
	}
	g.nest(m, byModelID)
	g.attachBoundaries(m, byModelID)
	g.handlers(byModelID)
	seen := map[[2]int]int{}
	for _, f := range m.Flows {
		from, ok1 := byModelID[f.Source]
		to, ok2 := byModelID[f.Target]
		if !ok1 || !ok2 {
			continue
		}
		a, b := g.nodes[from], g.nodes[to]
		if a.pool != b.pool {
			// a sequence flow cannot leave its pool: what crosses is a
			// message
			g.msgs = append(g.msgs, msgFlow{id: g.modelID("MessageFlow_", f.ID), name: oneLine(f.Condition), from: endpoint{from, a.pool}, to: endpoint{to, b.pool}})
			continue
		}
		if a.parent != b.parent || b.kind == parse.KindBoundaryEvent {
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
	g.rootRefs()
	g.messageFlows(m, byModelID, poolByID)
	g.artifacts(m, byModelID, poolOf)
	return g
}

// nest places nodes inside the sub-process their Parent names, when that
// is an expandable activity of the same pool; a chain of parents that
// loops is cut where it closes.
func (g *graph) nest(m *process.Model, byModelID map[string]int) {
	parentOf := map[string]string{}
	for _, a := range m.Activities {
		if _, ok := parentOf[a.ID]; !ok {
			parentOf[a.ID] = a.Parent
		}
	}
	for _, x := range m.Gateways {
		if _, ok := parentOf[x.ID]; !ok {
			parentOf[x.ID] = x.Parent
		}
	}
	for _, e := range m.Events {
		if _, ok := parentOf[e.ID]; !ok {
			parentOf[e.ID] = e.Parent
		}
	}
	for i, n := range g.nodes {
		p, ok := byModelID[parentOf[n.modelRef]]
		if !ok || p == i {
			continue
		}
		if c := g.nodes[p]; c.isContainer() && c.pool == n.pool {
			n.parent = p
		}
	}
	// cut cycles: follow parent pointers, marking the walk; meeting the
	// current walk again closes a loop
	state := make([]int, len(g.nodes)) // 0 new, walk id+1 on the walk, -1 done
	for i := range g.nodes {
		var walk []int
		k := i
		for k >= 0 && state[k] == 0 {
			state[k] = i + 1
			walk = append(walk, k)
			k = g.nodes[k].parent
		}
		if k >= 0 && state[k] == i+1 {
			g.nodes[walk[len(walk)-1]].parent = -1
		}
		for _, w := range walk {
			state[w] = -1
		}
	}
	g.flattenDeep()
	top := g.roots()
	// nodes inside a sub-process share its lane
	for i, n := range g.nodes {
		n.lane = g.nodes[top[i]].lane
	}
}

// maxNesting bounds sub-process nesting: deeper content moves up to the
// deepest allowed level. XML readers refuse deep documents (libxml2 stops
// at 256 levels) and nobody reads a diagram nested further.
const maxNesting = 32

// flattenDeep lifts nodes nested deeper than maxNesting into the
// sub-process at that depth. Parent chains are acyclic here.
func (g *graph) flattenDeep() {
	depth := make([]int, len(g.nodes))
	known := make([]bool, len(g.nodes))
	var chain []int
	for i := range g.nodes {
		chain = chain[:0]
		k := i
		for k >= 0 && !known[k] {
			chain = append(chain, k)
			k = g.nodes[k].parent
		}
		base := -1
		if k >= 0 {
			base = depth[k]
		}
		for j := len(chain) - 1; j >= 0; j-- {
			base++
			depth[chain[j]], known[chain[j]] = base, true
		}
	}
	order := make([]int, len(g.nodes))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return depth[order[a]] < depth[order[b]] })
	for _, i := range order {
		n := g.nodes[i]
		if n.parent < 0 {
			depth[i] = 0
			continue
		}
		if depth[n.parent] >= maxNesting {
			n.parent = g.nodes[n.parent].parent
		}
		depth[i] = depth[n.parent] + 1
	}
}

// roots returns, per node, the top-level node holding it: itself, the
// outermost sub-process around it, or for a boundary event its host's.
// Parent chains are acyclic (nest), host chains one step deep.
func (g *graph) roots() []int {
	top := make([]int, len(g.nodes))
	for i := range top {
		top[i] = -1
	}
	up := func(i int) int {
		if n := g.nodes[i]; n.host >= 0 {
			return n.host
		} else {
			return n.parent
		}
	}
	var chain []int
	for i := range g.nodes {
		chain = chain[:0]
		k := i
		for k >= 0 && top[k] < 0 && len(chain) <= len(g.nodes) {
			chain = append(chain, k)
			if up(k) < 0 {
				top[k] = k
				break
			}
			k = up(k)
		}
		r := top[k]
		if r < 0 {
			r = k // a loop through hosts: stop anywhere
		}
		for _, c := range chain {
			top[c] = r
		}
	}
	return top
}

// attachBoundaries resolves each boundary event's host; a boundary event
// without a valid host becomes an intermediate catch event.
func (g *graph) attachBoundaries(m *process.Model, byModelID map[string]int) {
	attached := map[string]string{}
	for _, e := range m.Events {
		if e.Type == process.EventBoundary {
			if _, dup := attached[e.ID]; !dup {
				attached[e.ID] = e.AttachedTo
			}
		}
	}
	for i, n := range g.nodes {
		if n.kind != parse.KindBoundaryEvent {
			continue
		}
		h, ok := byModelID[attached[n.modelRef]]
		// A file's boundary event on an activity of another process stays
		// attached (attachedToRef may cross processes); the builder's own
		// models keep a boundary event in its host's pool.
		crossPool := ok && h != i && g.nodes[h].isActivity() && g.nodes[h].pool != n.pool
		if !ok || h == i || !g.nodes[h].isActivity() || (crossPool && !g.verbatim) {
			n.kind = parse.KindIntermediateCatchEvent
			if !catchable(n.trigger) {
				if g.verbatim {
					// never an invented trigger: a plain intermediate event
					n.kind = parse.KindIntermediateThrowEvent
					continue
				}
				n.trigger = process.TriggerTimer
			}
			continue
		}
		hn := g.nodes[h]
		n.host, n.lane = h, hn.lane
		if !crossPool {
			n.parent = hn.parent
		}
	}
}

// handlers resolves each compensation boundary event's handler: a
// compensation activity beside the event's host.
func (g *graph) handlers(byModelID map[string]int) {
	for _, n := range g.nodes {
		h, ok := byModelID[n.handlerRef]
		if !ok || n.kind != parse.KindBoundaryEvent || n.trigger != process.TriggerCompensation {
			continue
		}
		if a := g.nodes[h]; a.compensation && a.pool == n.pool && a.parent == n.parent {
			n.handler = h
			n.handlerID = g.newID(associationPrefix, n.id+"_handler")
		}
	}
}

// multipleTriggers keeps the triggers of a multiple event that a
// definition can be written for.
func multipleTriggers(ts []string) []string {
	var out []string
	for _, t := range ts {
		switch t {
		case process.TriggerTimer, process.TriggerMessage, process.TriggerSignal, process.TriggerError, process.TriggerEscalation,
			process.TriggerConditional, process.TriggerTerminate, process.TriggerCompensation, process.TriggerLink, process.TriggerCancel:
			out = append(out, t)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// catchable reports whether an intermediate catch event may carry trigger.
func catchable(trigger string) bool {
	switch trigger {
	case process.TriggerTimer, process.TriggerMessage, process.TriggerSignal, process.TriggerConditional, process.TriggerLink, process.TriggerMultiple:
		return true
	}
	return false
}

// intermediateKind decides between a catching and a throwing intermediate
// event: the model's Throw flag where the trigger allows both, otherwise
// the only one the trigger allows.
func intermediateKind(e process.Event) string {
	switch e.Type {
	case process.EventBoundary:
		return parse.KindBoundaryEvent
	}
	switch e.Trigger {
	case process.TriggerTimer, process.TriggerConditional:
		return parse.KindIntermediateCatchEvent
	case process.TriggerMessage, process.TriggerSignal, process.TriggerLink, process.TriggerMultiple:
		if e.Throw {
			return parse.KindIntermediateThrowEvent
		}
		return parse.KindIntermediateCatchEvent
	}
	return parse.KindIntermediateThrowEvent
}

// activityKind maps the model's activity type to its BPMN element.
func activityKind(a process.Activity) string {
	switch a.Type {
	case process.ActivityUser:
		return parse.KindUserTask
	case process.ActivityService:
		return parse.KindServiceTask
	case process.ActivitySend:
		return parse.KindSendTask
	case process.ActivityReceive:
		return parse.KindReceiveTask
	case process.ActivityManual:
		return parse.KindManualTask
	case process.ActivityBusinessRule:
		return parse.KindBusinessRuleTask
	case process.ActivityScript:
		return parse.KindScriptTask
	case process.ActivitySubProcess, process.ActivityEventSubProcess:
		return parse.KindSubProcess
	case process.ActivityTransaction:
		return parse.KindTransaction
	case process.ActivityAdHoc:
		return parse.KindAdHocSubProcess
	case process.ActivityCall:
		return parse.KindCallActivity
	}
	return parse.KindTask
}

// messageFlows resolves message flows between nodes and pools; one inside
// a single pool is dropped (it would be a sequence flow).
func (g *graph) messageFlows(m *process.Model, byModelID, poolByID map[string]int) {
	resolve := func(id string) (endpoint, bool) {
		if n, ok := byModelID[id]; ok {
			return endpoint{n, g.nodes[n].pool}, true
		}
		if p, ok := poolByID[id]; ok {
			return endpoint{-1, p}, true
		}
		return endpoint{}, false
	}
	seen := map[[4]int]bool{}
	for _, f := range m.MessageFlows {
		a, ok1 := resolve(f.Source)
		b, ok2 := resolve(f.Target)
		if !ok1 || !ok2 || a.pool == b.pool {
			continue
		}
		k := [4]int{a.node, a.pool, b.node, b.pool}
		if seen[k] {
			continue
		}
		seen[k] = true
		g.msgs = append(g.msgs, msgFlow{id: g.modelID("MessageFlow_", f.ID), name: oneLine(f.Name), from: a, to: b})
	}
	// a node in a collapsed pool makes it an expanded one
	for _, n := range g.nodes {
		g.pools[n.pool].collapsed = false
	}
}

// artifacts resolves data objects, data stores, their associations and
// text annotations.
func (g *graph) artifacts(m *process.Model, byModelID map[string]int, poolOf func(string) int) {
	dataByID := map[string]int{}
	for _, d := range m.Data {
		it := dataItem{name: oneLine(d.Name), state: oneLine(d.State), store: d.Kind == process.DataStore, collection: d.Collection, parent: -1}
		it.pool = poolOf(d.Pool)
		if (d.IO == process.DataInput || d.IO == process.DataOutput) && !it.store && d.Parent == "" && !g.pools[it.pool].collapsed {
			it.io = d.IO
		}
		switch {
		case it.io == process.DataInput:
			it.id = g.modelID("DataInput_", d.ID)
		case it.io == process.DataOutput:
			it.id = g.modelID("DataOutput_", d.ID)
		case it.store:
			it.id = g.modelID("DataStoreReference_", d.ID)
			it.objectID = g.newID("DataStore_", it.id)
		default:
			it.id = g.modelID("DataObjectReference_", d.ID)
			it.objectID = g.newID("DataObject_", it.id)
		}
		if g.pools[it.pool].collapsed {
			it.pool = g.mainPool()
		}
		it.lane = g.lookupLane(it.pool, d.Performer)
		if p, ok := byModelID[d.Parent]; ok && g.nodes[p].isContainer() && g.nodes[p].pool == it.pool {
			it.parent = p
		}
		if _, dup := dataByID[d.ID]; !dup {
			dataByID[d.ID] = len(g.data)
		}
		g.data = append(g.data, it)
	}
	for _, a := range m.DataAssociations {
		d, dIn := dataByID[a.Source]
		n, nOK := byModelID[a.Target]
		input := true
		if !dIn || !nOK {
			d, dIn = dataByID[a.Target]
			n, nOK = byModelID[a.Source]
			input = false
		}
		if !dIn || !nOK || g.nodes[n].pool != g.data[d].pool {
			continue
		}
		nd := g.nodes[n]
		// activities read and write; catch events write, throw events
		// read (through a data input of their own)
		switch {
		case nd.isActivity():
		case !input && (nd.kind == parse.KindIntermediateCatchEvent || nd.kind == parse.KindStartEvent || nd.kind == parse.KindBoundaryEvent):
		case input && (nd.kind == parse.KindIntermediateThrowEvent || nd.kind == parse.KindEndEvent):
		default:
			continue
		}
		g.assoc = append(g.assoc, dataAssoc{id: g.modelID("DataAssociation_", a.ID), data: d, node: n, input: input})
	}
	for _, a := range m.Annotations {
		text := strings.TrimSpace(a.Text)
		if text == "" {
			continue
		}
		tn := textNote{id: g.modelID(annotationPrefix, a.ID), text: text, node: -1, parent: -1}
		if n, ok := byModelID[a.AttachedTo]; ok {
			tn.node, tn.pool, tn.parent, tn.lane = n, g.nodes[n].pool, g.nodes[n].parent, g.nodes[n].lane
			if g.nodes[n].kind == parse.KindBoundaryEvent {
				// notes on boundary events go beside the host
				h := g.nodes[n].host
				tn.lane = g.nodes[h].lane
			}
		} else {
			tn.pool = poolOf(a.Pool)
			if g.pools[tn.pool].collapsed {
				tn.pool = g.mainPool()
			}
			tn.lane = g.lookupLane(tn.pool, a.Performer)
		}
		g.notes = append(g.notes, tn)
	}
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

// rootRefs gives every message, signal, error and escalation the events
// refer to one root element (the file's id when free), shared by the
// events naming the same one.
func (g *graph) rootRefs() {
	byKey := map[[2]string]int{}
	prefix := map[string]string{
		process.TriggerMessage: "Message_", process.TriggerSignal: "Signal_",
		process.TriggerError: "Error_", process.TriggerEscalation: "Escalation_",
	}
	for _, n := range g.nodes {
		for _, r := range n.eventRefs {
			p, ok := prefix[r.Trigger]
			if !ok || strings.TrimSpace(r.ID) == "" {
				continue
			}
			k := [2]string{r.Trigger, r.ID}
			i, seen := byKey[k]
			if !seen {
				i = len(g.rootEls)
				byKey[k] = i
				g.rootEls = append(g.rootEls, rootRef{trigger: r.Trigger, id: g.modelID(p, r.ID), name: oneLine(r.Name), code: strings.TrimSpace(r.Code)})
			}
			if n.refs == nil {
				n.refs = map[string]int{}
			}
			if _, dup := n.refs[r.Trigger]; !dup {
				n.refs[r.Trigger] = i
			}
		}
	}
}
