package worker

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
)

// stageDelay is how long a stage of an analysis runs before its mark is
// written on its own. A shorter stage's mark waits for the next write of
// the row, the result (Repo.Complete) or a later stage, and goes with it:
// the built-in analyzer passes analyzing and building_model within
// milliseconds, and two row writes each were most of what an analysis
// cost beyond the queue round trip (issue 26). The web app polls far
// slower than this, so a user sees every stage that lasts long enough to
// be seen, and the stage history keeps every mark with the time it began.
// A text that says what the analysis waits for (the retry loop's, the
// shared rate budget's) is written through the writer (note), after the
// marks it holds: a held mark never lands on top of it, whatever the
// analyzer.
const stageDelay = 250 * time.Millisecond

// stageWriter records the stages of one live analysis on its row, holding
// back the marks of stages until they have lasted stageDelay. Its timer
// writes a held stage; note writes the held stages and then a wait text;
// take hands what is still held to the result's write. mu is held across
// every write, so none of them runs beside another: a held mark cannot
// land after a wait text written later, nor a late stage write after the
// result (marking a completed analysis running again).
type stageWriter struct {
	run   analysis.Run
	log   *slog.Logger
	delay time.Duration

	mu sync.Mutex
	// ctx is the context of the held marks' write: the attempt's, without
	// its cancellation (the timer writes after set returned).
	ctx     context.Context
	pending []analysis.StageMark
	timer   *time.Timer
	closed  bool
	// err is the last write's failure (the analysis was deleted, the
	// database is gone): the next stage returns it and ends the attempt,
	// as a stage write that failed at once did.
	err error
	// gone cancels the attempt when a write finds the row deleted, or in
	// the hands of a run that took over (ErrSuperseded): a held mark is
	// written while the stage's work (a vendor's call) already runs, and
	// that work is for nobody now. nil: nothing to cancel.
	gone context.CancelCauseFunc
}

func newStageWriter(run analysis.Run, log *slog.Logger, delay time.Duration, gone context.CancelCauseFunc) *stageWriter {
	return &stageWriter{run: run, log: log, delay: delay, gone: gone}
}

// set records that stage begins now. Its mark is written within delay,
// or with the next write of the row if that comes first.
func (w *stageWriter) set(ctx context.Context, _ string, stage string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.err; err != nil {
		return err
	}
	if w.closed {
		return nil
	}
	w.pending = append(w.pending, analysis.StageMark{Stage: stage, At: time.Now().UTC()})
	w.ctx = context.WithoutCancel(ctx)
	if w.timer == nil {
		w.timer = time.AfterFunc(w.delay, w.late)
	} else {
		w.timer.Reset(w.delay)
	}
	return nil
}

// late is the timer: the newest stage has lasted delay, so it and any
// held before it are written now.
func (w *stageWriter) late() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return
	}
	w.writeLocked()
}

// note writes the held stages, then calls write (a wait text of the
// retry loop or the shared rate budget), both under the lock: the text
// lands after every mark set before it, and the timer cannot write one of
// them over it. After take or close it writes nothing (the result or the
// failure is the row's last word).
func (w *stageWriter) note(ctx context.Context, write func(context.Context) error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return
	}
	if w.timer != nil {
		w.timer.Stop()
	}
	w.writeLocked()
	if err := write(ctx); err != nil {
		w.log.Warn("recording the stage text failed", "error", err)
	}
}

// showWait is the live analysis' pipeline.ShowWait: the shared rate
// budget's wait text, written after the held stages.
func (w *stageWriter) showWait(ctx context.Context, text string) {
	w.note(ctx, func(ctx context.Context) error { return w.run.SetWaitText(ctx, text) })
}

func (w *stageWriter) writeLocked() {
	if len(w.pending) == 0 || w.err != nil {
		return
	}
	if err := w.run.SetStages(w.ctx, w.pending); err != nil {
		w.err = err
		if (errors.Is(err, analysis.ErrNotFound) || errors.Is(err, analysis.ErrSuperseded)) && w.gone != nil {
			w.gone(err)
		}
		w.log.Warn("recording the stage failed", "error", err)
		return
	}
	w.pending = nil
}

// take stops the writer and returns the stages still held, for the
// result's write to carry.
func (w *stageWriter) take() []analysis.StageMark {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.closed = true
	if w.timer != nil {
		w.timer.Stop()
	}
	held := w.pending
	w.pending = nil
	return held
}

// close stops the writer, writing what it still holds (an attempt that
// failed keeps the stages it reached in its history).
func (w *stageWriter) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return
	}
	w.closed = true
	if w.timer != nil {
		w.timer.Stop()
	}
	w.writeLocked()
}
