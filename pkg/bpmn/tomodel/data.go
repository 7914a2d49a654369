package tomodel

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/process"
)

// data converts a data object reference or data store reference; a bare
// dataObject becomes data only when it is drawn itself (older tools draw
// the object, not a reference).
func (c *converter) data(e *parse.Element, sc scope) {
	dt := process.Data{ID: c.id(e), Name: e.Label(), Kind: process.DataObject, Pool: sc.pool, Parent: sc.parent}
	var obj *parse.Element
	switch e.Kind {
	case "dataObject":
		if e.Shape == nil {
			return
		}
		obj = e
	case "dataObjectReference":
		obj = c.defs.ByID(e.Attr("dataObjectRef"))
	case "dataStoreReference":
		dt.Kind = process.DataStore
		if st := c.defs.ByID(e.Attr("dataStoreRef")); st != nil && dt.Name == "" {
			dt.Name = st.Label()
		}
	}
	if obj != nil {
		if dt.Name == "" {
			dt.Name = obj.Label()
		}
		dt.Collection = obj.BoolAttr("isCollection", false)
	}
	if st := e.Child("dataState"); st != nil {
		dt.State = st.Label()
	} else if obj != nil {
		if st := obj.Child("dataState"); st != nil {
			dt.State = st.Label()
		}
	}
	c.m.Data = append(c.m.Data, dt)
}

// ioSpecification converts the drawn data inputs and outputs of a
// process (modellers draw them like data objects, with an arrow); the
// undrawn ones are a process' interface, not part of the diagram.
func (c *converter) ioSpecification(e *parse.Element, sc scope) {
	for _, ch := range e.Children {
		io := map[string]string{"dataInput": process.DataInput, "dataOutput": process.DataOutput}[ch.Kind]
		if io == "" || ch.Shape == nil {
			continue
		}
		c.m.Data = append(c.m.Data, process.Data{
			ID: c.id(ch), Name: ch.Label(), Kind: process.DataObject, IO: io,
			Collection: ch.BoolAttr("isCollection", false), Pool: sc.pool, Parent: sc.parent,
		})
	}
}

// dataAssociations converts the data input and output associations of an
// activity or event. Their ends are child elements (sourceRef, targetRef)
// that name the data reference; one naming a dataObject lands on the
// reference drawn for it.
func (c *converter) dataAssociations(e *parse.Element) {
	node := c.ref(e)
	for _, ch := range e.Children {
		var in bool
		switch ch.Kind {
		case "dataInputAssociation":
			in = true
		case "dataOutputAssociation":
		default:
			continue
		}
		var ends []*parse.Element
		if in {
			for _, s := range ch.ChildrenOf("sourceRef") {
				ends = append(ends, c.defs.ByID(strings.TrimSpace(s.Text)))
			}
		} else if t := ch.Child("targetRef"); t != nil {
			ends = append(ends, c.defs.ByID(strings.TrimSpace(t.Text)))
		}
		converted := false
		for i, end := range ends {
			data := c.dataEnd(end)
			if data == "" {
				continue
			}
			id := strings.TrimSpace(ch.ID)
			if id == "" || i > 0 {
				id = ""
			}
			a := process.DataAssociation{Source: data, Target: node}
			if !in {
				a.Source, a.Target = node, data
			}
			if id != "" {
				a.ID = c.id(ch)
			} else {
				a.ID = c.fresh(map[bool]string{true: "DataInputAssociation", false: "DataOutputAssociation"}[in])
			}
			c.m.DataAssociations = append(c.m.DataAssociations, a)
			converted = true
		}
		if !converted {
			c.skip(ch.Kind+" to an input/output specification or undrawn data", ch)
		}
	}
}

// dataEnd returns the model id of the data an association end names.
func (c *converter) dataEnd(end *parse.Element) string {
	if end == nil {
		return ""
	}
	switch end.Kind {
	case "dataObjectReference", "dataStoreReference":
		return c.ref(end)
	case "dataInput", "dataOutput":
		// a process' drawn input or output (ioSpecification)
		if end.Shape != nil && end.Parent != nil && end.Parent.Kind == "ioSpecification" {
			return c.ref(end)
		}
	case "dataObject":
		if r, ok := c.dataRef[end]; ok {
			return c.ref(r)
		}
		if end.Shape != nil {
			return c.ref(end)
		}
	}
	return ""
}

func (c *converter) artifact(e *parse.Element, sc scope) {
	switch e.Kind {
	case "textAnnotation":
		text := ""
		if t := e.Child("text"); t != nil {
			text = strings.TrimSpace(t.Text)
		}
		c.annotations[e.ID] = len(c.m.Annotations)
		c.m.Annotations = append(c.m.Annotations, process.Annotation{
			ID: c.id(e), Text: text, Pool: sc.pool, Parent: sc.parent, Performer: sc.performer,
		})
	case "association":
		c.associations = append(c.associations, e)
	default:
		c.skip(e.Kind, e)
	}
}

// handler records an association from a compensation boundary event to
// its compensation activity as the event's Handler.
func (c *converter) handler(as *parse.Element) bool {
	ev, act := as.Source, as.Target
	if ev.Kind != "boundaryEvent" || !parse.IsActivity(act.Kind) || !act.IsForCompensation() {
		return false
	}
	id := c.ref(ev)
	for i := range c.m.Events {
		if e := &c.m.Events[i]; e.ID == id && e.Trigger == process.TriggerCompensation && e.Handler == "" {
			e.Handler = c.ref(act)
			return true
		}
	}
	return false
}

// resolveAssociations attaches annotations to the elements their
// associations connect them to. Other associations (compensation, data
// to data) are outside the model.
func (c *converter) resolveAssociations() {
	for _, as := range c.associations {
		if as.Source == nil || as.Target == nil {
			c.skip("association with a missing end", as)
			continue
		}
		if c.handler(as) {
			continue
		}
		note, other := as.Target, as.Source
		if as.Source.Kind == "textAnnotation" {
			note, other = as.Source, as.Target
		}
		i, ok := c.annotations[note.ID]
		if note.Kind != "textAnnotation" || !ok {
			c.skip("association between "+as.Source.Kind+" and "+as.Target.Kind, as)
			continue
		}
		if c.m.Annotations[i].AttachedTo != "" {
			c.skip("second association of a text annotation", as)
			continue
		}
		c.m.Annotations[i].AttachedTo = c.ref(other)
	}
}
