package reprocess

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"

	"github.com/spade-bpmn/spade/pkg/tasks"
)

// Middleware records the outcome of reprocess tasks on their run. Install
// it on the worker's asynq mux; it passes every other task through.
func (s *Service) Middleware() asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			err := next.ProcessTask(ctx, t)
			id, _ := asynq.GetTaskID(ctx)
			runID, ok := RunOf(id)
			if !ok {
				return err
			}
			stage := StageAnalysis
			if t.Type() == tasks.TypeAnalysisGraph {
				stage = StageGraph
			}
			if err != nil && !final(ctx, err) {
				return err // asynq retries it
			}
			p, perr := tasks.ParsePayload(t.Payload())
			if perr != nil {
				return err
			}
			if ferr := s.Finish(context.WithoutCancel(ctx), runID, stage, p.AnalysisID, err); ferr != nil {
				s.log.Warn("reprocess progress not recorded", "run_id", runID, "analysis_id", p.AnalysisID, "error", ferr)
			}
			return err
		})
	}
}

// final reports whether asynq will not retry after err.
func final(ctx context.Context, err error) bool {
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	return errors.Is(err, asynq.SkipRetry) || retried >= maxRetry
}
