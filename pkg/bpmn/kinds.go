package bpmn

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/process"
)

// Which BPMN element a model activity or event becomes (the kinds
// themselves are parse's vocabulary).

// multipleTriggers keeps the triggers of a multiple event that a
// definition can be written for.
func multipleTriggers(ts []string) []string {
	var out []string
	for _, t := range ts {
		switch t {
		case process.TriggerTimer, process.TriggerMessage, process.TriggerSignal, process.TriggerError, process.TriggerEscalation,
			process.TriggerConditional, process.TriggerTerminate, process.TriggerCompensation, process.TriggerLink, process.TriggerCancel:
			out = append(out, t)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// catchable reports whether an intermediate catch event may carry trigger.
func catchable(trigger string) bool {
	switch trigger {
	case process.TriggerTimer, process.TriggerMessage, process.TriggerSignal, process.TriggerConditional, process.TriggerLink, process.TriggerMultiple:
		return true
	}
	return false
}

// intermediateKind decides between a catching and a throwing intermediate
// event: the model's Throw flag where the trigger allows both, otherwise
// the only one the trigger allows.
func intermediateKind(e process.Event) string {
	switch e.Type {
	case process.EventBoundary:
		return parse.KindBoundaryEvent
	}
	switch e.Trigger {
	case process.TriggerTimer, process.TriggerConditional:
		return parse.KindIntermediateCatchEvent
	case process.TriggerMessage, process.TriggerSignal, process.TriggerLink, process.TriggerMultiple:
		if e.Throw {
			return parse.KindIntermediateThrowEvent
		}
		return parse.KindIntermediateCatchEvent
	}
	return parse.KindIntermediateThrowEvent
}

// activityKind maps the model's activity type to its BPMN element.
func activityKind(a process.Activity) string {
	switch a.Type {
	case process.ActivityUser:
		return parse.KindUserTask
	case process.ActivityService:
		return parse.KindServiceTask
	case process.ActivitySend:
		return parse.KindSendTask
	case process.ActivityReceive:
		return parse.KindReceiveTask
	case process.ActivityManual:
		return parse.KindManualTask
	case process.ActivityBusinessRule:
		return parse.KindBusinessRuleTask
	case process.ActivityScript:
		return parse.KindScriptTask
	case process.ActivitySubProcess, process.ActivityEventSubProcess:
		return parse.KindSubProcess
	case process.ActivityTransaction:
		return parse.KindTransaction
	case process.ActivityAdHoc:
		return parse.KindAdHocSubProcess
	case process.ActivityCall:
		return parse.KindCallActivity
	}
	return parse.KindTask
}
