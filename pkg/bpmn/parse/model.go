package parse

import (
	"encoding/xml"
	"strconv"
	"strings"
)

// ModelNS is the namespace of BPMN 2.0 semantic elements.
const ModelNS = "http://www.omg.org/spec/BPMN/20100524/MODEL"

// Definitions is a parsed BPMN 2.0 file: the semantic tree rooted at
// <definitions>, with references resolved to pointers, and the diagram
// interchange (DI) needed by the layout rules.
type Definitions struct {
	// Root is the <definitions> element itself.
	Root *Element
	// Encoding is the encoding the XML declaration named ("" when none).
	Encoding string
	// Processes and Collaborations are the root elements of those kinds, in
	// document order.
	Processes      []*Element
	Collaborations []*Element
	// Diagrams holds every <BPMNDiagram>.
	Diagrams []*Diagram
	// Unresolved lists references whose target id is not in the file.
	Unresolved []Reference

	byID map[string]*Element
}

// Element is one element of the BPMN model namespace. The parser keeps it
// generic (Kind is the XML local name) so that files from any modeller,
// including kinds this package never heard of, survive; the link pass then
// fills the pointer fields the lint rules and the analyzer need.
type Element struct {
	// Kind is the local name, e.g. "userTask", "exclusiveGateway".
	Kind string
	ID   string
	Name string
	// Attrs holds unqualified (or BPMN-namespace) attributes in document
	// order; read them with Attr, HasAttr and BoolAttr. A slice, not a map:
	// elements carry few attributes and a map per element tripled memory.
	Attrs []Attr
	// ForeignAttrs keeps extension attributes from other namespaces.
	ForeignAttrs []xml.Attr
	// Text is the trimmed character data directly inside the element
	// (condition expressions, text annotation bodies, documentation).
	Text string
	// Line is the line of the start tag (1-based), for messages.
	Line int

	Parent   *Element
	Children []*Element
	// Extensions keeps elements from other namespaces (vendor extensions).
	Extensions []*Extension

	// Incoming and Outgoing are the sequence flows ending and starting at a
	// flow node, derived from the flows' sourceRef/targetRef (the normative
	// data; <incoming>/<outgoing> children are redundant and often absent).
	Incoming, Outgoing []*Element
	// Source and Target are set on sequence flows, message flows and
	// associations.
	Source, Target *Element
	// Default is the default flow of a gateway or activity.
	Default *Element
	// AttachedTo is the host activity of a boundary event; Boundary lists
	// the boundary events attached to an activity.
	AttachedTo *Element
	Boundary   []*Element
	// EventDefinitions holds inline definitions and eventDefinitionRef
	// targets of an event.
	EventDefinitions []*Element
	// ProcessRef is the process a participant (pool) stands for.
	ProcessRef *Element
	// FlowNodeRefs are the nodes a lane holds; Lanes are the lanes holding a
	// node (several when lane sets nest).
	FlowNodeRefs []*Element
	Lanes        []*Element
	// Participant is the pool a process is drawn in, if any.
	Participant *Element
	// Shape and Edge are the first DI shape/edge drawing this element.
	Shape *Shape
	Edge  *Edge
}

// Attr is one attribute, by local name.
type Attr struct{ Name, Value string }

// Extension is an element outside the BPMN model namespace, kept as read.
type Extension struct {
	Name     xml.Name
	Attrs    []xml.Attr
	Text     string
	Children []*Extension
}

// Reference is a reference whose target could not be found.
type Reference struct {
	// From is the id of the referencing element (or its kind when it has
	// none), Attr the attribute or child element holding the reference.
	From, Attr, To string
	Line           int
}

// Diagram is one <BPMNDiagram> with its plane's shapes and edges.
type Diagram struct {
	ID, Name string
	// PlaneElement is the id the plane draws (a process or collaboration).
	PlaneElement string
	Shapes       []*Shape
	Edges        []*Edge
}

// Bounds is a rectangle in diagram coordinates.
type Bounds struct {
	X, Y, Width, Height float64
}

// Point is a diagram coordinate.
type Point struct{ X, Y float64 }

// Shape is a <BPMNShape>.
type Shape struct {
	ID         string
	ElementRef string
	Element    *Element
	// Bounds is nil when the shape had no valid <Bounds>.
	Bounds *Bounds
	// Expanded is nil when isExpanded was not given.
	Expanded   *bool
	Horizontal *bool
	Label      *Bounds
}

// Edge is a <BPMNEdge>.
type Edge struct {
	ID         string
	ElementRef string
	Element    *Element
	Waypoints  []Point
	Label      *Bounds
}

// ByID returns the element with the given id, accepting a QName prefix
// ("tns:Task_1") as modellers write in reference attributes.
func (d *Definitions) ByID(id string) *Element {
	if d == nil || id == "" {
		return nil
	}
	if e, ok := d.byID[id]; ok {
		return e
	}
	if i := strings.LastIndexByte(id, ':'); i >= 0 {
		return d.byID[id[i+1:]]
	}
	return nil
}

// Walk calls fn for every model element in document order, depth first,
// starting with the root. fn returning false skips the element's children.
func (d *Definitions) Walk(fn func(*Element) bool) {
	if d == nil || d.Root == nil {
		return
	}
	d.Root.Walk(fn)
}

// Walk calls fn for e and its descendants depth first; fn returning false
// skips the descendants. Recursion is safe because Parse bounds the depth
// (MaxDepth), and it allocates nothing, which matters as the rules walk
// the tree some thirty times per analysis.
func (e *Element) Walk(fn func(*Element) bool) {
	if !fn(e) {
		return
	}
	for _, c := range e.Children {
		c.Walk(fn)
	}
}

// Elements returns every model element, in document order.
func (d *Definitions) Elements() []*Element {
	var out []*Element
	d.Walk(func(e *Element) bool { out = append(out, e); return true })
	return out
}

// Attr returns the attribute's value ("" when absent).
func (e *Element) Attr(name string) string {
	v, _ := e.lookup(name)
	return v
}

func (e *Element) lookup(name string) (string, bool) {
	if e == nil {
		return "", false
	}
	for _, a := range e.Attrs {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// HasAttr reports whether the attribute is present.
func (e *Element) HasAttr(name string) bool {
	_, ok := e.lookup(name)
	return ok
}

// BoolAttr returns a boolean attribute, or def when absent or not a boolean.
func (e *Element) BoolAttr(name string, def bool) bool {
	v, ok := e.lookup(name)
	if !ok {
		return def
	}
	b, err := strconv.ParseBool(strings.TrimSpace(v))
	if err != nil {
		return def
	}
	return b
}

// Child returns the first child of the given kind, or nil.
func (e *Element) Child(kind string) *Element {
	for _, c := range e.Children {
		if c.Kind == kind {
			return c
		}
	}
	return nil
}

// ChildrenOf returns the children of the given kind.
func (e *Element) ChildrenOf(kind string) []*Element {
	var out []*Element
	for _, c := range e.Children {
		if c.Kind == kind {
			out = append(out, c)
		}
	}
	return out
}

// FlowElements returns the flow elements (nodes, sequence flows, data
// objects and references) a process or sub-process directly contains.
func (e *Element) FlowElements() []*Element {
	var out []*Element
	for _, c := range e.Children {
		if IsFlowElement(c.Kind) {
			out = append(out, c)
		}
	}
	return out
}

// Artifacts returns the text annotations, associations and groups directly
// inside a process, sub-process or collaboration.
func (e *Element) Artifacts() []*Element {
	var out []*Element
	for _, c := range e.Children {
		if IsArtifact(c.Kind) {
			out = append(out, c)
		}
	}
	return out
}

// Condition returns a sequence flow's condition expression, or nil.
func (e *Element) Condition() *Element {
	return e.Child("conditionExpression")
}

// TriggeredByEvent reports whether a sub-process is an event sub-process.
func (e *Element) TriggeredByEvent() bool { return e.BoolAttr("triggeredByEvent", false) }

// IsForCompensation reports whether an activity is a compensation handler.
func (e *Element) IsForCompensation() bool { return e.BoolAttr("isForCompensation", false) }

// HasEventDefinition reports whether the event has a definition of kind.
func (e *Element) HasEventDefinition(kind string) bool {
	for _, d := range e.EventDefinitions {
		if d.Kind == kind {
			return true
		}
	}
	return false
}

// EventType names an event's trigger for people: "message", "timer", …,
// "none" for a blank event and "multiple" for several definitions.
func (e *Element) EventType() string {
	switch len(e.EventDefinitions) {
	case 0:
		return "none"
	case 1:
		return strings.TrimSuffix(e.EventDefinitions[0].Kind, "EventDefinition")
	default:
		if e.BoolAttr("parallelMultiple", false) {
			return "parallel multiple"
		}
		return "multiple"
	}
}

// Label returns the element's name, trimmed ("" for a nil element, so
// callers can chain it after ByID).
func (e *Element) Label() string {
	if e == nil {
		return ""
	}
	return strings.TrimSpace(e.Name)
}

// Container returns the nearest enclosing process or sub-process.
func (e *Element) Container() *Element {
	for p := e.Parent; p != nil; p = p.Parent {
		if IsContainer(p.Kind) {
			return p
		}
	}
	return nil
}

// Process returns the enclosing top-level process, or nil.
func (e *Element) Process() *Element {
	for p := e.Parent; p != nil; p = p.Parent {
		if p.Kind == "process" {
			return p
		}
	}
	return nil
}
