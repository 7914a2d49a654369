package versions

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/analysis"
)

// TestCheck: what Check says of an instruction is what Refine would do
// with it, told beforehand and with a 200 answer: understood commands
// with their descriptions, unknown sentences with the closest commands
// in the diagram's names, refused operations with Refine's reason, and
// with a language model configured every sentence is handed over.
func TestCheck(t *testing.T) {
	t.Parallel()
	b, err := json.Marshal(base())
	if err != nil {
		t.Fatal(err)
	}
	a := &analysis.Analysis{ID: "c1", Version: 1, ModelJSON: string(b)}
	grammar := &Service{Planner: GrammarPlanner{}}
	model := &Service{Planner: LLMPlanner{Refiner: &countingRefiner{}}}
	for _, tc := range []struct {
		name        string
		svc         *Service
		instruction string
		understood  bool
		asksModel   bool
		operation   string // in the first operation's description
		message     string // in the message
		suggestion  string // one of the suggestions
	}{
		{"a command", grammar, "rename 'Check invoice' to 'Check receipts'", true, false, "Renamed", "", ""},
		{"an unknown sentence", grammar, "once Pay invoice is done we are finished", false, false, "", "did not understand", "end the process after 'Pay invoice'"},
		{"a missing element", grammar, "delete 'the moon'", false, false, "Deleted", "no step, decision or event called", ""},
		{"part understood", grammar, "rename 'Check invoice' to 'Check receipts'; sing a song", true, false, "Renamed", "", ""},
		{"an unknown sentence with a model", model, "once Pay invoice is done we are finished", true, true, "", "", ""},
		{"a command with a model", model, "delete 'Pay invoice'", true, false, "Deleted", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := tc.svc.Check(context.Background(), a, tc.instruction)
			if err != nil {
				t.Fatal(err)
			}
			if got.Understood != tc.understood || got.AsksModel != tc.asksModel {
				t.Fatalf("understood %v asks model %v, want %v %v: %+v", got.Understood, got.AsksModel, tc.understood, tc.asksModel, got)
			}
			if tc.operation != "" && (len(got.Operations) == 0 || !strings.Contains(got.Operations[0], tc.operation)) {
				t.Errorf("operations %q, want the first with %q", got.Operations, tc.operation)
			}
			if !strings.Contains(got.Message, tc.message) || (tc.message == "") != (got.Message == "") {
				t.Errorf("message %q, want %q", got.Message, tc.message)
			}
			if tc.suggestion != "" && !slices.Contains(got.Suggestions, tc.suggestion) {
				t.Errorf("suggestions %q lack %q", got.Suggestions, tc.suggestion)
			}
			if got.Operations == nil || got.NotUnderstood == nil || got.Suggestions == nil || len(got.Suggestions) > 3 {
				t.Errorf("lists must be present (JSON arrays, at most three suggestions): %+v", got)
			}
		})
	}
	if _, err := grammar.Check(context.Background(), &analysis.Analysis{ID: "c2", Version: 1}, "delete 'Pay invoice'"); !errors.Is(err, ErrNoModel) {
		t.Errorf("no model: %v, want ErrNoModel", err)
	}
}
