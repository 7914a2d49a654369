package analysis

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
)

// Repo reads and writes analyses.
type Repo struct {
	db *gorm.DB
	// changed, when set, is told the id of every analysis a write of
	// the repository changed, after the write (Announcing).
	changed func(ctx context.Context, id string)
}

// NewRepo returns a repository on db.
func NewRepo(db *gorm.DB) *Repo { return &Repo{db: db} }

// Announcing returns the repository on the same database that, after
// every write to an analysis (stages, result, failure, diagram, delete),
// calls changed with its id: queue.Queue.PublishChanged, so that an api
// process drops its cached answer for it at once.
func (r *Repo) Announcing(changed func(ctx context.Context, id string)) *Repo {
	return &Repo{db: r.db, changed: changed}
}

// announce tells changed, if set, that analysis id changed.
func (r *Repo) announce(ctx context.Context, id string) {
	if r.changed != nil {
		r.changed(ctx, id)
	}
}

// Create inserts a new analysis.
func (r *Repo) Create(ctx context.Context, a *Analysis) error {
	now := time.Now().UTC()
	a.CreatedAt, a.UpdatedAt = now, now
	if a.Status == "" {
		a.Status = StatusQueued
	}
	if a.Stage == "" {
		a.Stage = StageQueued
		a.CurrentStage = StageText[StageQueued].Text
		a.Progress = StageText[StageQueued].Progress
	}
	if a.StagesLog == "" {
		a.StagesLog = stageLog([]StageMark{{Stage: a.Stage, At: now}})
	}
	if a.GraphStatus == "" {
		a.GraphStatus = GraphPending
	}
	if a.MetadataJSON == "" {
		a.MetadataJSON = "{}"
	}
	if err := r.db.WithContext(ctx).Create(a).Error; err != nil {
		return fmt.Errorf("create analysis: %w", err)
	}
	return nil
}

// Get returns the analysis id of account accountID; another account's
// analysis is ErrNotFound.
func (r *Repo) Get(ctx context.Context, accountID, id string) (*Analysis, error) {
	// The document text (up to 2 MB) is read only by SourceText: the
	// diagram, model and export routes that load analyses do not need it.
	return takeOwned(r.db.WithContext(ctx).Omit("source_text"), accountID, id)
}

// takeOwned reads, with q's choice of columns, analysis id if it is
// account accountID's; another account's analysis is ErrNotFound.
func takeOwned(q *gorm.DB, accountID, id string) (*Analysis, error) {
	var a Analysis
	err := q.Where("id = ? AND account_id = ?", id, accountID).Take(&a).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get analysis: %w", err)
	}
	return &a, nil
}

// SourceText returns the extracted document text of analysis id of
// account accountID ("" when it keeps none).
func (r *Repo) SourceText(ctx context.Context, accountID, id string) (string, error) {
	var texts []string
	err := r.db.WithContext(ctx).Model(&Analysis{}).Where("id = ? AND account_id = ?", id, accountID).Pluck("source_text", &texts).Error
	if err != nil {
		return "", fmt.Errorf("get source text: %w", err)
	}
	if len(texts) == 0 {
		return "", ErrNotFound
	}
	return texts[0], nil
}

// GetView returns what GET /api/document/{id} shows: the analysis of
// account accountID without the model JSON and the BPMN XML, which can be
// large and which polls do not need.
func (r *Repo) GetView(ctx context.Context, accountID, id string) (*Analysis, error) {
	return takeOwned(r.db.WithContext(ctx).Omit("model_json", "bpmn_xml", "source_text"), accountID, id)
}

// GetByID returns the analysis whatever its account (worker side only).
func (r *Repo) GetByID(ctx context.Context, id string) (*Analysis, error) {
	var a Analysis
	err := r.db.WithContext(ctx).Where("id = ?", id).Take(&a).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get analysis: %w", err)
	}
	return &a, nil
}

// ListOptions filters List.
type ListOptions struct {
	AnalyzerType string
	Limit        int
}

// List returns an account's analyses, newest first, without demo analyses.
func (r *Repo) List(ctx context.Context, accountID string, o ListOptions) ([]ListItem, error) {
	if o.Limit <= 0 || o.Limit > 200 {
		o.Limit = 50
	}
	q := r.db.WithContext(ctx).Model(&Analysis{}).
		Select("id, created_at, status, process_name, process_purpose, original_filename, input_tokens, output_tokens, total_tokens, analyzer_type, graph_status").
		Where("account_id = ? AND is_demo = ?", accountID, false)
	if o.AnalyzerType != "" {
		q = q.Where("analyzer_type = ?", o.AnalyzerType)
	}
	var rows []Analysis
	if err := q.Order("created_at DESC").Limit(o.Limit).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("list analyses: %w", err)
	}
	items := make([]ListItem, 0, len(rows))
	for _, a := range rows {
		items = append(items, ListItem{
			ID: a.ID, Timestamp: a.CreatedAt, Status: a.Status, ProcessName: a.ProcessName,
			ProcessPurpose: a.ProcessPurpose, OriginalFilename: a.OriginalFilename,
			InputTokens: a.InputTokens, OutputTokens: a.OutputTokens, TotalTokens: a.TotalTokens,
			AnalyzerType: a.AnalyzerType, Graph: GraphView{Status: a.GraphStatus},
		})
	}
	return items, nil
}

// SetStage records that stage starts now.
func (r *Repo) SetStage(ctx context.Context, id, stage string) error {
	st := StageText[stage]
	return r.update(ctx, id, map[string]any{
		"status": StatusRunning, "stage": stage, "current_stage": st.Text, "progress": st.Progress,
		"stages_log": gorm.Expr("stages_log || ?", stageLog([]StageMark{{Stage: stage, At: time.Now()}})),
	})
}

// Run is one run of an analysis's process task, named by its token (the
// run lease's, queue.Lease.Token). Begin writes the token on the row;
// every later write of the run lands only while the row still carries it,
// so a run that lost its lease (a frozen or cut-off worker whose run was
// taken over) cannot write over the run that took over: its writes
// return ErrSuperseded. A Run with no token writes whatever run the row
// names (a batch reprocess, tests).
type Run struct {
	r         *Repo
	id, token string
}

// Run returns the writes of analysis id's run named token.
func (r *Repo) Run(id, token string) Run { return Run{r: r, id: id, token: token} }

// Begin marks the analysis running under this run, counts the attempt
// and records that its first stage starts now, all in one write. It is
// refused (ErrSuperseded) once the analysis finished: a run that took
// over, or a retry, that read the row before an earlier run completed it
// does not run it a second time.
func (u Run) Begin(ctx context.Context, stage string) error {
	st := StageText[stage]
	now := time.Now().UTC()
	res := u.r.db.WithContext(ctx).Model(&Analysis{}).
		Where("id = ? AND status IN ?", u.id, []string{StatusQueued, StatusRunning}).
		Updates(map[string]any{
			"status": StatusRunning, "attempt": gorm.Expr("attempt + 1"), "detail": "",
			"stage": stage, "current_stage": st.Text, "progress": st.Progress,
			"stages_log": gorm.Expr("stages_log || ?", stageLog([]StageMark{{Stage: stage, At: now}})),
			"run_token":  u.token, "updated_at": now,
		})
	if res.Error != nil {
		return fmt.Errorf("begin analysis %s: %w", u.id, res.Error)
	}
	if res.RowsAffected == 0 {
		return u.r.refused(ctx, u.id)
	}
	u.r.announce(ctx, u.id)
	return nil
}

// BeginGraph puts the completed analysis in the hands of this run of its
// graph task (the diagram drawn after the analysis), whose token is the
// graph task's run lease's: the row carries the token, so that the
// diagram writes of a graph run that another run took over are refused
// (ErrSuperseded), as the process task's writes are after Begin. It is
// refused as well unless the analysis is completed. A Run with no token
// writes nothing here (its writes are not fenced).
func (u Run) BeginGraph(ctx context.Context) error {
	if u.token == "" {
		return nil
	}
	res := u.r.db.WithContext(ctx).Model(&Analysis{}).
		Where("id = ? AND status = ?", u.id, StatusCompleted).
		Updates(map[string]any{"run_token": u.token, "updated_at": time.Now().UTC()})
	if res.Error != nil {
		return fmt.Errorf("begin diagram of analysis %s: %w", u.id, res.Error)
	}
	if res.RowsAffected == 0 {
		return u.r.refused(ctx, u.id)
	}
	return nil
}

// SetStages records stages that began at their marks' times, the last one
// current: one write for stages a worker held back because each ended
// sooner than it could be seen (worker's stageWriter).
func (u Run) SetStages(ctx context.Context, marks []StageMark) error {
	if len(marks) == 0 {
		return nil
	}
	last := marks[len(marks)-1].Stage
	st := StageText[last]
	return u.update(ctx, map[string]any{
		"status": StatusRunning, "stage": last, "current_stage": st.Text, "progress": st.Progress,
		"stages_log": gorm.Expr("stages_log || ?", stageLog(marks)),
	})
}

// SetStageText records that stage starts now with text as current_stage
// instead of the stage's usual text: the retry loop says what it waits for
// ("The AI provider is busy (rate limit). Retry 2 of 5 in 40 s").
func (u Run) SetStageText(ctx context.Context, stage, text string) error {
	return u.update(ctx, map[string]any{
		"status": StatusRunning, "stage": stage, "current_stage": text, "progress": StageText[stage].Progress,
		"stages_log": gorm.Expr("stages_log || ?", stageLog([]StageMark{{Stage: stage, At: time.Now()}})),
	})
}

// Supersede is what a takeover writes on the row of the run it took over
// from the run named token: the token is cleared, if the row still
// carries it, so that the old run's writes are refused from now on, even
// before the new run begins; and updated_at is bumped, so that the next
// sweep leaves the new task alone.
func (r *Repo) Supersede(ctx context.Context, id, token string) error {
	return r.update(ctx, id, map[string]any{
		"run_token": gorm.Expr("CASE WHEN run_token = ? THEN '' ELSE run_token END", token),
	})
}

// refused tells why a run's write changed no row: the row is gone
// (ErrNotFound) or in another run's hands or finished (ErrSuperseded).
func (r *Repo) refused(ctx context.Context, id string) error {
	var n int64
	if err := r.db.WithContext(ctx).Model(&Analysis{}).Where("id = ?", id).Count(&n).Error; err != nil {
		return fmt.Errorf("analysis %s: %w", id, err)
	}
	if n == 0 {
		return ErrNotFound
	}
	return ErrSuperseded
}

// stageLog is marks as lines of stages_log.
func stageLog(marks []StageMark) string {
	var b strings.Builder
	for _, m := range marks {
		b.WriteString(m.Stage + "@" + m.At.UTC().Format(time.RFC3339Nano) + "\n")
	}
	return b.String()
}

// BeginAttempt marks the analysis running and counts the attempt.
func (r *Repo) BeginAttempt(ctx context.Context, id string) error {
	return r.update(ctx, id, map[string]any{
		"status": StatusRunning, "attempt": gorm.Expr("attempt + 1"), "detail": "",
	})
}

// Result is what a finished analysis stage writes.
type Result struct {
	ProcessName    string
	ProcessPurpose string
	FormattedText  string
	ModelJSON      string
	Metadata       Metadata
	Usage          Usage
	// BPMNXML is set when the analyzer already has the diagram (BPMN files).
	BPMNXML string
	// SourceText is the extracted document text the model was made from.
	SourceText string
	// Stages are marks of stages that began before the result and are not
	// on the row yet (a worker holds back short stages): written before
	// the completed mark, in the same write.
	Stages []StageMark
}

// largeColumn is the size from which Complete writes a column of the
// result in a statement of its own.
const largeColumn = 1 << 20

// Complete stores the result and marks the analysis completed, with the
// graph pending (or completed when the result carries the diagram).
//
// A result with a large column (a 100,000-element BPMN file's diagram,
// model and text) is written one large column per statement, in one
// transaction with the completed mark, so that nobody sees the row
// completed before all of it is there and a failure leaves nothing
// behind. One statement of all of them had the driver hold every column
// again as its encoded argument and again in the message it sends (and
// that buffer's growth): for a 100,000-element file the worker's live
// heap went from 79 MB to 262 MB during the write, now to at most 152 MB
// (issue 27, soak row 7). Small results stay one statement, without a
// transaction.
func (r *Repo) Complete(ctx context.Context, id string, res Result) error {
	return r.Run(id, "").Complete(ctx, res)
}

// Complete is Repo.Complete by this run.
func (u Run) Complete(ctx context.Context, res Result) error {
	meta, err := json.Marshal(res.Metadata)
	if err != nil {
		return fmt.Errorf("complete analysis: %w", err)
	}
	now := time.Now().UTC()
	fields := map[string]any{
		"status": StatusCompleted, "stage": StageCompleted, "current_stage": CompletedText,
		"progress": 100, "process_name": res.ProcessName, "process_purpose": res.ProcessPurpose,
		"metadata_json": string(meta),
		"input_tokens":  res.Usage.InputTokens, "output_tokens": res.Usage.OutputTokens,
		"total_tokens": res.Usage.TotalTokens, "detail": "", "completed_at": now,
		"graph_status": GraphPending,
		"stages_log":   gorm.Expr("stages_log || ?", stageLog(append(res.Stages[:len(res.Stages):len(res.Stages)], StageMark{Stage: StageCompleted, At: now}))),
	}
	// The diagram and the source text are kept when the result has none.
	columns := []struct {
		name, value string
		always      bool
	}{
		{"bpmn_xml", res.BPMNXML, false},
		{"model_json", res.ModelJSON, true},
		{"formatted_text", res.FormattedText, true},
		{"source_text", res.SourceText, false},
	}
	var large []string
	for _, c := range columns {
		switch {
		case len(c.value) >= largeColumn:
			large = append(large, c.name)
		case c.always || c.value != "":
			fields[c.name] = c.value
		}
	}
	if len(large) == 0 {
		return u.update(ctx, fields)
	}
	err = u.r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, c := range columns {
			if len(c.value) < largeColumn {
				continue
			}
			if err := u.updateIn(ctx, tx, map[string]any{c.name: c.value}); err != nil {
				return err
			}
		}
		return u.updateIn(ctx, tx, fields)
	})
	if err == nil {
		u.r.announce(ctx, u.id)
	}
	return err
}

// Fail marks the analysis failed with a detail for the user.
func (r *Repo) Fail(ctx context.Context, id, detail string) error {
	return r.Run(id, "").Fail(ctx, detail)
}

// Fail is Repo.Fail by this run.
func (u Run) Fail(ctx context.Context, detail string) error {
	return u.update(ctx, failFields(detail))
}

func failFields(detail string) map[string]any {
	return map[string]any{
		"status": StatusFailed, "stage": StageFailed, "current_stage": "Analysis failed",
		"detail": detail, "graph_status": GraphNone,
	}
}

// FailAnd marks the unfinished analysis failed with detail, as Fail, and
// runs also (the refund of its daily call) in the same transaction, only
// when the failure write landed: a run that another run took over, or an
// analysis that another run finished meanwhile, changes nothing and gives
// nothing back (ErrSuperseded). Whoever sees the row failed sees also's
// writes too, and an error of also undoes the failure write (the task is
// retried). also may be nil.
func (u Run) FailAnd(ctx context.Context, detail string, also func(tx *gorm.DB) error) error {
	landed := false
	err := u.r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		fields := failFields(detail)
		fields["updated_at"] = time.Now().UTC()
		res := u.rows(tx).Where("status IN ?", []string{StatusQueued, StatusRunning}).Updates(fields)
		if res.Error != nil {
			return fmt.Errorf("fail analysis %s: %w", u.id, res.Error)
		}
		if res.RowsAffected == 0 {
			return nil
		}
		landed = true
		if also != nil {
			return also(tx)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if !landed {
		return u.r.refused(ctx, u.id)
	}
	u.r.announce(ctx, u.id)
	return nil
}

// SetGraph stores the BPMN diagram and the graph status.
func (r *Repo) SetGraph(ctx context.Context, id, status, xml, detail string) error {
	return r.Run(id, "").SetGraph(ctx, status, xml, detail)
}

// SetGraph is Repo.SetGraph by this run (the diagram it drew itself).
func (u Run) SetGraph(ctx context.Context, status, xml, detail string) error {
	fields := map[string]any{"graph_status": status}
	if xml != "" {
		fields["bpmn_xml"] = xml
	}
	if detail != "" {
		fields["detail"] = detail
	}
	return u.update(ctx, fields)
}

// Delete removes an account's analysis and returns it (for its blob).
func (r *Repo) Delete(ctx context.Context, accountID, id string) (*Analysis, error) {
	a, err := r.Get(ctx, accountID, id)
	if err != nil {
		return nil, err
	}
	err = r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("DELETE FROM analysis_versions WHERE analysis_id = ?", id).Error; err != nil {
			return err
		}
		return tx.Where("id = ? AND account_id = ?", id, accountID).Delete(&Analysis{}).Error
	})
	if err != nil {
		return nil, fmt.Errorf("delete analysis: %w", err)
	}
	r.announce(ctx, id)
	return a, nil
}

// Unfinished returns analyses not finished and not touched since before,
// oldest first: the recovery sweep re-enqueues those without a live task.
func (r *Repo) Unfinished(ctx context.Context, before time.Time, limit int) ([]Analysis, error) {
	var rows []Analysis
	err := r.db.WithContext(ctx).
		Select("id, status, graph_status, analyzer_type, updated_at, is_demo").
		Where("(status IN ? OR (status = ? AND graph_status IN ?)) AND updated_at < ?",
			[]string{StatusQueued, StatusRunning}, StatusCompleted, []string{GraphPending, GraphBuilding}, before).
		Order("updated_at").Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("unfinished analyses: %w", err)
	}
	return rows, nil
}

// Touch bumps updated_at so the sweep leaves a just-enqueued row alone.
func (r *Repo) Touch(ctx context.Context, id string) error {
	return r.update(ctx, id, map[string]any{})
}

func (r *Repo) update(ctx context.Context, id string, fields map[string]any) error {
	return r.Run(id, "").update(ctx, fields)
}

func (u Run) update(ctx context.Context, fields map[string]any) error {
	if err := u.updateIn(ctx, u.r.db.WithContext(ctx), fields); err != nil {
		return err
	}
	u.r.announce(ctx, u.id)
	return nil
}

// updateIn writes fields and updated_at to the run's analysis through db
// (a transaction, or the repository's connection with a context), if the
// row still carries the run's token.
func (u Run) updateIn(ctx context.Context, db *gorm.DB, fields map[string]any) error {
	fields["updated_at"] = time.Now().UTC()
	res := u.rows(db).Updates(fields)
	if res.Error != nil {
		return fmt.Errorf("update analysis %s: %w", u.id, res.Error)
	}
	if res.RowsAffected == 0 {
		if u.token == "" {
			return ErrNotFound
		}
		return u.r.refused(ctx, u.id)
	}
	return nil
}

// rows is the run's analysis row in db while it carries the run's token
// (any run's, for a Run with no token).
func (u Run) rows(db *gorm.DB) *gorm.DB {
	q := db.Model(&Analysis{}).Where("id = ?", u.id)
	if u.token != "" {
		q = q.Where("run_token = ?", u.token)
	}
	return q
}
