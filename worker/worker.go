// Package worker runs the asynq server that processes analyses: it extracts
// text, calls the analyzer, builds the process model and the BPMN diagram,
// and writes every stage to the analysis row as it goes.
package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"runtime/debug"
	"time"

	"github.com/hibiken/asynq"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/blob"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/queue"
	"github.com/spade-bpmn/spade/pkg/tasks"
)

// Config tunes the worker.
type Config struct {
	Concurrency int
	// TaskCheckInterval is how often an idle worker asks Redis for tasks
	// it was not woken for: an enqueue wakes it at once (queue.Waker), so
	// this only bounds how long a lost wake can delay a task.
	TaskCheckInterval time.Duration
	ShutdownTimeout   time.Duration
	SweepInterval     time.Duration
	// RetryDelay overrides the back-off between retries (tests).
	RetryDelay func(n int) time.Duration
	// RetryRand is the source of the retries' jitter (nil: seeded from
	// the runtime); tests fix it to get the same delays every run.
	RetryRand rand.Source
	// Middlewares wrap every task handler (metrics, reprocess progress).
	Middlewares []asynq.MiddlewareFunc
	// HeavySlots is how many heavy tasks (pictures, large PDFs and BPMN
	// files, diagrams of large models) this process runs at once; light
	// tasks keep the rest of Concurrency. 0: DefaultHeavySlots of the
	// process's cores and memory limit.
	HeavySlots int
	// RunLease is the ttl of the run leases (0: 30 seconds); tests
	// shorten it, so that a lease taken over is noticed within a test.
	RunLease time.Duration
	// BusyDelay is the ceiling of the jittered delay before a task that
	// found its analysis still running, or no free heavy slot, is tried
	// again (0: two seconds).
	BusyDelay time.Duration
}

// Deps are what the handlers need.
type Deps struct {
	Repo     *analysis.Repo
	Blobs    *blob.Store
	Queue    *queue.Queue
	Pipeline *pipeline.Pipeline
	Log      *slog.Logger
	// Refunder, when set, gives back the daily call of an analysis that
	// failed for a reason that is not the user's file.
	Refunder Refunder
}

// Worker is the asynq server plus the recovery sweep.
type Worker struct {
	cfg   Config
	deps  Deps
	waker *queue.Waker
	srv   *asynq.Server
	mux   *asynq.ServeMux
	stop  chan struct{}
	done  chan struct{}
}

// wakeSleep caps asynq's sleep after an empty round of fetches.
const wakeSleep = 4 * time.Millisecond

// New builds the worker; Start runs it.
func New(cfg Config, deps Deps) *Worker {
	w := &Worker{cfg: cfg, deps: deps, stop: make(chan struct{}), done: make(chan struct{})}
	retry := cfg.RetryDelay
	if retry == nil {
		retry = newBackoff(cfg.RetryRand).delay
	}
	w.waker = deps.Queue.NewWaker(len(tasks.Queues), cfg.TaskCheckInterval)
	w.srv = asynq.NewServerFromRedisClient(w.waker.Client(), asynq.Config{
		Concurrency: cfg.Concurrency,
		Queues:      tasks.Queues,
		// asynq sleeps this long after finding every queue empty; the
		// waker then holds the next fetch until a wake, so the sleep only
		// delays a wake that lands in it: keep it short.
		TaskCheckInterval: min(cfg.TaskCheckInterval, wakeSleep),
		// A task put back (busy, deferred) or retried waits in asynq's
		// retry set until the forwarder moves it: every 5 s by default,
		// which would add up to 5 s to every put-back; half the busy
		// delay keeps that within it.
		DelayedTaskCheckInterval: busyCeiling(cfg) / 2,
		ShutdownTimeout:          cfg.ShutdownTimeout,
		RetryDelayFunc: func(n int, err error, _ *asynq.Task) time.Duration {
			if notFailure(err) {
				return w.busyDelay()
			}
			return retry(n)
		},
		ErrorHandler: asynq.ErrorHandlerFunc(w.handleError),
		Logger:       slogAdapter{deps.Log},
		LogLevel:     asynq.WarnLevel,
		// A permanent failure (already recorded on the row) is not a
		// failure of the queue: don't count it or retry it. Nor is a task
		// put back because its analysis is still running or every heavy
		// slot is taken.
		IsFailure: func(err error) bool { return !errors.Is(err, asynq.SkipRetry) && !notFailure(err) },
	})
	w.mux = asynq.NewServeMux()
	// The gate comes first: a task it puts back never reached the
	// handler, and the metrics and task log do not count it as an attempt.
	g := &gate{w: w, slots: make(chan struct{}, heavySlots(cfg)), freeOS: debug.FreeOSMemory}
	w.mux.Use(g.Wrap)
	w.mux.Use(cfg.Middlewares...)
	w.mux.Handle(tasks.TypeAnalysisProcess, &processHandler{deps})
	w.mux.Handle(tasks.TypeAnalysisGraph, &graphHandler{deps})
	return w
}

// Start runs the server and the sweep in the background.
func (w *Worker) Start() error {
	// Subscribed before the first fetch, so no enqueue falls between.
	w.waker.Start(2 * time.Second)
	if err := w.srv.Start(w.mux); err != nil {
		_ = w.waker.Close()
		return fmt.Errorf("worker start: %w", err)
	}
	go w.sweepLoop()
	return nil
}

// Shutdown stops fetching new tasks, waits for in-flight ones up to the
// shutdown timeout, and puts unfinished ones back on the queue.
func (w *Worker) Shutdown() {
	close(w.stop)
	<-w.done
	w.waker.Stop()
	w.srv.Shutdown()
	_ = w.waker.Close()
	// Tasks this worker put back on the queue are for the others now.
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	w.deps.Queue.Wake(ctx)
}

// handleError runs after a failed attempt. When retries are exhausted the
// task is archived: mark the analysis failed so nobody waits forever.
func (w *Worker) handleError(ctx context.Context, t *asynq.Task, err error) {
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	log := w.deps.Log.With("task_type", t.Type())
	if notFailure(err) && retried < maxRetry {
		log.Debug("task put back", "reason", err)
		return
	}
	p, perr := tasks.ParsePayload(t.Payload())
	if perr == nil {
		log = log.With("analysis_id", p.AnalysisID)
	}
	if errors.Is(err, asynq.SkipRetry) || retried >= maxRetry {
		log.Warn("task failed for good", "error", err, "retried", retried)
		if perr != nil {
			return
		}
		if q, _ := asynq.GetQueueName(ctx); q == tasks.QueueReprocess {
			// A failed batch reprocess keeps the stored result; the run's
			// record carries the failure.
			return
		}
		detail, ok := failure.Detail(err)
		if !ok {
			detail = "The analysis could not be completed after several attempts. Please try again later."
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if t.Type() == tasks.TypeAnalysisGraph {
			if err := w.deps.Repo.SetGraph(ctx, p.AnalysisID, analysis.GraphFailed, "", ""); err != nil {
				// The row keeps showing the diagram as pending; the
				// recovery sweep enqueues it again.
				log.Error("could not record the diagram as failed", "error", err)
			}
			return
		}
		// Retries used up on transient errors (provider down, rate
		// limits, our faults) give the call back with the failure write;
		// permanent failures were judged (and recorded) where their cause
		// was still known. The write lands only on an unfinished row.
		cause := err
		if errors.Is(err, asynq.SkipRetry) {
			cause = nil
		}
		ferr := w.deps.recordFailure(ctx, w.deps.Repo.Run(p.AnalysisID, ""), p.AnalysisID, detail, cause, log)
		switch {
		case ferr == nil, errors.Is(ferr, analysis.ErrNotFound), errors.Is(ferr, analysis.ErrSuperseded):
			// recorded, gone, or finished meanwhile
		default:
			// The row keeps showing the analysis unfinished; the recovery
			// sweep enqueues it again.
			log.Error("could not record the analysis as failed", "error", ferr)
		}
		return
	}
	log.Info("task will be retried", "error", err, "retried", retried)
}

type slogAdapter struct{ l *slog.Logger }

func (a slogAdapter) Debug(args ...any) { a.l.Debug(fmt.Sprint(args...)) }
func (a slogAdapter) Info(args ...any)  { a.l.Info(fmt.Sprint(args...)) }
func (a slogAdapter) Warn(args ...any)  { a.l.Warn(fmt.Sprint(args...)) }
func (a slogAdapter) Error(args ...any) { a.l.Error(fmt.Sprint(args...)) }
func (a slogAdapter) Fatal(args ...any) { a.l.Error(fmt.Sprint(args...)) }

// Pipeline returns the worker's pipeline (tests wrap its steps).
func (w *Worker) Pipeline() *pipeline.Pipeline { return w.deps.Pipeline }
