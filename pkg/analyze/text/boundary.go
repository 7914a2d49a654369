package text

import (
	"fmt"

	"github.com/spade-bpmn/spade/pkg/process"
)

// attachDeadlines turns the timers that limit the organisation's own
// next step ("Within 2 days the clerk must register the claim") into
// non-interrupting boundary timers on that step: the step starts at
// once, and the timer marks the deadline passing while it runs, with a
// path of its own to an end that names the missed deadline. A wait in
// front of the step would delay the work instead of limiting it.
func attachDeadlines(m *process.Model, drafts map[string]*draft) {
	kind := map[string]string{}
	for _, a := range m.Activities {
		kind[a.ID] = "activity"
	}
	for i := range m.Events {
		e := &m.Events[i]
		d := drafts[e.ID]
		if d == nil || d.event == nil || !d.event.deadline || e.Type != process.EventIntermediate {
			continue
		}
		out, nOut := -1, 0
		for k, f := range m.Flows {
			if f.Source == e.ID {
				out, nOut = k, nOut+1
			}
		}
		if nOut != 1 || kind[m.Flows[out].Target] != "activity" {
			continue
		}
		host := m.Flows[out].Target
		var flows []process.Flow
		for k, f := range m.Flows {
			if k == out {
				continue
			}
			if f.Target == e.ID {
				f.Target = host
			}
			flows = append(flows, f)
		}
		m.Flows = flows
		e.Type = process.EventBoundary
		e.AttachedTo = host
		e.NonInterrupting = true
		end := fmt.Sprintf("Event_deadline_%d", i+1)
		m.Events = append(m.Events, process.Event{ID: end, Type: process.EventEnd, Name: "Deadline missed",
			Performer: e.Performer, Parent: e.Parent})
		m.Flows = append(m.Flows, process.Flow{ID: fmt.Sprintf("Flow_deadline_%d", i+1), Source: e.ID, Target: end})
	}
}
