package worker

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/tasks"
)

func tasksParse(b []byte) (string, error) {
	p, err := tasks.ParsePayload(b)
	return p.AnalysisID, err
}

// graphHandler handles analysis:graph: process model → BPMN. It never calls
// an LLM, so graphs can be rebuilt for every stored analysis cheaply.
type graphHandler struct{ Deps }

func (h *graphHandler) ProcessTask(ctx context.Context, t *asynq.Task) error {
	id, err := parse(t)
	if err != nil {
		return err
	}
	log := h.Log.With("analysis_id", id, "task_type", t.Type())
	a, err := h.row(ctx, id)
	if errors.Is(err, analysis.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if a.Status != analysis.StatusCompleted {
		return nil
	}
	// Every write of this run is fenced by its run lease's token (the
	// gate's), as the process task's are: a graph run that another run
	// took over (its worker froze past its lease) draws nothing over it.
	run := h.Repo.Run(id, runToken(ctx))
	if err := run.BeginGraph(ctx); err != nil {
		if errors.Is(err, analysis.ErrNotFound) {
			return nil
		}
		return err
	}
	q, _ := asynq.GetQueueName(ctx)
	if a.ModelJSON == "" || keepsOwnDiagram(a) || drawnByAnalysis(a, q) {
		// BPMN files carry their own diagram.
		status := analysis.GraphCompleted
		if a.BPMNXML == "" {
			status = analysis.GraphNone
		}
		return run.SetGraph(ctx, status, "", "")
	}
	// A batch rebuild that fails keeps the stored diagram and its status.
	markFailed := func() {
		if q != tasks.QueueReprocess {
			_ = run.SetGraph(ctx, analysis.GraphFailed, "", "")
		}
	}
	m, err := process.Decode([]byte(a.ModelJSON))
	if err != nil {
		log.Warn("stored model unreadable", "error", err)
		markFailed()
		return asynq.SkipRetry
	}
	xml, err := h.Pipeline.Builder.BuildBPMN(ctx, m)
	if err != nil && ctx.Err() != nil {
		// The task's deadline or a shutdown: asynq retries it (or the
		// sweep does); the stored diagram stays as it was.
		return ctx.Err()
	}
	if err != nil {
		log.Warn("bpmn build failed", "error", err)
		markFailed()
		return asynq.SkipRetry
	}
	if err := run.SetGraph(ctx, analysis.GraphCompleted, string(xml), ""); err != nil {
		return err
	}
	log.Info("graph built", "bytes", len(xml))
	return nil
}

// keepsOwnDiagram reports whether the analysis is an uploaded BPMN file
// drawn with its own diagram interchange: its converted model is for the
// text, SIPOC and items, and redrawing it would throw the modeller's
// layout away. A file without DI was drawn by SPADE (metadata.extra.diagram
// pipeline.DiagramFromSpade) and is redrawn like any model.
func keepsOwnDiagram(a *analysis.Analysis) bool {
	if a.AnalyzerType != analysis.TypeBPMN || a.BPMNXML == "" {
		return false
	}
	meta := a.ParseMetadata()
	d, _ := meta.Extra["diagram"].(string)
	return d != pipeline.DiagramFromSpade && meta.Format != "json"
}

// drawnByAnalysis reports whether the stored diagram of a BPMN file was
// drawn by its analysis (the process task) from the model stored beside
// it, so that the live graph task has nothing to redraw: redrawing a
// large file's model took the worker seconds of CPU and its layout's
// memory again after the analysis had completed (issue 27, row 8). A
// batch rebuild on the reprocess queue still redraws it with the current
// layout.
func drawnByAnalysis(a *analysis.Analysis, queue string) bool {
	return a.AnalyzerType == analysis.TypeBPMN && a.BPMNXML != "" && queue != tasks.QueueReprocess
}
