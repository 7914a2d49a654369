// Package reprocess runs stored analyses through the pipeline again in
// batches: `graph` rebuilds the BPMN diagram from the stored process model
// (no LLM call), `analysis` re-runs extraction and the model and keeps the
// previous result until the new one succeeds. Runs go to the low-priority
// reprocess queue and keep a progress record. A run is idempotent: an
// (analysis, stage, fingerprint) that is already queued or done is skipped,
// so running the same batch twice enqueues nothing twice.
package reprocess

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/queue"
	"github.com/spade-bpmn/spade/pkg/tasks"
)

// kindPrefix marks a reprocess run in a task id (analysis:kind).
const kindPrefix = "rp-"

// graphVersion is part of the graph fingerprint: bump it when the BPMN
// builder changes so that the next graph run rebuilds every diagram.
const graphVersion = "g1"

// Enqueuer puts a task on the queue; the reprocess package needs only this
// of the queue (tests count calls).
type Enqueuer = queue.Enqueuer

// Service plans and records runs.
type Service struct {
	db  *gorm.DB
	q   Enqueuer
	log *slog.Logger
	// Target names the analyzer configuration (provider/model). It is part
	// of the analysis fingerprint: after a model change, the same batch
	// runs again.
	Target string
	// Now is the clock (tests).
	Now func() time.Time
}

// New returns a service on db and the queue client q.
func New(db *gorm.DB, q Enqueuer, log *slog.Logger, target string) *Service {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Service{db: db, q: q, log: log, Target: target, Now: func() time.Time { return time.Now().UTC() }}
}

// candidate is the part of an analysis a run needs.
type candidate struct {
	ID        string
	BlobKey   string
	ModelJSON string `gorm:"column:model_json"`
}

func (s *Service) selectQuery(ctx context.Context, p Params) *gorm.DB {
	q := s.db.WithContext(ctx).Model(&analysis.Analysis{})
	if p.Stage == StageGraph {
		q = q.Where("status = ? AND model_json <> ''", analysis.StatusCompleted)
	} else {
		q = q.Where("status IN ? AND blob_key <> ''", []string{analysis.StatusCompleted, analysis.StatusFailed})
	}
	if !p.IncludeEdited {
		q = q.Where("version <= 1")
	}
	if p.Analyzer != "" {
		q = q.Where("analyzer_type = ?", p.Analyzer)
	}
	if p.Since != nil {
		q = q.Where("created_at >= ?", p.Since.UTC())
	}
	if p.Until != nil {
		q = q.Where("created_at < ?", p.Until.UTC())
	}
	if p.Account != "" {
		q = q.Where("account_id IN (SELECT id FROM accounts WHERE name = ? OR id = ?)", p.Account, p.Account)
	}
	if p.Model != "" {
		b, _ := json.Marshal(p.Model)
		q = q.Where("metadata_json LIKE ?", `%"model":`+escapeLike(string(b))+`%`)
	}
	return q
}

// escapeLike drops LIKE's wildcard %; a '_' (any one character) in a model
// name can only widen the match by look-alike names, and escaping is not
// portable between SQLite and PostgreSQL.
func escapeLike(s string) string { return strings.ReplaceAll(s, "%", "") }

// fingerprint names the work: the same fingerprint done or queued before
// means there is nothing new to do.
func (s *Service) fingerprint(stage string, c candidate) string {
	h := sha256.New()
	if stage == StageGraph {
		h.Write([]byte(graphVersion + "\x00" + c.ModelJSON))
	} else {
		h.Write([]byte("a1\x00" + s.Target + "\x00" + c.BlobKey))
	}
	return hex.EncodeToString(h.Sum(nil))[:24]
}

// Plan counts the analyses a run would match and how many of them it would
// enqueue (those not already queued or done with the same fingerprint).
func (s *Service) Plan(ctx context.Context, p Params) (matched, pending int, err error) {
	if err := p.Validate(); err != nil {
		return 0, 0, err
	}
	err = s.each(ctx, p, func(c candidate, fp string) error {
		matched++
		var it Item
		e := s.db.WithContext(ctx).Where("analysis_id = ? AND stage = ? AND fingerprint = ?", c.ID, p.Stage, fp).Take(&it).Error
		if errors.Is(e, gorm.ErrRecordNotFound) || (e == nil && it.Status == ItemFailed) {
			pending++
			return nil
		}
		return e
	})
	return matched, pending, err
}

// each walks the matching analyses in id order, in pages, so that a run
// over many rows never holds them all in memory.
func (s *Service) each(ctx context.Context, p Params, fn func(c candidate, fp string) error) error {
	cols := "id, blob_key"
	if p.Stage == StageGraph {
		cols = "id, model_json"
	}
	after := ""
	for {
		var page []candidate
		if err := s.selectQuery(ctx, p).Select(cols).Where("id > ?", after).Order("id").Limit(500).Find(&page).Error; err != nil {
			return fmt.Errorf("reprocess: select analyses: %w", err)
		}
		for _, c := range page {
			if err := fn(c, s.fingerprint(p.Stage, c)); err != nil {
				return err
			}
		}
		if len(page) < 500 {
			return nil
		}
		after = page[len(page)-1].ID
	}
}

// Create stores a new run record (status enqueuing); Execute fills it.
func (s *Service) Create(ctx context.Context, p Params, by string) (*Run, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	b, _ := json.Marshal(p)
	now := s.Now()
	r := &Run{ID: uuid.NewString(), Stage: p.Stage, ParamsJSON: string(b), Params: p, Status: RunEnqueuing,
		CreatedBy: by, CreatedAt: now, UpdatedAt: now}
	if err := s.db.WithContext(ctx).Create(r).Error; err != nil {
		return nil, fmt.Errorf("reprocess: create run: %w", err)
	}
	return r, nil
}

// Execute enqueues the run's analyses, paced by Params.Rate: task i is
// scheduled i/rate seconds from now, so workers take them at that rate
// however fast they are enqueued. It updates the record as it goes.
func (s *Service) Execute(ctx context.Context, r *Run) error {
	p := r.Params
	start := s.Now()
	var matched, enqueued, skipped int
	flush := func() {
		_ = s.db.WithContext(context.WithoutCancel(ctx)).Model(&Run{}).Where("id = ?", r.ID).
			Updates(map[string]any{"matched": matched, "enqueued": enqueued, "skipped": skipped, "updated_at": s.Now()}).Error
	}
	err := s.each(ctx, p, func(c candidate, fp string) error {
		matched++
		claimed, err := s.claim(ctx, r.ID, p.Stage, c.ID, fp)
		if err != nil {
			return err
		}
		if !claimed {
			skipped++
			return nil
		}
		var opts []asynq.Option
		if p.Rate > 0 {
			opts = append(opts, asynq.ProcessAt(start.Add(time.Duration(float64(enqueued)/p.Rate*float64(time.Second)))))
		}
		if err := s.enqueue(ctx, r.ID, p.Stage, c.ID, opts); err != nil {
			// Give the item back so that the next run takes it.
			_ = s.db.WithContext(context.WithoutCancel(ctx)).Model(&Item{}).
				Where("analysis_id = ? AND stage = ? AND fingerprint = ?", c.ID, p.Stage, fp).
				Updates(map[string]any{"status": ItemFailed, "detail": err.Error(), "updated_at": s.Now()}).Error
			return err
		}
		enqueued++
		if enqueued%100 == 0 {
			flush()
		}
		return nil
	})
	fields := map[string]any{"matched": matched, "enqueued": enqueued, "skipped": skipped, "updated_at": s.Now()}
	if err != nil {
		now := s.Now()
		fields["status"], fields["detail"], fields["finished_at"] = RunFailed, "Enqueuing stopped: "+err.Error(), now
	} else {
		fields["status"] = RunRunning
	}
	if uerr := s.db.WithContext(context.WithoutCancel(ctx)).Model(&Run{}).Where("id = ?", r.ID).Updates(fields).Error; uerr != nil && err == nil {
		err = uerr
	}
	r.Matched, r.Enqueued, r.Skipped = matched, enqueued, skipped
	if err == nil {
		s.maybeFinish(context.WithoutCancel(ctx), r.ID)
	}
	s.log.Info("reprocess run enqueued", "run_id", r.ID, "stage", p.Stage, "matched", matched, "enqueued", enqueued, "skipped", skipped)
	return err
}

// claim records the item as queued for this run. It returns false when the
// same work is already queued or done.
func (s *Service) claim(ctx context.Context, runID, stage, analysisID, fp string) (bool, error) {
	db := s.db.WithContext(ctx)
	it := Item{AnalysisID: analysisID, Stage: stage, Fingerprint: fp, RunID: runID, Status: ItemQueued, UpdatedAt: s.Now()}
	res := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&it)
	if res.Error != nil {
		return false, fmt.Errorf("reprocess: claim: %w", res.Error)
	}
	if res.RowsAffected == 1 {
		return true, nil
	}
	// A failed item is taken again by a later run.
	res = db.Model(&Item{}).Where("analysis_id = ? AND stage = ? AND fingerprint = ? AND status = ?", analysisID, stage, fp, ItemFailed).
		Updates(map[string]any{"status": ItemQueued, "run_id": runID, "detail": "", "updated_at": s.Now()})
	if res.Error != nil {
		return false, fmt.Errorf("reprocess: claim: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (s *Service) enqueue(ctx context.Context, runID, stage, analysisID string, opts []asynq.Option) error {
	o := tasks.Options{Queue: tasks.QueueReprocess, Kind: Kind(runID)}
	var t *asynq.Task
	var err error
	if stage == StageGraph {
		t, err = tasks.NewAnalysisGraphTask(analysisID, o)
	} else {
		t, err = tasks.NewAnalysisProcessTask(analysisID, o)
	}
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := queue.EnqueueOnce(ctx, s.q, t, opts...); err != nil {
		return fmt.Errorf("enqueue %s: %w", analysisID, err)
	}
	return nil
}

// Kind is the task-id kind of a run's tasks.
func Kind(runID string) string { return kindPrefix + runID }

// RunOf returns the run id in a task id made with Kind, if any.
func RunOf(taskID string) (string, bool) {
	i := strings.LastIndex(taskID, ":"+kindPrefix)
	if i < 0 {
		return "", false
	}
	id := taskID[i+1+len(kindPrefix):]
	return id, id != ""
}

// Get returns a run.
func (s *Service) Get(ctx context.Context, id string) (*Run, error) {
	var r Run
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("reprocess: get run: %w", err)
	}
	_ = json.Unmarshal([]byte(r.ParamsJSON), &r.Params)
	return &r, nil
}

// List returns the latest runs, newest first.
func (s *Service) List(ctx context.Context, limit int) ([]Run, error) {
	if limit <= 0 || limit > 200 {
		limit = 20
	}
	runs := []Run{}
	if err := s.db.WithContext(ctx).Order("created_at DESC").Limit(limit).Find(&runs).Error; err != nil {
		return nil, fmt.Errorf("reprocess: list runs: %w", err)
	}
	for i := range runs {
		_ = json.Unmarshal([]byte(runs[i].ParamsJSON), &runs[i].Params)
	}
	return runs, nil
}

// Finish records the final outcome of one task of a run. A duplicate
// delivery of a finished item changes nothing.
func (s *Service) Finish(ctx context.Context, runID, stage, analysisID string, taskErr error) error {
	status, col, detail := ItemDone, "done", ""
	if taskErr != nil {
		status, col = ItemFailed, "failed"
		if d, ok := failure.Detail(taskErr); ok {
			detail = d
		} else {
			detail = taskErr.Error()
		}
	}
	db := s.db.WithContext(ctx)
	res := db.Model(&Item{}).Where("run_id = ? AND stage = ? AND analysis_id = ? AND status = ?", runID, stage, analysisID, ItemQueued).
		Updates(map[string]any{"status": status, "detail": detail, "updated_at": s.Now()})
	if res.Error != nil {
		return fmt.Errorf("reprocess: finish item: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return nil
	}
	if err := db.Model(&Run{}).Where("id = ?", runID).
		Updates(map[string]any{col: gorm.Expr(col + " + 1"), "updated_at": s.Now()}).Error; err != nil {
		return fmt.Errorf("reprocess: count: %w", err)
	}
	s.maybeFinish(ctx, runID)
	return nil
}

func (s *Service) maybeFinish(ctx context.Context, runID string) {
	now := s.Now()
	_ = s.db.WithContext(ctx).Model(&Run{}).
		Where("id = ? AND status = ? AND done + failed >= enqueued", runID, RunRunning).
		Updates(map[string]any{"status": RunCompleted, "finished_at": now, "updated_at": now}).Error
}
