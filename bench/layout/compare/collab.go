package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
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
	type el struct{ local, parent, attached, src, dst string }
	els := map[string]*el{}
	var shapes []layout.Rect
	var shapeIDs []string
	var edges [][]layout.Point
	var edgeIDs []string
	dec := xml.NewDecoder(bytes.NewReader(data))
	var stack []string
	diagrams := 0
	var shapeEl, edgeEl string
	var pts []layout.Point
	attr := func(se xml.StartElement, n string) string {
		for _, a := range se.Attr {
			if a.Name.Local == n {
				return a.Value
			}
		}
		return ""
	}
	f := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
	inLabel := false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return row{err: err.Error()}
		}
		switch se := tok.(type) {
		case xml.StartElement:
			id := attr(se, "id")
			switch se.Name.Local {
			case "BPMNDiagram":
				diagrams++
			case "BPMNShape":
				shapeEl = attr(se, "bpmnElement")
			case "BPMNEdge":
				edgeEl, pts = attr(se, "bpmnElement"), nil
			case "BPMNLabel":
				inLabel = true
			case "Bounds":
				if shapeEl != "" && !inLabel && diagrams == 1 {
					shapes = append(shapes, layout.Rect{X: f(attr(se, "x")), Y: f(attr(se, "y")), W: f(attr(se, "width")), H: f(attr(se, "height"))})
					shapeIDs = append(shapeIDs, shapeEl)
				}
			case "waypoint":
				pts = append(pts, layout.Point{X: f(attr(se, "x")), Y: f(attr(se, "y"))})
			default:
				if id != "" && se.Name.Space == bpmn.NSModel {
					parent := ""
					for k := len(stack) - 1; k >= 0; k-- {
						if stack[k] != "" {
							parent = stack[k]
							break
						}
					}
					els[id] = &el{local: se.Name.Local, parent: parent, attached: attr(se, "attachedToRef"), src: attr(se, "sourceRef"), dst: attr(se, "targetRef")}
				}
			}
			stack = append(stack, id)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			switch se.Name.Local {
			case "BPMNShape":
				shapeEl = ""
			case "BPMNLabel":
				inLabel = false
			case "BPMNEdge":
				if e := els[edgeEl]; e != nil && diagrams == 1 && (e.local == "sequenceFlow" || e.local == "messageFlow") {
					edges = append(edges, pts)
					edgeIDs = append(edgeIDs, edgeEl)
				}
				edgeEl = ""
			}
		}
	}
	// keep flow nodes, data and annotations
	var keep []int
	for i, id := range shapeIDs {
		if e := els[id]; e != nil && e.local != "participant" && e.local != "lane" {
			keep = append(keep, i)
		}
	}
	contains := func(a, b string) bool { // a is b or holds it
		for k := 0; b != "" && k < 10000; k++ {
			if a == b {
				return true
			}
			e := els[b]
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
	var r row
	r.nodes, r.edges = len(keep), len(edges)
	r.m = layout.Measure(nil, edges, nil)
	const eps = 0.5
	for x, i := range keep {
		a := shapes[i]
		for _, j := range keep[x+1:] {
			b := shapes[j]
			if contains(shapeIDs[i], shapeIDs[j]) || contains(shapeIDs[j], shapeIDs[i]) {
				continue
			}
			if a.X < b.X+b.W-eps && b.X < a.X+a.W-eps && a.Y < b.Y+b.H-eps && b.Y < a.Y+a.H-eps {
				r.m.Overlaps++
			}
		}
	}
	for k, p := range edges {
		e := els[edgeIDs[k]]
		for s := 0; s+1 < len(p); s++ {
			x0, x1 := min(p[s].X, p[s+1].X), max(p[s].X, p[s+1].X)
			y0, y1 := min(p[s].Y, p[s+1].Y), max(p[s].Y, p[s+1].Y)
			for _, i := range keep {
				if contains(shapeIDs[i], e.src) || contains(shapeIDs[i], e.dst) {
					continue
				}
				b := shapes[i]
				if x0 < b.X+b.W-eps && x1 > b.X+eps && y0 < b.Y+b.H-eps && y1 > b.Y+eps {
					r.m.Through++
				}
			}
		}
	}
	return r
}
