package bpmn

import (
	"strconv"

	"github.com/spade-bpmn/spade/pkg/bpmn/layout"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

func (g *graph) shape(w *xw, id, el string, r, label layout.Rect, kv ...string) {
	w.open("bpmndi:BPMNShape", append([]string{"id", id, "bpmnElement", el}, kv...)...)
	w.bounds(r)
	if label != (layout.Rect{}) {
		w.open("bpmndi:BPMNLabel")
		w.bounds(label)
		w.close("bpmndi:BPMNLabel")
	}
	w.close("bpmndi:BPMNShape")
}

func (g *graph) edge(w *xw, id, el string, pts []layout.Point, label layout.Rect) {
	if len(pts) < 2 {
		return
	}
	w.open("bpmndi:BPMNEdge", "id", id, "bpmnElement", el)
	for _, p := range pts {
		w.empty("di:waypoint", "x", num(p.X), "y", num(p.Y))
	}
	if label != (layout.Rect{}) {
		w.open("bpmndi:BPMNLabel")
		w.bounds(label)
		w.close("bpmndi:BPMNLabel")
	}
	w.close("bpmndi:BPMNEdge")
}

// center is the middle of a shape, for links drawn straight.
func center(r layout.Rect) layout.Point { return layout.Point{X: r.X + r.W/2, Y: r.Y + r.H/2} }

func (g *graph) writeDI(w *xw, d *drawing, bare bool) {
	w.open("bpmndi:BPMNDiagram", "id", "BPMNDiagram_1")
	if bare {
		// the process itself, without a pool around it
		w.open("bpmndi:BPMNPlane", "id", "BPMNPlane_1", "bpmnElement", g.pools[0].processID)
	} else {
		w.open("bpmndi:BPMNPlane", "id", "BPMNPlane_1", "bpmnElement", "Collaboration_1")
		for p, pl := range g.pools {
			g.shape(w, pl.id+"_di", pl.id, d.pools[p], layout.Rect{}, "isHorizontal", "true")
		}
	}
	for l, ln := range g.lanes {
		if d.lanes[l] != (layout.Rect{}) {
			g.shape(w, ln.id+"_di", ln.id, d.lanes[l], layout.Rect{}, "isHorizontal", "true")
		}
	}
	g.writePlane(w, d, -1)
	for i, m := range g.msgs {
		g.edge(w, m.id+"_di", m.id, d.msgs[i], d.msgLabels[i])
	}
	w.close("bpmndi:BPMNPlane")
	w.close("bpmndi:BPMNDiagram")
	for i, n := range g.nodes {
		if n.isContainer() && n.collapsed && d.plane[i] >= -1 {
			w.open("bpmndi:BPMNDiagram", "id", "BPMNDiagram_"+n.id)
			w.open("bpmndi:BPMNPlane", "id", "BPMNPlane_"+n.id, "bpmnElement", n.id)
			g.writePlane(w, d, i)
			w.close("bpmndi:BPMNPlane")
			w.close("bpmndi:BPMNDiagram")
		}
	}
}

// writePlane writes the shapes and edges one diagram shows: the main one
// (plane -1) or a collapsed sub-process' own.
func (g *graph) writePlane(w *xw, d *drawing, plane int) {
	for i, n := range g.nodes {
		if d.plane[i] != plane {
			continue
		}
		var kv []string
		if n.kind == parse.KindExclusiveGateway {
			kv = append(kv, "isMarkerVisible", "true")
		}
		if n.isContainer() {
			kv = append(kv, "isExpanded", strconv.FormatBool(!n.collapsed))
		}
		g.shape(w, n.id+"_di", n.id, d.nodes[i], d.labels[i], kv...)
	}
	for i, it := range g.data {
		if g.planeOf(d, it.parent) == plane {
			g.shape(w, it.id+"_di", it.id, d.data[i], d.dataLabels[i])
		}
	}
	for i, f := range g.flows {
		if !f.deleted && d.plane[f.from] == plane {
			label := layout.Rect{}
			if f.name != "" {
				label = d.flowLabels[i]
			}
			g.edge(w, f.id+"_di", f.id, d.flows[i], label)
		}
	}
	for i, a := range g.assoc {
		if g.planeOf(d, g.data[a.data].parent) != plane {
			continue
		}
		pts := d.assoc[i]
		if len(pts) < 2 {
			pts = []layout.Point{center(d.data[a.data]), center(d.nodes[a.node])}
		}
		g.edge(w, a.id+"_di", a.id, pts, layout.Rect{})
	}
	for i, n := range g.nodes {
		if n.note == "" || d.plane[i] != plane {
			continue
		}
		nr := d.notes[i]
		g.shape(w, annotationPrefix+n.id+"_di", annotationPrefix+n.id, nr, layout.Rect{})
		tr := d.nodes[i]
		g.edge(w, associationPrefix+n.id+"_di", associationPrefix+n.id, []layout.Point{{X: tr.X + tr.W/2, Y: tr.Y}, {X: tr.X + tr.W/2, Y: nr.Y + nr.H}}, layout.Rect{})
	}
	for i, n := range g.nodes {
		if n.handler < 0 || d.plane[i] != plane {
			continue
		}
		pts := d.handlerLinks[i]
		if len(pts) < 2 {
			pts = []layout.Point{center(d.nodes[i]), center(d.nodes[n.handler])}
		}
		g.edge(w, n.handlerID+"_di", n.handlerID, pts, layout.Rect{})
	}
	for i, t := range g.notes {
		if g.planeOf(d, t.parent) != plane {
			continue
		}
		g.shape(w, t.id+"_di", t.id, d.texts[i], layout.Rect{})
		if t.node >= 0 {
			pts := d.textLinks[i]
			if len(pts) < 2 {
				pts = []layout.Point{center(d.nodes[t.node]), center(d.texts[i])}
			}
			g.edge(w, t.id+"_link_di", t.id+"_link", pts, layout.Rect{})
		}
	}
}
