package main

import (
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// comparedModel holds one of everything Compare counts: two pools with a
// message flow, two lanes, events with a definition, a task writing to a
// data store, a gateway, a labelled flow and an attached annotation.
const comparedModel = `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d">
<collaboration id="c"><participant id="P" name="Company" processRef="p"/><participant id="X" name="Bank"/>
<messageFlow id="m1" sourceRef="T" targetRef="X"/></collaboration>
<process id="p">
<laneSet id="ls"><lane id="L1" name="Clerk"><flowNodeRef>S</flowNodeRef><flowNodeRef>T</flowNodeRef><flowNodeRef>G</flowNodeRef><flowNodeRef>E</flowNodeRef></lane><lane id="L2" name="Manager"><flowNodeRef>U</flowNodeRef></lane></laneSet>
<startEvent id="S"/>
<task id="T" name="Check"><dataOutputAssociation id="da"><targetRef>D</targetRef></dataOutputAssociation></task>
<task id="U" name="Approve"/>
<dataStoreReference id="D" name="Ledger"/>
<exclusiveGateway id="G" name="OK?"/>
<endEvent id="E" name="Done"><messageEventDefinition id="md"/></endEvent>
<sequenceFlow id="f1" sourceRef="S" targetRef="T"/>
<sequenceFlow id="f2" sourceRef="T" targetRef="G"/>
<sequenceFlow id="f3" name="yes" sourceRef="G" targetRef="E"/>
<sequenceFlow id="f4" name="no" sourceRef="G" targetRef="U"/>
<sequenceFlow id="f5" sourceRef="U" targetRef="E"/>
<textAnnotation id="A"><text>Daily</text></textAnnotation><association id="as" sourceRef="A" targetRef="T"/>
</process></definitions>`

// TestComparePhases changes one thing of comparedModel at a time and
// checks that exactly the phase that counts it reports the loss.
func TestComparePhases(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		old, new string // replaced once in the copy
		lost     string // the one kind that must report a loss; "" for none
	}{
		{"identical", "", "", ""},
		{"activity renamed", `name="Check"`, `name="Verify"`, "activities"},
		{"event definition changed", `<messageEventDefinition id="md"/>`, `<signalEventDefinition id="md"/>`, "event definitions"},
		{"gateway type changed", `<exclusiveGateway id="G" name="OK?"/>`, `<inclusiveGateway id="G" name="OK?"/>`, "gateways"},
		{"node moved to another lane", `<flowNodeRef>T</flowNodeRef><flowNodeRef>G</flowNodeRef><flowNodeRef>E</flowNodeRef></lane><lane id="L2" name="Manager">`, `<flowNodeRef>G</flowNodeRef><flowNodeRef>E</flowNodeRef></lane><lane id="L2" name="Manager"><flowNodeRef>T</flowNodeRef>`, "lane membership"},
		{"data association dropped", `<dataOutputAssociation id="da"><targetRef>D</targetRef></dataOutputAssociation>`, ``, "data associations"},
		{"flow label dropped", `name="yes" `, ``, "conditions"},
		{"message flow dropped", `<messageFlow id="m1" sourceRef="T" targetRef="X"/>`, ``, "message flows"},
		{"pool renamed", `name="Bank"`, `name="Credit union"`, "pools"},
		{"lane renamed", `name="Manager"`, `name="Head"`, "lanes"},
		{"data renamed", `name="Ledger"`, `name="Journal"`, "data"},
		{"annotation detached", `<association id="as" sourceRef="A" targetRef="T"/>`, `<association id="as" sourceRef="A" targetRef="U"/>`, "annotations"},
	}
	a, err := parse.Parse([]byte(comparedModel))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			changed := comparedModel
			if tt.old != "" {
				if !strings.Contains(changed, tt.old) {
					t.Fatalf("the model has no %q", tt.old)
				}
				changed = strings.Replace(changed, tt.old, tt.new, 1)
			}
			b, err := parse.Parse([]byte(changed))
			if err != nil {
				t.Fatal(err)
			}
			c := Compare(a, b, true)
			for kind, lost := range c.Lost {
				if kind != tt.lost && len(lost) > 0 {
					t.Errorf("%s lost %v", kind, lost)
				}
			}
			if tt.lost != "" && len(c.Lost[tt.lost]) == 0 {
				t.Errorf("%s lost nothing (counts %+v)", tt.lost, c.Counts[tt.lost])
			}
		})
	}
}
