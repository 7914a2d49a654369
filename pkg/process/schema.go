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

	participant := object("A role, person, team or system that performs work; each becomes a lane.",
		prop{"name", str("Short name of the role, e.g. \"Accounts Payable Clerk\".")},
		prop{"description", str("One sentence on what the participant does; empty if unknown.")},
	)
	sipoc := object("Suppliers, inputs, outputs, customers and systems of the activity.",
		prop{"suppliers", strList("Who provides the inputs (participants or external parties).")},
		prop{"inputs", strList("Documents, data or material the activity needs.")},
		prop{"outputs", strList("What the activity produces.")},
		prop{"customers", strList("Who receives the outputs.")},
		prop{"systems", strList("IT systems or tools used, e.g. ERP, CRM, e-mail, Excel.")},
	)
	activity := object("A task performed by one participant.",
		prop{"id", str("Unique id, e.g. \"a1\".")},
		prop{"name", str("Verb-object name, e.g. \"Check invoice\".")},
		prop{"performer", str("Name of the participant performing it; must match a participant name.")},
		prop{"sipoc", sipoc},
		prop{"work_time_minutes", num("Work time (WT) in minutes of effort; 0 if the text gives none.")},
		prop{"wait_time_minutes", num("Wait time (wt) in minutes the work waits; 0 if the text gives none.")},
		prop{"source", str("The sentence of the input this activity was taken from, verbatim.")},
	)
	gateway := object("A decision or split/join point. Condition labels go on outgoing flows.",
		prop{"id", str("Unique id, e.g. \"g1\".")},
		prop{"type", enum("Gateway type.", GatewayExclusive, GatewayParallel, GatewayInclusive, GatewayEventBased)},
		prop{"name", str("The question decided, e.g. \"Invoice approved?\"; empty for joins.")},
		prop{"performer", str("Participant who decides; empty if none.")},
		prop{"specification", str("The rule the gateway applies, in prose.")},
	)
	event := object("A start, end or intermediate event.",
		prop{"id", str("Unique id, e.g. \"e1\".")},
		prop{"type", enum("Event type.", EventStart, EventEnd, EventIntermediate)},
		prop{"trigger", enum("What triggers or results from the event.", TriggerNone, TriggerTimer, TriggerMessage, TriggerSignal, TriggerError)},
		prop{"name", str("Short name, e.g. \"Invoice received\".")},
		prop{"performer", str("Participant whose lane holds the event; empty if none.")},
	)
	flow := object("A sequence flow between two nodes (activities, gateways, events).",
		prop{"id", str("Unique id, e.g. \"f1\".")},
		prop{"source", str("Id of the node the flow leaves.")},
		prop{"target", str("Id of the node the flow enters.")},
		prop{"condition", str("Condition label when leaving a decision gateway, e.g. \"Yes\"; empty otherwise.")},
	)

	root := object("A business process extracted from a document or diagram.",
		prop{"process_name", str("Name of the process.")},
		prop{"process_purpose", str("One or two sentences on why the process exists.")},
		prop{"participants", list("Everyone who performs activities.", participant)},
		prop{"activities", list("Activities in the order they happen.", activity)},
		prop{"gateways", list("Decision and parallel gateways.", gateway)},
		prop{"events", list("At least one start and one end event.", event)},
		prop{"flows", list("Sequence flows connecting every event, activity and gateway.", flow)},
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
