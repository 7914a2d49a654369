package api

import (
	"strings"
	"testing"
)

// TestFlowElementsInXML: the count a re-layout refuses a file by, read
// from its tokens: namespace prefixes, diagram interchange and other
// elements are not counted; a broken file counts up to where it breaks.
func TestFlowElementsInXML(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		xml  string
		want int
	}{
		{"empty", `<definitions/>`, 0},
		{"plain", `<definitions><process><startEvent id="s"/><task id="a"/><exclusiveGateway id="g"/><endEvent id="e"/>` +
			`<sequenceFlow id="f1"/><sequenceFlow id="f2"/></process></definitions>`, 6},
		{"prefixed, with DI and data", `<bpmn:definitions xmlns:bpmn="x"><bpmn:process><bpmn:userTask id="a"><bpmn:incoming>f</bpmn:incoming></bpmn:userTask>` +
			`<bpmn:dataObjectReference id="d"/><bpmn:sequenceFlow id="f"/></bpmn:process><bpmndi:BPMNDiagram><bpmndi:BPMNShape bpmnElement="a"/></bpmndi:BPMNDiagram></bpmn:definitions>`, 2},
		{"collaboration", `<definitions><collaboration><participant id="p"/><messageFlow id="m"/></collaboration><process><subProcess id="s"><task id="t"/></subProcess></process></definitions>`, 3},
		{"broken", `<definitions><process><task id="a"/><task id="b"` + strings.Repeat("<", 3), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := flowElementsInXML([]byte(tc.xml)); got != tc.want {
				t.Errorf("flowElementsInXML = %d, want %d", got, tc.want)
			}
		})
	}
}
