// Package tomodel converts a parsed BPMN 2.0 file (pkg/bpmn/parse) into
// SPADE's process model (pkg/process), keeping everything the model can
// hold: pools and lanes, every flow node with its id, name and kind,
// sub-process nesting, events with their definitions, sequence flows with
// conditions and default flows, message flows, data and annotations.
//
// The conversion is the inverse of bpmn.Build for the model's subset, so
// that an uploaded file becomes an analysis like any document and an
// edited diagram flows back into the model. Elements outside the subset
// are listed in Result.Skipped rather than dropped without a word.
//
// The converter does not repair: a file with a boundary event on a
// gateway gives a model with that boundary event, and process.Repair or
// the builder decide what to do with it. This keeps the round trip
// measurable (what the file said, not what SPADE would have drawn).
package tomodel

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/process"
)

// ErrNoProcess is the cause of the error for a file without any flow node
// or pool: there is nothing to convert.
var ErrNoProcess = errors.New("tomodel: no process in the file")

// Result is a conversion: the model and what it could not hold.
type Result struct {
	Model *process.Model
	// Skipped lists the elements outside the model's subset, one entry
	// per kind, most frequent first.
	Skipped []Skipped
	// Adjusted says what was converted differently from the file, because
	// the model cannot say it as the file did: ids renamed because another
	// element already used them, a process drawn in no pool given a pool
	// of its own, an unnamed or repeated lane name numbered.
	Adjusted []string
}

// Skipped counts the elements of one kind that were not converted.
type Skipped struct {
	Kind  string `json:"kind"`
	Count int    `json:"count"`
	// IDs are the first few ids, so a reader can find them in the file.
	IDs []string `json:"ids,omitempty"`
}

// maxSkippedIDs bounds the ids listed per skipped kind.
const maxSkippedIDs = 5

// Note says in one sentence what was not converted ("" when everything
// was).
func (r *Result) Note() string {
	if r == nil || (len(r.Skipped) == 0 && len(r.Adjusted) == 0) {
		return ""
	}
	var parts []string
	for _, s := range r.Skipped {
		p := fmt.Sprintf("%d %s", s.Count, s.Kind)
		if len(s.IDs) > 0 {
			p += " (" + strings.Join(s.IDs, ", ")
			if s.Count > len(s.IDs) {
				p += ", …"
			}
			p += ")"
		}
		parts = append(parts, p)
	}
	note := ""
	if len(parts) > 0 {
		note = "Not converted into the process model: " + strings.Join(parts, "; ") + "."
	}
	if len(r.Adjusted) > 0 {
		if note != "" {
			note += " "
		}
		note += "Adjusted: " + strings.Join(r.Adjusted, "; ") + "."
	}
	return note
}

// FromXML parses a BPMN 2.0 document and converts it. Errors carry a
// user-facing detail (failure.Permanent).
func FromXML(data []byte) (*process.Model, error) {
	r, err := ConvertXML(data)
	if err != nil {
		return nil, err
	}
	return r.Model, nil
}

// ConvertXML is FromXML with the list of what was not converted.
func ConvertXML(data []byte) (*Result, error) {
	defs, err := parse.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("convert bpmn: %w", err)
	}
	return Convert(defs)
}

// FromDefinitions converts a parsed file into a process model.
func FromDefinitions(d *parse.Definitions) (*process.Model, error) {
	r, err := Convert(d)
	if err != nil {
		return nil, err
	}
	return r.Model, nil
}

// Convert converts a parsed file and reports what it could not hold.
func Convert(d *parse.Definitions) (*Result, error) {
	if d == nil || d.Root == nil {
		return nil, failure.Permanent("This BPMN file holds no <definitions> element, so there is no process to convert.", ErrNoProcess)
	}
	c := &converter{
		defs:    d,
		m:       &process.Model{Version: process.Version, Verbatim: true},
		used:    map[string]bool{},
		ids:     map[*parse.Element]string{},
		skipped: map[string]*Skipped{},
		next:    map[string]int{},
	}
	c.run()
	if len(c.m.Activities)+len(c.m.Events)+len(c.m.Gateways) == 0 && len(c.m.Pools) == 0 {
		return nil, failure.Permanent("This BPMN file holds no process: no task, event, gateway or pool was found in it. Export the diagram again from your modeller.", ErrNoProcess)
	}
	return &Result{Model: c.m, Skipped: c.skippedList(), Adjusted: c.adjusted}, nil
}

// converter holds the state of one conversion.
type converter struct {
	defs *parse.Definitions
	m    *process.Model
	// used holds every id given out, so that duplicates (which parse maps
	// to their first element) get fresh ones.
	used map[string]bool
	// ids maps an element to the id it has in the model.
	ids      map[*parse.Element]string
	adjusted []string
	// next counts the ids fresh gave out, per prefix.
	next    map[string]int
	skipped map[string]*Skipped
	// lanes maps a lane element to the participant name nodes in it get.
	lanes map[*parse.Element]string
	// dataRef maps a dataObject to the reference drawn for it, so that
	// associations naming the object land on the drawn reference.
	dataRef map[*parse.Element]*parse.Element
	// annotations maps an annotation id to its index in the model.
	annotations map[string]int
	// associations are collected while walking and resolved at the end,
	// when every annotation is known.
	associations []*parse.Element
}

func (c *converter) skip(kind string, e *parse.Element) {
	s := c.skipped[kind]
	if s == nil {
		s = &Skipped{Kind: kind}
		c.skipped[kind] = s
	}
	s.Count++
	if e != nil && e.ID != "" && len(s.IDs) < maxSkippedIDs && (len(s.IDs) == 0 || s.IDs[len(s.IDs)-1] != e.ID) {
		s.IDs = append(s.IDs, e.ID)
	}
}

// maxAdjusted bounds the adjustments listed (a hostile file could cause
// thousands).
const maxAdjusted = 20

func (c *converter) adjust(format string, args ...any) {
	if len(c.adjusted) < maxAdjusted {
		c.adjusted = append(c.adjusted, fmt.Sprintf(format, args...))
	}
}

func (c *converter) skippedList() []Skipped {
	out := make([]Skipped, 0, len(c.skipped))
	for _, s := range c.skipped {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Kind < out[j].Kind
	})
	return out
}

// id returns the model id of e, choosing a fresh one when e has none or
// another element already took its id.
func (c *converter) id(e *parse.Element) string {
	if id, ok := c.ids[e]; ok {
		return id
	}
	id := strings.TrimSpace(e.ID)
	if id == "" || c.used[id] {
		base := id
		if base == "" {
			base = strings.ToUpper(e.Kind[:1]) + e.Kind[1:]
		} else if c.next[base] == 0 {
			// the second X becomes X_2
			c.next[base] = 1
		}
		cand := c.fresh(base)
		if id != "" {
			c.adjust("id %s used twice, renamed %s", id, cand)
		}
		id = cand
	}
	c.used[id] = true
	c.ids[e] = id
	return id
}

// ref returns the model id of an element referenced by another one (the
// target of a flow, the host of a boundary event): its own id unless it
// was renamed.
func (c *converter) ref(e *parse.Element) string {
	if e == nil {
		return ""
	}
	if id, ok := c.ids[e]; ok {
		return id
	}
	return strings.TrimSpace(e.ID)
}

// scope is where a node sits: its pool, sub-process and inherited lane.
type scope struct {
	pool, parent, performer string
}

func (c *converter) run() {
	d := c.defs
	c.lanes = map[*parse.Element]string{}
	c.dataRef = map[*parse.Element]*parse.Element{}
	c.annotations = map[string]int{}
	// Ids first, in document order, so that a reference always names the
	// id its target ends up with, whichever is converted first; and the
	// drawn reference of each data object, for associations naming the
	// object.
	d.Walk(func(e *parse.Element) bool {
		if strings.TrimSpace(e.ID) != "" {
			c.id(e)
		}
		if e.Kind == "dataObjectReference" {
			if obj := d.ByID(e.Attr("dataObjectRef")); obj != nil {
				if _, ok := c.dataRef[obj]; !ok {
					c.dataRef[obj] = e
				}
			}
		}
		return true
	})

	// Pools: every participant of every collaboration, in document order.
	poolOf := map[*parse.Element]string{}
	for _, col := range d.Collaborations {
		if c.m.ProcessName == "" {
			c.m.ProcessName = col.Label()
		}
		for _, ch := range col.Children {
			switch ch.Kind {
			case "participant":
				p := process.Pool{ID: c.id(ch), Name: ch.Label(), Description: doc(ch)}
				if ch.ProcessRef != nil {
					p.ProcessID = ch.ProcessRef.ID
					if _, taken := poolOf[ch.ProcessRef]; !taken {
						poolOf[ch.ProcessRef] = p.ID
					}
				}
				p.Collapsed = ch.ProcessRef == nil || (ch.Shape != nil && ch.Shape.Expanded != nil && !*ch.Shape.Expanded)
				c.m.Pools = append(c.m.Pools, p)
			case "messageFlow", "textAnnotation", "association", "group", "documentation", "extensionElements":
			default:
				c.skip(ch.Kind, ch)
			}
		}
	}
	// Processes drawn in no pool: with a collaboration (or several
	// processes), each one with content becomes a pool of its own so its
	// nodes stay apart; a single process alone is the model itself. This
	// includes a process drawn inside an expanded call activity: the model
	// has no content for call activities (Parent names sub-processes only),
	// and a pool of its own keeps its nodes and flows as they are.
	var content []*parse.Element
	for _, p := range d.Processes {
		if hasFlowNodes(p) {
			content = append(content, p)
		}
	}
	needPools := len(c.m.Pools) > 0 || len(content) > 1
	for _, p := range content {
		if _, ok := poolOf[p]; ok || !needPools {
			continue
		}
		c.ownPool(p, poolOf)
	}
	for _, p := range d.Processes {
		if c.m.ProcessName == "" {
			c.m.ProcessName = p.Label()
		}
		if c.m.ProcessPurpose == "" {
			c.m.ProcessPurpose = doc(p)
		}
		c.lanesOf(p, poolOf[p])
	}
	if c.m.ProcessName == "" {
		for _, p := range c.m.Pools {
			if !p.Collapsed && p.Name != "" {
				c.m.ProcessName = p.Name
				break
			}
		}
	}
	if c.m.ProcessName == "" {
		c.m.ProcessName = d.Root.Label()
	}
	if c.m.ProcessPurpose == "" {
		c.m.ProcessPurpose = doc(d.Root)
	}
	for _, p := range d.Processes {
		c.container(p, scope{pool: poolOf[p]})
	}
	c.boundaryLanes()
	c.extensions()
	for _, col := range d.Collaborations {
		for _, ch := range col.Children {
			switch ch.Kind {
			case "messageFlow":
				c.messageFlow(ch)
			case "textAnnotation", "association", "group":
				c.artifact(ch, scope{})
			}
		}
	}
	c.resolveAssociations()
}

// notVendor are namespaces of foreign attributes that belong to XML and
// BPMN themselves, not to a tool.
var notVendor = map[string]bool{
	"http://www.w3.org/2001/XMLSchema-instance": true,
	"http://www.w3.org/XML/1998/namespace":      true,
	"xml":                                       true, "xsi": true,
}

// extensions counts vendor extensions (elements and attributes of other
// namespaces), one entry per namespace without ids (a tool puts them on
// nearly every element): the model keeps none of them.
func (c *converter) extensions() {
	count := map[string]int{}
	c.defs.Walk(func(e *parse.Element) bool {
		for _, x := range e.Extensions {
			count[x.Name.Space]++
		}
		for _, a := range e.ForeignAttrs {
			if !notVendor[a.Name.Space] && a.Name.Space != "" {
				count[a.Name.Space]++
			}
		}
		return true
	})
	for ns, n := range count {
		if ns == "" {
			ns = "no namespace"
		}
		kind := "vendor extension elements and attributes of " + ns
		c.skipped[kind] = &Skipped{Kind: kind, Count: n}
	}
}

// boundaryLanes puts a boundary event that no lane names in its host's
// lane: it sits on the host's border (modellers rarely list boundary
// events in lanes, and the builder draws them there).
func (c *converter) boundaryLanes() {
	lane := map[string]string{}
	for _, a := range c.m.Activities {
		lane[a.ID] = a.Performer
	}
	for i := range c.m.Events {
		e := &c.m.Events[i]
		if e.Type == process.EventBoundary && e.Performer == "" {
			e.Performer = lane[e.AttachedTo]
		}
	}
}

// ownPool gives a process drawn in no pool a pool of its own.
func (c *converter) ownPool(p *parse.Element, poolOf map[*parse.Element]string) {
	id := "Participant_" + p.ID
	for c.used[id] || c.defs.ByID(id) != nil {
		id += "_"
	}
	c.used[id] = true
	name := p.Label()
	if name == "" {
		// The pool is the converter's, not the file's: it gets a name (a
		// pool the file left unnamed stays unnamed).
		name = "Pool " + strconv.Itoa(len(c.m.Pools)+1)
	}
	c.m.Pools = append(c.m.Pools, process.Pool{ID: id, Name: name, ProcessID: p.ID})
	poolOf[p] = id
	c.adjust("process %s is in no pool: converted as a pool of its own", p.ID)
}

func hasFlowNodes(p *parse.Element) bool {
	for _, e := range p.Children {
		if parse.IsFlowNode(e.Kind) {
			return true
		}
	}
	return false
}

// doc returns an element's documentation, trimmed.
func doc(e *parse.Element) string {
	var parts []string
	for _, d := range e.ChildrenOf("documentation") {
		if t := strings.TrimSpace(d.Text); t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, "\n")
}

// lanesOf turns a process' lane sets into participants. Lane names are the
// key nodes use (Performer), so a pool's lanes get distinct names: an
// unnamed or repeated lane gets a numbered one.
func (c *converter) lanesOf(p *parse.Element, pool string) {
	names := map[string]bool{}
	var walk func(set *parse.Element, parent string)
	walk = func(set *parse.Element, parent string) {
		for _, l := range set.ChildrenOf("lane") {
			name := l.Label()
			if name == "" || names[name] {
				base := name
				if base == "" {
					base = "Lane"
				}
				name = base
				for n := 2; names[name]; n++ {
					name = base + " " + strconv.Itoa(n)
				}
				c.adjust("lane %s named %q", l.ID, name)
			}
			names[name] = true
			c.lanes[l] = name
			c.m.Participants = append(c.m.Participants, process.Participant{
				Name: name, Description: doc(l), ID: c.id(l), Pool: pool, Parent: parent,
				Unnamed: l.Label() == "",
			})
			if child := l.Child("childLaneSet"); child != nil {
				walk(child, name)
			}
		}
	}
	for _, set := range p.ChildrenOf("laneSet") {
		walk(set, "")
	}
}

// performer returns the innermost lane holding e, or inherited.
func (c *converter) performer(e *parse.Element, inherited string) string {
	best, depth := "", -1
	for _, l := range e.Lanes {
		name, ok := c.lanes[l]
		if !ok {
			continue
		}
		dp := 0
		for p := l.Parent; p != nil && p.Kind != "process"; p = p.Parent {
			dp++
		}
		if dp > depth {
			best, depth = name, dp
		}
	}
	if best == "" {
		return inherited
	}
	return best
}

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

// data converts a data object reference or data store reference; a bare
// dataObject becomes data only when it is drawn itself (older tools draw
// the object, not a reference).
func (c *converter) data(e *parse.Element, sc scope) {
	dt := process.Data{ID: c.id(e), Name: e.Label(), Kind: process.DataObject, Pool: sc.pool, Parent: sc.parent}
	var obj *parse.Element
	switch e.Kind {
	case "dataObject":
		if e.Shape == nil {
			return
		}
		obj = e
	case "dataObjectReference":
		obj = c.defs.ByID(e.Attr("dataObjectRef"))
	case "dataStoreReference":
		dt.Kind = process.DataStore
		if st := c.defs.ByID(e.Attr("dataStoreRef")); st != nil && dt.Name == "" {
			dt.Name = st.Label()
		}
	}
	if obj != nil {
		if dt.Name == "" {
			dt.Name = obj.Label()
		}
		dt.Collection = obj.BoolAttr("isCollection", false)
	}
	if st := e.Child("dataState"); st != nil {
		dt.State = st.Label()
	} else if obj != nil {
		if st := obj.Child("dataState"); st != nil {
			dt.State = st.Label()
		}
	}
	c.m.Data = append(c.m.Data, dt)
}

// ioSpecification converts the drawn data inputs and outputs of a
// process (modellers draw them like data objects, with an arrow); the
// undrawn ones are a process' interface, not part of the diagram.
func (c *converter) ioSpecification(e *parse.Element, sc scope) {
	for _, ch := range e.Children {
		io := map[string]string{"dataInput": process.DataInput, "dataOutput": process.DataOutput}[ch.Kind]
		if io == "" || ch.Shape == nil {
			continue
		}
		c.m.Data = append(c.m.Data, process.Data{
			ID: c.id(ch), Name: ch.Label(), Kind: process.DataObject, IO: io,
			Collection: ch.BoolAttr("isCollection", false), Pool: sc.pool, Parent: sc.parent,
		})
	}
}

// dataAssociations converts the data input and output associations of an
// activity or event. Their ends are child elements (sourceRef, targetRef)
// that name the data reference; one naming a dataObject lands on the
// reference drawn for it.
func (c *converter) dataAssociations(e *parse.Element) {
	node := c.ref(e)
	for _, ch := range e.Children {
		var in bool
		switch ch.Kind {
		case "dataInputAssociation":
			in = true
		case "dataOutputAssociation":
		default:
			continue
		}
		var ends []*parse.Element
		if in {
			for _, s := range ch.ChildrenOf("sourceRef") {
				ends = append(ends, c.defs.ByID(strings.TrimSpace(s.Text)))
			}
		} else if t := ch.Child("targetRef"); t != nil {
			ends = append(ends, c.defs.ByID(strings.TrimSpace(t.Text)))
		}
		converted := false
		for i, end := range ends {
			data := c.dataEnd(end)
			if data == "" {
				continue
			}
			id := strings.TrimSpace(ch.ID)
			if id == "" || i > 0 {
				id = ""
			}
			a := process.DataAssociation{Source: data, Target: node}
			if !in {
				a.Source, a.Target = node, data
			}
			if id != "" {
				a.ID = c.id(ch)
			} else {
				a.ID = c.fresh(map[bool]string{true: "DataInputAssociation", false: "DataOutputAssociation"}[in])
			}
			c.m.DataAssociations = append(c.m.DataAssociations, a)
			converted = true
		}
		if !converted {
			c.skip(ch.Kind+" to an input/output specification or undrawn data", ch)
		}
	}
}

// dataEnd returns the model id of the data an association end names.
func (c *converter) dataEnd(end *parse.Element) string {
	if end == nil {
		return ""
	}
	switch end.Kind {
	case "dataObjectReference", "dataStoreReference":
		return c.ref(end)
	case "dataInput", "dataOutput":
		// a process' drawn input or output (ioSpecification)
		if end.Shape != nil && end.Parent != nil && end.Parent.Kind == "ioSpecification" {
			return c.ref(end)
		}
	case "dataObject":
		if r, ok := c.dataRef[end]; ok {
			return c.ref(r)
		}
		if end.Shape != nil {
			return c.ref(end)
		}
	}
	return ""
}

// fresh returns an unused id with the given prefix. The counter per
// prefix keeps a file with thousands of id-less associations linear.
func (c *converter) fresh(prefix string) string {
	for {
		c.next[prefix]++
		id := prefix + "_" + strconv.Itoa(c.next[prefix])
		if !c.used[id] && c.defs.ByID(id) == nil {
			c.used[id] = true
			return id
		}
	}
}

func (c *converter) artifact(e *parse.Element, sc scope) {
	switch e.Kind {
	case "textAnnotation":
		text := ""
		if t := e.Child("text"); t != nil {
			text = strings.TrimSpace(t.Text)
		}
		c.annotations[e.ID] = len(c.m.Annotations)
		c.m.Annotations = append(c.m.Annotations, process.Annotation{
			ID: c.id(e), Text: text, Pool: sc.pool, Parent: sc.parent, Performer: sc.performer,
		})
	case "association":
		c.associations = append(c.associations, e)
	default:
		c.skip(e.Kind, e)
	}
}

// handler records an association from a compensation boundary event to
// its compensation activity as the event's Handler.
func (c *converter) handler(as *parse.Element) bool {
	ev, act := as.Source, as.Target
	if ev.Kind != "boundaryEvent" || !parse.IsActivity(act.Kind) || !act.IsForCompensation() {
		return false
	}
	id := c.ref(ev)
	for i := range c.m.Events {
		if e := &c.m.Events[i]; e.ID == id && e.Trigger == process.TriggerCompensation && e.Handler == "" {
			e.Handler = c.ref(act)
			return true
		}
	}
	return false
}

// resolveAssociations attaches annotations to the elements their
// associations connect them to. Other associations (compensation, data
// to data) are outside the model.
func (c *converter) resolveAssociations() {
	for _, as := range c.associations {
		if as.Source == nil || as.Target == nil {
			c.skip("association with a missing end", as)
			continue
		}
		if c.handler(as) {
			continue
		}
		note, other := as.Target, as.Source
		if as.Source.Kind == "textAnnotation" {
			note, other = as.Source, as.Target
		}
		i, ok := c.annotations[note.ID]
		if note.Kind != "textAnnotation" || !ok {
			c.skip("association between "+as.Source.Kind+" and "+as.Target.Kind, as)
			continue
		}
		if c.m.Annotations[i].AttachedTo != "" {
			c.skip("second association of a text annotation", as)
			continue
		}
		c.m.Annotations[i].AttachedTo = c.ref(other)
	}
}
