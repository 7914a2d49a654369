package worker

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"path"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/hibiken/asynq"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/queue"
	"github.com/spade-bpmn/spade/pkg/tasks"
)

// runLeaseTTL is how long a run lease outlives a process that died while
// holding it (kill -9): its retry waits at most this long. A live holder
// extends it every third of it. Config.RunLease overrides it (tests).
const runLeaseTTL = 30 * time.Second

// leaseTTL is the run leases' ttl: the configured RunLease, else
// runLeaseTTL.
func (w *Worker) leaseTTL() time.Duration {
	if w.cfg.RunLease > 0 {
		return w.cfg.RunLease
	}
	return runLeaseTTL
}

// runGrace is how long past its task's deadline a run keeps its lease:
// a step that checks its context stops within seconds of the deadline;
// one that ignores it (a bug) would otherwise hold the lease, and keep the
// analysis from ever being retried, for as long as its process lives.
// After the grace the retry runs, and the stuck run is logged when it
// ends.
const runGrace = time.Minute

// errBusy: another run of the same task still goes on (asynq gave up on
// it when its deadline fired, but the work has not stopped yet). The
// attempt is put back without counting as a failure.
var errBusy = errors.New("another run of this task is still going on")

// errDeferred: every heavy-task slot of this process is taken. The task
// goes back to the queue without counting as a failure, so that its asynq
// slot serves light tasks meanwhile (and another worker with a free heavy
// slot may take it).
var errDeferred = errors.New("waiting for a free heavy-task slot")

// notFailure reports whether err only put the task back (errBusy,
// errDeferred): asynq does not count it against the task's retries.
func notFailure(err error) bool {
	return errors.Is(err, errBusy) || errors.Is(err, errDeferred)
}

// defaultBusyDelay is the ceiling of the jittered delay before a busy or
// deferred task is tried again.
const defaultBusyDelay = 2 * time.Second

// Sizes from which an upload counts as heavy (see heavy). Compressed
// formats (DOCX, XLSX, DOC) expand many times over, so they count from a
// smaller size than PDF, whose text layer is a fraction of its bytes.
const (
	heavyPDFBytes    = 4 << 20
	heavyPackedBytes = 1 << 20
	heavyTextBytes   = 2 << 20
	heavyBPMNBytes   = 1 << 20
	heavyModelBytes  = 1 << 20
)

// heavyTaskBytes is the memory one heavy task is planned with (a picture
// within its pixel budget, a large PDF or BPMN file being laid out), for
// the default number of heavy slots under a memory limit.
const heavyTaskBytes = 512 << 20

// heavy reports whether a task of type typ on analysis a needs a heavy
// slot: every picture (pixel buffers and OCR, whatever the file size), a
// large document or BPMN file, and the diagram of a large model.
func heavy(typ string, a *analysis.Analysis) bool {
	if typ == tasks.TypeAnalysisGraph {
		return len(a.ModelJSON) >= heavyModelBytes
	}
	switch a.AnalyzerType {
	case analysis.TypeImage:
		return true
	case analysis.TypeBPMN:
		return a.SizeBytes >= heavyBPMNBytes
	}
	switch strings.ToLower(path.Ext(a.OriginalFilename)) {
	case ".pdf":
		return a.SizeBytes >= heavyPDFBytes
	case ".txt":
		return a.SizeBytes >= heavyTextBytes
	}
	return a.SizeBytes >= heavyPackedBytes
}

// DefaultHeavySlots is the number of heavy tasks one worker process runs
// at once when the configuration leaves it open: one per core, and no more
// than the memory limit (GOMEMLIMIT or SPADE_MEMORY_LIMIT; math.MaxInt64
// when there is none) holds at heavyTaskBytes each; at least one.
func DefaultHeavySlots(cores int, memLimit int64) int {
	n := max(cores, 1)
	if memLimit > 0 && memLimit < math.MaxInt64 {
		n = min(n, int(memLimit/heavyTaskBytes))
	}
	return max(n, 1)
}

// gate runs before every task: it takes the analysis's run lease (two
// runs of one task never overlap), loads the row, and for a heavy task a
// heavy slot. The slot and the lease are held until the handler returns,
// which can be after asynq gave up on the attempt (its deadline fired):
// the work then still counts against this process until it has stopped.
//
// A run whose lease another run took over (this process was frozen or cut
// off from Redis long enough to count as dead) is fenced: its context is
// cancelled with queue.ErrLeaseLost as soon as an extension finds the
// lease taken, the row's run token (the lease's) is cleared so that none
// of its writes lands any more (analysis.Run), and the task ends without
// a retry: the run that took over does the work.
type gate struct {
	w     *Worker
	slots chan struct{}
	// freeOS hands freed memory back to the OS (debug.FreeOSMemory).
	freeOS func()
}

// Wrap is the gate as an asynq middleware.
func (g *gate) Wrap(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		id, err := parse(t)
		if err != nil {
			return err
		}
		lease, ok, err := g.w.deps.Queue.Hold(ctx, t.Type()+":"+id, g.w.leaseTTL(), runGrace)
		if err != nil {
			return err
		}
		if !ok {
			return errBusy
		}
		defer lease.Release()
		ctx, cancel := context.WithCancelCause(ctx)
		defer cancel(nil)
		running := ctx
		go func() {
			select {
			case <-lease.Lost():
				cancel(queue.ErrLeaseLost)
				c, stop := context.WithTimeout(context.Background(), 5*time.Second)
				defer stop()
				if err := g.w.deps.Repo.Supersede(c, id, lease.Token); err != nil && !errors.Is(err, analysis.ErrNotFound) {
					// The run that took over clears it as well.
					g.w.deps.Log.Warn("could not fence a run that lost its lease", "analysis_id", id, "error", err)
				}
			case <-running.Done():
			}
		}()
		ctx = withRunToken(ctx, lease.Token)
		a, err := g.w.deps.Repo.GetByID(ctx, id)
		if errors.Is(err, analysis.ErrNotFound) {
			g.w.deps.Log.Info("analysis gone, nothing to do", "analysis_id", id, "task_type", t.Type())
			return nil
		}
		if err != nil {
			return err
		}
		if heavy(t.Type(), a) {
			select {
			case g.slots <- struct{}{}:
				defer g.releaseHeavy()
			default:
				return errDeferred
			}
		}
		err = next.ProcessTask(withRow(ctx, a), t)
		if errors.Is(context.Cause(ctx), queue.ErrLeaseLost) || errors.Is(err, analysis.ErrSuperseded) {
			g.w.deps.Log.Warn("run stopped: another run took it over", "analysis_id", id, "task_type", t.Type(), "error", err)
			return nil
		}
		if d, ok := ctx.Deadline(); ok && time.Since(d) > runGrace {
			// Its lease lapsed at the cap: a retry may have run beside it.
			g.w.deps.Log.Warn("task ran past its deadline and grace, ignoring its context; its run lease had lapsed",
				"analysis_id", id, "task_type", t.Type(), "over", time.Since(d).Round(time.Second).String())
		}
		return err
	})
}

// releaseHeavy frees a heavy slot. When no other heavy task is running,
// the memory the task used (pixel buffers, a large document's text and
// layout) goes back to the OS at once: the runtime's background scavenger
// returns it only over minutes, and meanwhile an idle worker that read
// one picture stays at its peak (measured with bench/memory: 245 MiB
// resident right after an image analysis, 12 MiB of it live heap). The
// forced collection costs a few milliseconds on a heap that small, once
// per heavy task.
func (g *gate) releaseHeavy() {
	<-g.slots
	if len(g.slots) == 0 && g.freeOS != nil {
		g.freeOS()
	}
}

// busyDelay is the delay before a busy or deferred task is tried again:
// jittered, so that tasks waiting together do not come back together.
func (w *Worker) busyDelay() time.Duration {
	ceiling := busyCeiling(w.cfg)
	return ceiling/2 + rand.N(ceiling/2+1)
}

// busyCeiling is the configured BusyDelay, else defaultBusyDelay.
func busyCeiling(cfg Config) time.Duration {
	if cfg.BusyDelay > 0 {
		return cfg.BusyDelay
	}
	return defaultBusyDelay
}

// heavySlots is the configured number of heavy slots, else the default
// from this process's cores and memory limit.
func heavySlots(cfg Config) int {
	if cfg.HeavySlots > 0 {
		return cfg.HeavySlots
	}
	return DefaultHeavySlots(runtime.GOMAXPROCS(0), debug.SetMemoryLimit(-1))
}

type rowKey struct{}

type runTokenKey struct{}

// withRunToken hands the token of the run lease the gate took to the
// handler, whose writes it fences (analysis.Run).
func withRunToken(ctx context.Context, token string) context.Context {
	return context.WithValue(ctx, runTokenKey{}, token)
}

// runToken is the gate's run token ("" for a handler called without the
// gate: its writes are not fenced).
func runToken(ctx context.Context) string {
	s, _ := ctx.Value(runTokenKey{}).(string)
	return s
}

// withRow hands the row the gate loaded to the handler (one read per
// attempt).
func withRow(ctx context.Context, a *analysis.Analysis) context.Context {
	return context.WithValue(ctx, rowKey{}, a)
}

// row returns the analysis the gate loaded, or reads it (handlers called
// without the gate).
func (d Deps) row(ctx context.Context, id string) (*analysis.Analysis, error) {
	if a, ok := ctx.Value(rowKey{}).(*analysis.Analysis); ok && a.ID == id {
		return a, nil
	}
	return d.Repo.GetByID(ctx, id)
}
