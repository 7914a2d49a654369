// Package metrics holds SPADE's Prometheus metrics: HTTP requests, queue
// sizes, task latency and outcomes, pipeline stage durations and LLM calls.
// One Metrics value per process; the api serves it at /metrics, a worker
// process on its own listener.
package metrics

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/hibiken/asynq"
	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/spade-bpmn/spade/pkg/llm"
)

// Namespace prefixes every SPADE metric.
const Namespace = "spade"

// Metrics is the set of collectors of one process.
type Metrics struct {
	// Registry holds SPADE's collectors plus the Go and process collectors.
	Registry *prometheus.Registry

	httpRequests *prometheus.CounterVec
	httpDuration *prometheus.HistogramVec
	tasks        *prometheus.CounterVec
	taskDuration *prometheus.HistogramVec
	stage        *prometheus.HistogramVec
	llmCalls     *prometheus.CounterVec
	llmTokens    *prometheus.CounterVec
	llmDuration  *prometheus.HistogramVec
}

// slowBuckets cover LLM calls and whole analyses (up to 10 minutes).
var slowBuckets = []float64{0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600}

// New registers every collector on a fresh registry.
func New() *Metrics {
	r := prometheus.NewRegistry()
	m := &Metrics{
		Registry: r,
		httpRequests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "http_requests_total",
			Help: "HTTP requests by method, route template and status code.",
		}, []string{"method", "route", "status"}),
		httpDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Name: "http_request_duration_seconds",
			Help: "HTTP request latency by method and route template.", Buckets: prometheus.DefBuckets,
		}, []string{"method", "route"}),
		tasks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "tasks_total",
			Help: "Queue task attempts by type, queue and outcome (success, retry, failed).",
		}, []string{"type", "queue", "outcome"}),
		taskDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Name: "task_duration_seconds",
			Help: "Queue task attempt latency by type and queue.", Buckets: slowBuckets,
		}, []string{"type", "queue"}),
		stage: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Name: "stage_duration_seconds",
			Help: "Pipeline stage durations: extraction, analysis, render, layout, bpmn_analysis.", Buckets: slowBuckets,
		}, []string{"stage", "outcome"}),
		llmCalls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "llm_calls_total",
			Help: "LLM calls by provider, model and outcome (ok or an error class).",
		}, []string{"provider", "model", "outcome"}),
		llmTokens: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "llm_tokens_total",
			Help: "LLM tokens by provider, model and direction (input, output).",
		}, []string{"provider", "model", "direction"}),
		llmDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Name: "llm_call_duration_seconds",
			Help: "LLM call latency by provider and model.", Buckets: slowBuckets,
		}, []string{"provider", "model"}),
	}
	r.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.httpRequests, m.httpDuration, m.tasks, m.taskDuration, m.stage, m.llmCalls, m.llmTokens, m.llmDuration)
	return m
}

// Handler serves the registry in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{Registry: m.Registry})
}

// Echo is middleware that counts requests by route template (not raw path,
// so ids don't explode the label set) and status.
func (m *Metrics) Echo() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				// Let the error handler write the real status first.
				c.Error(err)
			}
			m.ObserveHTTP(c.Request().Method, c.Path(), c.Response().Status, time.Since(start))
			return nil
		}
	}
}

// HTTPObserver returns ObserveHTTP for one method and route, for requests
// answered outside echo's middleware chain (the api's cached polls): the
// series of status 200 and the latency are looked up once, on first use.
func (m *Metrics) HTTPObserver(method, route string) func(status int, d time.Duration) {
	ok := sync.OnceValue(func() prometheus.Counter { return m.httpRequests.WithLabelValues(method, route, "200") })
	latency := sync.OnceValue(func() prometheus.Observer { return m.httpDuration.WithLabelValues(method, route) })
	return func(status int, d time.Duration) {
		if status == http.StatusOK {
			ok().Inc()
		} else {
			m.httpRequests.WithLabelValues(method, route, strconv.Itoa(status)).Inc()
		}
		latency().Observe(d.Seconds())
	}
}

// ObserveHTTP counts one answered request.
func (m *Metrics) ObserveHTTP(method, route string, status int, d time.Duration) {
	if route == "" {
		route = "unmatched"
	}
	m.httpRequests.WithLabelValues(method, route, strconv.Itoa(status)).Inc()
	m.httpDuration.WithLabelValues(method, route).Observe(d.Seconds())
}

// TaskMiddleware times every task attempt and counts its outcome: success,
// retry (asynq will try again) or failed (no retry left, or SkipRetry).
func (m *Metrics) TaskMiddleware() asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			err := next.ProcessTask(ctx, t)
			q, _ := asynq.GetQueueName(ctx)
			m.taskDuration.WithLabelValues(t.Type(), q).Observe(time.Since(start).Seconds())
			m.tasks.WithLabelValues(t.Type(), q, TaskOutcome(ctx, err)).Inc()
			return err
		})
	}
}

// TaskOutcome classifies the result of one attempt.
func TaskOutcome(ctx context.Context, err error) string {
	if err == nil {
		return "success"
	}
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	if errors.Is(err, asynq.SkipRetry) || retried >= maxRetry {
		return "failed"
	}
	return "retry"
}

// Stage starts timing a pipeline stage; call the returned func with the
// stage's error when it ends.
func (m *Metrics) Stage(stage string) func(err error) {
	start := time.Now()
	return func(err error) {
		outcome := "ok"
		if err != nil {
			outcome = "error"
		}
		m.stage.WithLabelValues(stage, outcome).Observe(time.Since(start).Seconds())
	}
}

// InstrumentProvider wraps p so that every call is counted and timed by
// provider and model, with token usage and error classes.
func (m *Metrics) InstrumentProvider(p llm.Provider) llm.Provider {
	if p == nil {
		return nil
	}
	if _, ok := p.(*instrumented); ok {
		return p
	}
	return &instrumented{p: p, m: m}
}

type instrumented struct {
	p llm.Provider
	m *Metrics
}

func (i *instrumented) Name() string { return i.p.Name() }

func (i *instrumented) Analyze(ctx context.Context, in llm.Input) (*llm.Result, error) {
	start := time.Now()
	res, err := i.p.Analyze(ctx, in)
	model := in.Model
	if res != nil && res.ModelName != "" {
		model = res.ModelName
	}
	if model == "" {
		model = "default"
	}
	name := i.p.Name()
	i.m.llmDuration.WithLabelValues(name, model).Observe(time.Since(start).Seconds())
	i.m.llmCalls.WithLabelValues(name, model, ErrorClass(err)).Inc()
	if res != nil {
		i.m.llmTokens.WithLabelValues(name, model, "input").Add(float64(res.Usage.InputTokens))
		i.m.llmTokens.WithLabelValues(name, model, "output").Add(float64(res.Usage.OutputTokens))
	}
	return res, err
}

// ErrorClass names an LLM error by the llm package's sentinels, so that a
// dashboard can tell rate limits from outages from bad keys.
func ErrorClass(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, llm.ErrRateLimited):
		return "rate_limited"
	case errors.Is(err, llm.ErrUnavailable):
		return "unavailable"
	case errors.Is(err, llm.ErrInvalidRequest):
		return "invalid_request"
	case errors.Is(err, llm.ErrRefused):
		return "refused"
	case errors.Is(err, llm.ErrAuth):
		return "auth"
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, context.Canceled):
		return "canceled"
	}
	return "error"
}
