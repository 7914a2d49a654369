package process

import "strings"

func normaliseTypes(m *Model) {
	for i := range m.Gateways {
		m.Gateways[i].Type = NormaliseGatewayType(m.Gateways[i].Type)
	}
	for i := range m.Activities {
		a := &m.Activities[i]
		a.Type = NormaliseActivityType(a.Type)
		a.Marker = NormaliseMarker(a.Marker)
		if !IsSubProcess(a.Type) && a.Type != ActivityCall {
			a.Collapsed = false
		}
	}
	for i := range m.Events {
		e := &m.Events[i]
		raw := squash(e.Type)
		typ, trig := NormaliseEventType(e.Type)
		e.Type = typ
		if e.Trigger == "" {
			e.Trigger = trig
		}
		e.Trigger = normaliseTrigger(e.Trigger)
		e.Timer = strings.TrimSpace(e.Timer)
		e.AttachedTo = strings.TrimSpace(e.AttachedTo)
		switch {
		case strings.Contains(raw, "throw"):
			e.Throw = true
		case strings.Contains(raw, "catch"):
			e.Throw = false
		}
		if e.Type == EventIntermediate && e.AttachedTo != "" {
			e.Type = EventBoundary
		}
		if (e.Trigger == "" || e.Trigger == TriggerNone) && e.Timer != "" && e.Type != EventEnd {
			e.Trigger = TriggerTimer
		}
		switch e.Type {
		case EventStart, EventEnd:
			// The type says it: start events catch, end events throw.
			e.Throw = false
			if e.Trigger == TriggerNone {
				e.Trigger = ""
			}
		case EventBoundary:
			e.Throw = false
		}
		if e.Type != EventBoundary {
			e.AttachedTo = ""
			if e.Type != EventStart {
				e.NonInterrupting = false
			}
		}
	}
}

// squash reduces a type spelling to its words: lower case, without
// separators and without the words "gateway" and "event".
func squash(s string) string {
	s = squashWords(s)
	s = strings.ReplaceAll(s, "gateway", "")
	return strings.ReplaceAll(s, "event", "")
}

// squashWords lower-cases s and removes separators.
func squashWords(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		if r != '_' && r != '-' && r != ' ' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// NormaliseGatewayType maps the spellings models use (XOR, AND, "Exclusive
// Gateway", eventBased …) to a Gateway* constant; unknown types become
// exclusive, the most common decision.
func NormaliseGatewayType(t string) string {
	switch squash(t) {
	case "parallel", "and", "fork", "join", "concurrent":
		return GatewayParallel
	case "inclusive", "or":
		return GatewayInclusive
	case "based", "eventbased":
		// squash drops the word "event" from "event_based"
		return GatewayEventBased
	case "complex":
		return GatewayComplex
	default:
		return GatewayExclusive
	}
}

// NormaliseEventType maps an event type spelling to start, end,
// intermediate or boundary and, for spellings that carry one ("timer",
// "messageStartEvent"), a trigger.
func NormaliseEventType(t string) (typ, trigger string) {
	s := squash(t)
	trig := triggerIn(s)
	switch {
	case strings.HasPrefix(s, "start") || strings.HasSuffix(s, "start"):
		return EventStart, trig
	case strings.HasPrefix(s, "end") || strings.HasSuffix(s, "end") || s == "terminate":
		return EventEnd, trig
	case strings.Contains(s, "boundary"):
		return EventBoundary, trig
	default:
		return EventIntermediate, trig
	}
}

// triggerIn finds a trigger named inside a squashed type spelling.
func triggerIn(s string) string {
	for _, w := range []struct{ word, trigger string }{
		{"timer", TriggerTimer}, {"message", TriggerMessage}, {"signal", TriggerSignal},
		{"error", TriggerError}, {"escalation", TriggerEscalation}, {"conditional", TriggerConditional},
		{"terminate", TriggerTerminate}, {"compensat", TriggerCompensation}, {"link", TriggerLink},
		{"cancel", TriggerCancel}, {"multiple", TriggerMultiple},
	} {
		if strings.Contains(s, w.word) {
			return w.trigger
		}
	}
	return ""
}

func normaliseTrigger(t string) string {
	s := strings.ReplaceAll(squash(t), "definition", "")
	switch s {
	case "":
		return ""
	case TriggerTimer, TriggerMessage, TriggerSignal, TriggerError, TriggerEscalation, TriggerConditional,
		TriggerTerminate, TriggerCompensation, TriggerLink, TriggerCancel, TriggerMultiple:
		return s
	case "time", "timeout", "deadline", "delay", "duration", "wait":
		return TriggerTimer
	case "msg", "mail", "email":
		return TriggerMessage
	case "condition":
		return TriggerConditional
	case "escalate":
		return TriggerEscalation
	case "compensate":
		return TriggerCompensation
	default:
		return TriggerNone
	}
}

// NormaliseActivityType maps an activity type spelling ("UserTask",
// "sub-process", "callActivity" …) to an Activity* constant; "" stays the
// plain task and unknown types become it.
func NormaliseActivityType(t string) string {
	s := strings.TrimSuffix(squashWords(t), "task")
	switch s {
	case "task":
		return ActivityTask
	case "user", "human":
		return ActivityUser
	case "service", "system", "automated":
		return ActivityService
	case "send":
		return ActivitySend
	case "receive":
		return ActivityReceive
	case "manual":
		return ActivityManual
	case "businessrule", "rule":
		return ActivityBusinessRule
	case "script":
		return ActivityScript
	case "subprocess", "expandedsubprocess", "collapsedsubprocess":
		return ActivitySubProcess
	case "eventsubprocess":
		return ActivityEventSubProcess
	case "transaction":
		return ActivityTransaction
	case "adhoc", "adhocsubprocess":
		return ActivityAdHoc
	case "call", "callactivity":
		return ActivityCall
	}
	if squashWords(t) == "task" {
		return ActivityTask
	}
	return ""
}

// NormaliseMarker maps a marker spelling to a Marker* constant ("" for
// none).
func NormaliseMarker(t string) string {
	switch squashWords(t) {
	case "loop", "standardloop", "repeat":
		return MarkerLoop
	case "parallel", "multiinstance", "parallelmultiinstance", "multiinstanceparallel", "mi", "foreach":
		return MarkerParallel
	case "sequential", "sequentialmultiinstance", "multiinstancesequential":
		return MarkerSequential
	default:
		return ""
	}
}
