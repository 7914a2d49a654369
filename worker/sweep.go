package worker

import (
	"context"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/tasks"
)

// sweepGrace leaves rows alone that were touched very recently: the api may
// be between inserting the row and enqueuing its task.
const sweepGrace = 2 * time.Second

func (w *Worker) sweepLoop() {
	defer close(w.done)
	interval := w.cfg.SweepInterval
	if interval <= 0 {
		interval = 30 * time.Second
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		ctx, cancel := context.WithTimeout(context.Background(), max(interval, 30*time.Second))
		if n, err := w.Sweep(ctx); err != nil {
			w.deps.Log.Warn("recovery sweep failed", "error", err)
		} else if n > 0 {
			w.deps.Log.Info("recovery sweep enqueued analyses", "count", n)
		}
		cancel()
		select {
		case <-w.stop:
			return
		case <-t.C:
		}
	}
}

// Sweep enqueues again every unfinished analysis that has no live task, and
// returns how many it enqueued. Because the database is the source of truth
// and task ids are idempotent, running it any time is safe.
func (w *Worker) Sweep(ctx context.Context) (int, error) {
	rows, err := w.deps.Repo.Unfinished(ctx, time.Now().UTC().Add(-sweepGrace), 1000)
	if err != nil {
		return 0, err
	}
	n := 0
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
