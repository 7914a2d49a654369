package refine

import (
	"encoding/json"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// SystemInstruction tells a language model how to turn a user's request
// into operations.
func SystemInstruction() string {
	return `You edit a business process model for a business analyst. You get the model (its lanes, steps, decisions, events and flows, each with an id) and the analyst's request in their words. Answer only with edit operations that carry out the request, in the order to apply them:
- rename: target = id, name = new name.
- move: target = id, lane = the participant (lane) it moves to; a lane that does not exist is created.
- add_activity: name = verb-object name of the new step, position = after or before, anchor = id of the existing element; lane only if the request names one.
- delete: target = id (the flow around it is kept).
- add_decision: anchor = id of the step after which the decision happens, name = the question, condition = label of the new branch, branch_to = "end" (the process ends), the id of an existing element, or the name of a new step.
- make_parallel: target and other = ids of two steps that follow each other.
- loop_back: target = id of the step after which work may go back, other = id of the step it returns to, condition = when.
- add_event: trigger = timer, message or signal, name = e.g. "2 days passed", position and anchor as for add_activity.
- connect / disconnect: target = source id, other = target id, condition = label (connect only).
- end_after: target = id of the step after which the process (that branch) ends; its way out is replaced by an end event.
- name_condition: target = source id, other = target id of an existing flow, condition = its label (e.g. "Approved").
Use ids from the model, never names, in target, anchor and other. Fill every field; leave unused ones "". Put every part of the request you cannot express as operations in not_understood, word for word; never invent elements the request does not ask for.`
}

// view is the compact model a language model reads: ids, names, lanes,
// types and flows, nothing the edit does not need.
type view struct {
	Lanes  []string   `json:"lanes"`
	Nodes  []viewNode `json:"nodes"`
	Flows  [][]string `json:"flows"`
	Labels []string   `json:"flow_labels,omitempty"`
}

type viewNode struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	Name string `json:"name"`
	Lane string `json:"lane,omitempty"`
}

// UserPrompt is the model and the request, for the user turn.
func UserPrompt(m *process.Model, instruction string) string {
	v := view{Lanes: []string{}}
	for _, p := range m.Participants {
		v.Lanes = append(v.Lanes, p.Name)
	}
	for _, a := range m.Activities {
		v.Nodes = append(v.Nodes, viewNode{a.ID, "step", a.Name, a.Performer})
	}
	for _, g := range m.Gateways {
		v.Nodes = append(v.Nodes, viewNode{g.ID, g.Type + " gateway", g.Name, g.Performer})
	}
	for _, e := range m.Events {
		v.Nodes = append(v.Nodes, viewNode{e.ID, e.Type + " event", e.Name, e.Performer})
	}
	for _, f := range m.Flows {
		v.Flows = append(v.Flows, []string{f.Source, f.Target, f.Condition})
	}
	b, _ := json.Marshal(v)
	var s strings.Builder
	s.WriteString("Process model:\n")
	s.Write(b)
	s.WriteString("\n\nRequest:\n")
	s.WriteString(strings.TrimSpace(instruction))
	return s.String()
}

// Decode reads a language model's answer into a Plan, tolerating a code
// fence around the JSON.
func Decode(answer string) (Plan, error) {
	a := strings.TrimSpace(answer)
	a = strings.TrimPrefix(strings.TrimPrefix(a, "```json"), "```")
	a = strings.TrimSuffix(strings.TrimSpace(a), "```")
	var p Plan
	if err := json.Unmarshal([]byte(a), &p); err != nil {
		return Plan{}, err
	}
	if p.Operations == nil {
		p.Operations = []Op{}
	}
	if p.NotUnderstood == nil {
		p.NotUnderstood = []string{}
	}
	return p, nil
}
