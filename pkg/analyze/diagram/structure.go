package diagram

import (
	"cmp"
	"fmt"
	"image"
	"strings"

	"github.com/spade-bpmn/spade/pkg/analyze/diagram/vision"
	"github.com/spade-bpmn/spade/pkg/analyze/text"
	"github.com/spade-bpmn/spade/pkg/process"
)

// structureModel rebuilds the process from the recognised shapes and
// flows: the words inside a box name its task, a label just above or
// below a diamond or circle names it, a label beside a gateway's outgoing
// line is that branch's condition, and each node belongs to the lane
// band it sits in. It reports false when there is too little structure
// to trust (fewer than two connected nodes, or no task), so that the
// caller falls back to the label heuristic. A connector that leaves a
// node and ends nowhere found is no flow: it becomes a note, returned
// and attached to the node as an annotation, so that the user knows
// where to look. Each phase is a method of structureBuilder, in the
// order below.
func structureModel(d vision.Diagram, words []word, laneNames []string, filename string) (process.Model, []string, bool) {
	if !trustFlows(d) {
		return process.Model{}, nil, false
	}
	b := &structureBuilder{d: d, words: words}
	b.placeWords()
	b.nameShapes()
	b.readLabels()
	b.readLanes(laneNames)
	b.pickFlows()
	if b.addNodes(); b.tasks == 0 {
		return process.Model{}, nil, false
	}
	if b.addFlows(); len(b.m.Flows) == 0 {
		return process.Model{}, nil, false
	}
	b.addPools()
	notes := b.addNotes()
	b.addParticipants()
	m := &b.m
	m.ProcessName = cmp.Or(b.poolName, text.NameFromFile(filename), "Process read from a diagram")
	m.ProcessPurpose = "Process read from the diagram's shapes and arrows"
	if filename != "" {
		m.ProcessPurpose += " in " + filename
	}
	m.ProcessPurpose += "."
	process.Repair(m)
	// the picture is a modeller's diagram, as a BPMN file is: drawn as
	// seen, so that the builder adds no gateway where lines merely meet
	// (a loop coming back into a task) and no parallel split where a
	// start fans out
	m.Verbatim = true
	if len(m.Validate()) > 0 {
		return process.Model{}, nil, false
	}
	var texts []string
	for _, nt := range notes {
		texts = append(texts, nt.text)
	}
	return *m, texts, true
}

// trustFlows reports whether the diagram has structure to read: two
// shapes and a flow, and most flows directed by an arrowhead (lines
// without arrowheads are box borders and underlines as often as
// connectors).
func trustFlows(d vision.Diagram) bool {
	if len(d.Flows) == 0 || len(d.Shapes) < 2 {
		return false
	}
	sure := 0
	for _, f := range d.Flows {
		if f.Sure {
			sure++
		}
	}
	return sure*2 >= len(d.Flows)
}

// band is a lane or a pool read from the picture.
type band struct {
	name      string
	body      image.Rectangle
	collapsed bool
}

// structureBuilder holds what structureModel's phases share.
type structureBuilder struct {
	d     vision.Diagram
	words []word
	// inside are the words inside each shape, titles those in each
	// lane's header, loose the rest
	inside, titles [][]word
	loose          []word
	names          []string
	// decision marks a diamond with its question written inside: a
	// flowchart decision, exclusive whatever its words look like to the
	// marker reader
	decision []bool
	conds    map[int]string // flow index → condition
	lanes    []band
	pools    []band // pool bands, each a participant of its own when there are several
	poolName string
	// collapsed maps a collapsed pool's shape index to its index in pools
	collapsed map[int]int
	in, out   []int
	// flows and dashed index d.Flows: the sequence flows and the
	// message flows kept
	flows, dashed []int
	// outside: a dashed line runs from a pool to a node outside every
	// pool band, which is then in a pool of its own
	outside  bool
	m        process.Model
	ids      []string
	usedLane map[string]bool
	tasks    int
}

// placeWords sorts the words into the shapes that hold them, the lane
// headers and the loose rest.
func (b *structureBuilder) placeWords() {
	d := b.d
	b.inside = make([][]word, len(d.Shapes))
	b.titles = make([][]word, len(d.Lanes))
words:
	for _, w := range b.words {
		c := image.Pt(w.left+w.w/2, w.top+w.h/2)
		for k, l := range d.Lanes {
			if c.In(l.Header) {
				if l.Titled {
					b.titles[k] = append(b.titles[k], w)
				}
				continue words // upward names are read on their own
			}
		}
		at := -1
		for i, s := range d.Shapes {
			if holdsText(s) && c.In(s.Inner) && (at < 0 || area(s.Inner) < area(d.Shapes[at].Inner)) {
				at = i
			}
		}
		if at >= 0 {
			b.inside[at] = append(b.inside[at], w)
		} else {
			b.loose = append(b.loose, w)
		}
	}
}

// nameShapes names each shape by the words inside it.
func (b *structureBuilder) nameShapes() {
	n := len(b.d.Shapes)
	b.names = make([]string, n)
	b.decision = make([]bool, n)
	for i, s := range b.d.Shapes {
		b.names[i] = text.CleanLabel(joinLines(b.inside[i]))
		if s.Kind == vision.Gateway && letters(b.names[i]) < 3 {
			b.names[i] = "" // a marker read as a letter or two
		}
		b.decision[i] = s.Kind == vision.Gateway && b.names[i] != ""
	}
}

// readLabels gives each loose label to the shape it names or the
// gateway's outgoing flow whose condition it is.
func (b *structureBuilder) readLabels() {
	d := b.d
	b.conds = map[int]string{}
	for _, l := range groupLabels(b.loose) {
		label := text.CleanLabel(l.Text)
		if label == "" {
			continue
		}
		lb := image.Rect(l.Left, l.Top, l.Right, l.Bottom)
		node, nd := nearestLabelled(d.Shapes, lb)
		flow, fd := nearestFlow(d.Flows, lb)
		cond := text.IsConditionLabel(label)
		switch {
		case node >= 0 && (strings.HasSuffix(label, "?") || (!cond && nd <= fd) || flow < 0):
			b.names[node] = strings.TrimSpace(b.names[node] + " " + label)
		case flow >= 0 && fd <= float64(max(3*l.LineHeight, 12*d.Stroke)) && d.Shapes[d.Flows[flow].From].Kind == vision.Gateway:
			b.conds[flow] = strings.TrimSpace(b.conds[flow] + " " + label)
		}
	}
}

// readLanes names the lanes and pools: each lane is named by its own
// strip or else by its pool; a single lane is no lane (the pool names
// the process); a collapsed pool is a participant of its own, a box
// message flows start and end on.
func (b *structureBuilder) readLanes(laneNames []string) {
	pool := ""
	for i, l := range b.d.Lanes {
		name := ""
		if i < len(laneNames) {
			name = laneNames[i]
		}
		if l.Titled {
			// the strip read on its own keeps letters a line crossing the
			// frame's corner takes on the page; the page's words keep
			// their lines apart, when an edge label sits in the strip too
			if page := frameTitle(b.titles[i]); name == "" || len(strings.Fields(name)) > 3 {
				name = page
			}
		}
		if l.Pool {
			pool = name
			if b.poolName == "" {
				b.poolName = name
			}
			b.pools = append(b.pools, band{name: name, body: l.Body})
			continue
		}
		b.lanes = append(b.lanes, band{name: cmp.Or(name, pool), body: l.Body})
	}
	b.collapsed = map[int]int{}
	for i, s := range b.d.Shapes {
		if s.Kind == vision.Pool {
			b.collapsed[i] = len(b.pools)
			b.pools = append(b.pools, band{name: b.names[i], body: s.Box, collapsed: true})
		}
	}
	if len(b.lanes) == 1 {
		if b.poolName == "" {
			b.poolName = b.lanes[0].name
		}
		b.lanes = nil
	}
}

// performer is the name of the smallest lane a shape sits in.
func (b *structureBuilder) performer(s vision.Shape) string {
	c := center(s.Box)
	best, bestA := "", 0
	for k, ln := range b.lanes {
		if c.In(ln.body) && (best == "" || area(ln.body) < bestA) {
			best, bestA = ln.name, area(ln.body)
			if best == "" {
				best = fmt.Sprintf("Lane %d", k+1)
			}
		}
	}
	return best
}

// poolOf is the pool band a shape sits in (its index + 1), 0 when the
// picture has fewer than two pools.
func (b *structureBuilder) poolOf(s vision.Shape) int {
	c := center(s.Box)
	for k, p := range b.pools {
		if c.In(p.body) {
			return k + 1
		}
	}
	return 0
}

// pickFlows keeps each connection once: a dashed line is no sequence
// flow (between pools it is a message flow, inside one an
// association), and a collapsed pool has no steps to follow.
func (b *structureBuilder) pickFlows() {
	d := b.d
	b.in, b.out = make([]int, len(d.Shapes)), make([]int, len(d.Shapes))
	type edge struct{ from, to int }
	seen := map[edge]bool{}
	for i, f := range d.Flows {
		e := edge{f.From, f.To}
		if f.From == f.To || seen[e] {
			continue
		}
		if f.Dashed {
			// between two pools, or from a pool to a node outside
			// every pool read (a pool drawn without a header, whose
			// band is not found: MIWG A.4.0's lower process); inside
			// one pool, or with no pool at all, an association
			if p, q := b.poolOf(d.Shapes[f.From]), b.poolOf(d.Shapes[f.To]); p != q {
				b.outside = b.outside || p == 0 || q == 0
				seen[e] = true
				b.dashed = append(b.dashed, i)
			}
			continue
		}
		if d.Shapes[f.From].Kind == vision.Pool || d.Shapes[f.To].Kind == vision.Pool {
			continue
		}
		seen[e] = true
		b.flows = append(b.flows, i)
		b.out[f.From]++
		b.in[f.To]++
	}
}

// nodeKind is the kind a shape is read as: a flowchart draws its
// terminals and decisions as boxes too, and its steps as ovals between
// two arrows.
func (b *structureBuilder) nodeKind(i int, s *vision.Shape) vision.Kind {
	name, kind := b.names[i], s.Kind
	if kind == vision.Task {
		switch {
		case text.IsStartLabel(name):
			kind, s.Ring = vision.Event, vision.Thin
		case text.IsEndLabel(name):
			kind, s.Ring = vision.Event, vision.Thick
		case strings.HasSuffix(name, "?"):
			kind, b.decision[i] = vision.Gateway, true
		}
	}
	if kind == vision.Event && wide(*s) && name != "" && !text.IsStartLabel(name) && !text.IsEndLabel(name) && b.in[i] > 0 && b.out[i] > 0 {
		kind = vision.Task
	}
	return kind
}

// addNodes turns the shapes into the model's activities, gateways and
// events.
func (b *structureBuilder) addNodes() {
	b.ids = make([]string, len(b.d.Shapes))
	b.usedLane = map[string]bool{}
	labeller := text.NewLabeller()
	for i, s := range b.d.Shapes {
		connected := b.in[i]+b.out[i] > 0
		name := b.names[i]
		switch b.nodeKind(i, &s) {
		case vision.Pool:
			if len(b.pools) >= 2 {
				b.ids[i] = fmt.Sprintf("pool%d", b.collapsed[i]+1)
			}
		case vision.Task:
			if name == "" && !connected {
				continue // a closed region that holds nothing: not a task
			}
			b.addTask(i, s, cmp.Or(name, "Unnamed task"), labeller)
		case vision.Gateway:
			if connected {
				b.addGateway(i, s, name)
			}
		case vision.Event:
			if connected || name != "" {
				b.addEvent(i, s, name)
			}
		}
	}
}

func (b *structureBuilder) addTask(i int, s vision.Shape, name string, labeller *text.Labeller) {
	b.ids[i] = fmt.Sprintf("t%d", i+1)
	act := process.Activity{ID: b.ids[i], Name: name, Performer: b.performer(s)}
	act.SIPOC = labeller.SIPOC(name)
	act.Source = name
	b.m.Activities = append(b.m.Activities, act)
	b.usedLane[act.Performer] = true
	b.tasks++
}

func (b *structureBuilder) addGateway(i int, s vision.Shape, name string) {
	b.ids[i] = fmt.Sprintf("g%d", i+1)
	typ := gatewayType(s.Marker)
	if b.decision[i] {
		typ = process.GatewayExclusive
	}
	gw := process.Gateway{ID: b.ids[i], Type: typ, Name: name, Performer: b.performer(s)}
	if name != "" {
		gw.Specification = "Decision read from the diagram: " + name
	}
	b.m.Gateways = append(b.m.Gateways, gw)
}

func (b *structureBuilder) addEvent(i int, s vision.Shape, name string) {
	in, out := b.in[i], b.out[i]
	b.ids[i] = fmt.Sprintf("e%d", i+1)
	typ := eventType(s, in, out)
	if wide(s) {
		// a flowchart's terminal: its word and its arrows say which end
		// it is, whatever its outline
		switch {
		case text.IsStartLabel(name) || in == 0 && out > 0:
			typ = process.EventStart
		case text.IsEndLabel(name) || out == 0:
			typ = process.EventEnd
		}
	}
	ev := process.Event{ID: b.ids[i], Name: name, Type: typ, Performer: b.performer(s)}
	switch s.Icon {
	case vision.Envelope:
		ev.Trigger = process.TriggerMessage
	case vision.Clock:
		ev.Trigger = process.TriggerTimer
	case vision.Lightning:
		ev.Trigger = process.TriggerError
	case vision.Triangle:
		ev.Trigger = process.TriggerSignal
	}
	if s.Ring == vision.Double {
		if host := attachedTo(b.d.Shapes, i); host >= 0 && b.ids[host] != "" {
			ev.Type, ev.AttachedTo = process.EventBoundary, b.ids[host]
		}
	}
	b.m.Events = append(b.m.Events, ev)
}

// addFlows adds the sequence flows and message flows between nodes in
// the model.
func (b *structureBuilder) addFlows() {
	m := &b.m
	for _, fi := range b.flows {
		f := b.d.Flows[fi]
		if b.ids[f.From] == "" || b.ids[f.To] == "" {
			continue
		}
		m.Flows = append(m.Flows, process.Flow{ID: fmt.Sprintf("f%d", len(m.Flows)+1), Source: b.ids[f.From], Target: b.ids[f.To], Condition: b.conds[fi]})
	}
	if len(m.Flows) == 0 {
		return
	}
	for _, fi := range b.dashed {
		f := b.d.Flows[fi]
		if b.ids[f.From] != "" && b.ids[f.To] != "" {
			m.MessageFlows = append(m.MessageFlows, process.MessageFlow{ID: fmt.Sprintf("m%d", len(m.MessageFlows)+1), Source: b.ids[f.From], Target: b.ids[f.To]})
		}
	}
}

// addPools keeps separate pool bands separate participants, each node
// in the pool it sits in.
func (b *structureBuilder) addPools() {
	rest := 0 // the pool of the nodes outside every pool band
	if b.outside {
		rest = len(b.pools) + 1
	}
	if len(b.pools) < 2 && rest == 0 {
		return
	}
	m := &b.m
	for k, p := range b.pools {
		m.Pools = append(m.Pools, process.Pool{ID: fmt.Sprintf("pool%d", k+1), Name: cmp.Or(p.name, fmt.Sprintf("Pool %d", k+1)), Collapsed: p.collapsed})
	}
	if rest > 0 {
		m.Pools = append(m.Pools, process.Pool{ID: fmt.Sprintf("pool%d", rest), Name: fmt.Sprintf("Pool %d", rest)})
	}
	for i, s := range b.d.Shapes {
		k := cmp.Or(b.poolOf(s), rest)
		if k == 0 || b.ids[i] == "" || s.Kind == vision.Pool {
			continue
		}
		pid := fmt.Sprintf("pool%d", k)
		for j := range m.Activities {
			if m.Activities[j].ID == b.ids[i] {
				m.Activities[j].Pool = pid
			}
		}
		for j := range m.Gateways {
			if m.Gateways[j].ID == b.ids[i] {
				m.Gateways[j].Pool = pid
			}
		}
		for j := range m.Events {
			if m.Events[j].ID == b.ids[i] {
				m.Events[j].Pool = pid
			}
		}
	}
}

// addNotes attaches the notes on unfinished connectors to their nodes
// (a collapsed pool takes no annotation) and returns them.
func (b *structureBuilder) addNotes() []note {
	var notes []note
	for _, nt := range traceNotes(b.d, b.ids, b.names, b.words) {
		if b.d.Shapes[nt.node].Kind != vision.Pool {
			notes = append(notes, nt)
		}
	}
	for _, nt := range notes {
		b.m.Annotations = append(b.m.Annotations, process.Annotation{ID: fmt.Sprintf("n%d", len(b.m.Annotations)+1), Text: nt.text, AttachedTo: b.ids[nt.node]})
	}
	return notes
}

// addParticipants adds the named lanes that hold a task, each in the
// pool it lies in.
func (b *structureBuilder) addParticipants() {
	for _, ln := range b.lanes {
		if !b.usedLane[ln.name] || ln.name == "" {
			continue
		}
		pt := process.Participant{Name: ln.name}
		if len(b.pools) >= 2 {
			for k, p := range b.pools {
				if center(ln.body).In(p.body) {
					pt.Pool = fmt.Sprintf("pool%d", k+1)
				}
			}
		}
		b.m.Participants = append(b.m.Participants, pt)
	}
}
