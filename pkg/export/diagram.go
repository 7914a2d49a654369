package export

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"golang.org/x/text/encoding/charmap"
)

// The PDF draws the BPMN diagram from its diagram interchange (DI): the
// shapes' bounds, the edges' waypoints and the labels' bounds, with the
// element types taken from the semantic part. Only this much of BPMN is
// read here; pkg/bpmn/parse is the full reader.

type rect struct{ X, Y, W, H float64 }

type point struct{ X, Y float64 }

type diShape struct {
	Element string
	Kind    string // local name of the semantic element: task, startEvent, lane, …
	Name    string
	Marker  string // event definition (timerEventDefinition, …) for events
	Bounds  rect
	Label   *rect
}

type diEdge struct {
	Element string
	Kind    string
	Name    string
	Points  []point
	Label   *rect
}

type diagram struct {
	Shapes []diShape
	Edges  []diEdge
	Min    point
	Max    point
}

// Limits keep a hostile file from exhausting memory or time.
const (
	maxDIDepth    = 256
	maxDIElements = 200000
	maxWaypoints  = 10000
)

var errNoDiagram = errors.New("export: the BPMN file has no diagram to draw")

// parseDiagram reads the first BPMN plane of a BPMN 2.0 document.
func parseDiagram(data []byte) (*diagram, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = func(label string, input io.Reader) (io.Reader, error) {
		switch strings.ToLower(label) {
		case "utf-8", "utf8", "us-ascii", "ascii":
			return input, nil
		case "iso-8859-1", "latin1", "latin-1", "iso8859-1":
			return charmap.ISO8859_1.NewDecoder().Reader(input), nil
		case "windows-1252", "cp1252":
			return charmap.Windows1252.NewDecoder().Reader(input), nil
		}
		return nil, fmt.Errorf("unsupported encoding %q", label)
	}
	kinds := map[string]string{}
	names := map[string]string{}
	markers := map[string]string{}
	var d diagram
	var stack []string // ids of semantic elements (or "") per depth
	var locals []string
	var shape *diShape
	var edge *diEdge
	inLabel := false
	planes := 0
	var text strings.Builder
	textFor := ""
	count := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("read bpmn: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			count++
			if count > maxDIElements || len(stack) >= maxDIDepth {
				return nil, fmt.Errorf("read bpmn: the file is too large or too deeply nested")
			}
			local := t.Name.Local
			var id, name, ref string
			for _, a := range t.Attr {
				switch a.Name.Local {
				case "id":
					id = a.Value
				case "name":
					name = a.Value
				case "bpmnElement":
					ref = a.Value
				}
			}
			parent := ""
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			switch {
			case local == "BPMNPlane":
				planes++
			case planes != 1:
			case local == "BPMNShape":
				shape = &diShape{Element: ref}
			case local == "BPMNEdge":
				edge = &diEdge{Element: ref}
			case local == "BPMNLabel":
				inLabel = true
			case local == "Bounds":
				r := rect{attrF(t, "x"), attrF(t, "y"), attrF(t, "width"), attrF(t, "height")}
				switch {
				case shape != nil && inLabel:
					shape.Label = &r
				case shape != nil:
					shape.Bounds = r
				case edge != nil && inLabel:
					edge.Label = &r
				}
			case local == "waypoint" && edge != nil && len(edge.Points) < maxWaypoints:
				edge.Points = append(edge.Points, point{attrF(t, "x"), attrF(t, "y")})
			}
			if strings.HasSuffix(local, "EventDefinition") && parent != "" {
				markers[parent] = local
			}
			if local == "text" && parent != "" && kinds[parent] == "textAnnotation" {
				text.Reset()
				textFor = parent
			}
			if id != "" && !strings.HasPrefix(t.Name.Space, "http://www.omg.org/spec/BPMN/20100524/DI") &&
				!strings.HasPrefix(t.Name.Space, "http://www.omg.org/spec/DD/") {
				kinds[id] = local
				names[id] = name
			} else {
				id = ""
			}
			if id == "" {
				id = parent
			}
			stack = append(stack, id)
			locals = append(locals, local)
		case xml.CharData:
			if textFor != "" {
				text.Write(t)
			}
		case xml.EndElement:
			if len(stack) == 0 {
				continue
			}
			local := locals[len(locals)-1]
			stack = stack[:len(stack)-1]
			locals = locals[:len(locals)-1]
			switch {
			case local == "text" && textFor != "":
				names[textFor] = strings.TrimSpace(text.String())
				textFor = ""
			case local == "BPMNLabel":
				inLabel = false
			case local == "BPMNShape" && shape != nil:
				d.Shapes = append(d.Shapes, *shape)
				shape = nil
			case local == "BPMNEdge" && edge != nil:
				if len(edge.Points) >= 2 {
					d.Edges = append(d.Edges, *edge)
				}
				edge = nil
			}
		}
	}
	if len(d.Shapes) == 0 && len(d.Edges) == 0 {
		return nil, errNoDiagram
	}
	first := true
	grow := func(x, y float64) {
		if first {
			d.Min, d.Max = point{x, y}, point{x, y}
			first = false
			return
		}
		d.Min.X, d.Min.Y = min(d.Min.X, x), min(d.Min.Y, y)
		d.Max.X, d.Max.Y = max(d.Max.X, x), max(d.Max.Y, y)
	}
	for i := range d.Shapes {
		s := &d.Shapes[i]
		s.Kind, s.Name, s.Marker = kinds[s.Element], names[s.Element], markers[s.Element]
		grow(s.Bounds.X, s.Bounds.Y)
		grow(s.Bounds.X+s.Bounds.W, s.Bounds.Y+s.Bounds.H)
		if s.Label != nil {
			grow(s.Label.X, s.Label.Y)
			grow(s.Label.X+s.Label.W, s.Label.Y+s.Label.H)
		}
	}
	for i := range d.Edges {
		e := &d.Edges[i]
		e.Kind, e.Name = kinds[e.Element], names[e.Element]
		for _, p := range e.Points {
			grow(p.X, p.Y)
		}
	}
	if d.Max.X-d.Min.X <= 0 || d.Max.Y-d.Min.Y <= 0 {
		return nil, errNoDiagram
	}
	return &d, nil
}

func attrF(t xml.StartElement, name string) float64 {
	for _, a := range t.Attr {
		if a.Name.Local == name {
			v, err := strconv.ParseFloat(strings.TrimSpace(a.Value), 64)
			if err != nil || v != v || v > 1e7 || v < -1e7 {
				return 0
			}
			return v
		}
	}
	return 0
}
