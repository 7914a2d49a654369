package tomodel

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

const head = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" id="Defs" targetNamespace="http://example.com">
`

func wrap(body string) []byte { return []byte(head + body + "\n</definitions>") }

func convert(t *testing.T, body string) *Result {
	t.Helper()
	r, err := ConvertXML(wrap(body))
	if err != nil {
		t.Fatalf("convert: %v", err)
	}
	return r
}

func activity(m *process.Model, id string) process.Activity {
	for _, a := range m.Activities {
		if a.ID == id {
			return a
		}
	}
	return process.Activity{}
}

func event(m *process.Model, id string) process.Event {
	for _, e := range m.Events {
		if e.ID == id {
			return e
		}
	}
	return process.Event{}
}

func flow(m *process.Model, id string) process.Flow {
	for _, f := range m.Flows {
		if f.ID == id {
			return f
		}
	}
	return process.Flow{}
}

func TestCollaboration(t *testing.T) {
	t.Parallel()
	r := convert(t, `
<collaboration id="Collab">
  <participant id="P_Shop" name="Shop" processRef="Proc_Shop"/>
  <participant id="P_Customer" name="Customer"/>
  <messageFlow id="MF_Order" name="order" sourceRef="P_Customer" targetRef="Start"/>
  <messageFlow id="MF_Invoice" sourceRef="Send" targetRef="P_Customer"/>
</collaboration>
<process id="Proc_Shop" name="Sell goods">
  <documentation>How the shop sells.</documentation>
  <laneSet id="LS">
    <lane id="L_Sales" name="Sales">
      <childLaneSet id="LS2">
        <lane id="L_Desk" name="Desk"><flowNodeRef>Start</flowNodeRef></lane>
        <lane id="L_Back" name="Back office"><flowNodeRef>Send</flowNodeRef></lane>
      </childLaneSet>
    </lane>
    <lane id="L_Stock" name="Stock"><flowNodeRef>End</flowNodeRef></lane>
  </laneSet>
  <startEvent id="Start" name="Order received"><messageEventDefinition id="MED1"/></startEvent>
  <sendTask id="Send" name="Send invoice"><documentation>The clerk sends the invoice.</documentation></sendTask>
  <endEvent id="End" name="Done"/>
  <sequenceFlow id="F1" sourceRef="Start" targetRef="Send"/>
  <sequenceFlow id="F2" sourceRef="Send" targetRef="End"/>
</process>`)
	m := r.Model
	if m.ProcessName != "Sell goods" || m.ProcessPurpose != "How the shop sells." {
		t.Errorf("name/purpose = %q / %q", m.ProcessName, m.ProcessPurpose)
	}
	want := []process.Pool{
		{ID: "P_Shop", Name: "Shop", ProcessID: "Proc_Shop"},
		{ID: "P_Customer", Name: "Customer", Collapsed: true},
	}
	if len(m.Pools) != 2 || m.Pools[0] != want[0] || m.Pools[1] != want[1] {
		t.Errorf("pools = %+v", m.Pools)
	}
	lanes := map[string]process.Participant{}
	for _, p := range m.Participants {
		lanes[p.Name] = p
	}
	if len(lanes) != 4 || lanes["Desk"].Parent != "Sales" || lanes["Sales"].Parent != "" || lanes["Desk"].Pool != "P_Shop" || lanes["Desk"].ID != "L_Desk" {
		t.Errorf("lanes = %+v", m.Participants)
	}
	if a := activity(m, "Send"); a.Type != process.ActivitySend || a.Performer != "Back office" || a.Pool != "P_Shop" || a.Source != "The clerk sends the invoice." {
		t.Errorf("send task = %+v", a)
	}
	if e := event(m, "Start"); e.Type != process.EventStart || e.Trigger != process.TriggerMessage || e.Performer != "Desk" {
		t.Errorf("start = %+v", e)
	}
	if e := event(m, "End"); e.Performer != "Stock" || e.Trigger != "" {
		t.Errorf("end = %+v", e)
	}
	wantMF := []process.MessageFlow{
		{ID: "MF_Order", Name: "order", Source: "P_Customer", Target: "Start"},
		{ID: "MF_Invoice", Source: "Send", Target: "P_Customer"},
	}
	if len(m.MessageFlows) != 2 || m.MessageFlows[0] != wantMF[0] || m.MessageFlows[1] != wantMF[1] {
		t.Errorf("message flows = %+v", m.MessageFlows)
	}
	if r.Note() != "" {
		t.Errorf("note = %q, want none", r.Note())
	}
}

func TestSingleProcessHasNoPools(t *testing.T) {
	t.Parallel()
	r := convert(t, `<process id="P"><task id="T" name="Work"/></process>`)
	if len(r.Model.Pools) != 0 || activity(r.Model, "T").Pool != "" {
		t.Errorf("pools = %+v, task = %+v", r.Model.Pools, r.Model.Activities)
	}
}

func TestEvents(t *testing.T) {
	t.Parallel()
	m := convert(t, `
<process id="P">
  <task id="T" name="Wait for answer"/>
  <boundaryEvent id="B1" name="2 weeks" attachedToRef="T" cancelActivity="false">
    <timerEventDefinition><timeDuration>P14D</timeDuration></timerEventDefinition>
  </boundaryEvent>
  <boundaryEvent id="B2" name="Check failed" attachedToRef="T"><errorEventDefinition/></boundaryEvent>
  <intermediateThrowEvent id="Th" name="Notify"><signalEventDefinition/></intermediateThrowEvent>
  <intermediateCatchEvent id="C" name="Monday"><timerEventDefinition><timeCycle>R/P1W</timeCycle></timerEventDefinition></intermediateCatchEvent>
  <intermediateCatchEvent id="Mu" name="Either"><messageEventDefinition/><signalEventDefinition/></intermediateCatchEvent>
  <endEvent id="E" name="Stop"><terminateEventDefinition/></endEvent>
</process>`).Model
	tests := []struct {
		id   string
		want process.Event
	}{
		{"B1", process.Event{ID: "B1", Name: "2 weeks", Type: process.EventBoundary, Trigger: process.TriggerTimer, Timer: "P14D", AttachedTo: "T", NonInterrupting: true}},
		{"B2", process.Event{ID: "B2", Name: "Check failed", Type: process.EventBoundary, Trigger: process.TriggerError, AttachedTo: "T"}},
		{"Th", process.Event{ID: "Th", Name: "Notify", Type: process.EventIntermediate, Trigger: process.TriggerSignal, Throw: true}},
		{"C", process.Event{ID: "C", Name: "Monday", Type: process.EventIntermediate, Trigger: process.TriggerTimer, Timer: "R/P1W"}},
		{"Mu", process.Event{ID: "Mu", Name: "Either", Type: process.EventIntermediate, Trigger: process.TriggerMultiple}},
		{"E", process.Event{ID: "E", Name: "Stop", Type: process.EventEnd, Trigger: process.TriggerTerminate}},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			t.Parallel()
			got := event(m, tt.id)
			if got.ID != tt.want.ID || got.Name != tt.want.Name || got.Type != tt.want.Type || got.Trigger != tt.want.Trigger ||
				got.Timer != tt.want.Timer || got.AttachedTo != tt.want.AttachedTo || got.NonInterrupting != tt.want.NonInterrupting || got.Throw != tt.want.Throw {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestActivitiesAndSubProcesses(t *testing.T) {
	t.Parallel()
	m := convert(t, `
<process id="P">
  <subProcess id="S" name="Handle order">
    <startEvent id="S_Start"/>
    <userTask id="S_Pick" name="Pick items"><multiInstanceLoopCharacteristics isSequential="true"/></userTask>
    <subProcess id="S_Inner" name="Pack"><task id="S_Inner_T" name="Wrap"/></subProcess>
    <sequenceFlow id="SF1" sourceRef="S_Start" targetRef="S_Pick"/>
  </subProcess>
  <subProcess id="Col" name="Collapsed one"><task id="Col_T" name="Hidden"/></subProcess>
  <subProcess id="Ev" name="On cancel" triggeredByEvent="true"><startEvent id="Ev_S" isInterrupting="false"><messageEventDefinition/></startEvent></subProcess>
  <callActivity id="Call" name="Bill" calledElement="Billing"/>
  <serviceTask id="Svc" name="Retry"><standardLoopCharacteristics/></serviceTask>
  <scriptTask id="Scr" name="Compute"><multiInstanceLoopCharacteristics/></scriptTask>
  <transaction id="Tx" name="Pay"/>
  <adHocSubProcess id="Ad" name="Research"/>
  <manualTask id="Man" name="Carry"/><businessRuleTask id="Br" name="Decide"/><receiveTask id="Rc" name="Get"/>
</process>
<bpmndi:BPMNDiagram id="D"><bpmndi:BPMNPlane id="Pl" bpmnElement="P">
  <bpmndi:BPMNShape id="S_di" bpmnElement="S" isExpanded="true"><dc:Bounds x="0" y="0" width="400" height="200"/></bpmndi:BPMNShape>
  <bpmndi:BPMNShape id="Col_di" bpmnElement="Col" isExpanded="false"><dc:Bounds x="0" y="300" width="100" height="80"/></bpmndi:BPMNShape>
</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>`).Model
	tests := []struct {
		id                              string
		typ, marker, parent, calledElem string
		collapsed                       bool
	}{
		{id: "S", typ: process.ActivitySubProcess},
		{id: "S_Pick", typ: process.ActivityUser, marker: process.MarkerSequential, parent: "S"},
		{id: "S_Inner", typ: process.ActivitySubProcess, parent: "S"},
		{id: "S_Inner_T", typ: process.ActivityTask, parent: "S_Inner"},
		{id: "Col", typ: process.ActivitySubProcess, collapsed: true},
		{id: "Col_T", typ: process.ActivityTask, parent: "Col"},
		{id: "Ev", typ: process.ActivityEventSubProcess},
		{id: "Call", typ: process.ActivityCall, calledElem: "Billing"},
		{id: "Svc", typ: process.ActivityService, marker: process.MarkerLoop},
		{id: "Scr", typ: process.ActivityScript, marker: process.MarkerParallel},
		{id: "Tx", typ: process.ActivityTransaction, collapsed: true},
		{id: "Ad", typ: process.ActivityAdHoc, collapsed: true},
		{id: "Man", typ: process.ActivityManual},
		{id: "Br", typ: process.ActivityBusinessRule},
		{id: "Rc", typ: process.ActivityReceive},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			a := activity(m, tt.id)
			if a.Type != tt.typ || a.Marker != tt.marker || a.Parent != tt.parent || a.CalledElement != tt.calledElem || a.Collapsed != tt.collapsed {
				t.Errorf("got %+v", a)
			}
		})
	}
	if e := event(m, "Ev_S"); e.Parent != "Ev" || !e.NonInterrupting {
		t.Errorf("event sub-process start = %+v", e)
	}
	if e := event(m, "S_Start"); e.Parent != "S" {
		t.Errorf("sub-process start = %+v", e)
	}
}

func TestFlowsConditionsDefaults(t *testing.T) {
	t.Parallel()
	m := convert(t, `
<process id="P">
  <task id="T" name="Check" default="F_T2"/>
  <exclusiveGateway id="G" name="OK?" default="F_No"/>
  <inclusiveGateway id="G2"/><parallelGateway id="G3"/><eventBasedGateway id="G4"/><complexGateway id="G5"/>
  <task id="A" name="Accept"/><task id="R" name="Reject"/>
  <sequenceFlow id="F_T" sourceRef="T" targetRef="G"/>
  <sequenceFlow id="F_T2" sourceRef="T" targetRef="R"/>
  <sequenceFlow id="F_Yes" name="yes" sourceRef="G" targetRef="A"><conditionExpression>amount &lt; 100</conditionExpression></sequenceFlow>
  <sequenceFlow id="F_Expr" sourceRef="G" targetRef="R"><conditionExpression>amount &gt;= 100</conditionExpression></sequenceFlow>
  <sequenceFlow id="F_No" sourceRef="G" targetRef="R"/>
  <sequenceFlow id="F_Bad" sourceRef="G" targetRef="Nowhere"/>
</process>`)
	mm := m.Model
	tests := []struct {
		id   string
		want process.Flow
	}{
		{"F_T", process.Flow{ID: "F_T", Source: "T", Target: "G"}},
		{"F_T2", process.Flow{ID: "F_T2", Source: "T", Target: "R", Default: true}},
		{"F_Yes", process.Flow{ID: "F_Yes", Source: "G", Target: "A", Condition: "yes", Conditional: true, Expression: "amount < 100"}},
		{"F_Expr", process.Flow{ID: "F_Expr", Source: "G", Target: "R", Condition: "amount >= 100", Conditional: true, Expression: "amount >= 100", Unnamed: true}},
		{"F_No", process.Flow{ID: "F_No", Source: "G", Target: "R", Default: true}},
		{"F_Bad", process.Flow{}},
	}
	for _, tt := range tests {
		if got := flow(mm, tt.id); got != tt.want {
			t.Errorf("%s = %+v, want %+v", tt.id, got, tt.want)
		}
	}
	types := map[string]string{}
	for _, g := range mm.Gateways {
		types[g.ID] = g.Type
	}
	wantTypes := map[string]string{"G": process.GatewayExclusive, "G2": process.GatewayInclusive, "G3": process.GatewayParallel, "G4": process.GatewayEventBased, "G5": process.GatewayComplex}
	for id, w := range wantTypes {
		if types[id] != w {
			t.Errorf("gateway %s = %q, want %q", id, types[id], w)
		}
	}
	if !strings.Contains(m.Note(), "1 sequenceFlow with a missing end") || strings.Contains(m.Note(), "F_Bad") {
		t.Errorf("note = %q", m.Note())
	}
}

func TestDataAndAnnotations(t *testing.T) {
	t.Parallel()
	r := convert(t, `
<dataStore id="Store" name="CRM"/>
<process id="P">
  <dataObject id="DO" name="Invoice" isCollection="true"/>
  <dataObjectReference id="DOR" dataObjectRef="DO"><dataState name="approved"/></dataObjectReference>
  <dataStoreReference id="DSR" dataStoreRef="Store"/>
  <task id="T" name="Check invoice">
    <dataInputAssociation id="DIA"><sourceRef>DOR</sourceRef><targetRef>T</targetRef></dataInputAssociation>
    <dataInputAssociation id="DIA2"><sourceRef>DO</sourceRef><targetRef>T</targetRef></dataInputAssociation>
    <dataOutputAssociation id="DOA"><targetRef>DSR</targetRef></dataOutputAssociation>
  </task>
  <textAnnotation id="N"><text>Ask the manager first</text></textAnnotation>
  <association id="As" sourceRef="T" targetRef="N"/>
  <group id="Grp"/>
</process>`)
	m := r.Model
	want := []process.Data{
		{ID: "DOR", Name: "Invoice", Kind: process.DataObject, Collection: true, State: "approved"},
		{ID: "DSR", Name: "CRM", Kind: process.DataStore},
	}
	if len(m.Data) != 2 || m.Data[0] != want[0] || m.Data[1] != want[1] {
		t.Errorf("data = %+v", m.Data)
	}
	wantDA := []process.DataAssociation{
		{ID: "DIA", Source: "DOR", Target: "T"},
		{ID: "DIA2", Source: "DOR", Target: "T"},
		{ID: "DOA", Source: "T", Target: "DSR"},
	}
	if len(m.DataAssociations) != 3 {
		t.Fatalf("data associations = %+v", m.DataAssociations)
	}
	for i, w := range wantDA {
		if m.DataAssociations[i] != w {
			t.Errorf("data association %d = %+v, want %+v", i, m.DataAssociations[i], w)
		}
	}
	if len(m.Annotations) != 1 || m.Annotations[0].Text != "Ask the manager first" || m.Annotations[0].AttachedTo != "T" {
		t.Errorf("annotations = %+v", m.Annotations)
	}
	if !strings.Contains(r.Note(), "1 group") || strings.Contains(r.Note(), "Grp") {
		t.Errorf("note = %q", r.Note())
	}
}

func TestOddFiles(t *testing.T) {
	t.Parallel()
	t.Run("duplicate ids across processes", func(t *testing.T) {
		r := convert(t, `
<collaboration id="C"><participant id="PA" processRef="A"/><participant id="PB" processRef="B"/></collaboration>
<process id="A"><task id="T" name="One"/></process>
<process id="B"><task id="T" name="Two"/></process>`)
		ids := map[string]bool{}
		for _, a := range r.Model.Activities {
			if ids[a.ID] {
				t.Errorf("id %s twice", a.ID)
			}
			ids[a.ID] = true
		}
		if len(ids) != 2 || !strings.Contains(r.Note(), `task "Two" shares its id with another element: given a new one`) {
			t.Errorf("activities = %+v, note %q", r.Model.Activities, r.Note())
		}
	})
	t.Run("unnamed and repeated lanes get distinct names", func(t *testing.T) {
		r := convert(t, `<process id="P"><laneSet id="S"><lane id="L1"><flowNodeRef>T1</flowNodeRef></lane><lane id="L2" name="Clerk"><flowNodeRef>T2</flowNodeRef></lane><lane id="L3" name="Clerk"><flowNodeRef>T3</flowNodeRef></lane></laneSet>
<task id="T1" name="a"/><task id="T2" name="b"/><task id="T3" name="c"/></process>`)
		got := []string{activity(r.Model, "T1").Performer, activity(r.Model, "T2").Performer, activity(r.Model, "T3").Performer}
		if strings.Join(got, "|") != "Lane|Clerk|Clerk 2" {
			t.Errorf("performers = %q", got)
		}
	})
	t.Run("unnamed link events keep their pair through the link name", func(t *testing.T) {
		r := convert(t, `<process id="P"><intermediateThrowEvent id="L1"><linkEventDefinition name="to billing"/></intermediateThrowEvent>
<intermediateCatchEvent id="L2"><linkEventDefinition name="to billing"/></intermediateCatchEvent></process>`)
		if a, b := event(r.Model, "L1"), event(r.Model, "L2"); a.Name != "to billing" || b.Name != "to billing" || a.Trigger != process.TriggerLink || !a.Throw {
			t.Errorf("link events = %+v, %+v", a, b)
		}
	})
	t.Run("vendor extensions are counted per namespace", func(t *testing.T) {
		r := convert(t, `<process id="P" xmlns:cam="http://camunda.org/schema/1.0/bpmn" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<userTask id="T" name="a" cam:assignee="bob"><extensionElements><cam:inputOutput/><cam:properties/></extensionElements></userTask>
<sequenceFlow id="F" sourceRef="T" targetRef="T"><conditionExpression xsi:type="tFormalExpression">x</conditionExpression></sequenceFlow></process>`)
		if !strings.Contains(r.Note(), "3 vendor extension elements and attributes of http://camunda.org/schema/1.0/bpmn") || strings.Contains(r.Note(), "XMLSchema-instance") {
			t.Errorf("note = %q", r.Note())
		}
	})
	t.Run("boundary event on a gateway is kept for repair to judge", func(t *testing.T) {
		r := convert(t, `<process id="P"><exclusiveGateway id="G"/><boundaryEvent id="B" attachedToRef="G"/></process>`)
		if event(r.Model, "B").AttachedTo != "G" {
			t.Errorf("events = %+v", r.Model.Events)
		}
	})
	t.Run("a called process in no pool gets a pool of its own", func(t *testing.T) {
		r := convert(t, `<collaboration id="C"><participant id="PA" name="A" processRef="A"/></collaboration>
<process id="A"><callActivity id="Call" name="Bill" calledElement="B"/></process>
<process id="B"><task id="T2" name="Two"/></process>`)
		if len(r.Model.Pools) != 2 || activity(r.Model, "T2").Pool != "Participant_B" || activity(r.Model, "Call").CalledElement != "B" {
			t.Errorf("pools = %+v, activities %+v", r.Model.Pools, r.Model.Activities)
		}
	})
	t.Run("a process in no pool becomes one", func(t *testing.T) {
		r := convert(t, `<collaboration id="C"><participant id="PA" name="A" processRef="A"/></collaboration>
<process id="A"><task id="T1" name="One"/></process><process id="B" name="Other"><task id="T2" name="Two"/></process>`)
		if len(r.Model.Pools) != 2 || activity(r.Model, "T2").Pool != r.Model.Pools[1].ID || r.Model.Pools[1].ProcessID != "B" {
			t.Errorf("pools = %+v, activities %+v", r.Model.Pools, r.Model.Activities)
		}
	})
}

// TestAdjustedNoteNamesElements: the conversion note a person reads names
// an adjusted element by its kind and name, or its kind and position,
// never by its id ("lane sid-744AE… named 'Lane'").
func TestAdjustedNoteNamesElements(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, xml string
		want      string // in the note
		ids       []string
	}{
		{"unnamed lane", `<process id="P" name="Billing"><laneSet id="S"><lane id="sid-744AE1B2" name="Clerk"/><lane id="sid-744AE1B3"><flowNodeRef>T1</flowNodeRef></lane></laneSet><task id="T1" name="a"/></process>`,
			`the unnamed lane in process "Billing" is called "Lane"`, []string{"sid-744AE1B3", "sid-744AE1B2"}},
		{"unnamed lane in an unnamed process", `<process id="P"><laneSet id="S"><lane id="sid-744AE1B2"><flowNodeRef>T1</flowNodeRef></lane></laneSet><task id="T1" name="a"/></process>`,
			`the unnamed lane is called "Lane"`, []string{"sid-744AE1B2"}},
		{"two unnamed lanes", `<process id="P" name="Billing"><laneSet id="S"><lane id="sid-1"/><lane id="sid-2"><flowNodeRef>T1</flowNodeRef></lane></laneSet><task id="T1" name="a"/></process>`,
			`the 2nd unnamed lane in process "Billing" is called "Lane 2"`, []string{"sid-1", "sid-2"}},
		{"repeated lane", `<process id="P"><laneSet id="S"><lane id="sid-1" name="Clerk"/><lane id="sid-2" name="Clerk"/></laneSet><task id="T1" name="a"/></process>`,
			`a second lane "Clerk" is called "Clerk 2"`, []string{"sid-1", "sid-2"}},
		{"repeated lane with a percent sign", `<process id="P"><laneSet id="S"><lane id="sid-1" name="50% team"/><lane id="sid-2" name="50% team"/></laneSet><task id="T1" name="a"/></process>`,
			`a second lane "50% team" is called "50% team 2"`, []string{"sid-1", "sid-2", "%!"}},
		{"process in no pool", `<collaboration id="C"><participant id="PA" name="A" processRef="A"/></collaboration>
<process id="A"><task id="T1" name="One"/></process><process id="sid-B9" name="Other"><task id="T2" name="Two"/></process>`,
			`process "Other" is in no pool`, []string{"sid-B9"}},
		{"unnamed process in no pool", `<collaboration id="C"><participant id="PA" name="A" processRef="A"/></collaboration>
<process id="A"><task id="T1" name="One"/></process><process id="sid-B9"><task id="T2" name="Two"/></process>`,
			`the 2nd unnamed process is in no pool`, []string{"sid-B9"}},
		{"skipped elements by name", `<process id="P"><task id="T1" name="a"/><group id="sid-G1" name="Checks"/><group id="sid-G2"/><group id="sid-G3" name="Checks"/></process>`,
			`3 group ("Checks", the unnamed group, …)`, []string{"sid-G1", "sid-G2"}},
		{"id used twice by an unnamed task", `<collaboration id="C"><participant id="PA" processRef="A"/><participant id="PB" processRef="B"/></collaboration>
<process id="A"><task id="sid-T" name="One"/></process><process id="B" name="Billing"><task id="sid-T"/></process>`,
			`the unnamed task in process "Billing" shares its id`, []string{"sid-T"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			note := convert(t, tt.xml).Note()
			if !strings.Contains(note, tt.want) {
				t.Errorf("note = %q, want it to say %q", note, tt.want)
			}
			for _, id := range tt.ids {
				if strings.Contains(note, id) {
					t.Errorf("note = %q shows the id %q", note, id)
				}
			}
		})
	}
}

func TestRefused(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, xml, detail string
	}{
		{"no process", head + `<process id="P"/></definitions>`, "holds no process"},
		{"not xml", "this is not xml <", "not well-formed"},
		{"not bpmn", `<html/>`, "not a BPMN 2.0 model"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := FromXML([]byte(tt.xml))
			d, ok := failure.Detail(err)
			if err == nil || !ok || !strings.Contains(d, tt.detail) {
				t.Fatalf("err = %v (detail %q), want a detail with %q", err, d, tt.detail)
			}
		})
	}
	if _, err := FromDefinitions(nil); !errors.Is(err, ErrNoProcess) {
		t.Errorf("nil definitions: %v", err)
	}
}

// TestMIWG converts every MIWG reference model: none is refused, ids are
// unique and every flow node of the file is in the model.
func TestMIWG(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join(testenv.MIWGDir(t), "*.bpmn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no MIWG models: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			r, err := ConvertXML(data)
			if err != nil {
				t.Fatalf("convert: %v", err)
			}
			m := r.Model
			ids := map[string]bool{}
			for _, id := range nodeIDs(m) {
				if ids[id] {
					t.Errorf("id %s twice", id)
				}
				ids[id] = true
			}
			for _, fl := range m.Flows {
				if !ids[fl.Source] || !ids[fl.Target] {
					t.Errorf("flow %s: %s → %s names a node not in the model", fl.ID, fl.Source, fl.Target)
				}
			}
			for _, e := range m.Events {
				if e.Type == process.EventBoundary && !ids[e.AttachedTo] {
					t.Errorf("boundary %s on unknown %s", e.ID, e.AttachedTo)
				}
			}
		})
	}
}

func nodeIDs(m *process.Model) []string {
	var ids []string
	for _, a := range m.Activities {
		ids = append(ids, a.ID)
	}
	for _, g := range m.Gateways {
		ids = append(ids, g.ID)
	}
	for _, e := range m.Events {
		ids = append(ids, e.ID)
	}
	return ids
}

// TestVerbatim: a converted model is marked to be drawn as the file said,
// and keeps what drawing it so needs: an unnamed lane stays unnamed, a
// compensation handler keeps its flag and the association from its
// boundary event.
func TestVerbatim(t *testing.T) {
	t.Parallel()
	r := convert(t, `
<process id="P">
  <laneSet id="LS"><lane id="L1"><flowNodeRef>T</flowNodeRef></lane><lane id="L2" name="Office"><flowNodeRef>U</flowNodeRef></lane></laneSet>
  <task id="T" name="Check"/>
  <boundaryEvent id="B" attachedToRef="T"><compensateEventDefinition id="BD"/></boundaryEvent>
  <serviceTask id="U" name="Undo check" isForCompensation="true"/>
  <association id="A" associationDirection="One" sourceRef="B" targetRef="U"/>
</process>`)
	m := r.Model
	if !m.Verbatim {
		t.Error("converted model not marked verbatim")
	}
	lanes := map[string]process.Participant{}
	for _, p := range m.Participants {
		lanes[p.ID] = p
	}
	if l := lanes["L1"]; !l.Unnamed || l.Name == "" {
		t.Errorf("unnamed lane = %+v, want a key name and Unnamed", l)
	}
	if l := lanes["L2"]; l.Unnamed {
		t.Errorf("named lane = %+v, marked unnamed", l)
	}
	if a := activity(m, "U"); !a.ForCompensation {
		t.Errorf("handler = %+v, want ForCompensation", a)
	}
	if e := event(m, "B"); e.Handler != "U" {
		t.Errorf("compensation event = %+v, want Handler U", e)
	}
	for _, s := range r.Skipped {
		if strings.Contains(s.Kind, "association") || strings.Contains(s.Kind, "isForCompensation") {
			t.Errorf("skipped %+v, want it converted", s)
		}
	}
}

// TestNamerDescribe: a Namer names an element by its kind and name, or
// unnamed by its kind and position among the unnamed of its kind in its
// holder ("the" alone when it is the only one), an unnamed boundary event
// by its position on its host and the host, never by its id.
func TestNamerDescribe(t *testing.T) {
	t.Parallel()
	d, err := parse.Parse(wrap(`<message id="Message_1"/><message id="Message_2"/>
<process id="P" name="Billing"><task id="Activity_0ab" name="Check"/><task id="Activity_1cd"/>
<exclusiveGateway id="Gateway_0x8f"/><task id="Activity_2ef"/><exclusiveGateway id="Gateway_1y"/>
<subProcess id="Sub"><userTask id="U1"/></subProcess>
<boundaryEvent id="B1" attachedToRef="Activity_0ab"/><boundaryEvent id="B4" name="Late" attachedToRef="Activity_0ab"/>
<boundaryEvent id="B2" attachedToRef="Activity_1cd"/><boundaryEvent id="B3" attachedToRef="Activity_1cd"/></process>
<process id="P2"><task id="T2" name="Check invoice"/><boundaryEvent id="B5" attachedToRef="T2"/></process>
<process id="P3"><task id="T3" name="Ship"/><boundaryEvent id="B6" attachedToRef="T3"/></process>`))
	if err != nil {
		t.Fatal(err)
	}
	nm := NewNamer()
	tests := []struct{ id, want string }{
		{"Activity_0ab", `task "Check"`},
		{"Activity_2ef", `the 2nd unnamed task in process "Billing"`},
		{"Activity_1cd", `the 1st unnamed task in process "Billing"`},
		{"Gateway_1y", `the 2nd unnamed exclusive gateway in process "Billing"`},
		{"U1", `the unnamed user task`},
		{"Sub", `the unnamed sub process in process "Billing"`},
		{"Message_2", `the 2nd unnamed message`},
		{"B3", `the 2nd unnamed boundary event on the 1st unnamed task in process "Billing"`},
		{"B1", `the unnamed boundary event on "Check"`},
		{"B4", `boundary event "Late"`},
		{"B2", `the 1st unnamed boundary event on the 1st unnamed task in process "Billing"`},
		{"B5", `the unnamed boundary event on "Check invoice"`},
		{"B6", `the unnamed boundary event on "Ship"`},
		{"Activity_1cd", `the 1st unnamed task in process "Billing"`},
	}
	for _, tt := range tests {
		if got := nm.Describe(d.ByID(tt.id)); got != tt.want {
			t.Errorf("Describe(%s) = %q, want %q", tt.id, got, tt.want)
		}
		if got := describe(d.ByID(tt.id)); got != tt.want {
			t.Errorf("describe(%s) = %q, want %q (as a Namer)", tt.id, got, tt.want)
		}
	}
}
