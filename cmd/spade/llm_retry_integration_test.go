package main

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
)

// fakeOpenAI speaks the chat completions wire format: it answers the first
// len(limited) calls with 429 and the Retry-After given, then the model.
func fakeOpenAI(t *testing.T, limited []string, model string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		n := int(calls.Add(1))
		w.Header().Set("Content-Type", "application/json")
		if n <= len(limited) {
			w.Header().Set("Retry-After", limited[n-1])
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = io.WriteString(w, `{"error":{"message":"Rate limit reached for gpt-4o-mini in organization org-x on requests per min (RPM): Limit 3, Used 3.","type":"requests","param":null,"code":"rate_limit_exceeded"}}`)
			return
		}
		b, _ := json.Marshal(map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "created": 1700000000, "model": "gpt-4o-mini-2024-07-18",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": model}}},
			"usage":   map[string]any{"prompt_tokens": 2100, "completion_tokens": 3400, "total_tokens": 5500},
		})
		_, _ = w.Write(b)
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

// stagesUntil polls the analysis and returns every distinct current_stage
// seen, in order, and the final view.
func (s *stack) stagesUntil(id string, d time.Duration) ([]string, analysis.View) {
	s.t.Helper()
	var seen []string
	v := s.waitForEvery(id, d, 25*time.Millisecond, func(v analysis.View) bool {
		if len(seen) == 0 || seen[len(seen)-1] != v.CurrentStage {
			seen = append(seen, v.CurrentStage)
		}
		return v.Status == analysis.StatusCompleted || v.Status == analysis.StatusFailed
	})
	return seen, v
}

// TestProviderRateLimitIsVisible: the provider rate-limits twice (with
// Retry-After) and then answers; the user sees the retry in current_stage,
// then the result.
func TestProviderRateLimitIsVisible(t *testing.T) {
	t.Parallel()
	model, err := os.ReadFile(filepath.Join("..", "..", "pkg", "llm", "testdata", "claim-answer.json"))
	if err != nil {
		t.Fatal(err)
	}
	fake, calls := fakeOpenAI(t, []string{"1", "1"}, string(model))
	s := setup(t, stackOptions{SignIn: true, Env: map[string]string{
		"SPADE_LLM_PROVIDER": "openai",
		"SPADE_LLM_BASE_URL": fake.URL,
	}})
	st, v, body := s.upload("/api/analyze", "claim.txt", []byte(sampleTXT))
	if st != http.StatusAccepted {
		t.Fatalf("upload: %d %s", st, body)
	}
	stages, final := s.stagesUntil(v.ID, time.Minute)
	if final.Status != analysis.StatusCompleted {
		t.Fatalf("status %s detail %q, stages %q", final.Status, final.Detail, stages)
	}
	for _, want := range []string{
		"The AI provider is busy (rate limit). Retry 1 of 5 in 1 s",
		"The AI provider is busy (rate limit). Retry 2 of 5 in 1 s",
		analysis.CompletedText,
	} {
		if !slices.Contains(stages, want) {
			t.Errorf("stage %q never shown; saw %q", want, stages)
		}
	}
	if n := calls.Load(); n != 3 {
		t.Errorf("%d calls to the provider, want 3", n)
	}
	if final.Metadata.Usage == nil || final.Metadata.Usage.TotalTokens != 5500 {
		t.Errorf("usage %+v, want the answer's 5500 tokens", final.Metadata.Usage)
	}
}

// TestUnreachableProviderFailsFast: a base URL nobody answers at fails the
// analysis after two tries, well within 30 s, with a detail that says what
// to do and no promise of a retry.
func TestUnreachableProviderFailsFast(t *testing.T) {
	// Not parallel: it measures how fast the failure comes, and the port
	// it frees could be taken by a parallel test.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	s := setup(t, stackOptions{SignIn: true, Env: map[string]string{
		"SPADE_LLM_PROVIDER": "openai",
		"SPADE_LLM_BASE_URL": "http://" + addr + "/v1",
	}})
	start := time.Now()
	st, v, body := s.upload("/api/analyze", "claim.txt", []byte(sampleTXT))
	if st != http.StatusAccepted {
		t.Fatalf("upload: %d %s", st, body)
	}
	stages, final := s.stagesUntil(v.ID, 45*time.Second)
	elapsed := time.Since(start)
	t.Logf("upload to a clear failure with an unreachable base URL: %s", elapsed.Round(100*time.Millisecond))
	if final.Status != analysis.StatusFailed {
		t.Fatalf("status %s, want failed", final.Status)
	}
	if !slices.Contains(stages, "The AI provider could not be reached. Retry 1 of 5 in 5 s") {
		t.Errorf("the wait before the second try was not shown; saw %q", stages)
	}
	for _, want := range []string{"could not be reached", "SPADE tried 2 times", "try again later", "administrator"} {
		if !strings.Contains(final.Detail, want) {
			t.Errorf("detail %q lacks %q", final.Detail, want)
		}
	}
	// A user reads this; operators' variable names belong in the logs.
	if strings.Contains(final.Detail, "SPADE_") {
		t.Errorf("detail %q names an operator's variable", final.Detail)
	}
	if strings.Contains(final.Detail, "will be retried") || final.CurrentStage != "Analysis failed" {
		t.Errorf("final texts: stage %q detail %q", final.CurrentStage, final.Detail)
	}
}

// TestSameDocumentReusesResult: the second upload of the same document
// reuses the first analysis' model with no LLM call, says so, shows 0
// tokens and gives the daily analyze call back.
func TestSameDocumentReusesResult(t *testing.T) {
	t.Parallel()
	model, err := os.ReadFile(filepath.Join("..", "..", "pkg", "llm", "testdata", "claim-answer.json"))
	if err != nil {
		t.Fatal(err)
	}
	fake, calls := fakeOpenAI(t, nil, string(model))
	s := setup(t, stackOptions{SignIn: true, Env: map[string]string{
		"SPADE_LLM_PROVIDER": "openai",
		"SPADE_LLM_BASE_URL": fake.URL,
	}})
	analyze := func(name string) analysis.View {
		st, v, body := s.upload("/api/analyze", name, []byte(sampleTXT))
		if st != http.StatusAccepted {
			t.Fatalf("upload: %d %s", st, body)
		}
		_, final := s.stagesUntil(v.ID, time.Minute)
		if final.Status != analysis.StatusCompleted {
			t.Fatalf("status %s detail %q", final.Status, final.Detail)
		}
		return final
	}
	first := analyze("claim.txt")
	callsAfterFirst := calls.Load()
	second := analyze("claim-copy.txt")
	if n := calls.Load(); n != callsAfterFirst {
		t.Errorf("the second upload called the provider %d more times", n-callsAfterFirst)
	}
	if second.Metadata.Extra["reused_from"] != first.ID {
		t.Errorf("reused_from = %v, want %s", second.Metadata.Extra["reused_from"], first.ID)
	}
	if second.TotalTokens != 0 || first.TotalTokens == 0 {
		t.Errorf("tokens: first %d, second %d (want >0, 0)", first.TotalTokens, second.TotalTokens)
	}
	if second.FormattedText != first.FormattedText || second.ProcessName != first.ProcessName {
		t.Error("the reused result differs from the first")
	}
	res, body := s.do(http.MethodGet, "/api/membership/usage", nil, "")
	if res.StatusCode != http.StatusOK || !strings.Contains(string(body), `"usage_today":1`) {
		t.Errorf("usage after a reused analysis: %d %s, want 1 call counted", res.StatusCode, body)
	}
}

// TestLongDocumentInSections: a document longer than the configured context
// window is analysed in sections, one call each, and merged into one model
// with a sub-process per section; nothing is cut.
func TestLongDocumentInSections(t *testing.T) {
	t.Parallel()
	model, err := os.ReadFile(filepath.Join("..", "..", "pkg", "llm", "testdata", "claim-answer.json"))
	if err != nil {
		t.Fatal(err)
	}
	fake, calls := fakeOpenAI(t, nil, string(model))
	s := setup(t, stackOptions{SignIn: true, Env: map[string]string{
		"SPADE_LLM_PROVIDER":       "openai",
		"SPADE_LLM_BASE_URL":       fake.URL,
		"SPADE_LLM_CONTEXT_TOKENS": "2048", // the smallest window: sections of ~256 tokens
	}})
	var doc strings.Builder
	for _, h := range []string{"1. Intake", "2. Assessment", "3. Payment"} {
		doc.WriteString(h + "\n")
		doc.WriteString(strings.Repeat("The clerk checks the claim against the policy and records the result in ClaimCenter. ", 10) + "\n\n")
	}
	st, v, body := s.upload("/api/analyze", "long.txt", []byte(doc.String()))
	if st != http.StatusAccepted {
		t.Fatalf("upload: %d %s", st, body)
	}
	_, final := s.stagesUntil(v.ID, time.Minute)
	if final.Status != analysis.StatusCompleted {
		t.Fatalf("status %s detail %q", final.Status, final.Detail)
	}
	if n := calls.Load(); n != 3 {
		t.Errorf("%d calls, want one per section (3)", n)
	}
	res, b := s.do(http.MethodGet, "/api/graph/"+v.ID, nil, "")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("graph: %d %s", res.StatusCode, b)
	}
	for _, h := range []string{`"name":"1. Intake"`, `"name":"2. Assessment"`, `"name":"3. Payment"`, `"type":"subprocess"`, `"parent":"s2"`} {
		if !strings.Contains(string(b), h) {
			t.Errorf("merged model lacks %s", h)
		}
	}
	if final.TotalTokens != 3*5500 {
		t.Errorf("tokens %d, want the three calls summed", final.TotalTokens)
	}
}
