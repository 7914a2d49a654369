package bpmn

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/bpmntest"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// Models of version 2: collaborations and the constructs modellers use.

// orderModel is a rich collaboration: a collapsed customer pool, a shop
// with nested lanes, a bank; message flows to and from pools and nodes;
// typed tasks with markers, sub-processes, boundary and timer events,
// default flows, data and annotations.
func orderModel() *process.Model {
	return &process.Model{
		Version:        process.Version,
		ProcessName:    "Order to cash",
		ProcessPurpose: "Ship what customers order and get paid.",
		Pools: []process.Pool{
			{ID: "Customer", Name: "Customer", Collapsed: true},
			{ID: "Shop", Name: "Web shop", ProcessID: "ShopProcess"},
			{ID: "Bank", Name: "Bank"},
		},
		Participants: []process.Participant{
			{Name: "Sales", Pool: "Shop", ID: "LaneSales"},
			{Name: "Back office", Pool: "Shop", Parent: "Sales"},
			{Name: "Front desk", Pool: "Shop", Parent: "Sales"},
			{Name: "Warehouse", Pool: "Shop"},
			{Name: "Clearing", Pool: "Bank"},
		},
		Activities: []process.Activity{
			{ID: "check", Name: "Check order", Type: process.ActivityUser, Performer: "Front desk", Pool: "Shop", WorkMinutes: 5},
			{ID: "credit", Name: "Check credit", Type: process.ActivityBusinessRule, Performer: "Back office", Pool: "Shop"},
			{ID: "pick", Name: "Pick items", Type: process.ActivitySubProcess, Marker: process.MarkerParallel, Performer: "Warehouse", Pool: "Shop"},
			{ID: "find", Name: "Find item", Type: process.ActivityManual, Parent: "pick", Pool: "Shop"},
			{ID: "scan", Name: "Scan item", Type: process.ActivityService, Parent: "pick", Pool: "Shop"},
			{ID: "ship", Name: "Ship parcel", Type: process.ActivitySend, Performer: "Warehouse", Pool: "Shop"},
			{ID: "remind", Name: "Send reminder", Type: process.ActivitySend, Performer: "Back office", Pool: "Shop"},
			{ID: "cancel", Name: "Cancel order", Type: process.ActivityScript, Performer: "Back office", Pool: "Shop"},
			{ID: "pay", Name: "Wait for payment", Type: process.ActivityReceive, Performer: "Back office", Pool: "Shop"},
			{ID: "book", Name: "Book payment", Type: process.ActivityCall, CalledElement: "Booking", Marker: process.MarkerLoop, Performer: "Back office", Pool: "Shop"},
			{ID: "clear", Name: "Clear transfer", Type: process.ActivityService, Marker: process.MarkerSequential, Performer: "Clearing", Pool: "Bank"},
		},
		Gateways: []process.Gateway{
			{ID: "ok", Type: process.GatewayExclusive, Name: "Credit OK?", Performer: "Back office", Pool: "Shop"},
		},
		Events: []process.Event{
			{ID: "order", Type: process.EventStart, Trigger: process.TriggerMessage, Name: "Order received", Performer: "Front desk", Pool: "Shop"},
			{ID: "pstart", Type: process.EventStart, Name: "Start picking", Parent: "pick", Pool: "Shop"},
			{ID: "pend", Type: process.EventEnd, Name: "Item packed", Parent: "pick", Pool: "Shop"},
			{ID: "late", Type: process.EventBoundary, Trigger: process.TriggerTimer, Timer: "P14D", Name: "2 weeks", AttachedTo: "pay", NonInterrupting: true, Pool: "Shop"},
			{ID: "missing", Type: process.EventBoundary, Trigger: process.TriggerError, Name: "Out of stock", AttachedTo: "pick", Pool: "Shop"},
			{ID: "cancelled", Type: process.EventEnd, Name: "Order cancelled", Performer: "Back office", Pool: "Shop"},
			{ID: "reminded", Type: process.EventEnd, Name: "Reminder sent", Performer: "Back office", Pool: "Shop"},
			{ID: "done", Type: process.EventEnd, Trigger: process.TriggerTerminate, Name: "Order paid", Performer: "Back office", Pool: "Shop"},
			{ID: "bstart", Type: process.EventStart, Trigger: process.TriggerMessage, Name: "Transfer ordered", Pool: "Bank", Performer: "Clearing"},
			{ID: "bend", Type: process.EventEnd, Trigger: process.TriggerMessage, Name: "Transfer done", Pool: "Bank", Performer: "Clearing"},
		},
		Flows: []process.Flow{
			{ID: "f1", Source: "order", Target: "check"},
			{ID: "f2", Source: "check", Target: "credit"},
			{ID: "f3", Source: "credit", Target: "ok"},
			{ID: "f4", Source: "ok", Target: "pick", Condition: "Yes"},
			{ID: "f5", Source: "ok", Target: "cancel", Condition: "No", Default: true},
			{ID: "f6", Source: "cancel", Target: "cancelled"},
			{ID: "f7", Source: "pick", Target: "ship"},
			{ID: "f8", Source: "ship", Target: "pay"},
			{ID: "f9", Source: "pay", Target: "book"},
			{ID: "f10", Source: "book", Target: "done"},
			{ID: "f11", Source: "late", Target: "remind"},
			{ID: "f12", Source: "remind", Target: "reminded"},
			{ID: "f13", Source: "missing", Target: "cancel"},
			{ID: "p1", Source: "pstart", Target: "find"},
			{ID: "p2", Source: "find", Target: "scan"},
			{ID: "p3", Source: "scan", Target: "pend"},
			{ID: "b1", Source: "bstart", Target: "clear"},
			{ID: "b2", Source: "clear", Target: "bend"},
		},
		MessageFlows: []process.MessageFlow{
			{ID: "m1", Name: "Order", Source: "Customer", Target: "order"},
			{ID: "m2", Name: "Parcel", Source: "ship", Target: "Customer"},
			{ID: "m3", Name: "Transfer", Source: "Customer", Target: "bstart"},
			{ID: "m4", Name: "Payment", Source: "bend", Target: "pay"},
			{ID: "m5", Name: "Reminder", Source: "remind", Target: "Customer"},
		},
		Data: []process.Data{
			{ID: "orderDoc", Name: "Order", Kind: process.DataObject, State: "checked", Pool: "Shop"},
			{ID: "crm", Name: "CRM", Kind: process.DataStore, Pool: "Shop"},
			{ID: "list", Name: "Pick list", Kind: process.DataObject, Collection: true, Pool: "Shop", Parent: "pick"},
		},
		DataAssociations: []process.DataAssociation{
			{ID: "d1", Source: "check", Target: "orderDoc"},
			{ID: "d2", Source: "orderDoc", Target: "credit"},
			{ID: "d3", Source: "crm", Target: "credit"},
			{ID: "d4", Source: "list", Target: "find"},
		},
		Annotations: []process.Annotation{
			{ID: "n1", Text: "Credit limit from the CRM", AttachedTo: "credit"},
		},
	}
}

// construct builds a small one-pool model around one construct: a start,
// the given nodes in a line, an end.
func construct(acts []process.Activity, evs []process.Event, flows []process.Flow) *process.Model {
	m := &process.Model{Version: process.Version, ProcessName: "Construct", Participants: []process.Participant{{Name: "Clerk"}}}
	m.Activities = acts
	m.Events = append([]process.Event{{ID: "s", Type: process.EventStart, Name: "Start", Performer: "Clerk"}}, evs...)
	m.Events = append(m.Events, process.Event{ID: "e", Type: process.EventEnd, Name: "Done", Performer: "Clerk"})
	m.Flows = flows
	return m
}

func line(ids ...string) []process.Flow {
	var fs []process.Flow
	for i := 0; i+1 < len(ids); i++ {
		fs = append(fs, process.Flow{Source: ids[i], Target: ids[i+1]})
	}
	return fs
}

func task(id, typ, marker string) process.Activity {
	return process.Activity{ID: id, Name: "Do " + id, Type: typ, Marker: marker, Performer: "Clerk"}
}

func event(id, typ, trigger, timer string, throw bool) process.Event {
	return process.Event{ID: id, Type: typ, Trigger: trigger, Timer: timer, Throw: throw, Name: "Event " + id, Performer: "Clerk"}
}

// constructCases are per-construct models with what their XML must hold.
func constructCases() []struct {
	name string
	m    *process.Model
	want []string
} {
	type tc = struct {
		name string
		m    *process.Model
		want []string
	}
	var cases []tc
	for _, typ := range []struct{ typ, el string }{
		{process.ActivityUser, "userTask"}, {process.ActivityService, "serviceTask"}, {process.ActivitySend, "sendTask"},
		{process.ActivityReceive, "receiveTask"}, {process.ActivityManual, "manualTask"}, {process.ActivityBusinessRule, "businessRuleTask"},
		{process.ActivityScript, "scriptTask"}, {process.ActivityTask, "task"},
	} {
		cases = append(cases, tc{"task " + typ.el, construct([]process.Activity{task("a", typ.typ, "")}, nil, line("s", "a", "e")), []string{`<bpmn:` + typ.el + ` id="a"`}})
	}
	for _, mk := range []struct{ marker, want string }{
		{process.MarkerLoop, `<bpmn:standardLoopCharacteristics`},
		{process.MarkerParallel, `<bpmn:multiInstanceLoopCharacteristics id="a_loop"/>`},
		{process.MarkerSequential, `isSequential="true"`},
	} {
		cases = append(cases, tc{"marker " + mk.marker, construct([]process.Activity{task("a", "", mk.marker)}, nil, line("s", "a", "e")), []string{mk.want}})
	}
	call := task("a", process.ActivityCall, "")
	call.CalledElement = "Credit check"
	cases = append(cases, tc{"call activity", construct([]process.Activity{call}, nil, line("s", "a", "e")), []string{`<bpmn:callActivity id="a" name="Do a" calledElement="Credit_check"`}})
	for _, sp := range []struct {
		typ, el   string
		collapsed bool
		want      string
	}{
		{process.ActivitySubProcess, "subProcess", false, `isExpanded="true"`},
		{process.ActivitySubProcess, "subProcess", true, `<bpmndi:BPMNPlane id="BPMNPlane_sub" bpmnElement="sub">`},
		{process.ActivityTransaction, "transaction", false, `<bpmn:transaction id="sub"`},
		{process.ActivityAdHoc, "adHocSubProcess", false, `<bpmn:adHocSubProcess id="sub"`},
	} {
		sub := task("sub", sp.typ, "")
		sub.Collapsed = sp.collapsed
		in1, in2 := task("x", "", ""), task("y", "", "")
		in1.Parent, in2.Parent = "sub", "sub"
		m := construct([]process.Activity{sub, in1, in2}, nil, append(line("s", "sub", "e"), line("x", "y")...))
		name := "sub-process " + sp.el
		if sp.collapsed {
			name += " collapsed"
		}
		cases = append(cases, tc{name, m, []string{sp.want, `<bpmn:task id="x"`}})
	}
	evsub := task("ev", process.ActivityEventSubProcess, "")
	in := task("h", "", "")
	in.Parent = "ev"
	est := event("es", process.EventStart, process.TriggerError, "", false)
	est.Parent = "ev"
	cases = append(cases, tc{"event sub-process", construct([]process.Activity{task("a", "", ""), evsub, in}, []process.Event{est}, append(line("s", "a", "e"), line("es", "h")...)),
		[]string{`triggeredByEvent="true"`, `<bpmn:errorEventDefinition`}})
	for _, tm := range []struct{ text, el string }{
		{"P14D", "timeDuration"}, {"PT2H30M", "timeDuration"}, {"2026-12-24T09:00:00Z", "timeDate"}, {"R3/PT10H", "timeCycle"},
		{"every Monday 9:00", "timeCycle"}, {"2 weeks", "timeDuration"},
	} {
		cases = append(cases, tc{"timer " + tm.text, construct(nil, []process.Event{event("t", process.EventIntermediate, process.TriggerTimer, tm.text, false)}, line("s", "t", "e")),
			[]string{`<bpmn:` + tm.el + ` xsi:type="bpmn:tFormalExpression">` + tm.text + `</bpmn:` + tm.el + `>`, `<bpmn:intermediateCatchEvent id="t"`}})
	}
	for _, ev := range []struct {
		trigger string
		throw   bool
		want    string
	}{
		{process.TriggerMessage, false, `<bpmn:intermediateCatchEvent id="i" name="Event i">`},
		{process.TriggerMessage, true, `<bpmn:intermediateThrowEvent id="i" name="Event i">`},
		{process.TriggerSignal, true, `<bpmn:signalEventDefinition`},
		{process.TriggerEscalation, true, `<bpmn:escalationEventDefinition`},
		{process.TriggerConditional, false, `<bpmn:condition xsi:type="bpmn:tFormalExpression">Event i</bpmn:condition>`},
		{process.TriggerCompensation, true, `<bpmn:compensateEventDefinition`},
	} {
		name := "intermediate " + ev.trigger
		if ev.throw {
			name += " throw"
		}
		cases = append(cases, tc{name, construct(nil, []process.Event{event("i", process.EventIntermediate, ev.trigger, "", ev.throw)}, line("s", "i", "e")), []string{ev.want}})
	}
	for _, trig := range []string{process.TriggerTerminate, process.TriggerError, process.TriggerEscalation, process.TriggerSignal, process.TriggerMessage} {
		m := construct([]process.Activity{task("a", "", "")}, nil, line("s", "a", "e"))
		m.Events[len(m.Events)-1].Trigger = trig
		def := map[string]string{process.TriggerTerminate: "terminate", process.TriggerError: "error", process.TriggerEscalation: "escalation", process.TriggerSignal: "signal", process.TriggerMessage: "message"}[trig]
		cases = append(cases, tc{"end " + trig, m, []string{`<bpmn:` + def + `EventDefinition id="e_def"/>`}})
	}
	for _, b := range []struct {
		name            string
		trigger         string
		nonInterrupting bool
		want            string
	}{
		{"boundary timer non-interrupting", process.TriggerTimer, true, `cancelActivity="false" attachedToRef="a"`},
		{"boundary error", process.TriggerError, false, `<bpmn:boundaryEvent id="b" name="Event b" attachedToRef="a">`},
		{"boundary message", process.TriggerMessage, false, `<bpmn:messageEventDefinition id="b_def"/>`},
	} {
		be := event("b", process.EventBoundary, b.trigger, "P1D", false)
		be.AttachedTo, be.NonInterrupting = "a", b.nonInterrupting
		m := construct([]process.Activity{task("a", "", ""), task("x", "", "")}, []process.Event{be}, append(line("s", "a", "e"), line("b", "x", "e")...))
		cases = append(cases, tc{b.name, m, []string{b.want}})
	}
	def := construct([]process.Activity{task("a", "", ""), task("b", "", "")}, nil, nil)
	def.Gateways = []process.Gateway{{ID: "g", Type: process.GatewayExclusive, Name: "Complete?", Performer: "Clerk"}}
	def.Flows = []process.Flow{{Source: "s", Target: "g"}, {ID: "yes", Source: "g", Target: "a", Condition: "Yes"}, {ID: "no", Source: "g", Target: "b", Condition: "No", Default: true}, {Source: "a", Target: "e"}, {Source: "b", Target: "e"}}
	cases = append(cases, tc{"default flow", def, []string{`name="Complete?" default="no"`, `<bpmn:sequenceFlow id="no" name="No" sourceRef="g" targetRef="b"/>`}})
	data := construct([]process.Activity{task("a", "", ""), task("b", "", "")}, nil, line("s", "a", "b", "e"))
	data.Data = []process.Data{{ID: "doc", Name: "Invoice", Kind: process.DataObject, State: "approved"}, {ID: "db", Name: "ERP", Kind: process.DataStore}}
	data.DataAssociations = []process.DataAssociation{{ID: "w", Source: "a", Target: "doc"}, {ID: "r", Source: "doc", Target: "b"}, {ID: "r2", Source: "db", Target: "b"}}
	cases = append(cases, tc{"data", data, []string{`<bpmn:dataObjectReference id="doc" name="Invoice" dataObjectRef=`, `<bpmn:dataState id="doc_state" name="approved"/>`, `<bpmn:dataStore id=`, `<bpmn:targetRef>b_input</bpmn:targetRef>`, `<bpmn:dataOutputAssociation id="w">`}})
	long := construct([]process.Activity{{ID: "a", Name: "Qualitätssicherungsmaßnahmenkatalog prüfen", Performer: "Clerk"},
		{ID: "b", Name: "Check the invoice against the purchase order, the delivery note and the contract terms before approval", Performer: "Clerk"}}, nil, line("s", "a", "b", "e"))
	cases = append(cases, tc{"long task names", long, []string{`<bpmn:task id="a"`}})
	note := construct([]process.Activity{task("a", "", "")}, nil, line("s", "a", "e"))
	note.Annotations = []process.Annotation{{ID: "n", Text: "Four-eyes principle applies", AttachedTo: "a"}, {ID: "free", Text: "Runs monthly"}}
	cases = append(cases, tc{"annotations", note, []string{`<bpmn:textAnnotation id="n">`, `<bpmn:association id="n_link" sourceRef="a" targetRef="n"/>`}})
	collab := &process.Model{Version: process.Version, ProcessName: "Collab",
		Pools:      []process.Pool{{ID: "P1", Name: "Buyer"}, {ID: "P2", Name: "Seller"}, {ID: "P3", Name: "Carrier", Collapsed: true}},
		Activities: []process.Activity{{ID: "a", Name: "Order", Type: process.ActivitySend, Pool: "P1"}, {ID: "b", Name: "Sell", Type: process.ActivityReceive, Pool: "P2"}},
		Events: []process.Event{{ID: "s1", Type: "start", Name: "Need", Pool: "P1"}, {ID: "e1", Type: "end", Name: "Ordered", Pool: "P1"},
			{ID: "s2", Type: "start", Name: "Open", Pool: "P2"}, {ID: "e2", Type: "end", Name: "Sold", Pool: "P2"}},
		Flows:        append(line("s1", "a", "e1"), line("s2", "b", "e2")...),
		MessageFlows: []process.MessageFlow{{ID: "m", Name: "Order", Source: "a", Target: "b"}, {ID: "m2", Source: "b", Target: "P3"}},
	}
	cases = append(cases, tc{"pools", collab, []string{`<bpmn:participant id="P3" name="Carrier"/>`, `<bpmn:messageFlow id="m" name="Order" sourceRef="a" targetRef="b"/>`, `<bpmn:participant id="P1" name="Buyer" processRef=`}})
	return cases
}

func TestBuildConstructs(t *testing.T) {
	t.Parallel()
	docs := map[string][]byte{}
	for _, c := range constructCases() {
		t.Run(c.name, func(t *testing.T) {
			b, err := Build(c.m)
			if err != nil {
				t.Fatal(err)
			}
			s := string(b)
			for _, w := range c.want {
				if !strings.Contains(s, w) {
					t.Errorf("output lacks %s\n%s", w, s)
				}
			}
			checkDiagram(t, b)
			again, _ := Build(c.m)
			if !bytes.Equal(b, again) {
				t.Error("Build is not deterministic")
			}
			docs[c.name] = b
		})
	}
	b, err := Build(orderModel())
	if err != nil {
		t.Fatal(err)
	}
	checkDiagram(t, b)
	docs["order collaboration"] = b
	if d := os.Getenv("SPADE_BPMN_DUMP"); d != "" {
		names := make([]string, 0, len(docs))
		for n := range docs {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			_ = os.WriteFile(filepath.Join(d, strings.ReplaceAll(n, " ", "_")+".bpmn"), docs[n], 0o644)
		}
	}
	bpmntest.Check(t, docs)
}

func TestBuildCollaborationGolden(t *testing.T) {
	t.Parallel()
	b, err := Build(orderModel())
	if err != nil {
		t.Fatal(err)
	}
	testenv.Golden(t, filepath.Join("testdata", "collaboration.bpmn"), b)
}

// TestBuildBadInput feeds the models issue 11 lists as bad input: each is
// repaired into a valid diagram, none panics or hangs.
func TestBuildBadInput(t *testing.T) {
	t.Parallel()
	nested := func(n int) *process.Model {
		m := &process.Model{ProcessName: "deep"}
		for i := 0; i < n; i++ {
			a := process.Activity{ID: "s" + itoa(i), Name: "Level " + itoa(i), Type: process.ActivitySubProcess}
			if i > 0 {
				a.Parent = "s" + itoa(i-1)
			}
			m.Activities = append(m.Activities, a)
		}
		return m
	}
	cycle := construct([]process.Activity{task("a", process.ActivitySubProcess, ""), task("b", process.ActivitySubProcess, "")}, nil, line("s", "a", "e"))
	cycle.Activities[0].Parent, cycle.Activities[1].Parent = "b", "a"
	onGateway := construct(nil, []process.Event{{ID: "b", Type: process.EventBoundary, Trigger: process.TriggerTimer, AttachedTo: "g", Name: "Late"}}, nil)
	onGateway.Gateways = []process.Gateway{{ID: "g", Type: process.GatewayParallel}}
	onGateway.Flows = line("s", "g", "e")
	inside := construct([]process.Activity{task("a", "", ""), task("b", "", "")}, nil, line("s", "a", "b", "e"))
	inside.MessageFlows = []process.MessageFlow{{ID: "m", Source: "a", Target: "b"}}
	colliding := &process.Model{ProcessName: "ids",
		Pools:      []process.Pool{{ID: "P", Name: "One"}, {ID: "P", Name: "Two"}},
		Activities: []process.Activity{{ID: "x", Name: "A", Pool: "P"}, {ID: "x", Name: "B", Pool: "P"}, {ID: "P", Name: "C"}},
		Flows:      []process.Flow{{ID: "x", Source: "x", Target: "P"}},
	}
	docs := map[string][]byte{}
	for name, m := range map[string]*process.Model{"10000 nested sub-processes": nested(10000), "100 nested sub-processes": nested(100), "sub-process cycle": cycle, "boundary on a gateway": onGateway,
		"message flow inside a pool": inside, "colliding ids": colliding} {
		t.Run(name, func(t *testing.T) {
			b, err := Build(m)
			if err != nil {
				t.Fatal(err)
			}
			checkRefs(t, b)
			if len(m.Activities) < 100 {
				checkDiagram(t, b)
			}
			if name == "message flow inside a pool" && strings.Contains(string(b), "messageFlow") {
				t.Error("a message flow inside one pool was kept")
			}
			if len(m.Activities) <= 100 {
				docs[name] = b
			}
		})
	}
	bpmntest.Check(t, docs)
}
