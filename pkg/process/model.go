// Package process holds the process model: the intermediate representation
// that every analyzer fills and from which SPADE renders formatted text, the
// SIPOC table, work/wait times and the BPMN diagram. The LLM never writes
// BPMN; it fills this model (as JSON, see JSONSchema).
//
// Version 2 of the model holds the BPMN subset modellers use: a
// collaboration of pools (separate organisations, the customer; a pool may
// be a collapsed "black box") with lanes; activities with a type, loop and
// multi-instance markers and sub-processes; start, intermediate, end and
// boundary events with their triggers; gateways with default flows;
// sequence flows with conditions; message flows between pools; data objects
// and stores with their associations; text annotations.
//
// The model stays one flat JSON document: nodes name the pool and the
// sub-process they sit in (Pool, Parent) instead of nesting, so that the
// schema a language model fills has no recursion and a fixed depth.
package process

// Version is the model version this package writes. Decode migrates older
// versions on read.
const Version = 2

// Gateway types.
const (
	GatewayExclusive  = "exclusive"
	GatewayParallel   = "parallel"
	GatewayInclusive  = "inclusive"
	GatewayEventBased = "event_based"
	GatewayComplex    = "complex"
)

// Event types.
const (
	EventStart        = "start"
	EventEnd          = "end"
	EventIntermediate = "intermediate"
	// EventBoundary is an event attached to an activity's border
	// (Event.AttachedTo); its outgoing flow leaves the activity when the
	// event happens during it.
	EventBoundary = "boundary"
)

// Event triggers (BPMN event definitions). An event without a trigger is
// a "none" event.
const (
	TriggerNone         = "none"
	TriggerTimer        = "timer"
	TriggerMessage      = "message"
	TriggerSignal       = "signal"
	TriggerError        = "error"
	TriggerEscalation   = "escalation"
	TriggerConditional  = "conditional"
	TriggerTerminate    = "terminate"
	TriggerCompensation = "compensation"
	TriggerLink         = "link"
	TriggerCancel       = "cancel"
	// TriggerMultiple is an event with several definitions.
	TriggerMultiple = "multiple"
)

// Activity types. "" and ActivityTask are the same plain task.
const (
	ActivityTask         = "task"
	ActivityUser         = "user"
	ActivityService      = "service"
	ActivitySend         = "send"
	ActivityReceive      = "receive"
	ActivityManual       = "manual"
	ActivityBusinessRule = "business_rule"
	ActivityScript       = "script"
	// ActivitySubProcess holds its own nodes: every node whose Parent is
	// the sub-process' id.
	ActivitySubProcess = "subprocess"
	// ActivityEventSubProcess is a sub-process started by an event (no
	// sequence flow enters or leaves it).
	ActivityEventSubProcess = "event_subprocess"
	// ActivityTransaction is a transactional sub-process.
	ActivityTransaction = "transaction"
	// ActivityAdHoc is an ad-hoc sub-process.
	ActivityAdHoc = "adhoc_subprocess"
	// ActivityCall calls a process defined elsewhere (CalledElement).
	ActivityCall = "call_activity"
)

// Activity markers.
const (
	MarkerNone = "none"
	// MarkerLoop repeats the activity while a condition holds.
	MarkerLoop = "loop"
	// MarkerParallel runs one instance per item, at the same time.
	MarkerParallel = "parallel"
	// MarkerSequential runs one instance per item, one after the other.
	MarkerSequential = "sequential"
)

// Data kinds.
const (
	DataObject = "object"
	DataStore  = "store"
)

// Data.IO values: a process' data input or output.
const (
	DataInput  = "input"
	DataOutput = "output"
)

// Model is a whole process, or a collaboration of processes.
type Model struct {
	// Version is the model version (Version when written by this package;
	// 0 or 1 for models stored before version 2).
	Version        int    `json:"version" schema:"-"`
	ProcessName    string `json:"process_name"`
	ProcessPurpose string `json:"process_purpose"`
	// Pools are the collaboration's participants: separate organisations,
	// the customer, a supplier. Empty means one pool: the process itself,
	// named ProcessName. The first pool that is not collapsed is the main
	// pool, where nodes and lanes with an empty Pool sit.
	Pools []Pool `json:"pools,omitempty"`
	// Participants are the lanes: roles, people, teams or systems inside a
	// pool that perform activities.
	Participants     []Participant     `json:"participants" nullable:"true"`
	Activities       []Activity        `json:"activities" nullable:"true"`
	Gateways         []Gateway         `json:"gateways" nullable:"true"`
	Events           []Event           `json:"events" nullable:"true"`
	Flows            []Flow            `json:"flows" nullable:"true"`
	MessageFlows     []MessageFlow     `json:"message_flows,omitempty"`
	Data             []Data            `json:"data,omitempty"`
	DataAssociations []DataAssociation `json:"data_associations,omitempty"`
	Annotations      []Annotation      `json:"annotations,omitempty"`
	// Verbatim marks a model converted from a BPMN file (pkg/bpmn/tomodel):
	// the builder draws what the file said (implicit splits and merges,
	// unnamed nodes and flows, conditions on any flow) instead of making
	// it bpmnlint-clean with inserted gateways and default labels, which
	// is right for models the analyzers wrote but would change a
	// modeller's diagram.
	Verbatim bool `json:"verbatim,omitempty" schema:"-"`
}

// Pool is a participant of a collaboration: an organisation or party with
// its own process. A collapsed pool is a "black box": it holds no nodes,
// only message flows to and from it.
type Pool struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Collapsed   bool   `json:"collapsed,omitempty"`
	// ProcessID is the id of the pool's process in a BPMN file, kept so
	// that a round trip keeps it ("" lets the builder choose one).
	ProcessID string `json:"process_id,omitempty" schema:"-"`
}

// Participant is a role, person, team or system that performs activities.
// Each participant becomes a lane of its pool.
type Participant struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// ID is the lane's id ("" lets the builder choose one from the name).
	ID string `json:"id,omitempty" schema:"-"`
	// Pool is the id of the pool holding the lane ("" for the main pool).
	Pool string `json:"pool,omitempty"`
	// Parent is the name of the lane this one is nested in ("" for a
	// top-level lane).
	Parent string `json:"parent,omitempty" schema:"-"`
	// Unnamed marks a lane its BPMN file left without a name: Name is
	// then only the key its nodes use (Performer) and is not drawn.
	Unnamed bool `json:"unnamed,omitempty" schema:"-"`
}

// SIPOC lists an activity's suppliers, inputs, outputs, customers and the
// systems it uses.
type SIPOC struct {
	Suppliers []string `json:"suppliers" nullable:"true"`
	Inputs    []string `json:"inputs" nullable:"true"`
	Outputs   []string `json:"outputs" nullable:"true"`
	Customers []string `json:"customers" nullable:"true"`
	Systems   []string `json:"systems" nullable:"true"`
}

// Span is a character range [Start, End) of the extracted document text
// (byte offsets into the UTF-8 text).
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// Activity is a task or sub-process performed by a participant.
type Activity struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Type is one of the Activity* constants ("" is a plain task).
	Type string `json:"type,omitempty"`
	// Marker is one of the Marker* constants ("" and MarkerNone: none).
	Marker string `json:"marker,omitempty"`
	// Collapsed draws a sub-process as a single shape with a [+] marker.
	Collapsed bool `json:"collapsed,omitempty" schema:"-"`
	// CalledElement names what a call activity calls.
	CalledElement string `json:"called_element,omitempty" schema:"-"`
	// ForCompensation marks a compensation handler (BPMN
	// isForCompensation): no sequence flow enters or leaves it; it runs
	// when a compensation boundary event on another activity fires.
	ForCompensation bool `json:"for_compensation,omitempty" schema:"-"`
	// Performer is the name of the lane (participant) holding the node;
	// empty for nodes of a pool without lanes.
	Performer string `json:"performer"`
	// Pool is the id of the pool holding the node ("" for the main pool).
	Pool string `json:"pool,omitempty"`
	// Parent is the id of the sub-process activity containing the node
	// ("" for the top level of its pool).
	Parent string `json:"parent,omitempty"`
	SIPOC  SIPOC  `json:"sipoc"`
	// WorkMinutes is the work time (WT): effort spent doing the activity.
	WorkMinutes float64 `json:"work_time_minutes,omitempty"`
	// WaitMinutes is the wait time (wt): time the work waits before or
	// during the activity.
	WaitMinutes float64 `json:"wait_time_minutes,omitempty"`
	// Source is the sentence of the document the activity came from.
	Source string `json:"source,omitempty"`
	// Spans locate Source in the extracted text.
	Spans []Span `json:"spans,omitempty" schema:"-"`
}

// Gateway splits or joins the flow. Condition labels live on the outgoing
// flows (Flow.Condition); the default branch is the flow with Default set.
type Gateway struct {
	ID   string `json:"id"`
	Type string `json:"type"` // one of the Gateway* constants
	Name string `json:"name"` // the question, e.g. "Invoice approved?"
	// Performer is the name of the lane (participant) holding the node;
	// empty for nodes of a pool without lanes.
	Performer string `json:"performer,omitempty"`
	// Pool is the id of the pool holding the node ("" for the main pool).
	Pool string `json:"pool,omitempty"`
	// Parent is the id of the sub-process activity containing the node
	// ("" for the top level of its pool).
	Parent string `json:"parent,omitempty"`
	// Specification explains the rule the gateway applies, in prose.
	Specification string `json:"specification,omitempty"`
	Source        string `json:"source,omitempty"`
	Spans         []Span `json:"spans,omitempty" schema:"-"`
}

// Event is a start, intermediate, end or boundary event.
type Event struct {
	ID      string `json:"id"`
	Type    string `json:"type"`              // start | intermediate | end | boundary
	Trigger string `json:"trigger,omitempty"` // one of the Trigger* constants
	// Throw marks an intermediate event that sends or raises (a message
	// sent, a signal broadcast); false is a catching event that waits.
	// Start and boundary events always catch, end events always throw.
	Throw bool   `json:"throw,omitempty"`
	Name  string `json:"name"`
	// Timer is a timer event's duration, date or cycle as written ("P14D",
	// "2 weeks", "every Monday 9:00").
	Timer string `json:"timer,omitempty"`
	// TimerKind is how a BPMN file gave the timer: "duration", "date" or
	// "cycle" (its timeDuration, timeDate or timeCycle, even an empty
	// one); "" lets the builder choose from Timer's text.
	TimerKind string `json:"timer_kind,omitempty" schema:"-"`
	// Triggers are the triggers of a multiple event (Trigger
	// TriggerMultiple) in the order its BPMN file gave its definitions;
	// empty lets the builder choose.
	Triggers []string `json:"triggers,omitempty" schema:"-"`
	// AttachedTo is the id of the activity a boundary event sits on.
	AttachedTo string `json:"attached_to,omitempty"`
	// NonInterrupting marks a boundary (or event sub-process start) event
	// that lets the activity go on; false interrupts it.
	NonInterrupting bool `json:"non_interrupting,omitempty"`
	// Handler is the id of the compensation activity (ForCompensation) a
	// compensation boundary event starts, which BPMN draws as an
	// association from the event to it.
	Handler string `json:"handler,omitempty" schema:"-"`
	// Performer is the name of the lane (participant) holding the node;
	// empty for nodes of a pool without lanes.
	Performer string `json:"performer,omitempty"`
	// Pool is the id of the pool holding the node ("" for the main pool).
	Pool string `json:"pool,omitempty"`
	// Parent is the id of the sub-process activity containing the node
	// ("" for the top level of its pool).
	Parent string `json:"parent,omitempty"`
	Source string `json:"source,omitempty"`
	Spans  []Span `json:"spans,omitempty" schema:"-"`
	// Refs are the message, signal, error and escalation an event's BPMN
	// file named in its definitions (messageRef, …), with their names and
	// codes, so that a re-drawn file keeps them.
	Refs []EventRef `json:"refs,omitempty" schema:"-"`
}

// EventRef is the element an event definition refers to: a message,
// signal, error or escalation of the BPMN file.
type EventRef struct {
	// Trigger is the definition's trigger (TriggerMessage, TriggerSignal,
	// TriggerError or TriggerEscalation).
	Trigger string `json:"trigger"`
	// ID is the referenced element's id in the file.
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
	// Code is an error's errorCode or an escalation's escalationCode.
	Code string `json:"code,omitempty"`
}

// Flow is a sequence flow between two nodes (activities, gateways, events)
// of one pool and one sub-process level.
type Flow struct {
	ID        string `json:"id"`
	Source    string `json:"source"`
	Target    string `json:"target"`
	Condition string `json:"condition,omitempty"`
	// Default marks the branch taken when no other condition holds.
	Default bool `json:"default,omitempty"`
	// Conditional marks a flow its BPMN file gave a condition expression
	// (possibly empty): Expression, kept apart from Condition, which is
	// what a reader sees (the flow's name, else the expression).
	Conditional bool   `json:"conditional,omitempty" schema:"-"`
	Expression  string `json:"expression,omitempty" schema:"-"`
	// Unnamed marks a flow its file left without a name: its Condition
	// came from the expression and is not drawn as a label.
	Unnamed bool `json:"unnamed,omitempty" schema:"-"`
	// Documentation is the flow's documentation in its BPMN file.
	Documentation string `json:"documentation,omitempty" schema:"-"`
}

// MessageFlow is a message sent from one pool to another. Source and
// Target are node ids or, for a collapsed pool, the pool's id.
type MessageFlow struct {
	ID     string `json:"id"`
	Name   string `json:"name,omitempty"`
	Source string `json:"source"`
	Target string `json:"target"`
}

// Data is a data object (a document, a form, a record) or a data store (a
// database, a file share) that activities read or write.
type Data struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Kind string `json:"kind"` // object | store
	// Collection marks a list of objects (e.g. "Invoices").
	Collection bool `json:"collection,omitempty" schema:"-"`
	// State is the object's state, e.g. "approved".
	State string `json:"state,omitempty" schema:"-"`
	// IO marks a data input ("input") or output ("output") of its pool's
	// process, as a BPMN file's ioSpecification declares and draws it;
	// "" for a data object or store.
	IO string `json:"io,omitempty" schema:"-"`
	// Performer is the name of the lane (participant) holding the node;
	// empty for nodes of a pool without lanes.
	Performer string `json:"performer,omitempty" schema:"-"`
	// Pool is the id of the pool holding the node ("" for the main pool).
	Pool string `json:"pool,omitempty" schema:"-"`
	// Parent is the id of the sub-process activity containing the node
	// ("" for the top level of its pool).
	Parent string `json:"parent,omitempty" schema:"-"`
}

// DataAssociation connects data to an activity or event: data → node is
// an input (the node reads it), node → data an output (the node writes it).
type DataAssociation struct {
	ID     string `json:"id"`
	Source string `json:"source"`
	Target string `json:"target"`
}

// Annotation is a text annotation attached to an element (AttachedTo, an
// id; "" for a free-standing note).
type Annotation struct {
	ID         string `json:"id"`
	Text       string `json:"text"`
	AttachedTo string `json:"attached_to,omitempty"`
	// Performer is the name of the lane (participant) holding the node;
	// empty for nodes of a pool without lanes.
	Performer string `json:"performer,omitempty" schema:"-"`
	// Pool is the id of the pool holding the node ("" for the main pool).
	Pool string `json:"pool,omitempty" schema:"-"`
	// Parent is the id of the sub-process activity containing the node
	// ("" for the top level of its pool).
	Parent string `json:"parent,omitempty" schema:"-"`
}

// IsSubProcess reports whether the activity type holds nodes of its own.
func IsSubProcess(typ string) bool {
	switch typ {
	case ActivitySubProcess, ActivityEventSubProcess, ActivityTransaction, ActivityAdHoc:
		return true
	}
	return false
}
