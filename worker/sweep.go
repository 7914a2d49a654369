package worker

import (
	"context"
	"strings"
	"time"

	"github.com/hibiken/asynq"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/queue"
	"github.com/spade-bpmn/spade/pkg/tasks"
)

// sweepGrace leaves rows alone that were touched very recently: the api may
// be between inserting the row and enqueuing its task.
const sweepGrace = 2 * time.Second

// takeOverEvery is how often a worker looks for runs to take over
// (TakeOvers) between its sweeps: a dead holder's run lease stays overdue
// for at least a third of its ttl (ten seconds) before it lapses (see
// Queue.Overdue), and a pass every sixth of it catches it within that
// window.
func (w *Worker) takeOverEvery() time.Duration { return w.leaseTTL() / 6 }

// maxTakeOvers bounds the leases one takeover pass looks at.
const maxTakeOvers = 1000

func (w *Worker) sweepLoop() {
	defer close(w.done)
	interval := w.cfg.SweepInterval
	if interval <= 0 {
		interval = 30 * time.Second
	}
	sweeps := time.NewTicker(interval)
	defer sweeps.Stop()
	// Between sweeps further apart than takeOverEvery, passes that only
	// take orphaned runs over.
	var takeOvers <-chan time.Time
	if every := w.takeOverEvery(); interval > every {
		t := time.NewTicker(every)
		defer t.Stop()
		takeOvers = t.C
	}
	run := func(pass func(context.Context) (int, error), failed, enqueued string) {
		ctx, cancel := context.WithTimeout(context.Background(), max(interval, 30*time.Second))
		defer cancel()
		if n, err := pass(ctx); err != nil {
			w.deps.Log.Warn(failed, "error", err)
		} else if n > 0 {
			w.deps.Log.Info(enqueued, "count", n)
		}
	}
	sweep := func() { run(w.Sweep, "recovery sweep failed", "recovery sweep enqueued analyses") }
	sweep()
	for {
		select {
		case <-w.stop:
			return
		case <-sweeps.C:
			sweep()
		case <-takeOvers:
			run(w.TakeOvers, "looking for orphaned runs failed", "orphaned runs taken over")
		}
	}
}

// Sweep enqueues again every unfinished analysis that has no live task,
// and every one whose task's run was orphaned by a worker process that died
// (takeOver), and returns how many it enqueued. Because the database is
// the source of truth and task ids are idempotent, running it any time is
// safe.
func (w *Worker) Sweep(ctx context.Context) (int, error) {
	rows, err := w.deps.Repo.Unfinished(ctx, time.Now().UTC().Add(-sweepGrace), 1000)
	if err != nil {
		return 0, err
	}
	n := 0
	s := &sweepState{}
	for _, a := range rows {
		typ := tasks.TypeAnalysisProcess
		if a.Status == analysis.StatusCompleted {
			typ = tasks.TypeAnalysisGraph
		}
		id := tasks.TaskID(typ, a.ID, "")
		live, err := w.deps.Queue.Live(ctx, id)
		if err != nil {
			return n, err
		}
		if live {
			took, err := w.takeOver(ctx, s, typ, a.ID)
			if err != nil {
				return n, err
			}
			if took {
				n++
			}
			continue
		}
		w.deps.Queue.Delete(id) // an archived remnant would block the id
		if typ == tasks.TypeAnalysisGraph {
			err = w.deps.Queue.EnqueueGraph(ctx, a.ID)
		} else {
			err = w.deps.Queue.EnqueueProcess(ctx, a.ID)
		}
		if err != nil {
			return n, err
		}
		_ = w.deps.Repo.Touch(ctx, a.ID)
		n++
	}
	return n, nil
}

// TakeOvers is the part of Sweep that runs between sweeps: it takes over
// the runs whose holder died (takeOver), whether or not asynq still shows
// their task live, and returns how many it enqueued. (A task that is not
// live gets its plain enqueue at the next sweep as well; the run lease and
// the finished row make the second run a no-op.) The candidates are the
// run leases near their end, read from Redis in one call
// (Queue.OverdueLeases): a pass every five seconds reads no database rows
// unless it takes a run over, where it read up to a thousand unfinished
// rows and two Redis keys each.
func (w *Worker) TakeOvers(ctx context.Context) (int, error) {
	keys, err := w.deps.Queue.OverdueLeases(ctx, w.leaseTTL(), maxTakeOvers)
	if err != nil {
		return 0, err
	}
	n := 0
	s := &sweepState{}
	for _, key := range keys {
		typ, id, ok := leaseTask(key)
		if !ok {
			continue
		}
		took, err := w.takeOver(ctx, s, typ, id)
		if err != nil {
			return n, err
		}
		if took {
			n++
		}
	}
	return n, nil
}

// leaseTask splits a run lease's name (the gate's task type:analysis id)
// into the task type and the analysis id; ok is false for a lease of no
// task type this worker runs.
func leaseTask(key string) (typ, id string, ok bool) {
	for _, typ := range []string{tasks.TypeAnalysisProcess, tasks.TypeAnalysisGraph} {
		if id, ok := strings.CutPrefix(key, typ+":"); ok && id != "" {
			return typ, id, true
		}
	}
	return "", "", false
}

// sweepState is what one sweep learns once for all its rows: the asynq
// servers that are heartbeating, read at the first overdue lease.
type sweepState struct {
	alive queue.Servers
	// unsure: the server list could not be read, or was not to be
	// trusted; this pass takes nothing over.
	unsure bool
}

// takeOver runs again an analysis whose task asynq still shows as live
// but whose run was orphaned: the worker process that held the run lease
// was killed (kill -9, a lost machine). asynq would give the task back
// only once its own lease on it expired (30 s) and a recoverer ran (every
// minute); the sweep sees it sooner, when both of the holder's own signs
// of life have stopped: its run lease is overdue (two extensions missed)
// and its asynq server has left the server list (no heartbeat for ten
// seconds; or the server of its host and pid started after the lease was
// taken: a restarted container's new process with the old pid). A live
// process keeps at least one of them going even when its task ignores its
// context (the lease is extended until deadline plus grace; the heartbeat
// runs regardless), so a run that is merely slow is never taken over. A
// process stopped as a whole (SIGSTOP, a paused machine) or cut off from
// Redis for more than about twenty seconds counts as dead, as it does for
// asynq after thirty.
//
// The lease is taken over with a compare-and-mark, so of two sweepers
// only one goes on, and the analysis is enqueued as a task of its own id
// (<id>:process:after-<token>): the orphaned task still holds the plain
// id in asynq, which would swallow a second enqueue. The orphaned task,
// when asynq gives it back, finds the run lease held (and waits) or the
// analysis finished (and does nothing): one result, as with any retry.
// The old run is fenced on the row (Repo.Supersede): should its process
// only have been frozen, none of its writes lands when it wakes up, and
// at its next extension it finds the lease marked as taken and stops.
func (w *Worker) takeOver(ctx context.Context, s *sweepState, typ, id string) (bool, error) {
	key := typ + ":" + id
	h, overdue, err := w.deps.Queue.Overdue(ctx, key, w.leaseTTL())
	if err != nil || !overdue {
		return false, err
	}
	if s.alive == nil && !s.unsure {
		if s.alive, err = w.deps.Queue.Servers(); err != nil {
			// The plain re-enqueues of the sweep go on; the next pass
			// looks again (this process's own server registers with its
			// first heartbeat).
			w.deps.Log.Warn("no run taken over: the asynq server list is not to be trusted", "error", err)
			s.unsure = true
		}
	}
	if s.unsure || s.alive.Alive(h) {
		return false, nil
	}
	took, err := w.deps.Queue.TakeOver(ctx, key, h, w.leaseTTL())
	if err != nil || !took {
		return false, err
	}
	o := tasks.Options{Kind: "after-" + h.Token}
	var t *asynq.Task
	if typ == tasks.TypeAnalysisGraph {
		t, err = tasks.NewAnalysisGraphTask(id, o)
	} else {
		t, err = tasks.NewAnalysisProcessTask(id, o)
	}
	if err == nil {
		err = w.deps.Queue.Enqueue(ctx, t)
	}
	if err != nil {
		// The lease is gone and the orphaned task still waits for asynq's
		// recovery: that, or the next sweep's plain enqueue once asynq
		// archived it, still runs the analysis.
		return false, err
	}
	// The old run's writes are refused from now on, should its process
	// only have been frozen; the next sweep leaves the new task alone.
	_ = w.deps.Repo.Supersede(ctx, id, h.Token)
	w.deps.Log.Info("run taken over from a worker that stopped",
		"analysis_id", id, "task_type", typ, "holder_host", h.Host, "holder_pid", h.PID)
	return true, nil
}
