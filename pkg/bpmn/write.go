package bpmn

import (
	"bytes"
	"encoding/xml"
	"strconv"

	"github.com/spade-bpmn/spade/pkg/bpmn/layout"
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

// xw writes indented XML by hand: the element order the schema demands is
// easier to keep in straight-line code than in struct tags.
type xw struct {
	b     bytes.Buffer
	depth int
}

func (w *xw) indent() {
	for i := 0; i < w.depth; i++ {
		w.b.WriteString("  ")
	}
}

func (w *xw) attrs(kv []string) {
	for i := 0; i+1 < len(kv); i += 2 {
		w.b.WriteByte(' ')
		w.b.WriteString(kv[i])
		w.b.WriteString(`="`)
		xml.EscapeText(&w.b, []byte(kv[i+1])) //nolint:errcheck // bytes.Buffer never fails
		w.b.WriteByte('"')
	}
}

func (w *xw) open(name string, kv ...string) {
	w.indent()
	w.b.WriteByte('<')
	w.b.WriteString(name)
	w.attrs(kv)
	w.b.WriteString(">\n")
	w.depth++
}

func (w *xw) close(name string) {
	w.depth--
	w.indent()
	w.b.WriteString("</")
	w.b.WriteString(name)
	w.b.WriteString(">\n")
}

func (w *xw) empty(name string, kv ...string) {
	w.indent()
	w.b.WriteByte('<')
	w.b.WriteString(name)
	w.attrs(kv)
	w.b.WriteString("/>\n")
}

func (w *xw) text(name, text string, kv ...string) {
	w.indent()
	w.b.WriteByte('<')
	w.b.WriteString(name)
	w.attrs(kv)
	w.b.WriteByte('>')
	xml.EscapeText(&w.b, []byte(text)) //nolint:errcheck // bytes.Buffer never fails
	w.b.WriteString("</")
	w.b.WriteString(name)
	w.b.WriteString(">\n")
}

func num(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func (w *xw) bounds(r layout.Rect) {
	w.empty("dc:Bounds", "x", num(r.X), "y", num(r.Y), "width", num(r.W), "height", num(r.H))
}

func (g *graph) write(name, purpose string, d *drawing) []byte {
	w := &xw{}
	w.b.WriteString(xml.Header)
	w.open("bpmn:definitions", "xmlns:bpmn", NSModel, "xmlns:bpmndi", NSDI, "xmlns:dc", NSDC, "xmlns:di", NSDDI,
		"xmlns:xsi", NSXSI, "id", "Definitions_1", "targetNamespace", defaultTargetNS, "exporter", "SPADE", "exporterVersion", "1.0")
	w.open("bpmn:collaboration", "id", "Collaboration_1")
	w.empty("bpmn:participant", "id", "Participant_1", "name", name, "processRef", "Process_1")
	w.close("bpmn:collaboration")

	w.open("bpmn:process", "id", "Process_1", "name", name, "isExecutable", "false")
	if purpose != "" {
		w.text("bpmn:documentation", purpose)
	}
	if d.hasLanes {
		w.open("bpmn:laneSet", "id", "LaneSet_1")
		for li, lane := range g.lanes {
			w.open("bpmn:lane", "id", laneID(li), "name", lane)
			if doc := g.laneDocs[li]; doc != "" {
				w.text("bpmn:documentation", doc)
			}
			for _, n := range g.nodes {
				if n.lane == li {
					w.text("bpmn:flowNodeRef", n.id)
				}
			}
			w.close("bpmn:lane")
		}
		w.close("bpmn:laneSet")
	}
	for _, n := range g.nodes {
		g.writeNode(w, n)
	}
	for _, f := range g.flows {
		if f.deleted {
			continue
		}
		kv := []string{"id", f.id}
		if f.name != "" {
			kv = append(kv, "name", f.name)
		}
		kv = append(kv, "sourceRef", g.nodes[f.from].id, "targetRef", g.nodes[f.to].id)
		if f.cond {
			w.open("bpmn:sequenceFlow", kv...)
			w.text("bpmn:conditionExpression", f.name, "xsi:type", "bpmn:tFormalExpression")
			w.close("bpmn:sequenceFlow")
		} else {
			w.empty("bpmn:sequenceFlow", kv...)
		}
	}
	for _, n := range g.nodes {
		if n.note != "" {
			w.open("bpmn:textAnnotation", "id", annotationPrefix+n.id)
			w.text("bpmn:text", n.note)
			w.close("bpmn:textAnnotation")
		}
	}
	for _, n := range g.nodes {
		if n.note != "" {
			w.empty("bpmn:association", "id", associationPrefix+n.id, "sourceRef", n.id, "targetRef", annotationPrefix+n.id)
		}
	}
	w.close("bpmn:process")
	g.writeDI(w, d)
	w.close("bpmn:definitions")
	return w.b.Bytes()
}

func laneID(i int) string { return "Lane_" + strconv.Itoa(i+1) }

func (g *graph) writeNode(w *xw, n *node) {
	el := "bpmn:" + n.kind
	kv := []string{"id", n.id}
	if n.name != "" {
		kv = append(kv, "name", n.name)
	}
	if n.defFlow >= 0 {
		kv = append(kv, "default", g.flows[n.defFlow].id)
	}
	w.open(el, kv...)
	if n.doc != "" {
		w.text("bpmn:documentation", n.doc)
	}
	for _, fi := range n.in {
		w.text("bpmn:incoming", g.flows[fi].id)
	}
	for _, fi := range n.out {
		w.text("bpmn:outgoing", g.flows[fi].id)
	}
	if def := eventDefinition(n); def != "" {
		w.empty("bpmn:"+def, "id", n.id+"_def")
	}
	w.close(el)
}

// eventDefinition names the event definition element an event carries.
func eventDefinition(n *node) string {
	if !n.isEvent() {
		return ""
	}
	switch n.trigger {
	case process.TriggerTimer:
		if n.kind == kindEnd || n.kind == kindThrow {
			return ""
		}
		return "timerEventDefinition"
	case process.TriggerMessage:
		return "messageEventDefinition"
	case process.TriggerSignal:
		return "signalEventDefinition"
	case process.TriggerError:
		if n.kind == kindEnd {
			return "errorEventDefinition"
		}
	}
	return ""
}

func (g *graph) writeDI(w *xw, d *drawing) {
	w.open("bpmndi:BPMNDiagram", "id", "BPMNDiagram_1")
	w.open("bpmndi:BPMNPlane", "id", "BPMNPlane_1", "bpmnElement", "Collaboration_1")
	w.open("bpmndi:BPMNShape", "id", "Participant_1_di", "bpmnElement", "Participant_1", "isHorizontal", "true")
	w.bounds(d.pool)
	w.close("bpmndi:BPMNShape")
	for li, r := range d.lanes {
		w.open("bpmndi:BPMNShape", "id", laneID(li)+"_di", "bpmnElement", laneID(li), "isHorizontal", "true")
		w.bounds(r)
		w.close("bpmndi:BPMNShape")
	}
	for i, n := range g.nodes {
		kv := []string{"id", n.id + "_di", "bpmnElement", n.id}
		if n.kind == kindExclusive {
			kv = append(kv, "isMarkerVisible", "true")
		}
		w.open("bpmndi:BPMNShape", kv...)
		w.bounds(d.res.Nodes[i])
		if d.labels[i] != (layout.Rect{}) {
			w.open("bpmndi:BPMNLabel")
			w.bounds(d.labels[i])
			w.close("bpmndi:BPMNLabel")
		}
		w.close("bpmndi:BPMNShape")
	}
	for i, f := range g.flows {
		if f.deleted {
			continue
		}
		w.open("bpmndi:BPMNEdge", "id", f.id+"_di", "bpmnElement", f.id)
		for _, p := range d.res.Edges[i] {
			w.empty("di:waypoint", "x", num(p.X), "y", num(p.Y))
		}
		if f.name != "" && d.res.Labels[i] != (layout.Rect{}) {
			w.open("bpmndi:BPMNLabel")
			w.bounds(d.res.Labels[i])
			w.close("bpmndi:BPMNLabel")
		}
		w.close("bpmndi:BPMNEdge")
	}
	for i, n := range g.nodes {
		if n.note == "" {
			continue
		}
		nr := d.notes[i]
		w.open("bpmndi:BPMNShape", "id", annotationPrefix+n.id+"_di", "bpmnElement", annotationPrefix+n.id)
		w.bounds(nr)
		w.close("bpmndi:BPMNShape")
		tr := d.res.Nodes[i]
		w.open("bpmndi:BPMNEdge", "id", associationPrefix+n.id+"_di", "bpmnElement", associationPrefix+n.id)
		w.empty("di:waypoint", "x", num(tr.X+tr.W/2), "y", num(tr.Y))
		w.empty("di:waypoint", "x", num(tr.X+tr.W/2), "y", num(nr.Y+nr.H))
		w.close("bpmndi:BPMNEdge")
	}
	w.close("bpmndi:BPMNPlane")
	w.close("bpmndi:BPMNDiagram")
}
