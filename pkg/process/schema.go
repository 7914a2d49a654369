package process

// JSONSchema returns the JSON schema of Model that language models fill
// through structured output.
//
// It keeps to the subset of JSON Schema (draft 2020-12) that both Gemini's
// response schema and OpenAI's strict json_schema mode accept: every object
// lists all of its properties as required and forbids additional ones
// (OpenAI strict demands both), types are single strings, and enumerations
// are plain string lists. Fields that the Go types mark omitempty are still
// required here: the model writes "" or 0 when it knows nothing, which
// decodes to the same zero value omitempty leaves out.
//
// A fresh map is returned on each call so callers may adapt it (for example
// to a vendor's own schema type) without affecting others.
func JSONSchema() map[string]any {
	str := func(desc string) map[string]any {
		return map[string]any{"type": "string", "description": desc}
	}
	enum := func(desc string, values ...string) map[string]any {
		return map[string]any{"type": "string", "description": desc, "enum": values}
	}
	num := func(desc string) map[string]any {
		return map[string]any{"type": "number", "description": desc}
	}
	strList := func(desc string) map[string]any {
		return map[string]any{"type": "array", "description": desc, "items": map[string]any{"type": "string"}}
	}
	list := func(desc string, item map[string]any) map[string]any {
		return map[string]any{"type": "array", "description": desc, "items": item}
	}

	boolean := func(desc string) map[string]any {
		return map[string]any{"type": "boolean", "description": desc}
	}
	pool := str("Id of the pool the element sits in; empty for the main organisation's pool.")
	parent := str("Id of the sub-process activity that contains the element; empty at the top level.")

	poolObj := object("A separate organisation or party with its own process (the customer, a supplier, an insurer, an applicant). Roles inside the main organisation are participants (lanes), not pools.",
		prop{"id", str("Unique id, e.g. \"p_customer\".")},
		prop{"name", str("Name of the party, e.g. \"Customer\".")},
		prop{"description", str("One sentence on the party; empty if unknown.")},
		prop{"collapsed", boolean("True when the text says nothing about the party's own steps: the pool is drawn as an empty band that only sends and receives messages.")},
	)
	participant := object("A role, person, team or system inside a pool that performs work; each becomes a lane.",
		prop{"name", str("Short name of the role, e.g. \"Accounts Payable Clerk\"; never a pronoun.")},
		prop{"description", str("One sentence on what the participant does; empty if unknown.")},
		prop{"pool", pool},
	)
	sipoc := object("Suppliers, inputs, outputs, customers and systems of the activity.",
		prop{"suppliers", strList("Who provides the inputs (participants or external parties).")},
		prop{"inputs", strList("Documents, data or material the activity needs.")},
		prop{"outputs", strList("What the activity produces.")},
		prop{"customers", strList("Who receives the outputs.")},
		prop{"systems", strList("IT systems or tools used, e.g. ERP, CRM, e-mail, Excel.")},
	)
	activity := object("A task or sub-process performed by one participant.",
		prop{"id", str("Unique id, e.g. \"a1\".")},
		prop{"name", str("Verb-object name, e.g. \"Check invoice\".")},
		prop{"type", enum("Kind of activity: task (plain), user (a person with a system), service (a system alone), send (sends a message), receive (waits for a message), manual, business_rule, script, subprocess (its steps are the elements whose parent is this id), event_subprocess, transaction, adhoc_subprocess, call_activity (a reusable process).",
			ActivityTask, ActivityUser, ActivityService, ActivitySend, ActivityReceive, ActivityManual, ActivityBusinessRule, ActivityScript,
			ActivitySubProcess, ActivityEventSubProcess, ActivityTransaction, ActivityAdHoc, ActivityCall)},
		prop{"marker", enum("none; loop when the activity repeats until a condition holds; parallel or sequential when it is done for each item of a list (multi-instance).", MarkerNone, MarkerLoop, MarkerParallel, MarkerSequential)},
		prop{"performer", str("Name of the participant (lane) performing it; must match a participant name of its pool; empty only in a pool without lanes.")},
		prop{"pool", pool},
		prop{"parent", parent},
		prop{"sipoc", sipoc},
		prop{"work_time_minutes", num("Work time (WT) in minutes of effort; 0 if the text gives none.")},
		prop{"wait_time_minutes", num("Wait time (wt) in minutes the work waits; 0 if the text gives none.")},
		prop{"source", str("The sentence of the input this activity was taken from, verbatim.")},
	)
	gateway := object("A decision or split/join point. Condition labels go on outgoing flows.",
		prop{"id", str("Unique id, e.g. \"g1\".")},
		prop{"type", enum("Gateway type: exclusive (one branch), parallel (all branches), inclusive (one or more), event_based (the first event that happens), complex.", GatewayExclusive, GatewayParallel, GatewayInclusive, GatewayEventBased, GatewayComplex)},
		prop{"name", str("The question decided, e.g. \"Invoice approved?\"; empty for joins.")},
		prop{"performer", str("Participant who decides; empty if none.")},
		prop{"pool", pool},
		prop{"parent", parent},
		prop{"specification", str("The rule the gateway applies, in prose.")},
		prop{"source", str("The sentence of the input the decision was taken from, verbatim; empty if none.")},
	)
	event := object("A start, intermediate, end or boundary event.",
		prop{"id", str("Unique id, e.g. \"e1\".")},
		prop{"type", enum("start, intermediate (during the flow), end, or boundary (on the border of the activity named in attached_to: something that happens during it, e.g. a deadline or an error).", EventStart, EventIntermediate, EventEnd, EventBoundary)},
		prop{"trigger", enum("What the event waits for or sends: none, message, timer (a wait or deadline), signal, error, escalation, conditional, terminate (ends the whole process), compensation, link, cancel, multiple.",
			TriggerNone, TriggerMessage, TriggerTimer, TriggerSignal, TriggerError, TriggerEscalation, TriggerConditional, TriggerTerminate, TriggerCompensation, TriggerLink, TriggerCancel, TriggerMultiple)},
		prop{"throw", boolean("True for an intermediate event that sends or raises (e.g. sends a message); false for one that waits for it.")},
		prop{"name", str("Short name, e.g. \"Invoice received\" or \"2 weeks passed\".")},
		prop{"timer", str("For timer events: the duration, date or cycle as the text says it, e.g. \"2 weeks\"; empty otherwise.")},
		prop{"attached_to", str("For boundary events: id of the activity the event sits on; empty otherwise.")},
		prop{"non_interrupting", boolean("For boundary events: true when the activity goes on after the event; false when the event stops it.")},
		prop{"performer", str("Participant whose lane holds the event; empty if none.")},
		prop{"pool", pool},
		prop{"parent", parent},
		prop{"source", str("The sentence of the input the event was taken from, verbatim; empty if none.")},
	)
	flow := object("A sequence flow between two nodes (activities, gateways, events) of the same pool and sub-process.",
		prop{"id", str("Unique id, e.g. \"f1\".")},
		prop{"source", str("Id of the node the flow leaves.")},
		prop{"target", str("Id of the node the flow enters.")},
		prop{"condition", str("Condition label when leaving a decision gateway, naming the branch: Yes/No only for a yes/no question, the alternative for an either/or question (e.g. \"Express delivery\", \"Amount over 1000\"); empty otherwise.")},
		prop{"default", boolean("True for the branch a decision takes when no other condition holds.")},
	)
	messageFlow := object("A message between two pools: from a node (or a collapsed pool) of one pool to a node (or a collapsed pool) of another.",
		prop{"id", str("Unique id, e.g. \"m1\".")},
		prop{"name", str("The message, e.g. \"Invoice\".")},
		prop{"source", str("Id of the sending node, or of a collapsed pool.")},
		prop{"target", str("Id of the receiving node, or of a collapsed pool.")},
	)
	data := object("A data object (document, form, record) or data store (database, file share) that activities read or write.",
		prop{"id", str("Unique id, e.g. \"d1\".")},
		prop{"name", str("Name, e.g. \"Purchase order\" or \"Customer database\".")},
		prop{"kind", enum("object for a document or record, store for a database or archive.", DataObject, DataStore)},
	)
	dataAssociation := object("Who reads or writes data: source data and target activity for an input, source activity and target data for an output.",
		prop{"id", str("Unique id, e.g. \"da1\".")},
		prop{"source", str("Id of the data (input) or of the activity or event (output).")},
		prop{"target", str("Id of the activity or event (input) or of the data (output).")},
	)
	annotation := object("A note attached to an element.",
		prop{"id", str("Unique id, e.g. \"n1\".")},
		prop{"text", str("The note.")},
		prop{"attached_to", str("Id of the element the note explains; empty for a free note.")},
	)

	root := object("A business process extracted from a document or diagram.",
		prop{"process_name", str("Name of the process.")},
		prop{"process_purpose", str("One or two sentences on why the process exists.")},
		prop{"pools", list("Empty when only one organisation takes part. Otherwise the organisation whose process it is first, then every other party with its own process (customer, supplier, insurer).", poolObj)},
		prop{"participants", list("Roles inside the pools that perform activities (lanes).", participant)},
		prop{"activities", list("Activities in the order they happen.", activity)},
		prop{"gateways", list("Decision and parallel gateways.", gateway)},
		prop{"events", list("At least one start and one end event per pool with steps.", event)},
		prop{"flows", list("Sequence flows connecting every event, activity and gateway inside one pool; a rework loop is a flow back to an earlier node.", flow)},
		prop{"message_flows", list("Messages exchanged between pools.", messageFlow)},
		prop{"data", list("Documents and stores the activities read or write.", data)},
		prop{"data_associations", list("Which activities read or write which data.", dataAssociation)},
		prop{"annotations", list("Notes on elements; usually empty.", annotation)},
	)
	root["title"] = "ProcessModel"
	return root
}

// prop is one named property, kept in a slice so that required lists and
// property orders follow the Go struct order (language models fill fields
// in schema order, and process name first reads better than alphabetical).
type prop struct {
	name   string
	schema map[string]any
}

func object(desc string, props ...prop) map[string]any {
	properties := make(map[string]any, len(props))
	required := make([]string, 0, len(props))
	for _, p := range props {
		properties[p.name] = p.schema
		required = append(required, p.name)
	}
	return map[string]any{
		"type":                 "object",
		"description":          desc,
		"properties":           properties,
		"required":             required,
		"additionalProperties": false,
	}
}
