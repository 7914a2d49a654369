package main

import (
	"strings"
	"testing"
)

// collabFile is a collaboration with the given process elements and
// diagram shapes and edges, and a second diagram whose shapes would all
// overlap.
func collabFile(process, plane string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="D">
<bpmn:collaboration id="C"><bpmn:participant id="P" processRef="Pr"/></bpmn:collaboration>
<bpmn:process id="Pr"><bpmn:laneSet id="LS"><bpmn:lane id="L"/></bpmn:laneSet>` + process + `</bpmn:process>
<bpmndi:BPMNDiagram id="Dg"><bpmndi:BPMNPlane id="Pl" bpmnElement="C">
<bpmndi:BPMNShape id="P_di" bpmnElement="P"><dc:Bounds x="0" y="0" width="1000" height="400"/></bpmndi:BPMNShape>
<bpmndi:BPMNShape id="L_di" bpmnElement="L"><dc:Bounds x="30" y="0" width="970" height="400"/></bpmndi:BPMNShape>` + plane + `
</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
<bpmndi:BPMNDiagram id="Dg2"><bpmndi:BPMNPlane id="Pl2" bpmnElement="C">
<bpmndi:BPMNShape id="A_di2" bpmnElement="A"><dc:Bounds x="0" y="0" width="500" height="500"/></bpmndi:BPMNShape>
<bpmndi:BPMNShape id="B_di2" bpmnElement="B"><dc:Bounds x="0" y="0" width="500" height="500"/></bpmndi:BPMNShape>
</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`
}

func shape(id, el string, x, y, w, h string) string {
	return `<bpmndi:BPMNShape id="` + id + `" bpmnElement="` + el + `"><dc:Bounds x="` + x + `" y="` + y + `" width="` + w + `" height="` + h + `"/></bpmndi:BPMNShape>`
}

func edge(id, el string, pts ...string) string {
	var b strings.Builder
	b.WriteString(`<bpmndi:BPMNEdge id="` + id + `" bpmnElement="` + el + `">`)
	for i := 0; i+1 < len(pts); i += 2 {
		b.WriteString(`<di:waypoint x="` + pts[i] + `" y="` + pts[i+1] + `"/>`)
	}
	b.WriteString(`</bpmndi:BPMNEdge>`)
	return b.String()
}

func TestMeasureCollab(t *testing.T) {
	t.Parallel()
	tasks := `<bpmn:task id="A"/><bpmn:task id="B"/><bpmn:task id="X"/>` +
		`<bpmn:subProcess id="S"><bpmn:task id="In"/></bpmn:subProcess><bpmn:boundaryEvent id="BE" attachedToRef="A"/>` +
		`<bpmn:sequenceFlow id="F1" sourceRef="A" targetRef="B"/><bpmn:sequenceFlow id="F2" sourceRef="B" targetRef="In"/>` +
		`<bpmn:association id="As" sourceRef="A" targetRef="X"/>`
	apart := shape("A_di", "A", "100", "100", "100", "80") + shape("B_di", "B", "300", "100", "100", "80") +
		shape("X_di", "X", "100", "300", "100", "80") +
		// the boundary event sits on A's edge; the task sits inside S
		shape("BE_di", "BE", "180", "160", "36", "36") +
		shape("S_di", "S", "500", "50", "300", "200") + shape("In_di", "In", "550", "100", "100", "80") +
		`<bpmndi:BPMNShape id="B_lbl" bpmnElement="B"><dc:Bounds x="300" y="100" width="100" height="80"/><bpmndi:BPMNLabel><dc:Bounds x="100" y="100" width="50" height="50"/></bpmndi:BPMNLabel></bpmndi:BPMNShape>`
	tests := []struct {
		name                         string
		process, plane               string
		nodes, edges, overlaps, thru int
		crossings, bends             int
		err                          bool
	}{
		{"apart, contained and attached shapes do not count", tasks,
			apart + edge("F1_di", "F1", "200", "140", "300", "140") + edge("F2_di", "F2", "400", "140", "550", "140") + edge("As_di", "As", "150", "180", "150", "300"),
			7, 2, 0, 0, 0, 0, false},
		// a second shape of X overlaps A and the boundary event; B's two
		// shapes draw one element and do not count
		{"overlapping tasks and an edge through one", tasks,
			apart + shape("X2_di", "X", "150", "120", "100", "80") +
				edge("F1_di", "F1", "200", "140", "250", "140", "250", "400", "350", "400", "350", "180"),
			8, 1, 2, 1, 0, 3, false},
		{"a flow into a sub-process does not pass through it", tasks,
			apart + edge("F2_di", "F2", "400", "140", "600", "140"),
			7, 1, 0, 0, 0, 0, false},
		{"crossing edges", tasks,
			apart + edge("F1_di", "F1", "250", "90", "250", "250") + edge("F2_di", "F2", "220", "200", "280", "200"),
			7, 2, 0, 0, 1, 0, false},
		{"broken XML", tasks, `<bpmndi:BPMNShape`, 0, 0, 0, 0, 0, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := measureCollab([]byte(collabFile(tt.process, tt.plane)))
			if (r.err != "") != tt.err {
				t.Fatalf("error %q, want error %v", r.err, tt.err)
			}
			if r.nodes != tt.nodes || r.edges != tt.edges || r.m.Overlaps != tt.overlaps || r.m.Through != tt.thru || r.m.Crossings != tt.crossings || r.m.Bends != tt.bends {
				t.Errorf("nodes %d edges %d overlaps %d through %d crossings %d bends %d; want %d %d %d %d %d %d",
					r.nodes, r.edges, r.m.Overlaps, r.m.Through, r.m.Crossings, r.m.Bends,
					tt.nodes, tt.edges, tt.overlaps, tt.thru, tt.crossings, tt.bends)
			}
		})
	}
}
