package tomodel

import (
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/process"
)

// relaid converts a file and draws the model again with SPADE's layout
// (what "re-layout" does), and parses the result.
func relaid(t *testing.T, body string) (*Result, *parse.Definitions, string) {
	t.Helper()
	r := convert(t, body)
	out, err := bpmn.Build(r.Model)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	d, err := parse.Parse(out)
	if err != nil {
		t.Fatalf("parse the re-laid file: %v\n%s", err, out)
	}
	return r, d, string(out)
}

// docOf is an element's documentation text.
func docOf(e *parse.Element) string {
	var parts []string
	for _, d := range e.ChildrenOf("documentation") {
		parts = append(parts, strings.TrimSpace(d.Text))
	}
	return strings.Join(parts, "\n")
}

// defOf is an element's event definition of the given kind.
func defOf(e *parse.Element, kind string) *parse.Element {
	for _, d := range e.EventDefinitions {
		if d.Kind == kind {
			return d
		}
	}
	return nil
}

// TestConversionFidelity: what a file says survives file → model → re-laid
// file: references of event definitions with their names and codes,
// documentation on events, gateways and flows, calledElement as written;
// a boundary event without a trigger gets none, one on an activity of
// another process stays attached, an unnamed pool stays unnamed, and what
// is dropped is in the note.
func TestConversionFidelity(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		body  string
		check func(t *testing.T, r *Result, d *parse.Definitions, out string)
	}{
		{"event references with names and codes", `
  <message id="Msg_Order" name="Order received"/>
  <signal id="Sig_Stock" name="Stock low"/>
  <error id="Err_Pay" name="Payment failed" errorCode="E42"/>
  <escalation id="Esc_Late" name="Late delivery" escalationCode="L-1"/>
  <process id="P">
    <startEvent id="S"><messageEventDefinition messageRef="Msg_Order"/></startEvent>
    <task id="T" name="Charge card"/>
    <boundaryEvent id="B" attachedToRef="T"><errorEventDefinition errorRef="Err_Pay"/></boundaryEvent>
    <intermediateThrowEvent id="I"><signalEventDefinition signalRef="Sig_Stock"/></intermediateThrowEvent>
    <endEvent id="E"><escalationEventDefinition escalationRef="Esc_Late"/></endEvent>
    <endEvent id="E2"/>
    <sequenceFlow id="F1" sourceRef="S" targetRef="T"/>
    <sequenceFlow id="F2" sourceRef="T" targetRef="I"/>
    <sequenceFlow id="F3" sourceRef="I" targetRef="E"/>
    <sequenceFlow id="F4" sourceRef="B" targetRef="E2"/>
  </process>`, func(t *testing.T, r *Result, d *parse.Definitions, out string) {
			want := map[string]process.EventRef{
				"S": {Trigger: process.TriggerMessage, ID: "Msg_Order", Name: "Order received"},
				"B": {Trigger: process.TriggerError, ID: "Err_Pay", Name: "Payment failed", Code: "E42"},
				"I": {Trigger: process.TriggerSignal, ID: "Sig_Stock", Name: "Stock low"},
				"E": {Trigger: process.TriggerEscalation, ID: "Esc_Late", Name: "Late delivery", Code: "L-1"},
			}
			for id, ref := range want {
				if got := event(r.Model, id).Refs; len(got) != 1 || got[0] != ref {
					t.Errorf("model %s refs %+v, want %+v", id, got, ref)
				}
			}
			for id, w := range map[string][3]string{
				"S": {"messageEventDefinition", "messageRef", "Msg_Order"},
				"B": {"errorEventDefinition", "errorRef", "Err_Pay"},
				"I": {"signalEventDefinition", "signalRef", "Sig_Stock"},
				"E": {"escalationEventDefinition", "escalationRef", "Esc_Late"},
			} {
				e := d.ByID(id)
				if def := defOf(e, w[0]); def == nil || def.Attr(w[1]) != w[2] {
					t.Errorf("re-laid %s: %s %s lost", id, w[0], w[1])
				}
			}
			for id, w := range map[string][3]string{
				"Msg_Order": {"message", "Order received", ""},
				"Sig_Stock": {"signal", "Stock low", ""},
				"Err_Pay":   {"error", "Payment failed", "E42"},
				"Esc_Late":  {"escalation", "Late delivery", "L-1"},
			} {
				e := d.ByID(id)
				if e == nil || e.Kind != w[0] || e.Label() != w[1] || (e.Attr("errorCode")+e.Attr("escalationCode")) != w[2] {
					t.Errorf("re-laid root %s: %+v", id, e)
				}
			}
		}},
		{"documentation on events, gateways and flows", `
  <process id="P">
    <startEvent id="S"><documentation>Customer calls</documentation></startEvent>
    <exclusiveGateway id="G" default="F3"><documentation>Stock decides</documentation></exclusiveGateway>
    <task id="T" name="Ship"/>
    <endEvent id="E"><documentation>Order closed</documentation></endEvent>
    <sequenceFlow id="F1" sourceRef="S" targetRef="G"><documentation>always</documentation></sequenceFlow>
    <sequenceFlow id="F2" name="in stock" sourceRef="G" targetRef="T"><documentation>stock above zero</documentation><conditionExpression>stock &gt; 0</conditionExpression></sequenceFlow>
    <sequenceFlow id="F3" sourceRef="G" targetRef="E"/>
    <sequenceFlow id="F4" sourceRef="T" targetRef="E"/>
  </process>`, func(t *testing.T, r *Result, d *parse.Definitions, out string) {
			for id, want := range map[string]string{"S": "Customer calls", "G": "Stock decides", "E": "Order closed", "F1": "always", "F2": "stock above zero", "F3": ""} {
				if got := docOf(d.ByID(id)); got != want {
					t.Errorf("re-laid %s documentation %q, want %q", id, got, want)
				}
			}
			if c := d.ByID("F2").Condition(); c == nil || strings.TrimSpace(c.Text) != "stock > 0" {
				t.Errorf("F2 lost its condition next to its documentation")
			}
		}},
		{"calledElement verbatim", `
  <process id="P">
    <startEvent id="S"/>
    <callActivity id="C1" name="Bill" calledElement="tns:Billing-Process.v2"/>
    <callActivity id="C2" name="Ship" calledElement="${shippingProcess}"/>
    <endEvent id="E"/>
    <sequenceFlow id="F1" sourceRef="S" targetRef="C1"/>
    <sequenceFlow id="F2" sourceRef="C1" targetRef="C2"/>
    <sequenceFlow id="F3" sourceRef="C2" targetRef="E"/>
  </process>`, func(t *testing.T, r *Result, d *parse.Definitions, out string) {
			for id, want := range map[string]string{"C1": "tns:Billing-Process.v2", "C2": "${shippingProcess}"} {
				if got := d.ByID(id).Attr("calledElement"); got != want {
					t.Errorf("%s calledElement %q, want %q", id, got, want)
				}
			}
		}},
		{"boundary event without a trigger gets none", `
  <process id="P">
    <startEvent id="S"/>
    <task id="T" name="Review"/>
    <boundaryEvent id="B" name="Interrupted" attachedToRef="T"/>
    <endEvent id="E"/>
    <endEvent id="E2"/>
    <sequenceFlow id="F1" sourceRef="S" targetRef="T"/>
    <sequenceFlow id="F2" sourceRef="T" targetRef="E"/>
    <sequenceFlow id="F3" sourceRef="B" targetRef="E2"/>
  </process>`, func(t *testing.T, r *Result, d *parse.Definitions, out string) {
			b := d.ByID("B")
			if b == nil || b.Kind != "boundaryEvent" || len(b.EventDefinitions) != 0 || b.Attr("attachedToRef") != "T" {
				t.Errorf("re-laid B: %+v", b)
			}
			if strings.Contains(out, "timerEventDefinition") {
				t.Error("a timer was invented")
			}
		}},
		{"boundary event on an activity of another process", `
  <collaboration id="Col">
    <participant id="PA" name="Sales" processRef="A"/>
    <participant id="PB" name="Finance" processRef="B"/>
  </collaboration>
  <process id="A">
    <startEvent id="SA"/><task id="TA" name="Take order"/><endEvent id="EA"/>
    <sequenceFlow id="FA1" sourceRef="SA" targetRef="TA"/><sequenceFlow id="FA2" sourceRef="TA" targetRef="EA"/>
  </process>
  <process id="B">
    <startEvent id="SB"/><task id="TB" name="Invoice"/><endEvent id="EB"/>
    <boundaryEvent id="X" name="Cancelled" attachedToRef="TA"><messageEventDefinition/></boundaryEvent>
    <endEvent id="EX"/>
    <sequenceFlow id="FB1" sourceRef="SB" targetRef="TB"/><sequenceFlow id="FB2" sourceRef="TB" targetRef="EB"/>
    <sequenceFlow id="FB3" sourceRef="X" targetRef="EX"/>
  </process>`, func(t *testing.T, r *Result, d *parse.Definitions, out string) {
			x := d.ByID("X")
			if x == nil || x.Kind != "boundaryEvent" || x.Attr("attachedToRef") != "TA" || defOf(x, "messageEventDefinition") == nil {
				t.Fatalf("re-laid X: %+v", x)
			}
			if p := x.Container(); p == nil || p.ID != "B" {
				t.Errorf("X moved to process %v", p)
			}
		}},
		{"unnamed pool stays unnamed", `
  <collaboration id="Col">
    <participant id="P1" processRef="A"/>
    <participant id="P2" name="Bank"/>
    <messageFlow id="M1" sourceRef="T" targetRef="P2"/>
  </collaboration>
  <process id="A">
    <startEvent id="S"/><task id="T" name="Pay"/><endEvent id="E"/>
    <sequenceFlow id="F1" sourceRef="S" targetRef="T"/><sequenceFlow id="F2" sourceRef="T" targetRef="E"/>
  </process>`, func(t *testing.T, r *Result, d *parse.Definitions, out string) {
			if n := d.ByID("P1").Label(); n != "" {
				t.Errorf("unnamed pool named %q", n)
			}
			if strings.Contains(out, "Pool 1") {
				t.Error(`"Pool 1" invented`)
			}
			if n := d.ByID("P2").Label(); n != "Bank" {
				t.Errorf("named pool %q", n)
			}
		}},
		{"what is dropped is in the note", `
  <process id="P">
    <startEvent id="S"><messageEventDefinition messageRef="Nowhere"/></startEvent>
    <task id="T" name="Work"/>
    <sequenceFlow id="F1" sourceRef="S" targetRef="T"/>
  </process>`, func(t *testing.T, r *Result, d *parse.Definitions, out string) {
			if note := r.Note(); !strings.Contains(note, "messageRef") || !strings.Contains(note, "the unnamed start event") {
				t.Errorf("note %q does not list the dangling messageRef", note)
			}
			if e := d.ByID("S"); e == nil || defOf(e, "messageEventDefinition") == nil {
				t.Error("the message trigger itself was lost")
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, d, out := relaid(t, tt.body)
			tt.check(t, r, d, out)
		})
	}
}
