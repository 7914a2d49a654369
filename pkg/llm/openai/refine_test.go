package openai

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/refine"
)

// TestRefine: the OpenAI wire format of the refine call, with a valid
// answer, one naming a missing id and a truncated one.
func TestRefine(t *testing.T) {
	valid := `{"operations":[{"op":"rename","target":"a1","name":"Check receipts","lane":"","position":"after","anchor":"","other":"","condition":"","branch_to":"","trigger":"none"}],"not_understood":[]}`
	missing := `{"operations":[{"op":"rename","target":"a42","name":"X","lane":"","position":"after","anchor":"","other":"","condition":"","branch_to":"","trigger":"none"}],"not_understood":[]}`
	for _, tc := range []struct {
		name, answer, wantErr string
		applyOK               bool
	}{
		{"valid operations", valid, "", true},
		{"operation on a missing id", missing, "", false},
		{"truncated answer", valid[:50], "could not be read as edits", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, reply{status: 200, body: completion(tc.answer, "stop")})
			p, err := New(Config{APIKey: "k", BaseURL: f.URL + "/v1", Model: "gpt-4o-mini"})
			if err != nil {
				t.Fatal(err)
			}
			m := sampleModel()
			plan, _, err := p.Refine(context.Background(), "", &m, "rename the check")
			if tc.wantErr != "" {
				if d, _ := failure.Detail(err); !strings.Contains(d, tc.wantErr) {
					t.Fatalf("err = %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if _, aerr := refine.Apply(&m, plan.Operations); (aerr == nil) != tc.applyOK || (aerr != nil && !errors.Is(aerr, refine.ErrRefused)) {
				t.Fatalf("Apply: %v", aerr)
			}
			body := string(f.requests()[0].body)
			if !strings.Contains(body, `"json_schema"`) || !strings.Contains(body, `"strict":true`) || !strings.Contains(body, "ProcessEdits") {
				t.Errorf("request lacks the strict edit schema: %.300s", body)
			}
		})
	}
}
