package worker

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/tasks"
)

// TestKeepsOwnDiagram reads the marker the BPMN-file analyzer writes: the
// graph task keeps a file's own drawing and redraws what SPADE drew.
func TestKeepsOwnDiagram(t *testing.T) {
	t.Parallel()
	withDI := []byte(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" id="D" targetNamespace="http://example.com">
  <process id="P"><task id="T" name="Check order"/></process>
  <bpmndi:BPMNDiagram id="G"><bpmndi:BPMNPlane id="PL" bpmnElement="P">
    <bpmndi:BPMNShape id="T_di" bpmnElement="T"><dc:Bounds x="0" y="0" width="100" height="80"/></bpmndi:BPMNShape>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`)
	withoutDI := []byte(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="http://example.com">
  <process id="P"><task id="T" name="Check order"/></process>
</definitions>`)
	stored := func(name string, data []byte) *analysis.Analysis {
		res, err := (pipeline.BPMNFile{}).AnalyzeBPMN(context.Background(), name, data, nil, llm.Input{})
		if err != nil {
			t.Fatal(err)
		}
		meta, err := json.Marshal(res.Metadata)
		if err != nil {
			t.Fatal(err)
		}
		return &analysis.Analysis{AnalyzerType: analysis.TypeBPMN, BPMNXML: res.BPMNXML, MetadataJSON: string(meta)}
	}
	tests := []struct {
		name string
		a    *analysis.Analysis
		want bool
	}{
		{"file with its own diagram", stored("own.bpmn", withDI), true},
		{"file drawn by SPADE", stored("bare.bpmn", withoutDI), false},
		{"document", &analysis.Analysis{AnalyzerType: analysis.TypeDocument, BPMNXML: "<definitions/>"}, false},
		{"file without a diagram", &analysis.Analysis{AnalyzerType: analysis.TypeBPMN}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := keepsOwnDiagram(tt.a); got != tt.want {
				t.Errorf("keepsOwnDiagram = %v, want %v (metadata %s)", got, tt.want, tt.a.MetadataJSON)
			}
		})
	}
}

// TestDrawnByAnalysis: the live graph task leaves a BPMN file's diagram as
// its analysis drew it; a batch rebuild redraws it, and documents are
// always drawn by the graph task.
func TestDrawnByAnalysis(t *testing.T) {
	t.Parallel()
	file := &analysis.Analysis{AnalyzerType: analysis.TypeBPMN, BPMNXML: "<definitions/>"}
	tests := []struct {
		name  string
		a     *analysis.Analysis
		queue string
		want  bool
	}{
		{"file on the live queue", file, tasks.QueueGraph, true},
		{"file in a batch rebuild", file, tasks.QueueReprocess, false},
		{"file without a diagram", &analysis.Analysis{AnalyzerType: analysis.TypeBPMN}, tasks.QueueGraph, false},
		{"document", &analysis.Analysis{AnalyzerType: analysis.TypeDocument, BPMNXML: "<definitions/>"}, tasks.QueueGraph, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := drawnByAnalysis(tt.a, tt.queue); got != tt.want {
				t.Errorf("drawnByAnalysis(%s, %q) = %v, want %v", tt.a.AnalyzerType, tt.queue, got, tt.want)
			}
		})
	}
}
