package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/quality"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
)

// claimModel is a claim process whose rejection ends (rejoin false) or,
// as in models made from text, merges back and reaches the payment.
func claimModel(t *testing.T, rejoin bool) *process.Model {
	t.Helper()
	after := `{"id": "f6", "source": "a3", "target": "e2"}`
	if rejoin {
		after = `{"id": "f6", "source": "a3", "target": "g2"}`
	}
	m, err := process.Decode([]byte(`{
  "process_name": "Claim handling",
  "participants": [{"name": "Claims handler"}],
  "activities": [
    {"id": "a1", "name": "Check policy", "performer": "Claims handler"},
    {"id": "a2", "name": "Assess damage", "performer": "Claims handler"},
    {"id": "a3", "name": "Reject claim", "performer": "Claims handler"},
    {"id": "a4", "name": "Pay repair shop", "performer": "Claims handler"}
  ],
  "gateways": [{"id": "g1", "type": "exclusive", "name": "Policy active?", "performer": "Claims handler"},
               {"id": "g2", "type": "exclusive", "name": "", "performer": "Claims handler"}],
  "events": [
    {"id": "s", "type": "start", "name": "Claim received", "performer": "Claims handler"},
    {"id": "e1", "type": "end", "name": "Claim paid", "performer": "Claims handler"},
    {"id": "e2", "type": "end", "name": "Claim rejected", "performer": "Claims handler"}
  ],
  "flows": [
    {"id": "f1", "source": "s", "target": "a1"},
    {"id": "f2", "source": "a1", "target": "g1"},
    {"id": "f3", "source": "g1", "target": "a2", "condition": "yes"},
    {"id": "f4", "source": "g1", "target": "a3", "condition": "no"},
    {"id": "f5", "source": "a2", "target": "g2"},
    ` + after + `,
    {"id": "f7", "source": "g2", "target": "a4"},
    {"id": "f8", "source": "a4", "target": "e1"}
  ]
}`))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestRenderModelLogicWarnings: the formatted text of a document analysis
// or a saved version carries the logic warnings in their own section, and
// the metadata lists them with the element involved; a sound model has
// neither.
func TestRenderModelLogicWarnings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		rejoin bool
	}{
		{"rejection ends", false},
		{"rejection reaches the payment", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			text, ws := RenderModel(claimModel(t, tt.rejoin))
			hasSection := strings.Contains(text, quality.SectionLogicWarnings)
			if !strings.HasPrefix(text, process.SectionPurpose) {
				t.Errorf("formatted text does not start with the process sections:\n%s", text)
			}
			if !tt.rejoin {
				if len(ws) != 0 || hasSection {
					t.Errorf("sound model got warnings %+v", ws)
				}
				return
			}
			if len(ws) != 1 || ws[0].Rule != "no-negative-to-positive" || ws[0].Element != "Reject claim" ||
				!strings.Contains(ws[0].Message, `"Pay repair shop"`) || ws[0].ElementID == "" {
				t.Fatalf("warnings = %+v, want the rejection that reaches the payment", ws)
			}
			if !hasSection || !strings.Contains(text, ws[0].Message) {
				t.Errorf("formatted text lacks the warning:\n%s", text)
			}
		})
	}
}

// TestBPMNUploadLogicWarnings: an uploaded file is checked as drawn; its
// logic findings are Quality Issues and metadata warnings.
func TestBPMNUploadLogicWarnings(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("..", "..", "pkg", "bpmn", "lint", "rules", "testdata", "no-negative-to-positive", "invalid-rejection-rejoins.bpmn"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := BPMNFile{}.AnalyzeBPMN(context.Background(), "claim.bpmn", data, nil, llm.Input{})
	if err != nil {
		t.Fatal(err)
	}
	ws := res.Metadata.Warnings
	if len(ws) != 1 || ws[0].Rule != "no-negative-to-positive" || ws[0].ElementID != "Reject" || ws[0].Element != "Reject claim" {
		t.Fatalf("warnings = %+v", ws)
	}
	if !strings.Contains(res.FormattedText, "Negative outcome reaches a positive completion") ||
		!strings.Contains(res.FormattedText, "Elements involved (1): Reject claim\n") {
		t.Errorf("quality issues in the text lack the logic issue:\n%s", res.FormattedText)
	}
}
