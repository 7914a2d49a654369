package text

import (
	"github.com/spade-bpmn/spade/pkg/process"
)

// flowGraph edits a model's sequence flows in place.
type flowGraph struct {
	m *process.Model
}

func newFlowGraph(m *process.Model) *flowGraph { return &flowGraph{m: m} }

// splice takes node id out of the flow: its incoming flows lead to its
// successor instead. It returns the predecessor and the successor.
func (g *flowGraph) splice(id string) (prev, next string) {
	var in []int
	out := -1
	for i, f := range g.m.Flows {
		if f.Target == id {
			in = append(in, i)
		}
		if f.Source == id && out < 0 {
			out = i
		}
	}
	if out >= 0 {
		next = g.m.Flows[out].Target
	}
	if len(in) > 0 {
		prev = g.m.Flows[in[0]].Source
	}
	var flows []process.Flow
	seen := map[[2]string]bool{}
	for i, f := range g.m.Flows {
		if f.Source == id {
			continue
		}
		if f.Target == id {
			if next == "" {
				continue
			}
			f.Target = next
		}
		k := [2]string{f.Source, f.Target}
		if seen[k] {
			continue
		}
		seen[k] = true
		_ = i
		flows = append(flows, f)
	}
	g.m.Flows = flows
	return prev, next
}

func (g *flowGraph) kind(id string) string {
	for _, a := range g.m.Activities {
		if a.ID == id {
			return "activity"
		}
	}
	for _, e := range g.m.Events {
		if e.ID == id {
			return e.Type
		}
	}
	for _, gw := range g.m.Gateways {
		if gw.ID == id {
			return "gateway"
		}
	}
	return ""
}

func (g *flowGraph) isStart(id string, m *process.Model) bool {
	return g.kind(id) == process.EventStart
}

// activityBefore walks back from id over gateways to the nearest activity
// of the organisation.
func (g *flowGraph) activityBefore(id string) string { return g.activityFrom(id, false) }

// nodeAfter walks forward from id over gateways and intermediate events
// (a message cannot reach a gateway or a timer) to the next activity or
// message catch event.
func (g *flowGraph) nodeAfter(id string) string { return g.activityFrom(id, true) }

// activityFrom follows the first flow out of (forward) or into id across
// gateways and intermediate events until it reaches an activity; "" when
// the walk ends elsewhere or runs longer than any real chain.
func (g *flowGraph) activityFrom(id string, forward bool) string {
	for range 50 {
		switch g.kind(id) {
		case "activity":
			return id
		case "gateway", process.EventIntermediate:
			if forward && g.catchesMessage(id) {
				return id // "When the payment arrives, …": the message lands on its catch event
			}
			found := ""
			for _, f := range g.m.Flows {
				if forward && f.Source == id {
					found = f.Target
					break
				}
				if !forward && f.Target == id {
					found = f.Source
					break
				}
			}
			if found == "" {
				return ""
			}
			id = found
		default:
			return ""
		}
	}
	return ""
}

// requesting verbs send a request to the party they name with "from":
// "orders the parts from the wholesaler".
var requesting = set(`order request ask buy purchase book reserve hire rent commission requisition`)

// outsideQualifiers put the party they qualify outside the organisation.
var outsideQualifiers = set(`freelance freelancing external third-party outside independent contracted outsourced referring`)

// catchesMessage reports whether id is an intermediate message event.
func (g *flowGraph) catchesMessage(id string) bool {
	for _, e := range g.m.Events {
		if e.ID == id {
			return e.Type == process.EventIntermediate && e.Trigger == process.TriggerMessage
		}
	}
	return false
}
