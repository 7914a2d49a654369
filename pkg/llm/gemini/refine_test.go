package gemini

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/refine"
)

// TestRefine sends the model and the request through Gemini's wire format
// and reads the edit operations back: a valid answer, one naming a missing
// id (the answer decodes; refine.Apply refuses it with a detail), and a cut
// off answer (a failure with a detail).
func TestRefine(t *testing.T) {
	valid := `{"operations":[{"op":"move","target":"a1","name":"","lane":"Finance","position":"after","anchor":"","other":"","condition":"","branch_to":"","trigger":"none"}],"not_understood":[]}`
	missing := `{"operations":[{"op":"delete","target":"a99","name":"","lane":"","position":"after","anchor":"","other":"","condition":"","branch_to":"","trigger":"none"}],"not_understood":["and paint it blue"]}`
	tests := []struct {
		name    string
		answer  string
		wantOps int
		applyOK bool
		wantErr string
	}{
		{"valid operations", valid, 1, true, ""},
		{"operation on a missing id", missing, 1, false, ""},
		{"truncated answer", valid[:60], 0, false, "could not be read as edits"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, generated(tc.answer, "STOP"))
			p, err := New(Config{APIKey: "k", BaseURL: f.URL})
			if err != nil {
				t.Fatal(err)
			}
			m := sampleModel()
			plan, usage, err := p.Refine(context.Background(), "", &m, "move the check to Finance")
			if tc.wantErr != "" {
				d, _ := failure.Detail(err)
				if !strings.Contains(d, tc.wantErr) {
					t.Fatalf("err = %v, want detail with %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || len(plan.Operations) != tc.wantOps || usage.TotalTokens != 1545 {
				t.Fatalf("plan %+v usage %+v err %v", plan, usage, err)
			}
			_, aerr := refine.Apply(&m, plan.Operations)
			if (aerr == nil) != tc.applyOK || (aerr != nil && !errors.Is(aerr, refine.ErrRefused)) {
				t.Fatalf("Apply: %v", aerr)
			}
			var sent struct {
				Contents []struct {
					Parts []struct{ Text string }
				}
				GenerationConfig struct {
					ResponseMIMEType string          `json:"responseMimeType"`
					ResponseSchema   json.RawMessage `json:"responseSchema"`
				} `json:"generationConfig"`
			}
			_ = json.Unmarshal(f.requests()[0].body, &sent)
			if !strings.Contains(sent.Contents[0].Parts[0].Text, `"id":"a1"`) || sent.GenerationConfig.ResponseMIMEType != "application/json" || !strings.Contains(string(sent.GenerationConfig.ResponseSchema), "branch_to") {
				t.Errorf("request did not carry the model and the edit schema: %s", f.requests()[0].body)
			}
		})
	}
}
