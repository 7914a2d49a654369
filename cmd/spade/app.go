package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spade-bpmn/spade/api"
	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/blob"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/db"
	"github.com/spade-bpmn/spade/pkg/membership"
	"github.com/spade-bpmn/spade/pkg/metrics"
	"github.com/spade-bpmn/spade/pkg/queue"
	"github.com/spade-bpmn/spade/pkg/reprocess"
	"github.com/spade-bpmn/spade/pkg/tasks"
	"github.com/spade-bpmn/spade/worker"
)

// App is the wired system for one process role. openApp builds every
// shared part once; newAPI and newWorker assemble the api and the worker
// from them with explicit calls, so that nothing is filled in later from
// another file and the api and worker of `spade serve` share no mutable
// state but these.
type App struct {
	Cfg   *config.Config
	Log   *slog.Logger
	DB    *db.DB
	Queue *queue.Queue
	Repo  *analysis.Repo
	Auth  *auth.Store
	Blobs *blob.Store
	// Metrics is one registry shared by the api and the worker of one
	// process; Reprocess plans batch runs and records their progress.
	Metrics   *metrics.Metrics
	Reprocess *reprocess.Service
	// Secret is the server's secret key (sign-in flow sealing); Cipher
	// encrypts users' own API keys with it.
	Secret []byte
	Cipher *membership.Cipher
	closer []func()
}

func newLogger(cfg *config.Config) *slog.Logger {
	var lvl slog.Level
	_ = lvl.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: lvl}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(os.Stderr, opts))
	}
	return slog.New(slog.NewTextHandler(os.Stderr, opts))
}

// openApp connects to the database and the queue. migrate applies pending
// migrations first.
func openApp(ctx context.Context, cfg *config.Config, migrate bool) (*App, error) {
	a := &App{Cfg: cfg, Log: newLogger(cfg)}
	applyMemoryLimit(cfg, a.Log)
	if err := privateDir(cfg.DataDir); err != nil {
		return nil, fmt.Errorf("data dir: %w", err)
	}
	d, err := db.Open(cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	a.DB = d
	a.closer = append(a.closer, func() { _ = d.Close() })
	if migrate {
		if err := migrateWithRetry(ctx, d, a.Log); err != nil {
			a.Close()
			return nil, err
		}
	}
	q, err := queue.Open(cfg.RedisURL)
	if err != nil {
		a.Close()
		return nil, err
	}
	a.Queue = q
	a.closer = append(a.closer, func() { _ = q.Close() })
	// Every write to an analysis is announced on the change feed: the
	// api's poll cache drops its answer at once (api.FollowChanges).
	a.Repo = analysis.NewRepo(d.DB).Announcing(q.PublishChanged)
	a.Auth = auth.NewStore(d.DB)
	a.Blobs, err = blob.Open(ctx, cfg.BlobURL, filepath.Join(cfg.DataDir, "uploads"))
	if err != nil {
		a.Close()
		return nil, err
	}
	if a.Secret, a.Cipher, err = loadSecret(cfg); err != nil {
		a.Close()
		return nil, err
	}
	a.Metrics = metrics.New()
	if err := a.Metrics.RegisterQueues(q.Inspector, []string{tasks.QueueAnalysis, tasks.QueueGraph, tasks.QueueReprocess}); err != nil {
		a.Log.Warn("queue metrics unavailable", "error", err)
	}
	a.Reprocess = reprocess.New(d.DB, q.Client, a.Log, cfg.LLMProvider+"/"+cfg.LLMModel)
	return a, nil
}

// privateDir creates the data directory 0700, or narrows an existing one
// to 0700: it holds the SQLite database, the uploads and the secret key.
func privateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	st, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if st.Mode().Perm()&0o077 != 0 {
		return os.Chmod(dir, 0o700)
	}
	return nil
}

// migrateWithRetry waits for a database that is still starting (compose).
func migrateWithRetry(ctx context.Context, d *db.DB, log *slog.Logger) error {
	var err error
	for i := 0; i < 30; i++ {
		if err = d.Migrate(ctx, log); err == nil {
			return nil
		}
		log.Warn("migration failed, retrying", "error", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// Close releases everything in reverse order.
func (a *App) Close() {
	for i := len(a.closer) - 1; i >= 0; i-- {
		a.closer[i]()
	}
}

// newWorker assembles the worker: the pipeline (with the users' key
// lookup), task logging, metrics and reprocess progress, and the shared
// LLM rate budget, in that order (the budget wraps outside the metrics).
func (a *App) newWorker() (*worker.Worker, error) {
	pl, err := newPipeline(a, keyLookup(a.Auth, a.Cipher))
	if err != nil {
		return nil, err
	}
	a.closer = append(a.closer, pl.Close)
	wcfg := worker.Config{
		Concurrency:       a.Cfg.WorkerConcurrency,
		HeavySlots:        a.Cfg.WorkerHeavy,
		TaskCheckInterval: a.Cfg.TaskCheckInterval,
		ShutdownTimeout:   a.Cfg.ShutdownTimeout,
		SweepInterval:     a.Cfg.SweepInterval,
	}
	if err := instrumentWorker(a, &wcfg, pl); err != nil {
		return nil, err
	}
	if err := wireBudget(a, pl); err != nil {
		return nil, err
	}
	return worker.New(wcfg, worker.Deps{Repo: a.Repo, Blobs: a.Blobs, Queue: a.Queue, Pipeline: pl, Log: a.Log, Refunder: newLimiter(a)}), nil
}

// applyMemoryLimit sets the Go runtime's soft memory limit from
// SPADE_MEMORY_LIMIT (unset: Go's default, which honours GOMEMLIMIT), so
// that a container's limit can be told to the garbage collector with the
// rest of the configuration.
func applyMemoryLimit(cfg *config.Config, log *slog.Logger) {
	if cfg.MemoryLimit <= 0 {
		return
	}
	prev := debug.SetMemoryLimit(cfg.MemoryLimit)
	log.Info("memory limit set", "bytes", cfg.MemoryLimit, "previous", prev)
}

// newAPI assembles the api: the core routes (api.New), then membership,
// the demo, sign-in and operations, mounted in that order.
func (a *App) newAPI() (*api.Server, error) {
	deps := api.Deps{
		Config: a.Cfg, DB: a.DB, Repo: a.Repo, Auth: a.Auth, Blobs: a.Blobs, Queue: a.Queue,
		Log: a.Log, Provider: a.Cfg.LLMProvider,
		Versions: newVersions(a, convertBPMN),
	}
	mountMembership(a, &deps)
	mountDemo(a, &deps)
	if err := mountAuth(a, &deps); err != nil {
		return nil, err
	}
	mountOps(a, &deps)
	s := api.New(deps)
	a.closer = append(a.closer, s.FollowChanges())
	return s, nil
}

// serveHTTP runs h on addr until ctx ends, then shuts down gracefully.
func serveHTTP(ctx context.Context, a *App, h http.Handler) error {
	ln, err := net.Listen("tcp", a.Cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", a.Cfg.Addr, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 120 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	a.Log.Info("listening", "addr", "http://"+ln.Addr().String())
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), a.Cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func cmdServe(ctx context.Context, _ []string) error {
	cfg, err := config.Load("text")
	if err != nil {
		return err
	}
	a, err := openApp(ctx, cfg, true)
	if err != nil {
		return err
	}
	defer a.Close()
	routeRedisLog(a)
	a.Log.Info("starting spade serve", "config", a.Cfg.Masked(), "embedded_redis", a.Queue.Embedded(),
		"database", strings.SplitN(cfg.DatabaseURL, ":", 2)[0])
	// Both are built before either runs: the worker's tasks and the api's
	// requests then only ever see finished parts.
	srv, err := a.newAPI()
	if err != nil {
		return err
	}
	w, err := a.newWorker()
	if err != nil {
		return err
	}
	if err := w.Start(); err != nil {
		return err
	}
	defer w.Shutdown()
	return serveHTTP(ctx, a, srv)
}

func cmdAPI(ctx context.Context, _ []string) error {
	cfg, err := config.Load("json")
	if err != nil {
		return err
	}
	if cfg.RedisURL == "" {
		return errors.New("spade api runs apart from the worker, so it needs SPADE_REDIS_URL (use `spade serve` for one process)")
	}
	a, err := openApp(ctx, cfg, true)
	if err != nil {
		return err
	}
	defer a.Close()
	routeRedisLog(a)
	srv, err := a.newAPI()
	if err != nil {
		return err
	}
	return serveHTTP(ctx, a, srv)
}

func cmdWorker(ctx context.Context, _ []string) error {
	cfg, err := config.Load("json")
	if err != nil {
		return err
	}
	if cfg.RedisURL == "" {
		return errors.New("spade worker runs apart from the api, so it needs SPADE_REDIS_URL (use `spade serve` for one process)")
	}
	a, err := openApp(ctx, cfg, false)
	if err != nil {
		return err
	}
	defer a.Close()
	routeRedisLog(a)
	w, err := a.newWorker()
	if err != nil {
		return err
	}
	if err := w.Start(); err != nil {
		return err
	}
	a.Log.Info("worker started", "concurrency", cfg.WorkerConcurrency)
	<-ctx.Done()
	a.Log.Info("worker shutting down")
	w.Shutdown()
	return nil
}

func cmdMigrate(ctx context.Context, _ []string) error {
	cfg, err := config.Load("text")
	if err != nil {
		return err
	}
	d, err := db.Open(cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Migrate(ctx, newLogger(cfg))
}
