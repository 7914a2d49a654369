package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/api"
	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/reprocess"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// opsClient calls the stack as a given session cookie or bearer token.
type opsClient struct {
	s      *stack
	cookie *http.Cookie
	bearer string
}

func (o opsClient) do(method, path string, body any) (int, []byte) {
	o.s.t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, o.s.srv.URL+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if o.cookie != nil {
		req.AddCookie(o.cookie)
	}
	if o.bearer != "" {
		req.Header.Set("Authorization", "Bearer "+o.bearer)
	}
	res, err := o.s.client.Do(req)
	if err != nil {
		o.s.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

// operator makes the stack's user an operator and returns a second,
// ordinary user's client.
func (s *stack) operators() (op, user opsClient) {
	s.t.Helper()
	ctx := context.Background()
	if err := s.app.DB.Exec(`UPDATE users SET is_operator = ? WHERE email = ?`, true, "u1@example.com").Error; err != nil {
		s.t.Fatal(err)
	}
	u, _, err := s.app.Auth.UpsertUser(ctx, auth.User{Issuer: "test", Subject: "u2", Email: "u2@example.com", Name: "U Two"})
	if err != nil {
		s.t.Fatal(err)
	}
	sid, err := s.app.Auth.CreateSession(ctx, u.ID, time.Hour)
	if err != nil {
		s.t.Fatal(err)
	}
	return opsClient{s: s, cookie: s.cookie}, opsClient{s: s, cookie: &http.Cookie{Name: api.SessionCookie, Value: sid}}
}

func TestOpsAccess(t *testing.T) {
	t.Parallel()
	s := setup(t, stackOptions{SignIn: true, Env: map[string]string{
		"SPADE_METRICS_TOKEN": "scrape-secret",
	}})
	op, user := s.operators()
	anon := opsClient{s: s}
	ctx := context.Background()
	accs, _ := s.app.Auth.Accounts(ctx, mustUser(t, s, "u1@example.com"))
	pat, _, err := s.app.Auth.CreateToken(ctx, mustUser(t, s, "u1@example.com"), accs[0].ID, "ops")
	if err != nil {
		t.Fatal(err)
	}
	if code, v, body := s.upload("/api/analyze", "invoice.txt", []byte(sampleTXT)); code != 202 {
		t.Fatalf("upload %d %s", code, body)
	} else {
		s.waitFor(v.ID, 30*time.Second, finished)
	}
	tests := []struct {
		name   string
		c      opsClient
		method string
		path   string
		status int
		want   string
	}{
		{"metrics anonymous", anon, "GET", "/metrics", 401, `"detail"`},
		{"metrics user", user, "GET", "/metrics", 403, "grant-operator"},
		{"metrics operator", op, "GET", "/metrics", 200, `spade_http_requests_total{method="POST",route="/api/analyze",status="202"} 1`},
		{"metrics scrape token", opsClient{s: s, bearer: "scrape-secret"}, "GET", "/metrics", 200, `spade_queue_tasks{queue="analysis"`},
		{"metrics wrong token", opsClient{s: s, bearer: "nope"}, "GET", "/metrics", 401, `"detail"`},
		{"metrics operator token", opsClient{s: s, bearer: pat}, "GET", "/metrics", 200, "spade_llm_calls_total"},
		{"web app ops page is the app shell", anon, "GET", "/ops", 200, "<"},
		{"dashboard anonymous", anon, "GET", "/ops/queues", 401, `"detail"`},
		{"dashboard user", user, "GET", "/ops/queues", 403, `"detail"`},
		{"dashboard operator", op, "GET", "/ops/queues", 200, "<html"},
		{"dashboard deep link", op, "GET", "/ops/queues/queues/analysis", 200, "<html"},
		{"dashboard api", op, "GET", "/ops/queues/api/queues", 200, `"queues"`},
		{"ops api anonymous", anon, "GET", "/api/ops/queues", 401, `"detail"`},
		{"ops api user", user, "GET", "/api/ops/queues", 403, `"detail"`},
		{"ops api operator", op, "GET", "/api/ops/queues", 200, `"name":"analysis"`},
		{"ops api token", opsClient{s: s, bearer: pat}, "GET", "/api/ops/queues", 200, `"processed_today"`},
		{"pause unknown", op, "POST", "/api/ops/queues/nope/pause", 404, "Unknown queue"},
		{"retry unknown", op, "POST", "/api/ops/analyses/nope/retry", 404, `"detail"`},
		{"run bad stage", op, "POST", "/api/ops/reprocess", 400, "Unknown stage"},
		{"run unknown", op, "GET", "/api/ops/reprocess/nope", 404, "not found"},
		{"stage metrics", op, "GET", "/metrics", 200, `spade_stage_duration_seconds_count{outcome="ok",stage="layout"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var body any
			if tt.method == "POST" {
				body = map[string]string{"stage": "x"}
			}
			code, b := tt.c.do(tt.method, tt.path, body)
			if code != tt.status || !strings.Contains(string(b), tt.want) {
				t.Fatalf("%s %s: %d, want %d with %q:\n%.600s", tt.method, tt.path, code, tt.status, tt.want, b)
			}
		})
	}
	// Pause and resume show in the queue list.
	code, b := op.do("POST", "/api/ops/queues/reprocess/pause", nil)
	if code != 200 || !strings.Contains(string(b), `"paused":true`) {
		t.Fatalf("pause: %d %s", code, b)
	}
	code, b = op.do("POST", "/api/ops/queues/reprocess/resume", nil)
	if code != 200 || !strings.Contains(string(b), `"paused":false`) {
		t.Fatalf("resume: %d %s", code, b)
	}
}

func mustUser(t *testing.T, s *stack, email string) string {
	t.Helper()
	u, err := s.app.Auth.UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// TestOpsRetryAndReprocess: a failed analysis is listed with its detail,
// retried by an operator and completes; graph and analysis batches run,
// a second run enqueues nothing, and a failing reprocess keeps the result.
func TestOpsRetryAndReprocess(t *testing.T) {
	redisURL := testenv.Redis(t)
	for name, dbURL := range testenv.Databases(t) {
		t.Run(name, func(t *testing.T) {
			var failNext, failAll atomic.Bool
			failNext.Store(true)
			s := newStack(t, dbURL, redisURL, func(pl *pipeline.Pipeline) {
				analyze := pl.Analyzer
				pl.Analyzer = pipeline.AnalyzeFunc(func(ctx context.Context, p llm.Provider, in llm.Input) (*llm.Result, error) {
					if failNext.Swap(false) || failAll.Load() {
						return nil, failure.Permanent("The model refused this document (test).", nil)
					}
					return analyze.Analyze(ctx, p, in)
				})
			})
			s.app.Queue.Redis.FlushAll(context.Background())
			checkContract(t, s)
			op, _ := s.operators()

			code, v, body := s.upload("/api/analyze", "invoice.txt", []byte(sampleTXT))
			if code != 202 {
				t.Fatalf("upload %d %s", code, body)
			}
			if got := s.waitFor(v.ID, 30*time.Second, finished); got.Status != analysis.StatusFailed {
				t.Fatalf("first attempt should fail: %s", got.Status)
			}
			code, b := op.do("GET", "/api/ops/failed", nil)
			if code != 200 || !strings.Contains(string(b), v.ID) || !strings.Contains(string(b), "The model refused this document (test).") {
				t.Fatalf("failed list: %d %s", code, b)
			}
			code, b = op.do("POST", "/api/ops/analyses/"+v.ID+"/retry", nil)
			if code != 202 {
				t.Fatalf("retry: %d %s", code, b)
			}
			done := s.waitFor(v.ID, 30*time.Second, finished)
			if done.Status != analysis.StatusCompleted || done.Graph.Status != analysis.GraphCompleted {
				t.Fatalf("after retry: %s graph %s detail %q", done.Status, done.Graph.Status, done.Detail)
			}
			if code, b = op.do("POST", "/api/ops/analyses/"+v.ID+"/retry", nil); code != 409 {
				t.Fatalf("retry of a completed analysis: %d %s", code, b)
			}

			// spade reprocess --stage graph --dry-run / run / run again.
			var out bytes.Buffer
			if err := runReprocess(context.Background(), []string{"--stage", "graph", "--dry-run"}, &out); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), "1 analyses match; 1 would be enqueued") {
				t.Fatalf("dry run: %s", out.String())
			}
			out.Reset()
			if err := runReprocess(context.Background(), []string{"--stage", "graph", "--wait", "--rate", "50/s"}, &out); err != nil {
				t.Fatalf("graph run: %v\n%s", err, out.String())
			}
			if !strings.Contains(out.String(), "1 enqueued") || !strings.Contains(out.String(), "completed: 1 done, 0 failed") {
				t.Fatalf("graph run: %s", out.String())
			}
			out.Reset()
			if err := runReprocess(context.Background(), []string{"--stage", "graph"}, &out); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), "0 enqueued, 1 already queued or done") {
				t.Fatalf("second graph run: %s", out.String())
			}

			// A failing analysis batch keeps the previous result.
			before, _ := s.app.Repo.GetByID(context.Background(), v.ID)
			failAll.Store(true)
			code, b = op.do("POST", "/api/ops/reprocess", map[string]any{"stage": "analysis", "analyzer": "document"})
			if code != 202 {
				t.Fatalf("start run: %d %s", code, b)
			}
			var run reprocess.Run
			_ = json.Unmarshal(b, &run)
			r := waitRun(t, op, run.ID)
			if r.Enqueued != 1 || r.Failed != 1 || r.Done != 0 {
				t.Fatalf("failing run: %+v", r)
			}
			after, _ := s.app.Repo.GetByID(context.Background(), v.ID)
			if after.Status != analysis.StatusCompleted || after.FormattedText != before.FormattedText ||
				after.BPMNXML != before.BPMNXML || after.GraphStatus != analysis.GraphCompleted || after.Detail != "" {
				t.Fatalf("failed reprocess changed the row: status %s graph %s detail %q", after.Status, after.GraphStatus, after.Detail)
			}
			// Now it works: the failed item is taken again and completes.
			failAll.Store(false)
			code, b = op.do("POST", "/api/ops/reprocess", map[string]any{"stage": "analysis", "dry_run": true})
			if code != 200 || !strings.Contains(string(b), `"pending":1`) {
				t.Fatalf("dry run: %d %s", code, b)
			}
			code, b = op.do("POST", "/api/ops/reprocess", map[string]any{"stage": "analysis"})
			if code != 202 {
				t.Fatalf("start run: %d %s", code, b)
			}
			_ = json.Unmarshal(b, &run)
			if r := waitRun(t, op, run.ID); r.Done != 1 || r.Failed != 0 {
				t.Fatalf("run: %+v", r)
			}
			final := s.waitFor(v.ID, 30*time.Second, finished)
			if final.Status != analysis.StatusCompleted || final.Graph.Status != analysis.GraphCompleted || !final.CompletedAt.After(*done.CompletedAt) {
				t.Fatalf("after reprocess: %s graph %s", final.Status, final.Graph.Status)
			}
			code, b = op.do("GET", "/api/ops/reprocess", nil)
			if code != 200 || strings.Count(string(b), `"stage"`) < 4 {
				t.Fatalf("runs: %d %s", code, b)
			}

			// A graph rebuild that fails keeps the stored diagram.
			keep, _ := s.app.Repo.GetByID(context.Background(), v.ID)
			if err := s.app.DB.Exec(`UPDATE analyses SET model_json = '{"broken' WHERE id = ?`, v.ID).Error; err != nil {
				t.Fatal(err)
			}
			code, b = op.do("POST", "/api/ops/reprocess", map[string]any{"stage": "graph"})
			if code != 202 {
				t.Fatalf("start graph run: %d %s", code, b)
			}
			_ = json.Unmarshal(b, &run)
			if r := waitRun(t, op, run.ID); r.Enqueued != 1 || r.Failed != 1 {
				t.Fatalf("broken-model graph run: %+v", r)
			}
			kept, _ := s.app.Repo.GetByID(context.Background(), v.ID)
			if kept.GraphStatus != analysis.GraphCompleted || kept.BPMNXML != keep.BPMNXML || kept.BPMNXML == "" {
				t.Fatalf("failed graph rebuild changed the diagram: graph %s", kept.GraphStatus)
			}
		})
	}
}

func waitRun(t *testing.T, op opsClient, id string) reprocess.Run {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		code, b := op.do("GET", "/api/ops/reprocess/"+id, nil)
		var r reprocess.Run
		_ = json.Unmarshal(b, &r)
		if code != 200 {
			t.Fatalf("run %s: %d %s", id, code, b)
		}
		if r.Status == reprocess.RunCompleted || r.Status == reprocess.RunFailed {
			return r
		}
		if time.Now().After(deadline) {
			t.Fatalf("run %s not finished: %+v", id, r)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestOpsRetryWaitsForTheFailedAttempt: the row turns failed before its
// task leaves the queue; a retry in that moment must not be taken for
// the task still in hand and lost. While the task stays queued the
// retry is refused with a detail, never answered 202 and dropped.
func TestOpsRetryWaitsForTheFailedAttempt(t *testing.T) {
	redisURL := testenv.Redis(t)
	for name, dbURL := range testenv.Databases(t) {
		t.Run(name, func(t *testing.T) {
			s := newStack(t, dbURL, redisURL, nil)
			s.app.Queue.Redis.FlushAll(context.Background())
			s.stopWorker() // the task stays queued
			op, _ := s.operators()
			code, v, body := s.upload("/api/analyze", "invoice.txt", []byte(sampleTXT))
			if code != 202 {
				t.Fatalf("upload %d %s", code, body)
			}
			if err := s.app.DB.Exec(`UPDATE analyses SET status = ? WHERE id = ?`, analysis.StatusFailed, v.ID).Error; err != nil {
				t.Fatal(err)
			}
			code, b := op.do("POST", "/api/ops/analyses/"+v.ID+"/retry", nil)
			if code != 409 || !strings.Contains(string(b), "still being closed") {
				t.Fatalf("retry while the attempt is queued: %d %s", code, b)
			}
		})
	}
}
