package export

import (
	"errors"
	"fmt"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// The PDF, DOCX, SVG and PNG draw the BPMN diagram from its diagram
// interchange (DI): the shapes' bounds, the edges' waypoints and the
// labels' bounds, with the element types taken from the semantic part.
// pkg/bpmn/parse reads the file (encodings, size and depth limits, DTD
// refusal); this file only flattens its first diagram into what the
// drawing needs.

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

const (
	// maxWaypoints bounds one edge's polyline, so that a hostile file
	// cannot make the drawing (and the rasteriser) trace millions of
	// segments; parse.MaxElements bounds the rest.
	maxWaypoints = 10000
	// maxCoord keeps coordinates where the drawing's arithmetic stays
	// exact; anything beyond (or NaN) is read as 0.
	maxCoord = 1e7
)

var errNoDiagram = errors.New("export: the BPMN file has no diagram to draw")

// parseDiagram reads the first diagram of a BPMN 2.0 document.
func parseDiagram(data []byte) (*diagram, error) {
	defs, err := parse.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("read bpmn: %w", err)
	}
	return diagramOf(defs)
}

// diagramOf flattens the first <BPMNDiagram> of defs: every shape and
// every edge of two or more waypoints, with the kind, name and event
// definition of the element each draws, and the extent of the whole.
func diagramOf(defs *parse.Definitions) (*diagram, error) {
	if len(defs.Diagrams) == 0 {
		return nil, errNoDiagram
	}
	di := defs.Diagrams[0]
	var d diagram
	for _, s := range di.Shapes {
		shape := diShape{Element: s.ElementRef, Bounds: rectOf(s.Bounds), Label: labelOf(s.Label)}
		if e := s.Element; e != nil {
			shape.Kind, shape.Name, shape.Marker = e.Kind, elementName(e), lastEventDefinition(e)
		}
		d.Shapes = append(d.Shapes, shape)
	}
	for _, e := range di.Edges {
		if len(e.Waypoints) < 2 {
			continue
		}
		edge := diEdge{Element: e.ElementRef, Label: labelOf(e.Label)}
		if el := e.Element; el != nil {
			edge.Kind, edge.Name = el.Kind, elementName(el)
		}
		for _, p := range e.Waypoints[:min(len(e.Waypoints), maxWaypoints)] {
			edge.Points = append(edge.Points, point{coord(p.X), coord(p.Y)})
		}
		d.Edges = append(d.Edges, edge)
	}
	if len(d.Shapes) == 0 && len(d.Edges) == 0 {
		return nil, errNoDiagram
	}
	d.extent()
	if d.Max.X-d.Min.X <= 0 || d.Max.Y-d.Min.Y <= 0 {
		return nil, errNoDiagram
	}
	return &d, nil
}

// extent sets Min and Max to the box around every shape, label and
// waypoint.
func (d *diagram) extent() {
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
	for _, s := range d.Shapes {
		grow(s.Bounds.X, s.Bounds.Y)
		grow(s.Bounds.X+s.Bounds.W, s.Bounds.Y+s.Bounds.H)
		if s.Label != nil {
			grow(s.Label.X, s.Label.Y)
			grow(s.Label.X+s.Label.W, s.Label.Y+s.Label.H)
		}
	}
	for _, e := range d.Edges {
		for _, p := range e.Points {
			grow(p.X, p.Y)
		}
	}
}

// elementName is what the drawing writes on an element: its name, or for
// a text annotation the text of its <text>.
func elementName(e *parse.Element) string {
	if e.Kind == parse.KindTextAnnotation {
		if t := e.Child("text"); t != nil {
			return t.Text
		}
	}
	return e.Name
}

// lastEventDefinition is the kind of the last event definition written
// inside e ("" when none); the drawing marks an event with one symbol.
func lastEventDefinition(e *parse.Element) string {
	kind := ""
	for _, c := range e.Children {
		if parse.IsEventDefinition(c.Kind) {
			kind = c.Kind
		}
	}
	return kind
}

// rectOf is b in drawing coordinates: a shape without valid bounds is
// drawn at the origin with no size, as a modeller would show nothing.
func rectOf(b *parse.Bounds) rect {
	if b == nil {
		return rect{}
	}
	return rect{coord(b.X), coord(b.Y), coord(b.Width), coord(b.Height)}
}

func labelOf(b *parse.Bounds) *rect {
	if b == nil {
		return nil
	}
	r := rectOf(b)
	return &r
}

// coord is v, or 0 when v is NaN or beyond ±maxCoord.
func coord(v float64) float64 {
	if v != v || v > maxCoord || v < -maxCoord {
		return 0
	}
	return v
}
