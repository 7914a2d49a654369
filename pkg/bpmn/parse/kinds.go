package parse

import "strings"

// Element kinds, by the local name of their BPMN 2.0 XML element. This is
// SPADE's one BPMN vocabulary: the writer (pkg/bpmn) names the elements it
// writes with these constants, the reader and the lint rules classify what
// they read with the predicates below, and the PDF/DOCX/SVG drawing
// (pkg/export) picks its symbols with both.
const (
	KindTask             = "task"
	KindUserTask         = "userTask"
	KindServiceTask      = "serviceTask"
	KindSendTask         = "sendTask"
	KindReceiveTask      = "receiveTask"
	KindManualTask       = "manualTask"
	KindBusinessRuleTask = "businessRuleTask"
	KindScriptTask       = "scriptTask"

	KindSubProcess      = "subProcess"
	KindTransaction     = "transaction"
	KindAdHocSubProcess = "adHocSubProcess"
	KindCallActivity    = "callActivity"

	KindStartEvent             = "startEvent"
	KindEndEvent               = "endEvent"
	KindIntermediateCatchEvent = "intermediateCatchEvent"
	KindIntermediateThrowEvent = "intermediateThrowEvent"
	KindBoundaryEvent          = "boundaryEvent"
	KindImplicitThrowEvent     = "implicitThrowEvent"

	KindExclusiveGateway  = "exclusiveGateway"
	KindParallelGateway   = "parallelGateway"
	KindInclusiveGateway  = "inclusiveGateway"
	KindEventBasedGateway = "eventBasedGateway"
	KindComplexGateway    = "complexGateway"

	KindSequenceFlow          = "sequenceFlow"
	KindMessageFlow           = "messageFlow"
	KindParticipant           = "participant"
	KindLane                  = "lane"
	KindDataObject            = "dataObject"
	KindDataObjectReference   = "dataObjectReference"
	KindDataStoreReference    = "dataStoreReference"
	KindDataInputAssociation  = "dataInputAssociation"
	KindDataOutputAssociation = "dataOutputAssociation"
	KindTextAnnotation        = "textAnnotation"
	KindAssociation           = "association"
	KindGroup                 = "group"
)

// The BPMN type hierarchy, by element local name. Rules ask "is this an
// Activity?" the way bpmnlint asks is(node, 'bpmn:Activity'); keeping the
// hierarchy in one place keeps the rules short and consistent.

var taskKinds = set(KindTask, KindUserTask, KindServiceTask, KindSendTask, KindReceiveTask,
	KindManualTask, KindBusinessRuleTask, KindScriptTask)

var subProcessKinds = set(KindSubProcess, KindTransaction, KindAdHocSubProcess)

var gatewayKinds = set(KindExclusiveGateway, KindParallelGateway, KindInclusiveGateway,
	KindEventBasedGateway, KindComplexGateway)

var eventKinds = set(KindStartEvent, KindEndEvent, KindIntermediateCatchEvent,
	KindIntermediateThrowEvent, KindBoundaryEvent, KindImplicitThrowEvent)

var dataKinds = set(KindDataObject, KindDataObjectReference, KindDataStoreReference)

var artifactKinds = set(KindTextAnnotation, KindAssociation, KindGroup)

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
	return taskKinds[kind] || subProcessKinds[kind] || kind == KindCallActivity
}

// IsGateway reports whether kind is a gateway.
func IsGateway(kind string) bool { return gatewayKinds[kind] }

// IsEvent reports whether kind is an event.
func IsEvent(kind string) bool { return eventKinds[kind] }

// IsCatchEvent reports whether kind catches (start, intermediate catch,
// boundary).
func IsCatchEvent(kind string) bool {
	return kind == KindStartEvent || kind == KindIntermediateCatchEvent || kind == KindBoundaryEvent
}

// IsThrowEvent reports whether kind throws (end, intermediate throw).
func IsThrowEvent(kind string) bool {
	return kind == KindEndEvent || kind == KindIntermediateThrowEvent || kind == KindImplicitThrowEvent
}

// IsFlowNode reports whether kind is an activity, gateway or event.
func IsFlowNode(kind string) bool { return IsActivity(kind) || IsGateway(kind) || IsEvent(kind) }

// IsData reports whether kind is a data object, its reference or a data
// store reference.
func IsData(kind string) bool { return dataKinds[kind] }

// IsFlowElement reports whether kind may appear as a flow element of a
// process or sub-process.
func IsFlowElement(kind string) bool {
	return IsFlowNode(kind) || kind == KindSequenceFlow || dataKinds[kind]
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
	case KindEventBasedGateway:
		return "event-based"
	default:
		return strings.TrimSuffix(kind, "Gateway")
	}
}
