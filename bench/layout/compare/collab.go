package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/spade-bpmn/spade/bench/layout/graphgen"
	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/bpmn/layout"
)

// runCollab lays out seeded random collaborations (pools, message flows,
// sub-processes, boundary events) with bpmn.Build and, from the same
// semantic XML without diagram, with bpmn-auto-layout.
func runCollab(ns []int, seed uint64, tool, dir string) []row {
	var rows []row
	var files []string
	var sizes []int
	for _, n := range ns {
		m := graphgen.Collaboration(n, seed)
		var times []float64
		var out []byte
		for i := 0; i < 5; i++ {
			t0 := time.Now()
			b, err := bpmn.Build(m)
			times = append(times, float64(time.Since(t0).Microseconds())/1000)
			if err != nil {
				fail(err)
			}
			out = b
		}
		slices.Sort(times)
		r := measureCollab(out)
		r.name, r.n, r.ms = "collab: spade bpmn.Build", n, times[len(times)/2]
		rows = append(rows, r)
		f := filepath.Join(dir, fmt.Sprintf("collab-%d-seed%d.bpmn", n, seed))
		if err := os.WriteFile(f, stripDI(out), 0o644); err != nil {
			fail(err)
		}
		files = append(files, f)
		sizes = append(sizes, n)
	}
	if tool != "" {
		for _, r := range autoLayoutWith(tool, dir, files, sizes, measureCollab) {
			r.name = "collab: bpmn-auto-layout"
			rows = append(rows, r)
		}
	}
	return rows
}

var diagramRE = regexp.MustCompile(`(?s)\s*<bpmndi:BPMNDiagram .*</bpmndi:BPMNDiagram>`)

// stripDI drops the diagram interchange: what bpmn-auto-layout takes.
func stripDI(b []byte) []byte { return diagramRE.ReplaceAll(b, nil) }

// measureCollab computes the metrics of the main diagram of a laid-out
// collaboration over flow nodes, data and annotations (pools and lanes
// left out), sequence and message flows. A shape does not count as
// overlapping, or as crossed by an edge, when it contains the other
// shape or an end of the edge (an expanded sub-process around its
// content, an activity under its boundary event).
func measureCollab(data []byte) row {
	di, err := readCollabDI(data)
	if err != nil {
		return row{err: err.Error()}
	}
	keep := di.keptShapes()
	var r row
	r.nodes, r.edges = len(keep), len(di.edges)
	r.m = layout.Measure(nil, di.edges, nil)
	r.m.Overlaps += di.overlaps(keep)
	r.m.Through += di.through(keep)
	r.length, r.msgLen, r.msgCross = di.lengths(r.m.Crossings)
	return r
}

// lengths is the total length of the edges, that of the message flows,
// and how many of the crossings (all edges: crossings) a message flow
// takes part in.
func (di *collabDI) lengths(crossings int) (length, msgLen float64, msgCross int) {
	var seqOnly [][]layout.Point
	for k, p := range di.edges {
		l := 0.0
		for s := 0; s+1 < len(p); s++ {
			l += math.Abs(p[s+1].X-p[s].X) + math.Abs(p[s+1].Y-p[s].Y)
		}
		length += l
		if e := di.els[di.edgeIDs[k]]; e != nil && e.local == "messageFlow" {
			msgLen += l
		} else {
			seqOnly = append(seqOnly, p)
		}
	}
	return length, msgLen, crossings - layout.Measure(nil, seqOnly, nil).Crossings
}

// collabEl is a model element as the metrics need it: its kind, the
// nearest enclosing element with an id, its host (boundary events) and
// its ends (flows).
type collabEl struct{ local, parent, attached, src, dst string }

// collabDI is what measureCollab reads of a BPMN file: the model's
// elements by id and the first diagram's shapes and flow edges, each
// with the id of the element it draws.
type collabDI struct {
	els      map[string]*collabEl
	shapes   []layout.Rect
	shapeIDs []string
	edges    [][]layout.Point
	edgeIDs  []string
}

// collabReader is the state of the token walk over a BPMN file.
type collabReader struct {
	di       *collabDI
	stack    []string // the ids of the open elements ("" for none)
	diagrams int      // BPMNDiagrams opened so far
	shapeEl  string   // bpmnElement of the open BPMNShape
	edgeEl   string   // bpmnElement of the open BPMNEdge
	pts      []layout.Point
	inLabel  bool
}

// readCollabDI reads the elements, shapes and edges of a BPMN file.
func readCollabDI(data []byte) (*collabDI, error) {
	rd := &collabReader{di: &collabDI{els: map[string]*collabEl{}}}
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return rd.di, nil
		}
		if err != nil {
			return nil, err
		}
		switch se := tok.(type) {
		case xml.StartElement:
			rd.start(se)
		case xml.EndElement:
			rd.end(se)
		}
	}
}

// xmlAttr is the value of the attribute of that local name, "" when
// the element has none.
func xmlAttr(se xml.StartElement, n string) string {
	for _, a := range se.Attr {
		if a.Name.Local == n {
			return a.Value
		}
	}
	return ""
}

// xmlFloat is the number in an attribute, 0 when it is none.
func xmlFloat(se xml.StartElement, n string) float64 {
	v, _ := strconv.ParseFloat(xmlAttr(se, n), 64)
	return v
}

// start opens an element: a diagram, shape, edge or label, a shape's
// bounds (of the first diagram, not a label's), a waypoint, or a model
// element with an id.
func (rd *collabReader) start(se xml.StartElement) {
	id := xmlAttr(se, "id")
	switch se.Name.Local {
	case "BPMNDiagram":
		rd.diagrams++
	case "BPMNShape":
		rd.shapeEl = xmlAttr(se, "bpmnElement")
	case "BPMNEdge":
		rd.edgeEl, rd.pts = xmlAttr(se, "bpmnElement"), nil
	case "BPMNLabel":
		rd.inLabel = true
	case "Bounds":
		if rd.shapeEl != "" && !rd.inLabel && rd.diagrams == 1 {
			rd.di.shapes = append(rd.di.shapes, layout.Rect{X: xmlFloat(se, "x"), Y: xmlFloat(se, "y"), W: xmlFloat(se, "width"), H: xmlFloat(se, "height")})
			rd.di.shapeIDs = append(rd.di.shapeIDs, rd.shapeEl)
		}
	case "waypoint":
		rd.pts = append(rd.pts, layout.Point{X: xmlFloat(se, "x"), Y: xmlFloat(se, "y")})
	default:
		if id != "" && se.Name.Space == bpmn.NSModel {
			rd.di.els[id] = &collabEl{local: se.Name.Local, parent: rd.parent(), attached: xmlAttr(se, "attachedToRef"), src: xmlAttr(se, "sourceRef"), dst: xmlAttr(se, "targetRef")}
		}
	}
	rd.stack = append(rd.stack, id)
}

// parent is the id of the innermost open element that has one.
func (rd *collabReader) parent() string {
	for k := len(rd.stack) - 1; k >= 0; k-- {
		if rd.stack[k] != "" {
			return rd.stack[k]
		}
	}
	return ""
}

// end closes an element; a closed edge of the first diagram that draws
// a sequence or message flow is kept with its waypoints.
func (rd *collabReader) end(se xml.EndElement) {
	rd.stack = rd.stack[:len(rd.stack)-1]
	switch se.Name.Local {
	case "BPMNShape":
		rd.shapeEl = ""
	case "BPMNLabel":
		rd.inLabel = false
	case "BPMNEdge":
		if e := rd.di.els[rd.edgeEl]; e != nil && rd.diagrams == 1 && (e.local == "sequenceFlow" || e.local == "messageFlow") {
			rd.di.edges = append(rd.di.edges, rd.pts)
			rd.di.edgeIDs = append(rd.di.edgeIDs, rd.edgeEl)
		}
		rd.edgeEl = ""
	}
}

// keptShapes are the indexes of the shapes of flow nodes, data and
// annotations: not of pools and lanes, nor of unknown elements.
func (di *collabDI) keptShapes() []int {
	var keep []int
	for i, id := range di.shapeIDs {
		if e := di.els[id]; e != nil && e.local != "participant" && e.local != "lane" {
			keep = append(keep, i)
		}
	}
	return keep
}

// contains tells whether element a is element b or holds it: encloses
// it, or carries it as a boundary event, at any depth.
func (di *collabDI) contains(a, b string) bool {
	for k := 0; b != "" && k < 10000; k++ {
		if a == b {
			return true
		}
		e := di.els[b]
		if e == nil {
			return false
		}
		if e.attached != "" {
			b = e.attached
		} else {
			b = e.parent
		}
	}
	return false
}

// collabEps is how far (in diagram units) shapes and edges may touch
// without counting as overlapping or passing through.
const collabEps = 0.5

// overlaps counts the pairs of kept shapes that overlap, but for a shape
// containing the other.
func (di *collabDI) overlaps(keep []int) int {
	n := 0
	for x, i := range keep {
		a := di.shapes[i]
		for _, j := range keep[x+1:] {
			b := di.shapes[j]
			if di.contains(di.shapeIDs[i], di.shapeIDs[j]) || di.contains(di.shapeIDs[j], di.shapeIDs[i]) {
				continue
			}
			if a.X < b.X+b.W-collabEps && b.X < a.X+a.W-collabEps && a.Y < b.Y+b.H-collabEps && b.Y < a.Y+a.H-collabEps {
				n++
			}
		}
	}
	return n
}

// through counts the edge segments that pass through a kept shape, but
// for a shape containing an end of the edge.
func (di *collabDI) through(keep []int) int {
	n := 0
	for k, p := range di.edges {
		e := di.els[di.edgeIDs[k]]
		for s := 0; s+1 < len(p); s++ {
			x0, x1 := min(p[s].X, p[s+1].X), max(p[s].X, p[s+1].X)
			y0, y1 := min(p[s].Y, p[s+1].Y), max(p[s].Y, p[s+1].Y)
			for _, i := range keep {
				if di.contains(di.shapeIDs[i], e.src) || di.contains(di.shapeIDs[i], e.dst) {
					continue
				}
				b := di.shapes[i]
				if x0 < b.X+b.W-collabEps && x1 > b.X+collabEps && y0 < b.Y+b.H-collabEps && y1 > b.Y+collabEps {
					n++
				}
			}
		}
	}
	return n
}
