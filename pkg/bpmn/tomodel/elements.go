package tomodel

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/process"
)

// container converts the content of a process or sub-process. Sub-process
// content is visited iteratively through a work list so that a deep file
// cannot exhaust the stack (parse bounds the depth, but the bound may
// grow).
func (c *converter) container(root *parse.Element, rootScope scope) {
	type item struct {
		e  *parse.Element
		sc scope
	}
	work := []item{{root, rootScope}}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		for _, e := range it.e.Children {
			if sub := c.element(e, it.sc); sub != nil {
				work = append(work, item{e, *sub})
			}
		}
	}
}

// element converts one child of a container; it returns the scope of its
// content when e is a sub-process whose children must be visited.
func (c *converter) element(e *parse.Element, sc scope) *scope {
	switch {
	case parse.IsActivity(e.Kind):
		return c.activity(e, sc)
	case parse.IsGateway(e.Kind):
		c.m.Gateways = append(c.m.Gateways, process.Gateway{
			ID: c.id(e), Type: gatewayType(e.Kind), Name: e.Label(),
			Performer: c.performer(e, sc.performer), Pool: sc.pool, Parent: sc.parent, Source: doc(e),
		})
	case parse.IsEvent(e.Kind):
		c.event(e, sc)
	case e.Kind == "sequenceFlow":
		c.flow(e)
	case e.Kind == "dataObjectReference" || e.Kind == "dataStoreReference" || e.Kind == "dataObject":
		c.data(e, sc)
	case e.Kind == "textAnnotation" || e.Kind == "association" || e.Kind == "group":
		c.artifact(e, sc)
	case e.Kind == "ioSpecification":
		c.ioSpecification(e, sc)
	case ignored[e.Kind]:
	default:
		c.skip(e.Kind, e)
	}
	return nil
}

// ignored are children of processes that carry no drawn meaning the model
// could hold, or that the converter reads through their owners.
var ignored = map[string]bool{
	"laneSet": true, "documentation": true, "extensionElements": true, "ioSpecification": true,
	"property": true, "auditing": true, "monitoring": true, "dataStore": true, "category": true,
	"correlationSubscription": true, "supports": true, "resourceRole": true, "performer": true,
	"humanPerformer": true, "potentialOwner": true, "incoming": true, "outgoing": true,
	"standardLoopCharacteristics": true, "multiInstanceLoopCharacteristics": true,
	"dataInputAssociation": true, "dataOutputAssociation": true, "completionCondition": true,
	"inputSet": true, "outputSet": true,
}

var activityTypes = map[string]string{
	"task": process.ActivityTask, "userTask": process.ActivityUser, "serviceTask": process.ActivityService,
	"sendTask": process.ActivitySend, "receiveTask": process.ActivityReceive, "manualTask": process.ActivityManual,
	"businessRuleTask": process.ActivityBusinessRule, "scriptTask": process.ActivityScript,
	"subProcess": process.ActivitySubProcess, "transaction": process.ActivityTransaction,
	"adHocSubProcess": process.ActivityAdHoc, "callActivity": process.ActivityCall,
}

func (c *converter) activity(e *parse.Element, sc scope) *scope {
	a := process.Activity{
		ID: c.id(e), Name: e.Label(), Type: activityTypes[e.Kind],
		Performer: c.performer(e, sc.performer), Pool: sc.pool, Parent: sc.parent, Source: doc(e),
	}
	if a.Type == process.ActivitySubProcess && e.TriggeredByEvent() {
		a.Type = process.ActivityEventSubProcess
	}
	if lc := e.Child("standardLoopCharacteristics"); lc != nil {
		a.Marker = process.MarkerLoop
	} else if mi := e.Child("multiInstanceLoopCharacteristics"); mi != nil {
		a.Marker = process.MarkerParallel
		if mi.BoolAttr("isSequential", false) {
			a.Marker = process.MarkerSequential
		}
	}
	if e.Kind == "callActivity" {
		a.CalledElement = strings.TrimSpace(e.Attr("calledElement"))
	}
	a.ForCompensation = e.IsForCompensation()
	var sub *scope
	if parse.IsSubProcess(e.Kind) {
		// bpmn-js draws a sub-process collapsed unless its shape says
		// isExpanded="true"; without DI, one with content is expanded.
		if e.Shape != nil {
			a.Collapsed = e.Shape.Expanded == nil || !*e.Shape.Expanded
		} else {
			a.Collapsed = !hasFlowNodes(e)
		}
		sub = &scope{pool: sc.pool, parent: a.ID, performer: a.Performer}
	}
	c.m.Activities = append(c.m.Activities, a)
	c.dataAssociations(e)
	return sub
}

func gatewayType(kind string) string {
	switch kind {
	case "parallelGateway":
		return process.GatewayParallel
	case "inclusiveGateway":
		return process.GatewayInclusive
	case "eventBasedGateway":
		return process.GatewayEventBased
	case "complexGateway":
		return process.GatewayComplex
	}
	return process.GatewayExclusive
}

var triggers = map[string]string{
	"messageEventDefinition": process.TriggerMessage, "timerEventDefinition": process.TriggerTimer,
	"signalEventDefinition": process.TriggerSignal, "errorEventDefinition": process.TriggerError,
	"escalationEventDefinition": process.TriggerEscalation, "conditionalEventDefinition": process.TriggerConditional,
	"terminateEventDefinition": process.TriggerTerminate, "compensateEventDefinition": process.TriggerCompensation,
	"linkEventDefinition": process.TriggerLink, "cancelEventDefinition": process.TriggerCancel,
}

func (c *converter) event(e *parse.Element, sc scope) {
	ev := process.Event{
		ID: c.id(e), Name: e.Label(),
		Performer: c.performer(e, sc.performer), Pool: sc.pool, Parent: sc.parent, Source: doc(e),
	}
	switch e.Kind {
	case "startEvent":
		ev.Type = process.EventStart
		ev.NonInterrupting = !e.BoolAttr("isInterrupting", true)
	case "endEvent":
		ev.Type = process.EventEnd
	case "boundaryEvent":
		ev.Type = process.EventBoundary
		ev.AttachedTo = c.ref(e.AttachedTo)
		if ev.AttachedTo == "" {
			ev.AttachedTo = strings.TrimSpace(e.Attr("attachedToRef"))
		}
		ev.NonInterrupting = !e.BoolAttr("cancelActivity", true)
	case "intermediateThrowEvent", "implicitThrowEvent":
		ev.Type, ev.Throw = process.EventIntermediate, true
	default:
		ev.Type = process.EventIntermediate
	}
	var kinds []string
	for _, def := range e.EventDefinitions {
		t, ok := triggers[def.Kind]
		if !ok {
			c.skip(def.Kind, def)
			continue
		}
		kinds = append(kinds, t)
		c.eventRef(&ev, t, def)
		if t == process.TriggerLink && ev.Name == "" {
			// The builder pairs link events by name: an unnamed one keeps
			// its pair through the link's own name.
			ev.Name = def.Label()
		}
		if t == process.TriggerTimer && ev.Timer == "" {
			for _, k := range []string{"timeDuration", "timeDate", "timeCycle"} {
				x := def.Child(k)
				if x == nil {
					continue
				}
				if ev.TimerKind == "" {
					ev.TimerKind = strings.TrimPrefix(strings.ToLower(k), "time")
				}
				if strings.TrimSpace(x.Text) != "" {
					ev.Timer, ev.TimerKind = strings.TrimSpace(x.Text), strings.TrimPrefix(strings.ToLower(k), "time")
					break
				}
			}
		}
	}
	switch len(kinds) {
	case 0:
	case 1:
		ev.Trigger = kinds[0]
	default:
		ev.Trigger, ev.Triggers = process.TriggerMultiple, kinds
		if e.BoolAttr("parallelMultiple", false) {
			c.skip("parallelMultiple flag", e)
		}
	}
	c.m.Events = append(c.m.Events, ev)
	c.dataAssociations(e)
}

// refAttrs name, per trigger, the attribute of an event definition that
// refers to a root element, and that element's code attribute.
var refAttrs = map[string][2]string{
	process.TriggerMessage:    {"messageRef", ""},
	process.TriggerSignal:     {"signalRef", ""},
	process.TriggerError:      {"errorRef", "errorCode"},
	process.TriggerEscalation: {"escalationRef", "escalationCode"},
}

// eventRef keeps the message, signal, error or escalation an event
// definition refers to, with its name and code. A reference to nothing
// in the file is listed as not converted.
func (c *converter) eventRef(ev *process.Event, trigger string, def *parse.Element) {
	attrs, ok := refAttrs[trigger]
	if !ok {
		return
	}
	id := strings.TrimSpace(def.Attr(attrs[0]))
	if id == "" {
		return
	}
	// A QName reference may carry the file's own prefix ("tns:Msg_1").
	target := c.defs.ByID(id)
	if target == nil {
		if i := strings.IndexByte(id, ':'); i >= 0 {
			target = c.defs.ByID(id[i+1:])
		}
	}
	if target == nil {
		at := def
		if strings.TrimSpace(def.ID) == "" && def.Parent != nil {
			at = def.Parent // the event, which a reader can find
		}
		c.skip(attrs[0]+" to an element the file does not hold", at)
		return
	}
	r := process.EventRef{Trigger: trigger, ID: strings.TrimSpace(target.ID), Name: target.Label()}
	if attrs[1] != "" {
		r.Code = strings.TrimSpace(target.Attr(attrs[1]))
	}
	ev.Refs = append(ev.Refs, r)
}

func (c *converter) flow(e *parse.Element) {
	if e.Source == nil || e.Target == nil {
		c.skip("sequenceFlow with a missing end", e)
		return
	}
	if !parse.IsFlowNode(e.Source.Kind) || !parse.IsFlowNode(e.Target.Kind) {
		c.skip("sequenceFlow from or to something that is not a task, event or gateway", e)
		return
	}
	f := process.Flow{ID: c.id(e), Source: c.ref(e.Source), Target: c.ref(e.Target), Condition: e.Label(), Documentation: doc(e)}
	if cond := e.Condition(); cond != nil {
		text := strings.TrimSpace(cond.Text)
		f.Conditional, f.Expression = true, text
		if f.Condition == "" {
			f.Condition, f.Unnamed = text, text != ""
		}
	}
	f.Default = e.Source.Default == e
	c.m.Flows = append(c.m.Flows, f)
}

func (c *converter) messageFlow(e *parse.Element) {
	if e.Source == nil || e.Target == nil {
		c.skip("messageFlow with a missing end", e)
		return
	}
	if !endpoint(e.Source) || !endpoint(e.Target) {
		c.skip("messageFlow from or to something that is not a node or pool", e)
		return
	}
	c.m.MessageFlows = append(c.m.MessageFlows, process.MessageFlow{
		ID: c.id(e), Name: e.Label(), Source: c.ref(e.Source), Target: c.ref(e.Target),
	})
}

// endpoint reports whether a message flow may start or end at e.
func endpoint(e *parse.Element) bool {
	return parse.IsFlowNode(e.Kind) || e.Kind == "participant"
}
