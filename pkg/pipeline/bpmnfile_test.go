package pipeline

import (
	"context"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/llm"
)

// leaveNoDI is a BPMN file without diagram interchange.
const leaveNoDI = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="http://example.com">
  <process id="P" name="Approve leave">
    <laneSet id="LS"><lane id="L1" name="Employee"><flowNodeRef>S</flowNodeRef><flowNodeRef>T1</flowNodeRef></lane>
      <lane id="L2" name="Manager"><flowNodeRef>T2</flowNodeRef><flowNodeRef>E</flowNodeRef></lane></laneSet>
    <startEvent id="S" name="Leave needed"/>
    <userTask id="T1" name="Request leave"/>
    <userTask id="T2" name="Approve request"/>
    <endEvent id="E" name="Leave approved"/>
    <sequenceFlow id="F1" sourceRef="S" targetRef="T1"/>
    <sequenceFlow id="F2" sourceRef="T1" targetRef="T2"/>
    <sequenceFlow id="F3" sourceRef="T2" targetRef="E"/>
  </process>
</definitions>`

// TestBPMNFileDiagramMarker: the stored diagram says where its layout
// comes from, which decides whether the graph task redraws it: a file
// without DI and a process-model JSON are drawn by SPADE, a file with DI
// keeps its own drawing, and so does a file of pools without a process.
func TestBPMNFileDiagramMarker(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var a BPMNFile
	noDI, err := a.AnalyzeBPMN(ctx, "leave.bpmn", []byte(leaveNoDI), nil, llm.Input{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, filename, data string
		wantDiagram, format  string
		wantTasks            bool
	}{
		{"without DI", "leave.bpmn", leaveNoDI, DiagramFromSpade, "bpmn", true},
		{"with DI", "leave.bpmn", noDI.BPMNXML, DiagramFromFile, "bpmn", true},
		{"process-model JSON", "leave.json", noDI.ModelJSON, DiagramFromSpade, "json", true},
		{"pools only", "pools.bpmn", `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D2" targetNamespace="http://example.com">
  <collaboration id="C"><participant id="P1" name="Customer"/><participant id="P2" name="Supplier"/></collaboration>
</definitions>`, DiagramFromFile, "bpmn", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := a.AnalyzeBPMN(ctx, tt.filename, []byte(tt.data), nil, llm.Input{})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Metadata.Extra["diagram"]; got != tt.wantDiagram || res.Metadata.Format != tt.format {
				t.Errorf("diagram %v format %q; want %q %q", got, res.Metadata.Format, tt.wantDiagram, tt.format)
			}
			if res.ModelJSON == "" {
				t.Error("no converted model")
			}
			if strings.Contains(res.FormattedText, "Request leave") != tt.wantTasks {
				t.Errorf("formatted text: %.300s; want the tasks: %v", res.FormattedText, tt.wantTasks)
			}
			if res.Metadata.Model != bpmnReportModel || res.Usage != (analysis.Usage{}) {
				t.Errorf("model %q usage %+v: the report uses no LLM", res.Metadata.Model, res.Usage)
			}
		})
	}
}

// TestBPMNFileCancelled: a cancelled task does no work.
func TestBPMNFileCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (BPMNFile{}).AnalyzeBPMN(ctx, "leave.bpmn", []byte(leaveNoDI), nil, llm.Input{}); err == nil {
		t.Fatal("want the context's error")
	}
}

// TestBPMNReportScoreFirst: a BPMN report's text gives the overview, the
// quality score and the issues before the converted model's SIPOC, and
// keeps every section once.
func TestBPMNReportScoreFirst(t *testing.T) {
	t.Parallel()
	var a BPMNFile
	res, err := a.AnalyzeBPMN(context.Background(), "leave.bpmn", []byte(leaveNoDI), nil, llm.Input{})
	if err != nil {
		t.Fatal(err)
	}
	text := res.FormattedText
	order := []string{"=== Process Overview ===", "=== Quality Score ===", "=== Quality Issues Found ===",
		"=== Process Purpose ===", "=== SIPOC Summary ===", "=== Element Inventory ===", "=== Analysis Overview ==="}
	last := -1
	for _, h := range order {
		i := strings.Index(text, h)
		if i <= last {
			t.Fatalf("%q at %d, after %d:\n%s", h, i, last, text)
		}
		if strings.Count(text, h) != 1 {
			t.Errorf("%q %d times", h, strings.Count(text, h))
		}
		last = i
	}
	before, _, found := strings.Cut(text, "=== Process Purpose ===")
	if !found || !strings.Contains(before, "Quality score:") {
		t.Error("the score line is not before the model's text")
	}
}
