package metrics

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/alicebob/miniredis/v2"
	"github.com/hibiken/asynq"
	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/llm"
)

func scrape(t *testing.T, m *Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	b, _ := io.ReadAll(rec.Body)
	return string(b)
}

func TestEchoCountsByRouteTemplate(t *testing.T) {
	m := New()
	e := echo.New()
	e.Use(m.Echo())
	e.GET("/api/document/:id", func(c echo.Context) error { return c.String(http.StatusOK, "x") })
	e.GET("/api/boom", func(c echo.Context) error { return echo.NewHTTPError(http.StatusServiceUnavailable, "down") })
	for _, p := range []string{"/api/document/a", "/api/document/b", "/api/boom", "/nowhere"} {
		e.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, p, nil))
	}
	out := scrape(t, m)
	for _, want := range []string{
		`spade_http_requests_total{method="GET",route="/api/document/:id",status="200"} 2`,
		`spade_http_requests_total{method="GET",route="/api/boom",status="503"} 1`,
		`status="404"`,
		`spade_http_request_duration_seconds_count{method="GET",route="/api/document/:id"} 2`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, grep(out, "spade_http"))
		}
	}
}

type fakeProvider struct {
	res *llm.Result
	err error
}

func (f fakeProvider) Name() string { return "fake" }
func (f fakeProvider) Analyze(context.Context, llm.Input) (*llm.Result, error) {
	return f.res, f.err
}

func TestInstrumentProvider(t *testing.T) {
	m := New()
	ok := m.InstrumentProvider(fakeProvider{res: &llm.Result{ModelName: "m1", Usage: llm.Usage{InputTokens: 10, OutputTokens: 3}}})
	bad := m.InstrumentProvider(fakeProvider{err: fmt.Errorf("x: %w", llm.ErrRateLimited)})
	if m.InstrumentProvider(ok) != ok {
		t.Error("wrapping twice should return the same provider")
	}
	for i := 0; i < 2; i++ {
		if _, err := ok.Analyze(context.Background(), llm.Input{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := bad.Analyze(context.Background(), llm.Input{Model: "m2"}); !errors.Is(err, llm.ErrRateLimited) {
		t.Fatalf("error not passed through: %v", err)
	}
	out := scrape(t, m)
	for _, want := range []string{
		`spade_llm_calls_total{model="m1",outcome="ok",provider="fake"} 2`,
		`spade_llm_calls_total{model="m2",outcome="rate_limited",provider="fake"} 1`,
		`spade_llm_tokens_total{direction="input",model="m1",provider="fake"} 20`,
		`spade_llm_tokens_total{direction="output",model="m1",provider="fake"} 6`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, grep(out, "spade_llm"))
		}
	}
}

func TestErrorClass(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{nil, "ok"},
		{llm.ErrAuth, "auth"},
		{fmt.Errorf("w: %w", llm.ErrUnavailable), "unavailable"},
		{context.DeadlineExceeded, "timeout"},
		{errors.New("other"), "error"},
	} {
		if got := ErrorClass(tc.err); got != tc.want {
			t.Errorf("ErrorClass(%v) = %s, want %s", tc.err, got, tc.want)
		}
	}
}

func TestTaskAndStageAndQueues(t *testing.T) {
	mr := miniredis.RunT(t)
	opt := asynq.RedisClientOpt{Addr: mr.Addr()}
	cl := asynq.NewClient(opt)
	defer cl.Close()
	if _, err := cl.Enqueue(asynq.NewTask("t:x", nil), asynq.Queue("analysis")); err != nil {
		t.Fatal(err)
	}
	insp := asynq.NewInspector(opt)
	defer insp.Close()
	m := New()
	if err := m.RegisterQueues(insp, []string{"analysis", "reprocess"}); err != nil {
		t.Fatal(err)
	}
	h := m.TaskMiddleware()(asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		if string(t.Payload()) == "fail" {
			return fmt.Errorf("%w: poison", asynq.SkipRetry)
		}
		return nil
	}))
	_ = h.ProcessTask(context.Background(), asynq.NewTask("analysis:graph", nil))
	_ = h.ProcessTask(context.Background(), asynq.NewTask("analysis:graph", []byte("fail")))
	done := m.Stage("layout")
	done(nil)
	out := scrape(t, m)
	for _, want := range []string{
		`spade_tasks_total{outcome="success",queue="",type="analysis:graph"} 1`,
		`spade_tasks_total{outcome="failed",queue="",type="analysis:graph"} 1`,
		`spade_stage_duration_seconds_count{outcome="ok",stage="layout"} 1`,
		`spade_queue_tasks{queue="analysis",state="pending"} 1`,
		`spade_queue_up{queue="reprocess"} 1`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, grep(out, "spade_"))
		}
	}
	mr.Close()
	if out := scrape(t, m); !strings.Contains(out, `spade_queue_up{queue="analysis"} 0`) {
		t.Errorf("redis down should report up 0:\n%s", grep(out, "spade_queue"))
	}
}

func grep(s, prefix string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, prefix) {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}
