package bpmn

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/process"
)

// What the diagram being built holds beside its flow nodes: message
// flows, data objects and stores, text annotations, and the root
// elements event definitions refer to.

// messageFlows resolves message flows between nodes and pools; one inside
// a single pool is dropped (it would be a sequence flow).
func (g *graph) messageFlows(m *process.Model, byModelID, poolByID map[string]int) {
	resolve := func(id string) (endpoint, bool) {
		if n, ok := byModelID[id]; ok {
			return endpoint{n, g.nodes[n].pool}, true
		}
		if p, ok := poolByID[id]; ok {
			return endpoint{-1, p}, true
		}
		return endpoint{}, false
	}
	seen := map[[4]int]bool{}
	for _, f := range m.MessageFlows {
		a, ok1 := resolve(f.Source)
		b, ok2 := resolve(f.Target)
		if !ok1 || !ok2 || a.pool == b.pool {
			continue
		}
		k := [4]int{a.node, a.pool, b.node, b.pool}
		if seen[k] {
			continue
		}
		seen[k] = true
		g.msgs = append(g.msgs, msgFlow{id: g.modelID("MessageFlow_", f.ID), name: oneLine(f.Name), from: a, to: b})
	}
	// a node in a collapsed pool makes it an expanded one
	for _, n := range g.nodes {
		g.pools[n.pool].collapsed = false
	}
}

// artifacts resolves data objects, data stores, their associations and
// text annotations.
func (g *graph) artifacts(m *process.Model, byModelID map[string]int, poolOf func(string) int) {
	dataByID := g.dataItems(m, byModelID, poolOf)
	g.dataAssociations(m, byModelID, dataByID)
	g.textNotes(m, byModelID, poolOf)
}

// dataItems adds the data objects and stores, and returns the item of
// each model data id (the first with it). A pool's data inputs and
// outputs are its process' own; data in a collapsed pool moves to the
// main pool.
func (g *graph) dataItems(m *process.Model, byModelID map[string]int, poolOf func(string) int) map[string]int {
	dataByID := map[string]int{}
	for _, d := range m.Data {
		it := dataItem{name: oneLine(d.Name), state: oneLine(d.State), store: d.Kind == process.DataStore, collection: d.Collection, parent: -1}
		it.pool = poolOf(d.Pool)
		if (d.IO == process.DataInput || d.IO == process.DataOutput) && !it.store && d.Parent == "" && !g.pools[it.pool].collapsed {
			it.io = d.IO
		}
		switch {
		case it.io == process.DataInput:
			it.id = g.modelID("DataInput_", d.ID)
		case it.io == process.DataOutput:
			it.id = g.modelID("DataOutput_", d.ID)
		case it.store:
			it.id = g.modelID("DataStoreReference_", d.ID)
			it.objectID = g.newID("DataStore_", it.id)
		default:
			it.id = g.modelID("DataObjectReference_", d.ID)
			it.objectID = g.newID("DataObject_", it.id)
		}
		if g.pools[it.pool].collapsed {
			it.pool = g.mainPool()
		}
		it.lane = g.lookupLane(it.pool, d.Performer)
		if p, ok := byModelID[d.Parent]; ok && g.nodes[p].isContainer() && g.nodes[p].pool == it.pool {
			it.parent = p
		}
		if _, dup := dataByID[d.ID]; !dup {
			dataByID[d.ID] = len(g.data)
		}
		g.data = append(g.data, it)
	}
	return dataByID
}

// dataAssociations adds the associations between a data item and a node
// of its pool that may read or write it.
func (g *graph) dataAssociations(m *process.Model, byModelID, dataByID map[string]int) {
	for _, a := range m.DataAssociations {
		d, dIn := dataByID[a.Source]
		n, nOK := byModelID[a.Target]
		input := true
		if !dIn || !nOK {
			d, dIn = dataByID[a.Target]
			n, nOK = byModelID[a.Source]
			input = false
		}
		if !dIn || !nOK || g.nodes[n].pool != g.data[d].pool {
			continue
		}
		nd := g.nodes[n]
		// activities read and write; catch events write, throw events
		// read (through a data input of their own)
		switch {
		case nd.isActivity():
		case !input && (nd.kind == parse.KindIntermediateCatchEvent || nd.kind == parse.KindStartEvent || nd.kind == parse.KindBoundaryEvent):
		case input && (nd.kind == parse.KindIntermediateThrowEvent || nd.kind == parse.KindEndEvent):
		default:
			continue
		}
		g.assoc = append(g.assoc, dataAssoc{id: g.modelID("DataAssociation_", a.ID), data: d, node: n, input: input})
	}
}

// textNotes adds the text annotations: beside the node they are attached
// to (a boundary event's beside its host), else in their pool and lane.
func (g *graph) textNotes(m *process.Model, byModelID map[string]int, poolOf func(string) int) {
	for _, a := range m.Annotations {
		text := strings.TrimSpace(a.Text)
		if text == "" {
			continue
		}
		tn := textNote{id: g.modelID(annotationPrefix, a.ID), text: text, node: -1, parent: -1}
		if n, ok := byModelID[a.AttachedTo]; ok {
			tn.node, tn.pool, tn.parent, tn.lane = n, g.nodes[n].pool, g.nodes[n].parent, g.nodes[n].lane
			if g.nodes[n].kind == parse.KindBoundaryEvent {
				// notes on boundary events go beside the host
				h := g.nodes[n].host
				tn.lane = g.nodes[h].lane
			}
		} else {
			tn.pool = poolOf(a.Pool)
			if g.pools[tn.pool].collapsed {
				tn.pool = g.mainPool()
			}
			tn.lane = g.lookupLane(tn.pool, a.Performer)
		}
		g.notes = append(g.notes, tn)
	}
}

// timeNote renders the WT/wt annotation of an activity.
func timeNote(work, wait float64) string {
	var parts []string
	if work > 0 {
		parts = append(parts, "WT "+process.FormatDuration(work))
	}
	if wait > 0 {
		parts = append(parts, "wt "+process.FormatDuration(wait))
	}
	return strings.Join(parts, " / ")
}

// rootRefs gives every message, signal, error and escalation the events
// refer to one root element (the file's id when free), shared by the
// events naming the same one.
func (g *graph) rootRefs() {
	byKey := map[[2]string]int{}
	prefix := map[string]string{
		process.TriggerMessage: "Message_", process.TriggerSignal: "Signal_",
		process.TriggerError: "Error_", process.TriggerEscalation: "Escalation_",
	}
	for _, n := range g.nodes {
		for _, r := range n.eventRefs {
			p, ok := prefix[r.Trigger]
			if !ok || strings.TrimSpace(r.ID) == "" {
				continue
			}
			k := [2]string{r.Trigger, r.ID}
			i, seen := byKey[k]
			if !seen {
				i = len(g.rootEls)
				byKey[k] = i
				g.rootEls = append(g.rootEls, rootRef{trigger: r.Trigger, id: g.modelID(p, r.ID), name: oneLine(r.Name), code: strings.TrimSpace(r.Code)})
			}
			if n.refs == nil {
				n.refs = map[string]int{}
			}
			if _, dup := n.refs[r.Trigger]; !dup {
				n.refs[r.Trigger] = i
			}
		}
	}
}
