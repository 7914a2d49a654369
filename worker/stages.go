package worker

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
)

// stageDelay is how long a stage of an analysis by the built-in analyzer
// runs before its mark is written on its own. A shorter stage's mark waits for the next write of the row, the
// result (Repo.Complete) or a later stage, and goes with it: the built-in
// analyzer passes analyzing and building_model within milliseconds, and
// two row writes each were most of what an analysis cost beyond the queue
// round trip (issue 26). The web app polls far slower than this, so a
// user sees every stage that lasts long enough to be seen, and the stage
// history keeps every mark with the time it began. A vendor's call takes
// seconds and may wait for the shared rate budget, which writes its own
// stage text on the row (cmd/spade budget.go): those analyses write each
// stage at once, as before, so a held mark never overwrites that text.
const stageDelay = 250 * time.Millisecond

// stageWriter records the stages of one live analysis on its row, holding
// back the marks of stages until they have lasted stageDelay. Its timer
// writes a held stage; take hands what is still held to the result's
// write. mu is held across the timer's write, so take (and so the result
// written after it) never runs beside it: a late stage write can never
// land after the result and mark a completed analysis running again.
type stageWriter struct {
	repo  *analysis.Repo
	id    string
	log   *slog.Logger
	delay time.Duration

	mu sync.Mutex
	// hold: stages are held back (holdShort); otherwise each is written
	// when it begins.
	hold    bool
	ctx     context.Context
	pending []analysis.StageMark
	timer   *time.Timer
	closed  bool
	// err is the last write's failure (the analysis was deleted, the
	// database is gone): the next stage returns it and ends the attempt,
	// as a stage write that failed at once did.
	err error
}

func newStageWriter(repo *analysis.Repo, id string, log *slog.Logger, delay time.Duration) *stageWriter {
	return &stageWriter{repo: repo, id: id, log: log, delay: delay}
}

// holdShort makes the writer hold back stages from now on (the analysis
// runs on the built-in analyzer).
func (w *stageWriter) holdShort() {
	w.mu.Lock()
	w.hold = true
	w.mu.Unlock()
}

// set records that stage begins now. Held, its mark is written within
// delay, or with the next write of the row if that comes first; else at
// once.
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
	if !w.hold {
		w.ctx = ctx
		w.writeLocked()
		return w.err
	}
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

// flush writes the held stages now (before a write that names a stage of
// its own, such as the retry loop's waiting_provider).
func (w *stageWriter) flush() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.timer != nil {
		w.timer.Stop()
	}
	w.writeLocked()
}

func (w *stageWriter) writeLocked() {
	if len(w.pending) == 0 || w.err != nil {
		return
	}
	if err := w.repo.SetStages(w.ctx, w.id, w.pending); err != nil {
		w.err = err
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
