package quality

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
)

// Item is one element listed in the inventory.
type Item struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Type is set for gateways ("exclusive") and events ("start (message)").
	Type string `json:"type,omitempty"`
	// Unnamed is what a person reads for an element without a name: its
	// kind and position ("the 2nd unnamed exclusive gateway"), never its id.
	Unnamed string `json:"-"`
}

// Inventory lists the elements of a model by category, in document order.
type Inventory struct {
	Lanes        []Item `json:"lanes"`
	Pools        []Item `json:"pools"`
	Activities   []Item `json:"activities"`
	Tasks        []Item `json:"tasks"`
	SubProcesses []Item `json:"sub_processes"`
	Gateways     []Item `json:"gateways"`
	Events       []Item `json:"events"`
	DataObjects  []Item `json:"data_objects"`
	DataStores   []Item `json:"data_stores"`
	Transitions  []Item `json:"transitions"`
	MessageFlows []Item `json:"message_flows"`
	Annotations  []Item `json:"annotations"`
}

func inventory(d *parse.Definitions, nm *tomodel.Namer) Inventory {
	var inv Inventory
	refd := referencedData(d)
	d.Walk(func(e *parse.Element) bool {
		inv.add(d, e, refd, nm)
		return true
	})
	return inv
}

// referencedData marks the data objects and stores a reference points
// to: the inventory lists the reference, not them again.
func referencedData(d *parse.Definitions) map[*parse.Element]bool {
	refd := map[*parse.Element]bool{}
	d.Walk(func(e *parse.Element) bool {
		if e.Kind == "dataObjectReference" || e.Kind == "dataStoreReference" {
			for _, a := range []string{"dataObjectRef", "dataStoreRef"} {
				if t := d.ByID(e.Attr(a)); t != nil {
					refd[t] = true
				}
			}
		}
		return true
	})
	return refd
}

// add lists element e under its kind (nothing for kinds the inventory
// does not count).
func (inv *Inventory) add(d *parse.Definitions, e *parse.Element, refd map[*parse.Element]bool, nm *tomodel.Namer) {
	it := Item{ID: e.ID, Name: e.Label()}
	switch {
	case e.Kind == "lane":
		inv.Lanes = append(inv.Lanes, described(it, e, nm))
	case e.Kind == "participant":
		inv.Pools = append(inv.Pools, described(it, e, nm))
	case parse.IsActivity(e.Kind):
		it = described(it, e, nm)
		it.Type = activityType(e)
		inv.Activities = append(inv.Activities, it)
		if parse.IsTask(e.Kind) {
			inv.Tasks = append(inv.Tasks, it)
		} else if parse.IsSubProcess(e.Kind) {
			inv.SubProcesses = append(inv.SubProcesses, it)
		}
	case parse.IsGateway(e.Kind):
		it = described(it, e, nm)
		it.Type = parse.GatewayType(e.Kind)
		inv.Gateways = append(inv.Gateways, it)
	case parse.IsEvent(e.Kind):
		it = described(it, e, nm)
		it.Type = eventType(e)
		inv.Events = append(inv.Events, it)
	case e.Kind == "sequenceFlow":
		it.Name = flowLabel(e, nm)
		inv.Transitions = append(inv.Transitions, it)
	case e.Kind == "messageFlow":
		it.Name = flowLabel(e, nm)
		inv.MessageFlows = append(inv.MessageFlows, it)
	case e.Kind == "textAnnotation":
		if t := e.Child("text"); t != nil {
			it.Name = oneLine(t.Text, 80)
		}
		inv.Annotations = append(inv.Annotations, described(it, e, nm))
	default:
		inv.addData(d, e, it, refd, nm)
	}
}

// described gives an unnamed item what a person reads for it instead
// (tomodel.Namer); only listed elements are described, so that the Namer
// counts only the siblings of what the inventory lists.
func described(it Item, e *parse.Element, nm *tomodel.Namer) Item {
	if it.Name == "" {
		it.Unnamed = nm.Describe(e)
	}
	return it
}

// addData lists a data object or store: a reference under the name of
// what it refers to when it has none of its own, the object or store
// itself only when no reference points to it. Objects and stores take one
// path: a reference's kind is its target's plus "Reference", and names
// its target in the attribute of the target's kind plus "Ref"
// (dataObjectReference → dataObjectRef).
func (inv *Inventory) addData(d *parse.Definitions, e *parse.Element, it Item, refd map[*parse.Element]bool, nm *tomodel.Namer) {
	kind, isRef := strings.CutSuffix(e.Kind, "Reference")
	var list *[]Item
	switch kind {
	case "dataObject":
		list = &inv.DataObjects
	case "dataStore":
		list = &inv.DataStores
	default:
		return
	}
	switch {
	case isRef && it.Name == "":
		it.Name = d.ByID(e.Attr(kind + "Ref")).Label()
	case !isRef && refd[e]:
		return // listed as its reference
	}
	*list = append(*list, described(it, e, nm))
}

// activityType names an activity's kind for people ("user task",
// "sub-process", "call activity").
func activityType(e *parse.Element) string {
	switch e.Kind {
	case "task":
		return "task"
	case "subProcess":
		if e.TriggeredByEvent() {
			return "event sub-process"
		}
		return "sub-process"
	case "adHocSubProcess":
		return "ad-hoc sub-process"
	case "callActivity":
		return "call activity"
	}
	return splitCamel(e.Kind)
}

// eventType says where the event sits and what triggers it, e.g.
// "start (message)", "boundary (timer, non-interrupting)".
func eventType(e *parse.Element) string {
	pos := strings.TrimSuffix(splitCamel(e.Kind), " event")
	trig := e.EventType()
	var extra []string
	if trig != "none" {
		extra = append(extra, trig)
	}
	if e.Kind == "boundaryEvent" && !e.BoolAttr("cancelActivity", true) {
		extra = append(extra, "non-interrupting")
	}
	if e.Kind == "startEvent" && e.Parent != nil && e.Parent.TriggeredByEvent() && !e.BoolAttr("isInterrupting", true) {
		extra = append(extra, "non-interrupting")
	}
	if len(extra) == 0 {
		return pos
	}
	return pos + " (" + strings.Join(extra, ", ") + ")"
}

func flowLabel(e *parse.Element, nm *tomodel.Namer) string {
	s := shortName(e.Source, nm) + " → " + shortName(e.Target, nm)
	if l := e.Label(); l != "" {
		s += " (" + oneLine(l, 60) + ")"
	}
	return s
}

// shortName names an element in a flow label: its label, else its kind
// and position among the unnamed ("the 2nd unnamed task").
func shortName(e *parse.Element, nm *tomodel.Namer) string {
	if e == nil {
		return "?"
	}
	if l := e.Label(); l != "" {
		return oneLine(l, 40)
	}
	return nm.Describe(e)
}

// display names an element for people: a flow by its ends and label
// ("sequence flow Policy active? → Pay (yes)"), anything else by its
// label or, unnamed, by its kind and position among the unnamed of its
// kind (tomodel.Namer); never by its id.
func display(e *parse.Element, nm *tomodel.Namer) string {
	if e == nil {
		return "?"
	}
	if (e.Kind == "sequenceFlow" || e.Kind == "messageFlow") && (e.Source != nil || e.Target != nil) {
		return splitCamel(e.Kind) + " " + flowLabel(e, nm)
	}
	if l := e.Label(); l != "" {
		return oneLine(l, 60)
	}
	return nm.Describe(e)
}

func displayItem(it Item) string {
	if it.Name != "" {
		return oneLine(it.Name, 60)
	}
	if it.Unnamed != "" {
		return it.Unnamed
	}
	return "unnamed"
}

// splitCamel turns "intermediateCatchEvent" into "intermediate catch event".
func splitCamel(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteRune(r + ('a' - 'A'))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func oneLine(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > max {
		return string(r[:max-1]) + "…"
	}
	return s
}

// maxMetadataNames bounds each name list in element_inventory_data.
const maxMetadataNames = 500

func withTruncated(m map[string]any, n int) map[string]any {
	if n > maxMetadataNames {
		m["truncated"] = true
	}
	return m
}

// ElementInventoryData is the inventory shaped as the analysis metadata
// field element_inventory_data: every category has a count; lanes, pools,
// activities, tasks, data objects, data stores and transitions list
// names; gateways and events list names_with_types ({name, type}).
func (r *Report) ElementInventoryData() map[string]any {
	inv := r.Inventory
	// Lists stop at maxMetadataNames so a huge model does not store
	// megabytes of metadata; count stays exact and truncated says so.
	names := func(items []Item) map[string]any {
		n := make([]string, 0, min(len(items), maxMetadataNames))
		for _, it := range items[:min(len(items), maxMetadataNames)] {
			n = append(n, displayItem(it))
		}
		return withTruncated(map[string]any{"count": len(items), "names": n}, len(items))
	}
	typed := func(items []Item) map[string]any {
		n := make([]map[string]string, 0, min(len(items), maxMetadataNames))
		for _, it := range items[:min(len(items), maxMetadataNames)] {
			n = append(n, map[string]string{"name": displayItem(it), "type": it.Type})
		}
		return withTruncated(map[string]any{"count": len(items), "names_with_types": n}, len(items))
	}
	return map[string]any{
		"lanes":         names(inv.Lanes),
		"pools":         names(inv.Pools),
		"activities":    names(inv.Activities),
		"tasks":         names(inv.Tasks),
		"sub_processes": names(inv.SubProcesses),
		"gateways":      typed(inv.Gateways),
		"events":        typed(inv.Events),
		"data_objects":  names(inv.DataObjects),
		"data_stores":   names(inv.DataStores),
		"transitions":   names(inv.Transitions),
		"message_flows": names(inv.MessageFlows),
	}
}
