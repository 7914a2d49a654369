package parse

import "strings"

// The BPMN type hierarchy, by element local name. Rules ask "is this an
// Activity?" the way bpmnlint asks is(node, 'bpmn:Activity'); keeping the
// hierarchy in one place keeps the rules short and consistent.

var taskKinds = set("task", "userTask", "serviceTask", "sendTask", "receiveTask",
	"manualTask", "businessRuleTask", "scriptTask")

var subProcessKinds = set("subProcess", "transaction", "adHocSubProcess")

var gatewayKinds = set("exclusiveGateway", "parallelGateway", "inclusiveGateway",
	"eventBasedGateway", "complexGateway")

var eventKinds = set("startEvent", "endEvent", "intermediateCatchEvent",
	"intermediateThrowEvent", "boundaryEvent", "implicitThrowEvent")

var dataKinds = set("dataObject", "dataObjectReference", "dataStoreReference")

var artifactKinds = set("textAnnotation", "association", "group")

func set(s ...string) map[string]bool {
	m := make(map[string]bool, len(s))
	for _, k := range s {
		m[k] = true
	}
	return m
}

// IsTask reports whether kind is a task of any type.
func IsTask(kind string) bool { return taskKinds[kind] }

// IsSubProcess reports whether kind is a sub-process, transaction or
// ad-hoc sub-process.
func IsSubProcess(kind string) bool { return subProcessKinds[kind] }

// IsActivity reports whether kind is a task, sub-process or call activity.
func IsActivity(kind string) bool {
	return taskKinds[kind] || subProcessKinds[kind] || kind == "callActivity"
}

// IsGateway reports whether kind is a gateway.
func IsGateway(kind string) bool { return gatewayKinds[kind] }

// IsEvent reports whether kind is an event.
func IsEvent(kind string) bool { return eventKinds[kind] }

// IsCatchEvent reports whether kind catches (start, intermediate catch,
// boundary).
func IsCatchEvent(kind string) bool {
	return kind == "startEvent" || kind == "intermediateCatchEvent" || kind == "boundaryEvent"
}

// IsThrowEvent reports whether kind throws (end, intermediate throw).
func IsThrowEvent(kind string) bool {
	return kind == "endEvent" || kind == "intermediateThrowEvent" || kind == "implicitThrowEvent"
}

// IsFlowNode reports whether kind is an activity, gateway or event.
func IsFlowNode(kind string) bool { return IsActivity(kind) || IsGateway(kind) || IsEvent(kind) }

// IsData reports whether kind is a data object, its reference or a data
// store reference.
func IsData(kind string) bool { return dataKinds[kind] }

// IsFlowElement reports whether kind may appear as a flow element of a
// process or sub-process.
func IsFlowElement(kind string) bool {
	return IsFlowNode(kind) || kind == "sequenceFlow" || dataKinds[kind]
}

// IsArtifact reports whether kind is a text annotation, association or
// group.
func IsArtifact(kind string) bool { return artifactKinds[kind] }

// IsContainer reports whether kind holds flow elements (process or any
// sub-process).
func IsContainer(kind string) bool { return kind == "process" || subProcessKinds[kind] }

// IsEventDefinition reports whether kind is an event definition.
func IsEventDefinition(kind string) bool {
	return strings.HasSuffix(kind, "EventDefinition") && kind != "EventDefinition"
}

// GatewayType names a gateway kind for people: "exclusive", "parallel",
// "inclusive", "event-based", "complex".
func GatewayType(kind string) string {
	switch kind {
	case "eventBasedGateway":
		return "event-based"
	default:
		return strings.TrimSuffix(kind, "Gateway")
	}
}
