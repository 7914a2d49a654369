package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"github.com/labstack/echo/v4"
	"github.com/redis/go-redis/v9"

	"github.com/spade-bpmn/spade/api"
	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/metrics"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/tasks"
	"github.com/spade-bpmn/spade/worker"
)

// routeRedisLog makes go-redis print its pool errors through the App's
// logger instead of the standard one, so that JSON logs stay one JSON per
// line. go-redis keeps one logger per process: only the long-running
// commands set it, once, before they start serving.
func routeRedisLog(a *App) { redis.SetLogger(redisLog{a.Log}) }

// redisLog adapts slog to go-redis's internal logger.
type redisLog struct{ l *slog.Logger }

func (r redisLog) Printf(ctx context.Context, format string, v ...any) {
	r.l.WarnContext(ctx, "redis: "+fmt.Sprintf(format, v...))
}

// mountOps adds /metrics, /ops/queues and /api/ops/* to the api.
func mountOps(a *App, d *api.Deps) {
	dash, closeDash := api.NewQueueDashboard(a.Queue.Opt)
	a.closer = append(a.closer, func() { _ = closeDash() })
	d.Mounts = append(d.Mounts, api.OpenAPIMount, api.OpsMount(api.Ops{
		Metrics: a.Metrics, Reprocess: a.Reprocess, MetricsToken: a.Cfg.MetricsToken, Dashboard: dash,
	}))
}

// instrumentWorker times every task and pipeline stage, counts LLM calls,
// records reprocess progress and logs one line per task attempt. With
// SPADE_METRICS_ADDR set, a worker process serves its own /metrics there
// (an api process serves it on its main port).
func instrumentWorker(a *App, cfg *worker.Config, pl *pipeline.Pipeline) error {
	m := a.Metrics
	cfg.Middlewares = append(cfg.Middlewares, taskLog(a), m.TaskMiddleware(), a.Reprocess.Middleware())
	instrumentPipeline(m, pl)
	if addr := a.Cfg.MetricsAddr; addr != "" {
		if err := serveWorkerMetrics(a, m, addr); err != nil {
			return err
		}
	}
	return nil
}

// instrumentPipeline wraps each step of the pipeline with a stage timer.
func instrumentPipeline(m *metrics.Metrics, pl *pipeline.Pipeline) {
	if ex := pl.Extractor; ex != nil {
		pl.Extractor = pipeline.ExtractFunc(func(ctx context.Context, filename string, data []byte, demo bool) (*pipeline.Extracted, error) {
			done := m.Stage("extraction")
			out, err := ex.Extract(ctx, filename, data, demo)
			done(err)
			return out, err
		})
	}
	if pr := pl.Chooser; pr != nil {
		pl.Chooser = pipeline.ChooseFunc(func(ctx context.Context, an *analysis.Analysis) (llm.Provider, llm.Input, string, error) {
			p, in, src, err := pr.Choose(ctx, an)
			return m.InstrumentProvider(p), in, src, err
		})
	}
	if az := pl.Analyzer; az != nil {
		pl.Analyzer = pipeline.AnalyzeFunc(func(ctx context.Context, p llm.Provider, in llm.Input) (*llm.Result, error) {
			done := m.Stage("analysis")
			out, err := az.Analyze(ctx, p, in)
			done(err)
			return out, err
		})
	}
	if r := pl.Renderer; r != nil {
		pl.Renderer = pipeline.RenderFunc(func(pm *process.Model) (string, analysis.Metadata) {
			done := m.Stage("render")
			text, meta := r.Render(pm)
			done(nil)
			return text, meta
		})
	}
	if b := pl.Builder; b != nil {
		pl.Builder = pipeline.BuildFunc(func(ctx context.Context, pm *process.Model) ([]byte, error) {
			done := m.Stage("layout")
			out, err := b.BuildBPMN(ctx, pm)
			done(err)
			return out, err
		})
	}
	if ab := pl.BPMN; ab != nil {
		pl.BPMN = pipeline.AnalyzeBPMNFunc(func(ctx context.Context, filename string, data []byte, p llm.Provider, in llm.Input) (*analysis.Result, error) {
			done := m.Stage("bpmn_analysis")
			out, err := ab.AnalyzeBPMN(ctx, filename, data, p, in)
			done(err)
			return out, err
		})
	}
}

// taskLog logs one line per task attempt with its task id, analysis id,
// queue, outcome and duration.
func taskLog(a *App) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			err := next.ProcessTask(ctx, t)
			id, _ := asynq.GetTaskID(ctx)
			q, _ := asynq.GetQueueName(ctx)
			retried, _ := asynq.GetRetryCount(ctx)
			p, _ := tasks.ParsePayload(t.Payload())
			attrs := []any{"task_id", id, "task_type", t.Type(), "analysis_id", p.AnalysisID, "queue", q,
				"retried", retried, "outcome", metrics.TaskOutcome(ctx, err), "duration_ms", time.Since(start).Milliseconds()}
			if err != nil {
				a.Log.Warn("task attempt", append(attrs, "error", err.Error())...)
			} else {
				a.Log.Info("task attempt", attrs...)
			}
			return err
		})
	}
}

// serveWorkerMetrics serves /metrics of a worker process on addr, guarded
// by SPADE_METRICS_TOKEN when set.
func serveWorkerMetrics(a *App, m *metrics.Metrics, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.Use(api.SecurityHeaders(strings.HasPrefix(a.Cfg.PublicURL, "https://")))
	token := a.Cfg.MetricsToken
	e.GET("/metrics", echo.WrapHandler(m.Handler()), func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if token != "" && c.Request().Header.Get("Authorization") != "Bearer "+token {
				return c.JSON(http.StatusUnauthorized, api.Detail{Detail: "Send the scrape token as Authorization: Bearer <SPADE_METRICS_TOKEN>."})
			}
			return next(c)
		}
	})
	// Scrapes carry no body: the whole request must arrive within the
	// header timeout, so a slow client cannot hold a connection open.
	srv := &http.Server{Handler: e, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second, IdleTimeout: 60 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			a.Log.Warn("worker metrics listener stopped", "error", err)
		}
	}()
	a.Log.Info("worker metrics listening", "addr", "http://"+ln.Addr().String()+"/metrics")
	a.closer = append(a.closer, func() { _ = srv.Close() })
	return nil
}
