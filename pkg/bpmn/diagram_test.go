package bpmn

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"
)

// element is one semantic BPMN element with an id.
type element struct {
	local, name, parent string
	attached, source    string
	target, state       string
}

// diShape and diEdge are diagram elements of one plane.
type diShape struct {
	el           string
	b, label     bounds
	hasLabel     bool
	plane        string
	expandedFlag string
}

type diEdge struct {
	el       string
	pts      [][2]float64
	label    bounds
	hasLabel bool
	plane    string
}

// diagram is a generic reading of a BPMN document, nested elements and
// every diagram included.
type diagram struct {
	els    map[string]*element
	shapes []diShape
	edges  []diEdge
}

func attr(se xml.StartElement, name string) string {
	for _, a := range se.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func num64(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// readDiagram parses a document the way the checks below need it.
func readDiagram(t *testing.T, b []byte) *diagram {
	t.Helper()
	d := &diagram{els: map[string]*element{}}
	dec := xml.NewDecoder(bytes.NewReader(b))
	// reference files may declare Latin-1; ids and names are ASCII enough
	// for these checks
	dec.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	var stack []string // ids of open elements ("" for none)
	var plane string
	var shape *diShape
	var edge *diEdge
	inLabel := false
	var textOf *element
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("generated XML does not parse: %v", err)
		}
		switch se := tok.(type) {
		case xml.StartElement:
			id := attr(se, "id")
			switch se.Name.Local {
			case "BPMNPlane":
				plane = attr(se, "bpmnElement")
			case "BPMNShape":
				shape = &diShape{el: attr(se, "bpmnElement"), plane: plane, expandedFlag: attr(se, "isExpanded")}
			case "BPMNEdge":
				edge = &diEdge{el: attr(se, "bpmnElement"), plane: plane}
			case "BPMNLabel":
				inLabel = true
			case "Bounds":
				r := bounds{num64(attr(se, "x")), num64(attr(se, "y")), num64(attr(se, "width")), num64(attr(se, "height"))}
				switch {
				case shape != nil && inLabel:
					shape.label, shape.hasLabel = r, true
				case shape != nil:
					shape.b = r
				case edge != nil && inLabel:
					edge.label, edge.hasLabel = r, true
				}
			case "waypoint":
				if edge != nil {
					edge.pts = append(edge.pts, [2]float64{num64(attr(se, "x")), num64(attr(se, "y"))})
				}
			default:
				if id != "" && se.Name.Space == NSModel {
					parent := ""
					for k := len(stack) - 1; k >= 0; k-- {
						if stack[k] != "" {
							parent = stack[k]
							break
						}
					}
					e := &element{local: se.Name.Local, name: attr(se, "name"), parent: parent, attached: attr(se, "attachedToRef"), source: attr(se, "sourceRef"), target: attr(se, "targetRef")}
					d.els[id] = e
				}
				if se.Name.Local == "dataState" && len(stack) > 0 {
					if e := d.els[stack[len(stack)-1]]; e != nil {
						e.state = attr(se, "name")
					}
				}
				if se.Name.Local == "text" && len(stack) > 0 {
					textOf = d.els[stack[len(stack)-1]]
				}
			}
			stack = append(stack, id)
		case xml.CharData:
			if textOf != nil {
				textOf.name += string(se)
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			switch se.Name.Local {
			case "BPMNShape":
				d.shapes = append(d.shapes, *shape)
				shape = nil
			case "BPMNEdge":
				d.edges = append(d.edges, *edge)
				edge = nil
			case "BPMNLabel":
				inLabel = false
			case "text":
				textOf = nil
			}
		}
	}
	return d
}

func isNodeKind(local string) bool {
	switch local {
	case "task", "userTask", "serviceTask", "sendTask", "receiveTask", "manualTask", "businessRuleTask", "scriptTask",
		"subProcess", "transaction", "adHocSubProcess", "callActivity",
		"startEvent", "endEvent", "intermediateCatchEvent", "intermediateThrowEvent", "boundaryEvent",
		"exclusiveGateway", "parallelGateway", "inclusiveGateway", "eventBasedGateway", "complexGateway":
		return true
	}
	return false
}

func isShapeKind(local string) bool {
	return isNodeKind(local) || local == "dataObjectReference" || local == "dataStoreReference" || local == "textAnnotation"
}

// ancestor reports whether a is b or contains b (a sub-process around
// it, or the host of a boundary event b).
func (d *diagram) ancestor(a, b string) bool {
	for k := 0; b != "" && k < 1000; k++ {
		if a == b {
			return true
		}
		e := d.els[b]
		if e == nil {
			return false
		}
		if e.attached != "" {
			b = e.attached
			continue
		}
		b = e.parent
	}
	return false
}

// checkDiagram checks what a person sees in any built diagram: every flow
// node drawn once, no two shapes overlapping (containers and boundary
// events aside), no sequence or message flow through a shape, no label on
// a shape, and every label wide enough for its longest word and high
// enough for its lines.
func checkDiagram(t *testing.T, b []byte) {
	t.Helper()
	d := readDiagram(t, b)
	drawn := map[string]int{}
	for _, s := range d.shapes {
		drawn[s.el]++
	}
	for id, e := range d.els {
		if isNodeKind(e.local) && drawn[id] != 1 {
			t.Errorf("%s %s has %d shapes", e.local, id, drawn[id])
		}
	}
	var shapes []diShape
	for _, s := range d.shapes {
		if e := d.els[s.el]; e != nil && isShapeKind(e.local) {
			shapes = append(shapes, s)
		}
	}
	for i, a := range shapes {
		for _, c := range shapes[i+1:] {
			if a.plane != c.plane || d.ancestor(a.el, c.el) || d.ancestor(c.el, a.el) {
				continue
			}
			if inner(a.b, 0.5).overlaps(c.b) {
				t.Errorf("shape %s %v overlaps %s %v", a.el, a.b, c.el, c.b)
			}
		}
	}
	for _, e := range d.edges {
		el := d.els[e.el]
		if el == nil {
			t.Errorf("edge for unknown element %s", e.el)
			continue
		}
		if len(e.pts) < 2 {
			t.Errorf("edge %s has %d waypoints", e.el, len(e.pts))
		}
		if el.local != "sequenceFlow" && el.local != "messageFlow" {
			continue
		}
		for k := 0; k+1 < len(e.pts); k++ {
			p, q := e.pts[k], e.pts[k+1]
			if p[0] != q[0] && p[1] != q[1] {
				t.Errorf("%s segment %v-%v is not orthogonal", e.el, p, q)
			}
			seg := bounds{math.Min(p[0], q[0]), math.Min(p[1], q[1]), math.Abs(p[0] - q[0]), math.Abs(p[1] - q[1])}
			for _, s := range shapes {
				if s.plane != e.plane || d.ancestor(s.el, el.source) || d.ancestor(s.el, el.target) {
					continue
				}
				if segThrough(seg, s.b) {
					t.Errorf("%s %s runs through %s %v", el.local, e.el, s.el, s.b)
				}
			}
		}
	}
	// task text sits inside the shape: words and lines must fit it
	for _, s := range d.shapes {
		e := d.els[s.el]
		if e == nil || !isNodeKind(e.local) || strings.HasSuffix(e.local, "Event") || strings.HasSuffix(e.local, "Gateway") || s.expandedFlag == "true" {
			continue
		}
		for _, w := range strings.Fields(e.name) {
			if tw := textWidth(w, taskFontPx); tw > s.b.W-2*taskPad+0.01 && tw < taskMaxW-2*taskPad-labelSlack {
				t.Errorf("%s %s: word %q is %.1f px wide, the shape %.0f", e.local, s.el, w, tw, s.b.W)
			}
		}
		lines := float64(len(wrapLabel(e.name, s.b.W-2*taskPad, taskFontPx)))
		if lines*taskLineH+2*taskPad < taskMaxH && lines*taskLineH > s.b.H-2*taskPad+0.01 {
			t.Errorf("%s %s: %q takes %.0f lines, the shape is %.0f high", e.local, s.el, e.name, lines, s.b.H)
		}
	}
	type label struct {
		owner, plane, text string
		b                  bounds
	}
	var labels []label
	for _, s := range d.shapes {
		if s.hasLabel {
			e := d.els[s.el]
			text := e.name
			if e.state != "" {
				text += " [" + e.state + "]"
			}
			labels = append(labels, label{s.el, s.plane, text, s.label})
		}
	}
	for _, e := range d.edges {
		if e.hasLabel {
			labels = append(labels, label{e.el, e.plane, d.els[e.el].name, e.label})
		}
	}
	for _, l := range labels {
		for _, s := range shapes {
			if s.plane != l.plane || s.el == l.owner || d.ancestor(s.el, l.owner) {
				continue
			}
			if inner(l.b, 0.5).overlaps(s.b) {
				t.Errorf("label of %s %v overlaps %s %v", l.owner, l.b, s.el, s.b)
			}
		}
		checkLabelFits(t, l.owner, l.text, l.b)
	}
}

// checkLabelFits is issue 13.3's check: bpmn-js wraps a label inside its
// bounds and breaks a word that does not fit ("N/o"), so every word must
// fit the width and the wrapped lines the height.
func checkLabelFits(t *testing.T, owner, text string, b bounds) {
	t.Helper()
	for _, w := range strings.Fields(text) {
		if tw := textWidth(w, extFontPx); tw > b.W+0.01 && tw < maxWordW {
			t.Errorf("label of %s: word %q is %.1f px wide, bounds %.0f", owner, w, tw, b.W)
		}
	}
	lines := len(wrapLabel(text, b.W, extFontPx))
	if lines <= maxLabelLines && float64(lines)*labelLineH > b.H+0.01 {
		t.Errorf("label of %s: %q takes %d lines, bounds %.0f high", owner, text, lines, b.H)
	}
}

func inner(b bounds, e float64) bounds {
	return bounds{b.X + e, b.Y + e, b.W - 2*e, b.H - 2*e}
}

// segThrough reports whether an axis-parallel segment runs through the
// interior of r.
func segThrough(seg, r bounds) bool {
	const e = 0.5
	return seg.X < r.X+r.W-e && seg.X+seg.W > r.X+e && seg.Y < r.Y+r.H-e && seg.Y+seg.H > r.Y+e
}

// checkRefs checks that every id is unique and every reference names an
// element of the document.
func checkRefs(t *testing.T, b []byte) {
	t.Helper()
	ids := map[string]bool{}
	var refs []string
	dec := xml.NewDecoder(bytes.NewReader(b))
	var inRef bool
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("generated XML does not parse: %v", err)
		}
		switch se := tok.(type) {
		case xml.StartElement:
			if id := attr(se, "id"); id != "" {
				if ids[id] {
					t.Errorf("duplicate id %s", id)
				}
				ids[id] = true
			}
			for _, a := range []string{"sourceRef", "targetRef", "attachedToRef", "processRef", "bpmnElement", "default", "dataObjectRef", "dataStoreRef"} {
				if v := attr(se, a); v != "" {
					refs = append(refs, v)
				}
			}
			switch se.Name.Local {
			case "flowNodeRef", "incoming", "outgoing", "sourceRef", "targetRef":
				inRef = true
			}
		case xml.CharData:
			if inRef {
				refs = append(refs, strings.TrimSpace(string(se)))
			}
		case xml.EndElement:
			inRef = false
		}
	}
	for _, r := range refs {
		if !ids[r] {
			t.Errorf("reference to missing id %q", r)
		}
	}
}
