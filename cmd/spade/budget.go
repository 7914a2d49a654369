package main

import (
	"context"

	"github.com/hibiken/asynq"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/llm/budget"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/tasks"
)

// wireBudget makes every LLM call of this worker draw on the fleet's shared
// rate budget (SPADE_LLM_RPM, SPADE_LLM_TPM) in the queue's Redis. It wraps
// outside the metrics, so that LLM call latency is the vendor's alone and
// the wait shows in spade_llm_budget_wait_seconds.
func wireBudget(a *App, pl *pipeline.Pipeline) error {
	limits := budget.Limits{RPM: a.Cfg.LLMRPM, TPM: a.Cfg.LLMTPM}
	if !limits.Enabled() || pl.Chooser == nil {
		return nil
	}
	b, err := budget.New(a.Queue.Redis, limits, budget.Options{Registerer: a.Metrics.Registry})
	if err != nil {
		return err
	}
	inner := pl.Chooser
	pl.Chooser = pipeline.ChooseFunc(func(ctx context.Context, an *analysis.Analysis) (llm.Provider, llm.Input, string, error) {
		p, in, src, err := inner.Choose(ctx, an)
		if err != nil || p == nil {
			return p, in, src, err
		}
		queue, _ := asynq.GetQueueName(ctx)
		c := budget.Caller{Priority: budget.High}
		if an.IsDemo || queue == tasks.QueueReprocess {
			c.Priority = budget.Low
		}
		// Only live analyses show the wait (a reprocess carries no
		// ShowWait), through the worker, which writes the stage marks it
		// holds back first.
		if show := pipeline.ShowWaitOf(ctx); show != nil {
			c.OnWait = func(waiting bool) {
				text := budget.WaitingText
				if !waiting {
					text = analysis.StageText[analysis.StageAnalyzing].Text
				}
				show(context.WithoutCancel(ctx), text)
			}
		}
		return b.Wrap(p, c), in, src, nil
	})
	a.Log.Info("llm rate budget shared by all workers", "rpm", limits.RPM, "tpm", limits.TPM)
	return nil
}
