package parse

import (
	"encoding/xml"
	"strconv"
	"strings"
)

// build splits the raw tree into model elements, DI and extensions, then
// resolves references.
func build(root *node) (*Definitions, error) {
	b := &builder{modelNS: root.name.Space, defs: &Definitions{byID: map[string]*Element{}}}
	b.defs.Root = b.element(root, nil)
	for _, c := range b.defs.Root.Children {
		switch c.Kind {
		case "process":
			b.defs.Processes = append(b.defs.Processes, c)
		case "collaboration":
			b.defs.Collaborations = append(b.defs.Collaborations, c)
		}
	}
	b.link()
	return b.defs, nil
}

type builder struct {
	modelNS string
	defs    *Definitions
	kinds   map[string]string
}

// intern shares one string per element kind across the tree.
func (b *builder) intern(s string) string {
	if k, ok := b.kinds[s]; ok {
		return k
	}
	if b.kinds == nil {
		b.kinds = map[string]string{}
	}
	b.kinds[s] = s
	return s
}

func (b *builder) isModel(n xml.Name) bool {
	return n.Space == b.modelNS || n.Space == ""
}

func (b *builder) element(n *node, parent *Element) *Element {
	e := &Element{
		Kind:   b.intern(n.name.Local),
		Text:   strings.TrimSpace(n.text.String()),
		Line:   n.line,
		Parent: parent,
	}
	for _, a := range n.attrs {
		switch {
		case a.Name.Space == "xmlns" || (a.Name.Space == "" && a.Name.Local == "xmlns"):
			// namespace declarations are resolved by the decoder already
		case a.Name.Space == "" || a.Name.Space == b.modelNS:
			e.Attrs = append(e.Attrs, Attr{Name: a.Name.Local, Value: a.Value})
		default:
			e.ForeignAttrs = append(e.ForeignAttrs, a)
		}
	}
	e.ID = e.Attr("id")
	e.Name = e.Attr("name")
	if e.ID != "" {
		if _, dup := b.defs.byID[e.ID]; !dup {
			b.defs.byID[e.ID] = e
		}
	}
	if len(n.children) > 0 {
		e.Children = make([]*Element, 0, len(n.children))
	}
	for _, c := range n.children {
		switch {
		case c.name.Local == "BPMNDiagram":
			b.defs.Diagrams = append(b.defs.Diagrams, diagram(c))
		case b.isModel(c.name):
			e.Children = append(e.Children, b.element(c, e))
		default:
			e.Extensions = append(e.Extensions, extension(c))
		}
	}
	return e
}

func extension(n *node) *Extension {
	x := &Extension{Name: n.name, Attrs: n.attrs, Text: strings.TrimSpace(n.text.String())}
	for _, c := range n.children {
		x.Children = append(x.Children, extension(c))
	}
	return x
}

// DI is read by local name whatever the prefix or namespace, because
// modellers disagree on which DI namespace some elements belong to.
func diagram(n *node) *Diagram {
	d := &Diagram{ID: attr(n, "id"), Name: attr(n, "name")}
	for _, plane := range n.children {
		if plane.name.Local != "BPMNPlane" {
			continue
		}
		d.PlaneElement = attr(plane, "bpmnElement")
		for _, c := range plane.children {
			switch c.name.Local {
			case "BPMNShape":
				s := &Shape{ID: attr(c, "id"), ElementRef: attr(c, "bpmnElement")}
				s.Expanded = boolPtr(c, "isExpanded")
				s.Horizontal = boolPtr(c, "isHorizontal")
				for _, cc := range c.children {
					switch cc.name.Local {
					case "Bounds":
						s.Bounds = bounds(cc)
					case "BPMNLabel":
						s.Label = labelBounds(cc)
					}
				}
				d.Shapes = append(d.Shapes, s)
			case "BPMNEdge":
				ed := &Edge{ID: attr(c, "id"), ElementRef: attr(c, "bpmnElement")}
				for _, cc := range c.children {
					switch cc.name.Local {
					case "waypoint":
						x, errX := strconv.ParseFloat(strings.TrimSpace(attr(cc, "x")), 64)
						y, errY := strconv.ParseFloat(strings.TrimSpace(attr(cc, "y")), 64)
						if errX == nil && errY == nil {
							ed.Waypoints = append(ed.Waypoints, Point{X: x, Y: y})
						}
					case "BPMNLabel":
						ed.Label = labelBounds(cc)
					}
				}
				d.Edges = append(d.Edges, ed)
			}
		}
	}
	return d
}

func labelBounds(n *node) *Bounds {
	for _, c := range n.children {
		if c.name.Local == "Bounds" {
			return bounds(c)
		}
	}
	return nil
}

// bounds returns nil unless all four numbers parse, as the layout rules
// must not measure a half-specified rectangle.
func bounds(n *node) *Bounds {
	var v [4]float64
	for i, k := range []string{"x", "y", "width", "height"} {
		f, err := strconv.ParseFloat(strings.TrimSpace(attr(n, k)), 64)
		if err != nil {
			return nil
		}
		v[i] = f
	}
	return &Bounds{X: v[0], Y: v[1], Width: v[2], Height: v[3]}
}

func boolPtr(n *node, name string) *bool {
	v := attr(n, name)
	if v == "" {
		return nil
	}
	b, err := strconv.ParseBool(strings.TrimSpace(v))
	if err != nil {
		return nil
	}
	return &b
}

func attr(n *node, local string) string {
	for _, a := range n.attrs {
		if a.Name.Local == local && a.Name.Space == "" {
			return a.Value
		}
	}
	return ""
}

// Reference attributes and child elements whose targets must exist in the
// file; unresolved ones are reported like bpmn-moddle's import warnings.
var refAttrs = []string{"sourceRef", "targetRef", "default", "attachedToRef", "processRef",
	"messageRef", "signalRef", "errorRef", "escalationRef", "operationRef",
	"dataObjectRef", "dataStoreRef", "activityRef", "categoryValueRef"}

var refChildren = set("incoming", "outgoing", "flowNodeRef", "eventDefinitionRef",
	"inMessageRef", "outMessageRef", "sourceRef", "targetRef", "dataInputRefs",
	"dataOutputRefs", "inputSetRefs", "outputSetRefs")

// link resolves the references of every element (flows to their ends,
// participants to their processes, lanes to their flow nodes, events to
// their definitions and hosts) and of every diagram shape and edge to
// the element it draws, noting those that name no element.
func (b *builder) link() {
	d := b.defs
	d.Walk(func(e *Element) bool {
		b.checkRefs(e)
		b.linkElement(e)
		if v := e.Attr("default"); v != "" {
			e.Default = d.ByID(v)
		}
		if IsEvent(e.Kind) {
			b.linkEvent(e)
		}
		return true
	})
	for _, dg := range d.Diagrams {
		b.linkDiagram(dg)
	}
}

// linkElement resolves the references particular to a kind: a flow's
// ends (and a sequence flow's place in its ends' incoming and outgoing),
// a participant's process and a lane's flow nodes.
func (b *builder) linkElement(e *Element) {
	d := b.defs
	switch e.Kind {
	case "sequenceFlow":
		e.Source = d.ByID(e.Attr("sourceRef"))
		e.Target = d.ByID(e.Attr("targetRef"))
		if e.Source != nil {
			e.Source.Outgoing = append(e.Source.Outgoing, e)
		}
		if e.Target != nil {
			e.Target.Incoming = append(e.Target.Incoming, e)
		}
	case "messageFlow", "association":
		e.Source = d.ByID(e.Attr("sourceRef"))
		e.Target = d.ByID(e.Attr("targetRef"))
	case "participant":
		e.ProcessRef = d.ByID(e.Attr("processRef"))
		if e.ProcessRef != nil && e.ProcessRef.Participant == nil {
			e.ProcessRef.Participant = e
		}
	case "lane":
		for _, r := range e.ChildrenOf("flowNodeRef") {
			if n := d.ByID(r.Text); n != nil {
				e.FlowNodeRefs = append(e.FlowNodeRefs, n)
				n.Lanes = append(n.Lanes, e)
			}
		}
	}
}

// linkEvent gathers an event's definitions, its own and those it names
// by eventDefinitionRef, and attaches a boundary event to its activity.
func (b *builder) linkEvent(e *Element) {
	d := b.defs
	for _, c := range e.Children {
		switch {
		case IsEventDefinition(c.Kind):
			e.EventDefinitions = append(e.EventDefinitions, c)
		case c.Kind == "eventDefinitionRef":
			if def := d.ByID(c.Text); def != nil {
				e.EventDefinitions = append(e.EventDefinitions, def)
			}
		}
	}
	if e.Kind == "boundaryEvent" {
		e.AttachedTo = d.ByID(e.Attr("attachedToRef"))
		if e.AttachedTo != nil {
			e.AttachedTo.Boundary = append(e.AttachedTo.Boundary, e)
		}
	}
}

// linkDiagram resolves the element each shape and edge of a diagram
// draws; the first shape or edge of an element becomes its own.
func (b *builder) linkDiagram(dg *Diagram) {
	for _, s := range dg.Shapes {
		s.Element = b.diElement(s.ID, s.ElementRef)
		if s.Element != nil && s.Element.Shape == nil {
			s.Element.Shape = s
		}
	}
	for _, ed := range dg.Edges {
		ed.Element = b.diElement(ed.ID, ed.ElementRef)
		if ed.Element != nil && ed.Element.Edge == nil {
			ed.Element.Edge = ed
		}
	}
}

// diElement is the element a DI shape or edge (id) draws by its
// bpmnElement ref; a ref naming no element is noted as unresolved.
func (b *builder) diElement(id, ref string) *Element {
	el := b.defs.ByID(ref)
	if el == nil && ref != "" {
		b.defs.Unresolved = append(b.defs.Unresolved, Reference{From: id, Attr: "bpmnElement", To: ref})
	}
	return el
}

func (b *builder) checkRefs(e *Element) {
	d := b.defs
	from := e.ID
	if from == "" && e.Parent != nil {
		from = e.Parent.ID
	}
	for _, a := range refAttrs {
		if v := strings.TrimSpace(e.Attr(a)); v != "" && d.ByID(v) == nil {
			d.Unresolved = append(d.Unresolved, Reference{From: from, Attr: a, To: v, Line: e.Line})
		}
	}
	if refChildren[e.Kind] && e.Parent != nil {
		owner := e.Parent.ID
		if owner == "" && e.Parent.Parent != nil {
			owner = e.Parent.Parent.ID
		}
		// A reference element holds one id (dataInputRefs and friends
		// hold one per element too, per the schema).
		if v := e.Text; v != "" && d.ByID(v) == nil {
			d.Unresolved = append(d.Unresolved, Reference{From: owner, Attr: e.Kind, To: v, Line: e.Line})
		}
	}
}
