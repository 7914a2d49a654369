// Package process holds the process model: the intermediate representation
// that every analyzer fills and from which SPADE renders formatted text, the
// SIPOC table, work/wait times and the BPMN diagram. The LLM never writes
// BPMN; it fills this model (as JSON, see Schema).
package process

// Gateway types.
const (
	GatewayExclusive  = "exclusive"
	GatewayParallel   = "parallel"
	GatewayInclusive  = "inclusive"
	GatewayEventBased = "event_based"
)

// Event types and triggers.
const (
	EventStart        = "start"
	EventEnd          = "end"
	EventIntermediate = "intermediate"

	TriggerNone    = "none"
	TriggerTimer   = "timer"
	TriggerMessage = "message"
	TriggerSignal  = "signal"
	TriggerError   = "error"
)

// Model is a whole process.
type Model struct {
	ProcessName    string        `json:"process_name"`
	ProcessPurpose string        `json:"process_purpose"`
	Participants   []Participant `json:"participants"`
	Activities     []Activity    `json:"activities"`
	Gateways       []Gateway     `json:"gateways"`
	Events         []Event       `json:"events"`
	Flows          []Flow        `json:"flows"`
}

// Participant is a role, person, team or system that performs activities.
// Each participant becomes a lane.
type Participant struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
}

// SIPOC lists an activity's suppliers, inputs, outputs, customers and the
// systems it uses.
type SIPOC struct {
	Suppliers []string `json:"suppliers"`
	Inputs    []string `json:"inputs"`
	Outputs   []string `json:"outputs"`
	Customers []string `json:"customers"`
	Systems   []string `json:"systems"`
}

// Activity is a task performed by a participant.
type Activity struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Performer string `json:"performer"`
	SIPOC     SIPOC  `json:"sipoc"`
	// WorkMinutes is the work time (WT): effort spent doing the activity.
	WorkMinutes float64 `json:"work_time_minutes,omitempty"`
	// WaitMinutes is the wait time (wt): time the work waits before or
	// during the activity.
	WaitMinutes float64 `json:"wait_time_minutes,omitempty"`
	// Source is the sentence of the document the activity came from.
	Source string `json:"source,omitempty"`
}

// Gateway splits or joins the flow. Condition labels live on the outgoing
// flows (Flow.Condition).
type Gateway struct {
	ID        string `json:"id"`
	Type      string `json:"type"` // one of the Gateway* constants
	Name      string `json:"name"` // the question, e.g. "Invoice approved?"
	Performer string `json:"performer,omitempty"`
	// Specification explains the rule the gateway applies, in prose.
	Specification string `json:"specification,omitempty"`
}

// Event is a start, end or intermediate event.
type Event struct {
	ID        string `json:"id"`
	Type      string `json:"type"`              // start | end | intermediate
	Trigger   string `json:"trigger,omitempty"` // none | timer | message | signal | error
	Name      string `json:"name"`
	Performer string `json:"performer,omitempty"`
}

// Flow is a sequence flow between two nodes (activities, gateways, events).
type Flow struct {
	ID        string `json:"id"`
	Source    string `json:"source"`
	Target    string `json:"target"`
	Condition string `json:"condition,omitempty"`
}
