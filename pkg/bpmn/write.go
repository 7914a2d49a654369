package bpmn

import (
	"encoding/xml"
	"regexp"
	"strconv"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/process"
)

// Namespaces of BPMN 2.0 and its diagram interchange.
const (
	NSModel = "http://www.omg.org/spec/BPMN/20100524/MODEL"
	NSDI    = "http://www.omg.org/spec/BPMN/20100524/DI"
	NSDC    = "http://www.omg.org/spec/DD/20100524/DC"
	NSDDI   = "http://www.omg.org/spec/DD/20100524/DI"
	NSXSI   = "http://www.w3.org/2001/XMLSchema-instance"
)

func (g *graph) write(name, purpose string, d *drawing) []byte {
	w := &xw{}
	w.b.WriteString(xml.Header)
	w.open("bpmn:definitions", "xmlns:bpmn", NSModel, "xmlns:bpmndi", NSDI, "xmlns:dc", NSDC, "xmlns:di", NSDDI,
		"xmlns:xsi", NSXSI, "id", "Definitions_1", "targetNamespace", defaultTargetNS, "exporter", "SPADE", "exporterVersion", "1.0")
	bare := g.bare()
	if !bare {
		g.writeCollaboration(w)
	}
	for p, pl := range g.pools {
		if pl.collapsed {
			continue
		}
		pname := pl.name
		if !g.multiPool {
			pname = name
		}
		w.open("bpmn:process", "id", pl.processID, "name", pname, "isExecutable", "false")
		if purpose != "" && p == g.mainPool() {
			w.text("bpmn:documentation", purpose)
		}
		g.writeIOSpecification(w, p)
		g.writeLanes(w, p)
		g.writeScope(w, p, -1)
		g.writeArtifacts(w, p, -1)
		w.close("bpmn:process")
	}
	g.writeRoots(w)
	for _, it := range g.data {
		if it.store {
			kv := []string{"id", it.objectID}
			if it.name != "" {
				kv = append(kv, "name", it.name)
			}
			w.empty("bpmn:dataStore", kv...)
		}
	}
	g.writeDI(w, d, bare)
	w.close("bpmn:definitions")
	return w.b.Bytes()
}

// bare reports whether the diagram is a single process drawn without a
// pool: a verbatim model (from a file) with no pool, lane or message, as
// its file drew it. Every other diagram is a collaboration.
func (g *graph) bare() bool {
	return g.verbatim && !g.multiPool && len(g.pools) == 1 && len(g.lanes) == 0 && len(g.msgs) == 0
}

// writeCollaboration writes the pools and the message flows between them.
func (g *graph) writeCollaboration(w *xw) {
	w.open("bpmn:collaboration", "id", "Collaboration_1")
	for _, p := range g.pools {
		kv := []string{"id", p.id}
		if p.name != "" {
			kv = append(kv, "name", p.name)
		}
		if !p.collapsed {
			kv = append(kv, "processRef", p.processID)
		}
		if p.doc != "" {
			w.open("bpmn:participant", kv...)
			w.text("bpmn:documentation", p.doc)
			w.close("bpmn:participant")
		} else {
			w.empty("bpmn:participant", kv...)
		}
	}
	for _, m := range g.msgs {
		kv := []string{"id", m.id}
		if m.name != "" {
			kv = append(kv, "name", m.name)
		}
		kv = append(kv, "sourceRef", g.endID(m.from), "targetRef", g.endID(m.to))
		w.empty("bpmn:messageFlow", kv...)
	}
	w.close("bpmn:collaboration")
}

// writeIOSpecification writes the data inputs and outputs of pool p's
// process with the input and output set the schema requires.
func (g *graph) writeIOSpecification(w *xw, p int) {
	var ins, outs []dataItem
	for _, it := range g.data {
		switch {
		case it.pool != p:
		case it.io == process.DataInput:
			ins = append(ins, it)
		case it.io == process.DataOutput:
			outs = append(outs, it)
		}
	}
	if len(ins)+len(outs) == 0 {
		return
	}
	pl := g.pools[p]
	w.open("bpmn:ioSpecification", "id", pl.processID+"_io")
	for _, set := range []struct {
		el    string
		items []dataItem
	}{{"bpmn:dataInput", ins}, {"bpmn:dataOutput", outs}} {
		for _, it := range set.items {
			kv := []string{"id", it.id}
			if it.name != "" {
				kv = append(kv, "name", it.name)
			}
			if it.collection {
				kv = append(kv, "isCollection", "true")
			}
			w.empty(set.el, kv...)
		}
	}
	w.open("bpmn:inputSet", "id", pl.processID+"_inputs")
	for _, it := range ins {
		w.text("bpmn:dataInputRefs", it.id)
	}
	w.close("bpmn:inputSet")
	w.open("bpmn:outputSet", "id", pl.processID+"_outputs")
	for _, it := range outs {
		w.text("bpmn:dataOutputRefs", it.id)
	}
	w.close("bpmn:outputSet")
	w.close("bpmn:ioSpecification")
}

// endID is the id a message flow end refers to.
func (g *graph) endID(e endpoint) string {
	if e.node >= 0 {
		return g.nodes[e.node].id
	}
	return g.pools[e.pool].id
}

// writeLanes writes a pool's lane set, nested lanes as child lane sets. A
// lane lists the nodes of its lanes below it too, as BPMN defines.
func (g *graph) writeLanes(w *xw, p int) {
	var top []int
	for i, l := range g.lanes {
		if l.pool == p && l.parent < 0 {
			top = append(top, i)
		}
	}
	if len(top) == 0 {
		return
	}
	var lane func(l int)
	lane = func(l int) {
		kv := []string{"id", g.lanes[l].id, "name", g.lanes[l].name}
		if g.lanes[l].unnamed {
			kv = kv[:2]
		}
		w.open("bpmn:lane", kv...)
		if doc := g.lanes[l].doc; doc != "" {
			w.text("bpmn:documentation", doc)
		}
		for _, n := range g.nodes {
			if n.pool == p && n.parent < 0 && n.lane >= 0 && g.laneUnder(n.lane, l) {
				w.text("bpmn:flowNodeRef", n.id)
			}
		}
		if kids := g.lanes[l].children; len(kids) > 0 {
			w.open("bpmn:childLaneSet", "id", g.lanes[l].id+"_set")
			for _, c := range kids {
				lane(c)
			}
			w.close("bpmn:childLaneSet")
		}
		w.close("bpmn:lane")
	}
	setID := g.pools[p].processID + "_lanes"
	if !g.multiPool {
		setID = "LaneSet_1"
	}
	w.open("bpmn:laneSet", "id", setID)
	for _, l := range top {
		lane(l)
	}
	w.close("bpmn:laneSet")
}

// writeScope writes the flow elements of one process or sub-process
// level: nodes (sub-processes with their content), data and flows.
func (g *graph) writeScope(w *xw, p, scope int) {
	for _, i := range g.ix.nodes[scope] {
		if g.nodes[i].pool == p {
			g.writeNode(w, i)
		}
	}
	for _, di := range g.ix.data[scope] {
		it := g.data[di]
		if it.pool != p || it.io != "" {
			continue
		}
		ref := []string{"id", it.id}
		if it.name != "" {
			ref = append(ref, "name", it.name)
		}
		if it.store {
			ref = append(ref, "dataStoreRef", it.objectID)
		} else {
			obj := []string{"id", it.objectID}
			if it.collection {
				obj = append(obj, "isCollection", "true")
			}
			w.empty("bpmn:dataObject", obj...)
			ref = append(ref, "dataObjectRef", it.objectID)
		}
		el := "bpmn:dataObjectReference"
		if it.store {
			el = "bpmn:dataStoreReference"
		}
		if it.state != "" {
			w.open(el, ref...)
			w.empty("bpmn:dataState", "id", it.id+"_state", "name", it.state)
			w.close(el)
		} else {
			w.empty(el, ref...)
		}
	}
	for _, fi := range g.ix.flows[scope] {
		f := g.flows[fi]
		if g.nodes[f.from].pool != p {
			continue
		}
		kv := []string{"id", f.id}
		if f.name != "" {
			kv = append(kv, "name", f.name)
		}
		kv = append(kv, "sourceRef", g.nodes[f.from].id, "targetRef", g.nodes[f.to].id)
		if f.cond || f.doc != "" {
			w.open("bpmn:sequenceFlow", kv...)
			if f.doc != "" {
				w.text("bpmn:documentation", f.doc)
			}
			if !f.cond {
				w.close("bpmn:sequenceFlow")
				continue
			}
			expr := f.name
			if f.hasExpr {
				expr = f.expr
			}
			w.text("bpmn:conditionExpression", expr, "xsi:type", "bpmn:tFormalExpression")
			w.close("bpmn:sequenceFlow")
		} else {
			w.empty("bpmn:sequenceFlow", kv...)
		}
	}
}

// writeArtifacts writes the text annotations (WT/wt notes and the
// model's) of one process or sub-process level and their associations.
func (g *graph) writeArtifacts(w *xw, p, scope int) {
	for _, i := range g.ix.nodes[scope] {
		if n := g.nodes[i]; n.pool == p && n.note != "" {
			w.open("bpmn:textAnnotation", "id", annotationPrefix+n.id)
			w.text("bpmn:text", n.note)
			w.close("bpmn:textAnnotation")
		}
	}
	for _, ti := range g.ix.notes[scope] {
		if t := g.notes[ti]; t.pool == p {
			w.open("bpmn:textAnnotation", "id", t.id)
			w.text("bpmn:text", t.text)
			w.close("bpmn:textAnnotation")
		}
	}
	for _, i := range g.ix.nodes[scope] {
		if n := g.nodes[i]; n.pool == p && n.note != "" {
			w.empty("bpmn:association", "id", associationPrefix+n.id, "sourceRef", n.id, "targetRef", annotationPrefix+n.id)
		}
	}
	for _, ti := range g.ix.notes[scope] {
		if t := g.notes[ti]; t.pool == p && t.node >= 0 {
			w.empty("bpmn:association", "id", t.id+"_link", "sourceRef", g.nodes[t.node].id, "targetRef", t.id)
		}
	}
	for _, i := range g.ix.nodes[scope] {
		if n := g.nodes[i]; n.pool == p && n.handler >= 0 {
			w.empty("bpmn:association", "id", n.handlerID, "associationDirection", "One", "sourceRef", n.id, "targetRef", g.nodes[n.handler].id)
		}
	}
}

// qname makes a call activity's called element an xsd:QName.
func qname(s string) string {
	q := strings.Trim(ncInvalid.ReplaceAllString(s, "_"), "_")
	if q == "" {
		return ""
	}
	if !ncName.MatchString(q) {
		q = "_" + q
	}
	return q
}

// writeNode writes flow node i: its attributes, documentation and flows,
// then what an activity or an event holds.
func (g *graph) writeNode(w *xw, i int) {
	n := g.nodes[i]
	el := "bpmn:" + n.kind
	w.open(el, g.nodeAttrs(n)...)
	if n.doc != "" {
		w.text("bpmn:documentation", n.doc)
	}
	for _, fi := range n.in {
		w.text("bpmn:incoming", g.flows[fi].id)
	}
	for _, fi := range n.out {
		w.text("bpmn:outgoing", g.flows[fi].id)
	}
	if n.isActivity() {
		g.writeActivityBody(w, i)
	}
	if n.isEvent() {
		g.writeEventBody(w, i)
	}
	w.close(el)
}

// nodeAttrs are a flow node's XML attributes.
func (g *graph) nodeAttrs(n *node) []string {
	kv := []string{"id", n.id}
	if n.name != "" {
		kv = append(kv, "name", n.name)
	}
	if n.compensation {
		kv = append(kv, "isForCompensation", "true")
	}
	if n.triggered {
		kv = append(kv, "triggeredByEvent", "true")
	}
	switch {
	case n.kind == parse.KindCallActivity && g.verbatim && n.called != "":
		// a file's calledElement as written (tools put expressions and
		// prefixed names there)
		kv = append(kv, "calledElement", n.called)
	case n.kind == parse.KindCallActivity && qname(n.called) != "":
		kv = append(kv, "calledElement", qname(n.called))
	}
	if n.defFlow >= 0 {
		kv = append(kv, "default", g.flows[n.defFlow].id)
	}
	if n.kind == parse.KindBoundaryEvent {
		if n.nonInterrupting {
			kv = append(kv, "cancelActivity", "false")
		}
		kv = append(kv, "attachedToRef", g.nodes[n.host].id)
	}
	if n.kind == parse.KindStartEvent && n.nonInterrupting && n.parent >= 0 && g.nodes[n.parent].triggered {
		kv = append(kv, "isInterrupting", "false")
	}
	return kv
}

// writeActivityBody writes what an activity holds after its flows: data
// associations, its loop marker and, for a sub-process, its content.
func (g *graph) writeActivityBody(w *xw, i int) {
	n := g.nodes[i]
	var ins, outs []dataAssoc
	for _, ai := range g.ix.assoc[i] {
		if a := g.assoc[ai]; a.input {
			ins = append(ins, a)
		} else {
			outs = append(outs, a)
		}
	}
	if len(ins) > 0 {
		// bpmn-js' own placeholder: a data input association needs a
		// target inside the activity
		w.empty("bpmn:property", "id", n.id+"_input", "name", "__targetRef_placeholder")
	}
	for _, a := range ins {
		w.open("bpmn:dataInputAssociation", "id", a.id)
		w.text("bpmn:sourceRef", g.data[a.data].id)
		w.text("bpmn:targetRef", n.id+"_input")
		w.close("bpmn:dataInputAssociation")
	}
	for _, a := range outs {
		w.open("bpmn:dataOutputAssociation", "id", a.id)
		w.text("bpmn:targetRef", g.data[a.data].id)
		w.close("bpmn:dataOutputAssociation")
	}
	switch n.marker {
	case process.MarkerLoop:
		w.empty("bpmn:standardLoopCharacteristics", "id", n.id+"_loop")
	case process.MarkerParallel:
		w.empty("bpmn:multiInstanceLoopCharacteristics", "id", n.id+"_loop")
	case process.MarkerSequential:
		w.empty("bpmn:multiInstanceLoopCharacteristics", "id", n.id+"_loop", "isSequential", "true")
	}
	if n.isContainer() {
		g.writeScope(w, n.pool, i)
		g.writeArtifacts(w, n.pool, i)
	}
}

// writeEventBody writes what an event holds after its flows: a catching
// event's data outputs, a throwing event's data inputs, and its event
// definitions.
func (g *graph) writeEventBody(w *xw, i int) {
	n := g.nodes[i]
	if n.kind == parse.KindIntermediateCatchEvent || n.kind == parse.KindStartEvent || n.kind == parse.KindBoundaryEvent {
		for _, ai := range g.ix.assoc[i] {
			if a := g.assoc[ai]; !a.input {
				w.open("bpmn:dataOutputAssociation", "id", a.id)
				w.text("bpmn:targetRef", g.data[a.data].id)
				w.close("bpmn:dataOutputAssociation")
			}
		}
	}
	if n.kind == parse.KindIntermediateThrowEvent || n.kind == parse.KindEndEvent {
		g.writeEventInputs(w, i)
	}
	g.writeDefinitions(w, n)
}

// writeEventInputs writes what a throw or end event reads: a data input
// of its own per association (a throw event's dataInputAssociation must
// end at one, unlike an activity's), the associations, and the input set
// naming the inputs.
func (g *graph) writeEventInputs(w *xw, i int) {
	n := g.nodes[i]
	var ins []dataAssoc
	for _, ai := range g.ix.assoc[i] {
		if a := g.assoc[ai]; a.input {
			ins = append(ins, a)
		}
	}
	if len(ins) == 0 {
		return
	}
	input := func(k int) string { return n.id + "_input_" + strconv.Itoa(k+1) }
	for k, a := range ins {
		kv := []string{"id", input(k)}
		if name := g.data[a.data].name; name != "" {
			kv = append(kv, "name", name)
		}
		w.empty("bpmn:dataInput", kv...)
	}
	for k, a := range ins {
		w.open("bpmn:dataInputAssociation", "id", a.id)
		w.text("bpmn:sourceRef", g.data[a.data].id)
		w.text("bpmn:targetRef", input(k))
		w.close("bpmn:dataInputAssociation")
	}
	w.open("bpmn:inputSet", "id", n.id+"_inputSet")
	for k := range ins {
		w.text("bpmn:dataInputRefs", input(k))
	}
	w.close("bpmn:inputSet")
}

var (
	isoDate  = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$`)
	isoCycle = regexp.MustCompile(`(?i)^R\d*/|\b(every|each|daily|weekly|monthly|yearly|annually|hourly)\b`)
)

// timerElement chooses how a timer's text is written: an ISO-8601
// duration as timeDuration, a date as timeDate, a repetition as
// timeCycle, anything else as a duration holding the text.
func timerElement(text string) string {
	switch {
	case isoCycle.MatchString(text):
		return "bpmn:timeCycle"
	case isoDate.MatchString(text):
		return "bpmn:timeDate"
	}
	return "bpmn:timeDuration"
}

// writeDefinitions writes the event definition of an event's trigger.
func (g *graph) writeDefinitions(w *xw, n *node) {
	def := n.id + "_def"
	one := func(trigger, id string) {
		switch trigger {
		case process.TriggerTimer:
			el := map[string]string{"duration": "bpmn:timeDuration", "date": "bpmn:timeDate", "cycle": "bpmn:timeCycle"}[n.timerKind]
			if el == "" && n.timer != "" {
				el = timerElement(n.timer)
			}
			if el == "" {
				w.empty("bpmn:timerEventDefinition", "id", id)
				return
			}
			w.open("bpmn:timerEventDefinition", "id", id)
			w.text(el, n.timer, "xsi:type", "bpmn:tFormalExpression")
			w.close("bpmn:timerEventDefinition")
		case process.TriggerConditional:
			w.open("bpmn:conditionalEventDefinition", "id", id)
			w.text("bpmn:condition", n.name, "xsi:type", "bpmn:tFormalExpression")
			w.close("bpmn:conditionalEventDefinition")
		case process.TriggerLink:
			w.empty("bpmn:linkEventDefinition", "id", id, "name", n.name)
		case process.TriggerMessage:
			w.empty("bpmn:messageEventDefinition", g.refAttr(n, trigger, "messageRef", "id", id)...)
		case process.TriggerSignal:
			w.empty("bpmn:signalEventDefinition", g.refAttr(n, trigger, "signalRef", "id", id)...)
		case process.TriggerError:
			w.empty("bpmn:errorEventDefinition", g.refAttr(n, trigger, "errorRef", "id", id)...)
		case process.TriggerEscalation:
			w.empty("bpmn:escalationEventDefinition", g.refAttr(n, trigger, "escalationRef", "id", id)...)
		case process.TriggerTerminate:
			w.empty("bpmn:terminateEventDefinition", "id", id)
		case process.TriggerCompensation:
			w.empty("bpmn:compensateEventDefinition", "id", id)
		case process.TriggerCancel:
			w.empty("bpmn:cancelEventDefinition", "id", id)
		}
	}
	if n.trigger == process.TriggerMultiple {
		ts := n.triggers
		if len(ts) == 0 {
			ts = []string{process.TriggerMessage, process.TriggerSignal}
		}
		for k, t := range ts {
			id := def
			if k > 0 {
				id = def + "_" + strconv.Itoa(k+1)
			}
			one(t, id)
		}
		return
	}
	one(n.trigger, def)
}

// refAttr adds to kv the reference attribute (messageRef, …) of an event
// definition whose event names a root element for trigger.
func (g *graph) refAttr(n *node, trigger, attr string, kv ...string) []string {
	if i, ok := n.refs[trigger]; ok {
		kv = append(kv, attr, g.rootEls[i].id)
	}
	return kv
}

// writeRoots writes the messages, signals, errors and escalations the
// events refer to, with their names and codes.
func (g *graph) writeRoots(w *xw) {
	for _, r := range g.rootEls {
		kv := []string{"id", r.id}
		if r.name != "" {
			kv = append(kv, "name", r.name)
		}
		switch r.trigger {
		case process.TriggerError:
			if r.code != "" {
				kv = append(kv, "errorCode", r.code)
			}
		case process.TriggerEscalation:
			if r.code != "" {
				kv = append(kv, "escalationCode", r.code)
			}
		}
		w.empty("bpmn:"+r.trigger, kv...)
	}
}
