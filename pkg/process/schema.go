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
	// No descriptions: the system instruction (llm.SystemInstruction)
	// explains every field once; repeated here they doubled the tokens
	// each call pays for the fixed part of the prompt (issue 26).
	str := func() map[string]any { return map[string]any{"type": "string"} }
	enum := func(values ...string) map[string]any {
		return map[string]any{"type": "string", "enum": values}
	}
	num := func() map[string]any { return map[string]any{"type": "number"} }
	boolean := func() map[string]any { return map[string]any{"type": "boolean"} }
	strList := func() map[string]any {
		return map[string]any{"type": "array", "items": map[string]any{"type": "string"}}
	}
	list := func(item map[string]any) map[string]any {
		return map[string]any{"type": "array", "items": item}
	}
	pool := str()
	parent := str()

	poolObj := object(prop{"id", str()},
		prop{"name", str()},
		prop{"description", str()},
		prop{"collapsed", boolean()},
	)
	participant := object(prop{"name", str()},
		prop{"description", str()},
		prop{"pool", pool},
	)
	sipoc := object(prop{"suppliers", strList()},
		prop{"inputs", strList()},
		prop{"outputs", strList()},
		prop{"customers", strList()},
		prop{"systems", strList()},
	)
	activity := object(prop{"id", str()},
		prop{"name", str()},
		prop{"type", enum(ActivityTask, ActivityUser, ActivityService, ActivitySend, ActivityReceive, ActivityManual, ActivityBusinessRule, ActivityScript,
			ActivitySubProcess, ActivityEventSubProcess, ActivityTransaction, ActivityAdHoc, ActivityCall)},
		prop{"marker", enum(MarkerNone, MarkerLoop, MarkerParallel, MarkerSequential)},
		prop{"performer", str()},
		prop{"pool", pool},
		prop{"parent", parent},
		prop{"sipoc", sipoc},
		prop{"work_time_minutes", num()},
		prop{"wait_time_minutes", num()},
		prop{"source", str()},
	)
	gateway := object(prop{"id", str()},
		prop{"type", enum(GatewayExclusive, GatewayParallel, GatewayInclusive, GatewayEventBased, GatewayComplex)},
		prop{"name", str()},
		prop{"performer", str()},
		prop{"pool", pool},
		prop{"parent", parent},
		prop{"specification", str()},
		prop{"source", str()},
	)
	event := object(prop{"id", str()},
		prop{"type", enum(EventStart, EventIntermediate, EventEnd, EventBoundary)},
		prop{"trigger", enum(TriggerNone, TriggerMessage, TriggerTimer, TriggerSignal, TriggerError, TriggerEscalation, TriggerConditional, TriggerTerminate, TriggerCompensation, TriggerLink, TriggerCancel, TriggerMultiple)},
		prop{"throw", boolean()},
		prop{"name", str()},
		prop{"timer", str()},
		prop{"attached_to", str()},
		prop{"non_interrupting", boolean()},
		prop{"performer", str()},
		prop{"pool", pool},
		prop{"parent", parent},
		prop{"source", str()},
	)
	flow := object(prop{"id", str()},
		prop{"source", str()},
		prop{"target", str()},
		prop{"condition", str()},
		prop{"default", boolean()},
	)
	messageFlow := object(prop{"id", str()},
		prop{"name", str()},
		prop{"source", str()},
		prop{"target", str()},
	)
	data := object(prop{"id", str()},
		prop{"name", str()},
		prop{"kind", enum(DataObject, DataStore)},
	)
	dataAssociation := object(prop{"id", str()},
		prop{"source", str()},
		prop{"target", str()},
	)
	annotation := object(prop{"id", str()},
		prop{"text", str()},
		prop{"attached_to", str()},
	)

	root := object(prop{"process_name", str()},
		prop{"process_purpose", str()},
		prop{"pools", list(poolObj)},
		prop{"participants", list(participant)},
		prop{"activities", list(activity)},
		prop{"gateways", list(gateway)},
		prop{"events", list(event)},
		prop{"flows", list(flow)},
		prop{"message_flows", list(messageFlow)},
		prop{"data", list(data)},
		prop{"data_associations", list(dataAssociation)},
		prop{"annotations", list(annotation)},
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

func object(props ...prop) map[string]any {
	properties := make(map[string]any, len(props))
	required := make([]string, 0, len(props))
	for _, p := range props {
		properties[p.name] = p.schema
		required = append(required, p.name)
	}
	return map[string]any{
		"type":                 "object",
		"properties":           properties,
		"required":             required,
		"additionalProperties": false,
	}
}
