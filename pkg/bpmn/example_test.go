package bpmn_test

import (
	"fmt"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/process"
)

// Build turns a process model (what the analyzers produce) into a BPMN 2.0
// document with its diagram laid out; the same model always gives the same
// bytes, so stored diagrams only change when the model does.
func ExampleBuild() {
	m := &process.Model{
		ProcessName:  "Invoice approval",
		Participants: []process.Participant{{Name: "Clerk"}, {Name: "Manager"}},
		Activities: []process.Activity{
			{ID: "check", Name: "Check invoice", Performer: "Clerk"},
			{ID: "approve", Name: "Approve invoice", Performer: "Manager"},
		},
		Events: []process.Event{
			{ID: "start", Type: process.EventStart, Name: "Invoice received"},
			{ID: "end", Type: process.EventEnd, Name: "Invoice approved"},
		},
		Flows: []process.Flow{
			{Source: "start", Target: "check"},
			{Source: "check", Target: "approve"},
			{Source: "approve", Target: "end"},
		},
	}
	xml, err := bpmn.Build(m)
	if err != nil {
		panic(err)
	}
	again, _ := bpmn.Build(m)
	s := string(xml)
	fmt.Println("deterministic:", string(again) == s)
	for _, el := range []string{"<bpmn:laneSet", "<bpmn:startEvent", "<bpmn:task", "<bpmn:endEvent", "<bpmndi:BPMNDiagram"} {
		fmt.Println(el, strings.Count(s, el))
	}
	// Output:
	// deterministic: true
	// <bpmn:laneSet 1
	// <bpmn:startEvent 1
	// <bpmn:task 2
	// <bpmn:endEvent 1
	// <bpmndi:BPMNDiagram 1
}
