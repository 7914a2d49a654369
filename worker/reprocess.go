package worker

import (
	"context"
	"errors"
	"log/slog"

	"github.com/hibiken/asynq"

	"github.com/spade-bpmn/spade/pkg/analysis"
)

// reprocess re-runs extraction and the model for a finished analysis (a
// batch run on the reprocess queue). Nothing on the row changes until the
// new result is complete: a failure leaves the previous result, status and
// diagram exactly as they were, and is reported to the run only.
func (h *processHandler) reprocess(ctx context.Context, a *analysis.Analysis, log *slog.Logger) error {
	if a.Status != analysis.StatusCompleted && a.Status != analysis.StatusFailed {
		// The live pipeline owns an analysis still in flight.
		log.Info("reprocess skipped: analysis in flight", "status", a.Status)
		return nil
	}
	log = log.With("reprocess", true)
	res, _, err := h.run(ctx, a, nil, log)
	if err != nil {
		if permanent(ctx, err) {
			log.Info("reprocess failed; previous result kept", "error", err)
			return errors.Join(asynq.SkipRetry, err)
		}
		log.Warn("reprocess attempt failed; previous result kept", "error", err)
		return err
	}
	if err := h.Repo.Complete(ctx, a.ID, *res); err != nil {
		return err
	}
	log.Info("analysis reprocessed", "total_tokens", res.Usage.TotalTokens)
	return h.Queue.EnqueueGraph(ctx, a.ID)
}
