package worker

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/hibiken/asynq"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/blob"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/llm/providers"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/tasks"
)

// processHandler handles analysis:process: extract, analyze, build model.
type processHandler struct{ Deps }

func (h *processHandler) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := parse(t)
	if err != nil {
		return err
	}
	log := h.Log.With("analysis_id", p, "task_type", t.Type())
	a, err := h.row(ctx, p)
	if errors.Is(err, analysis.ErrNotFound) {
		log.Info("analysis gone, nothing to do")
		return nil
	}
	if err != nil {
		return err
	}
	if q, _ := asynq.GetQueueName(ctx); q == tasks.QueueReprocess {
		return h.reprocess(ctx, a, log)
	}
	if a.Status == analysis.StatusCompleted || a.Status == analysis.StatusFailed {
		// A duplicate delivery after a crash: the result is there already.
		if a.Status == analysis.StatusCompleted && a.GraphStatus == analysis.GraphPending {
			return h.Queue.EnqueueGraph(ctx, a.ID)
		}
		return nil
	}
	// Every write of this run is fenced by its run lease's token (the
	// gate's): once another run took over, they change nothing.
	run := h.Repo.Run(a.ID, runToken(ctx))
	if err := run.Begin(ctx, analysis.StageExtractingText); err != nil {
		return err
	}
	// The attempt ends when a stage write finds the analysis deleted or
	// taken over.
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	stages := newStageWriter(run, log, stageDelay, cancel)
	res, model, err := h.run(ctx, a, stages, log)
	if err != nil {
		stages.close()
		if c := context.Cause(ctx); errors.Is(c, analysis.ErrSuperseded) || errors.Is(c, analysis.ErrNotFound) {
			// A stage write found the run taken over or the analysis
			// deleted: the run stops without a failure, a refund or a
			// retry of its own (the gate ends the task).
			return c
		}
		return h.fail(ctx, a, run, err, log)
	}
	res.Stages = stages.take()
	if err := run.Complete(ctx, *res); err != nil {
		return err
	}
	log.Info("analysis completed", "total_tokens", res.Usage.TotalTokens)
	if h.drawInline(ctx, run, res, model, log) {
		return nil
	}
	return h.Queue.EnqueueGraph(ctx, a.ID)
}

// maxInlineModel is the largest model (JSON bytes, about a hundred
// activities) whose diagram the process task draws itself.
const maxInlineModel = 64 << 10

// drawInline draws the diagram of a small model in the process task,
// right after the result is stored (the text is shown while it draws), and
// reports whether it stored it: no graph task to enqueue, wait for, and
// read the row again (issue 26: the separate graph task made the diagram
// appear three times later than a bare queue round trip). A larger model,
// a BPMN file (the graph task decides whether its own diagram stays) or a
// drawing that fails is left to the graph task, which retries, budgets and
// records failures as before.
func (h *processHandler) drawInline(ctx context.Context, run analysis.Run, res *analysis.Result, m *process.Model, log *slog.Logger) bool {
	if m == nil || res.BPMNXML != "" || len(res.ModelJSON) > maxInlineModel || h.Pipeline.Builder == nil {
		return false
	}
	xml, err := h.Pipeline.Builder.BuildBPMN(ctx, m)
	if err == nil {
		err = run.SetGraph(ctx, analysis.GraphCompleted, string(xml), "")
	}
	if err != nil {
		log.Info("diagram left to the graph task", "error", err)
		return false
	}
	log.Info("graph built", "bytes", len(xml))
	return true
}

// run does the work. stages records each stage on the row (live); a
// reprocess passes nil so that the stored result stays as it is until the
// new one is in. The live pipeline has recorded the first stage
// (extracting_text) with the attempt (Repo.BeginStage); the marks of
// later stages that end quickly are still held in stages when run
// returns (the caller's result write takes them). It returns the model
// with the result (nil for a BPMN file, whose analyzer renders its own
// result).
func (h *processHandler) run(ctx context.Context, a *analysis.Analysis, stages *stageWriter, log *slog.Logger) (*analysis.Result, *process.Model, error) {
	pl := h.Pipeline
	ctx, setStage, notify := stageHooks(ctx, stages, log)
	data, err := h.upload(ctx, a)
	if err != nil {
		return nil, nil, err
	}
	provider, in, keySource, err := pl.Chooser.Choose(ctx, a)
	if err != nil {
		return nil, nil, err
	}
	// One wrapper per analysis: the retry budget covers the first call and
	// the corrective round trip together.
	provider = llm.Retrying(provider, pl.Retry, notify)
	in.Filename = a.OriginalFilename
	if a.AnalyzerType == analysis.TypeBPMN {
		res, err := h.analyzeBPMN(ctx, a, data, provider, in, setStage)
		if err != nil {
			return nil, nil, err
		}
		res.Metadata.APIKeySource = keySource
		return res, nil, nil
	}
	doc, err := h.readInput(ctx, a, data, &in)
	if err != nil {
		return nil, nil, err
	}
	if err := setStage(ctx, a.ID, analysis.StageAnalyzing); err != nil {
		return nil, nil, err
	}
	out, reusedFrom, err := h.analyze(ctx, a, provider, in, keySource, stages != nil, log)
	if err != nil {
		return nil, nil, err
	}
	if err := setStage(ctx, a.ID, analysis.StageBuildingModel); err != nil {
		return nil, nil, err
	}
	// Locating sources and rendering take no context: a task whose
	// deadline fired during the analysis stops here (a reprocess records
	// no stages, so nothing else would notice).
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	res, err := h.result(doc, out, reusedFrom, keySource, log)
	if err != nil {
		return nil, nil, err
	}
	return res, &out.Model, nil
}

// stageSetter records that an analysis's stage begins now.
type stageSetter func(ctx context.Context, id, stage string) error

// stageHooks returns how run shows its progress: with stages (live) it
// records each stage and each retry of the provider, and the shared rate
// budget (wrapped into the provider by the chooser) shows its wait
// through the returned context; without (a reprocess) stages are not
// recorded and retries not shown.
func stageHooks(ctx context.Context, stages *stageWriter, log *slog.Logger) (context.Context, stageSetter, func(context.Context, llm.RetryEvent)) {
	if stages == nil {
		return ctx, func(context.Context, string, string) error { return nil }, nil
	}
	return pipeline.WithShowWait(ctx, stages.showWait), stages.set, showRetry(stages.run, stages.note, log)
}

// upload reads the analysis's uploaded file; one that is gone fails the
// analysis for good.
func (h *processHandler) upload(ctx context.Context, a *analysis.Analysis) ([]byte, error) {
	data, err := h.Blobs.Get(ctx, a.BlobKey)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, failure.Permanent("The uploaded file is no longer stored. Please upload it again.", err)
	}
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return data, nil
}

// analyzeBPMN runs the BPMN-file analyzer, which renders its own result.
func (h *processHandler) analyzeBPMN(ctx context.Context, a *analysis.Analysis, data []byte, provider llm.Provider, in llm.Input, setStage stageSetter) (*analysis.Result, error) {
	if err := setStage(ctx, a.ID, analysis.StageAnalyzing); err != nil {
		return nil, err
	}
	res, err := h.Pipeline.BPMN.AnalyzeBPMN(ctx, a.OriginalFilename, data, provider, in)
	if err != nil {
		return nil, err
	}
	if err := setStage(ctx, a.ID, analysis.StageBuildingModel); err != nil {
		return nil, err
	}
	return res, nil
}

// readInput puts the upload into in: a picture as it is (once its header
// passed the check), a document as its extracted text, which it returns.
func (h *processHandler) readInput(ctx context.Context, a *analysis.Analysis, data []byte, in *llm.Input) (*pipeline.Extracted, error) {
	pl := h.Pipeline
	if a.AnalyzerType == analysis.TypeImage {
		if pl.Images != nil {
			if err := pl.Images.CheckImage(data, a.IsDemo); err != nil {
				return nil, err
			}
		}
		in.Kind, in.Image, in.MIMEType = "image", data, a.ContentType
		return nil, nil
	}
	doc, err := pl.Extractor.Extract(ctx, a.OriginalFilename, data, a.IsDemo)
	if err != nil {
		return nil, err
	}
	in.Kind, in.Text = "document", doc.Text
	return doc, nil
}

// analyze returns the model of in: an identical earlier analysis's when
// the result cache has one (with its id; a live, non-demo run then gives
// the daily call back), else the analyzer's, remembered in the cache. The
// built-in analyzer is not cached.
func (h *processHandler) analyze(ctx context.Context, a *analysis.Analysis, provider llm.Provider, in llm.Input, keySource string, live bool, log *slog.Logger) (*llm.Result, string, error) {
	pl := h.Pipeline
	var cacheKey, reusedFrom string
	var out *llm.Result
	if pl.Cache != nil && provider.Name() != providers.Builtin {
		cacheKey = llm.CacheKey(provider.Name(), in.Model, in)
		out, reusedFrom = h.reuse(ctx, cacheKey, a, log)
	}
	if out != nil {
		if live && !a.IsDemo && pl.Uncharge != nil {
			// The same input never pays twice: give the daily call back.
			if err := pl.Uncharge.Refund(context.WithoutCancel(ctx), a.ID); err != nil {
				log.Warn("giving the analyze call back failed", "error", err)
			}
		}
		return out, reusedFrom, nil
	}
	out, err := pl.Analyzer.Analyze(ctx, provider, in)
	if err != nil {
		return nil, "", ownKeyFailure(keySource, err)
	}
	if cacheKey != "" {
		// Remembered before the row is completed: a lookup only takes
		// completed analyses, so a failure later leaves no false hit.
		if err := pl.Cache.Remember(ctx, cacheKey, a.AccountID, a.ID); err != nil {
			log.Warn("remembering the result failed", "error", err)
		}
	}
	return out, "", nil
}

// result renders out's model into the result to store: for a document
// each element's source sentence is located in its text (kept for the
// Source panel), and the metadata say which model made it on which key,
// its usage, the document's format and, when reused, where from.
func (h *processHandler) result(doc *pipeline.Extracted, out *llm.Result, reusedFrom, keySource string, log *slog.Logger) (*analysis.Result, error) {
	var sourceText string
	if doc != nil {
		// Offsets of each element's source sentence, for the Source panel.
		sourceText = doc.Text
		if len(sourceText) > maxSourceText {
			sourceText = sourceText[:maxSourceText]
		}
		process.Locate(&out.Model, sourceText)
	}
	formatted, meta := h.Pipeline.Renderer.Render(&out.Model)
	if reusedFrom != "" {
		if meta.Extra == nil {
			meta.Extra = map[string]any{}
		}
		meta.Extra["reused_from"] = reusedFrom
	}
	modelJSON, err := json.Marshal(out.Model)
	if err != nil {
		return nil, err
	}
	usage := analysis.Usage(out.Usage)
	meta.Model, meta.ModelName, meta.APIKeySource, meta.Usage = out.ModelName, out.ModelName, keySource, &usage
	if doc != nil {
		meta.Format, meta.Pages, meta.Speakers = doc.Format, doc.Pages, doc.Speakers
	}
	log.Debug("analysis built", "activities", len(out.Model.Activities))
	return &analysis.Result{
		ProcessName: out.Model.ProcessName, ProcessPurpose: out.Model.ProcessPurpose,
		FormattedText: formatted, ModelJSON: string(modelJSON), Metadata: meta, Usage: usage,
		SourceText: strings.ToValidUTF8(sourceText, ""),
	}, nil
}

// maxSourceText bounds the document text kept for the Source panel (the
// LLM prompt is bounded far below it).
const maxSourceText = 2 << 20

// reuse returns the model of an identical earlier analysis (nil when
// there is none or it cannot be read: the analysis then calls the LLM).
// The result carries no token usage: nothing was spent on it.
func (h *processHandler) reuse(ctx context.Context, key string, a *analysis.Analysis, log *slog.Logger) (*llm.Result, string) {
	hit, err := h.Pipeline.Cache.Lookup(ctx, key, a.AccountID)
	if err != nil {
		log.Warn("result cache lookup failed", "error", err)
		return nil, ""
	}
	if hit == nil {
		return nil, ""
	}
	m, err := process.Decode([]byte(hit.ModelJSON))
	if err != nil {
		log.Warn("cached model unreadable", "error", err, "source_analysis_id", hit.AnalysisID)
		return nil, ""
	}
	var meta analysis.Metadata
	_ = json.Unmarshal([]byte(hit.MetadataJSON), &meta)
	log.Info("analysis reused from an identical one", "source_analysis_id", hit.AnalysisID)
	return &llm.Result{Model: *m, ModelName: cmp.Or(meta.ModelName, meta.Model)}, hit.AnalysisID
}

// showRetry returns the retry loop's notifier for analysis id: the stage
// and current_stage say that the analysis waits for the provider, why, and
// when the next try comes. note (the stage writer's) writes the stages
// held before it first, so that the retry's stage is the row's newest; a
// failed write is logged, not fatal: the analysis itself can still
// succeed.
func showRetry(run analysis.Run, note func(context.Context, func(context.Context) error), log *slog.Logger) func(ctx context.Context, e llm.RetryEvent) {
	return func(ctx context.Context, e llm.RetryEvent) {
		stage := analysis.StageAnalyzing
		if e.Waiting {
			stage = analysis.StageWaitingProvider
			log.Info("llm call failed, waiting to retry", "error", e.Err, "retry", e.Retry, "delay", e.Delay.String())
		}
		note(ctx, func(ctx context.Context) error { return run.SetStageText(ctx, stage, e.Text()) })
	}
}

// fail records a permanent failure on the row (no retry) or hands a
// transient one back to asynq for a retry with back-off (see permanent).
func (h *processHandler) fail(ctx context.Context, a *analysis.Analysis, run analysis.Run, err error, log *slog.Logger) error {
	if !permanent(ctx, err) {
		if ctx.Err() == nil {
			log.Warn("analysis attempt failed", "error", err)
		}
		return err
	}
	detail, ok := failure.Detail(err)
	if !ok {
		detail = permanentDetail(err)
	}
	log.Info("analysis failed", "error", err, "fault", llm.Classify(err).String())
	// The call is given back in the transaction that records the
	// failure: whoever sees the row failed (the UI, GET
	// /api/membership/usage right after) sees the call given back too, a
	// crash leaves neither, and a run that was taken over (its failure
	// write is refused) gives nothing back. Should the failure not be
	// written, the task is retried.
	if ferr := h.recordFailure(ctx, run, a.ID, detail, err, log); ferr != nil {
		return ferr
	}
	return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
}

func permanentDetail(err error) string {
	switch {
	case errors.Is(err, llm.ErrAuth):
		return "The AI provider rejected the API key. Check your key in Settings or remove it to use the system key."
	case errors.Is(err, llm.ErrRefused):
		return "The AI provider refused to analyze this content."
	case errors.Is(err, llm.ErrInvalidRequest):
		return "The AI provider could not process this request."
	}
	return "The analysis failed."
}

func parse(t *asynq.Task) (string, error) {
	p, err := tasksParse(t.Payload())
	if err != nil {
		return "", fmt.Errorf("%w: poison payload: %v", asynq.SkipRetry, err)
	}
	return p, nil
}
