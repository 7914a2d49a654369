package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/bench/throughput/fakellm"
	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/llm/budget"
)

// TestLLMBudgetWaitIsShown spends a one-request-per-minute budget with one
// analysis; the next one shows that it waits for the shared rate limit,
// keeps its place (running, analyzing), and completes once budget is back.
func TestLLMBudgetWaitIsShown(t *testing.T) {
	t.Parallel()
	fake := &fakellm.Server{}
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	s := setup(t, stackOptions{SignIn: true, Env: map[string]string{
		"SPADE_LLM_PROVIDER": "openai",
		"SPADE_LLM_BASE_URL": srv.URL + "/v1",
		"OPENAI_API_KEY":     "fake",
		"SPADE_LLM_MODEL":    "fake-model",
		"SPADE_LLM_RPM":      "1",
	}})

	code, first, body := s.upload("/api/analyze", "invoice.txt", []byte(sampleTXT))
	if code != http.StatusAccepted {
		t.Fatalf("upload: %d %s", code, body)
	}
	if v := s.waitFor(first.ID, time.Minute, finished); v.Status != analysis.StatusCompleted {
		t.Fatalf("first: %s %q", v.Status, v.Detail)
	}
	// Another document: the same one again would be answered by the result
	// cache without a model call.
	code, second, body := s.upload("/api/analyze", "invoice-2.txt", []byte(sampleTXT+"\nThe clerk files the invoice.\n"))
	if code != http.StatusAccepted {
		t.Fatalf("upload: %d %s", code, body)
	}
	v := s.waitFor(second.ID, time.Minute, func(v analysis.View) bool {
		return v.CurrentStage == budget.WaitingText || finished(v)
	})
	if v.CurrentStage != budget.WaitingText || v.Status != analysis.StatusRunning || v.Stage != analysis.StageAnalyzing {
		t.Fatalf("second while the budget is spent: status %s stage %s %q", v.Status, v.Stage, v.CurrentStage)
	}
	if n := fake.Calls.Load(); n != 1 {
		t.Fatalf("vendor calls while the budget is spent = %d, want 1", n)
	}

	// Budget back (as after a minute): the waiting analysis goes on.
	ctx := context.Background()
	keys, err := s.app.Queue.Redis.Keys(ctx, "spade:llmbudget:*:bucket").Result()
	if err != nil || len(keys) != 1 {
		t.Fatalf("budget keys %v, %v", keys, err)
	}
	s.app.Queue.Redis.Del(ctx, keys...)
	if v := s.waitFor(second.ID, time.Minute, finished); v.Status != analysis.StatusCompleted || v.CurrentStage != analysis.CompletedText {
		t.Fatalf("second after the wait: %s %q %q", v.Status, v.CurrentStage, v.Detail)
	}
}
