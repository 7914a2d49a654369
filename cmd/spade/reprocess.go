package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/reprocess"
)

const reprocessUsage = `usage: spade reprocess --stage analysis|graph [flags]

Runs stored analyses through the pipeline again on the low-priority
reprocess queue. graph rebuilds BPMN diagrams from the stored process model
(no LLM call); analysis re-runs extraction and the model and keeps the
previous result until the new one succeeds. Running the same selection
twice enqueues nothing twice.

flags:
`

// cmdReprocess is `spade reprocess`.
func cmdReprocess(ctx context.Context, args []string) error {
	return runReprocess(ctx, args, os.Stdout)
}

func runReprocess(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("reprocess", flag.ContinueOnError)
	fs.SetOutput(out)
	var req reprocess.Request
	fs.StringVar(&req.Stage, "stage", "", "analysis or graph (required)")
	fs.StringVar(&req.Analyzer, "analyzer", "", "only this analyzer: document, image or bpmn")
	fs.StringVar(&req.Since, "since", "", "only analyses created at or after this date (YYYY-MM-DD or RFC 3339, UTC)")
	fs.StringVar(&req.Until, "until", "", "only analyses created before this date")
	fs.StringVar(&req.Account, "account", "", "only this account (name or id)")
	fs.StringVar(&req.Model, "model", "", "only analyses made with this model")
	fs.StringVar(&req.Rate, "rate", "", "release at most N tasks per second (N/s, N/m, N/h); default no limit")
	fs.BoolVar(&req.DryRun, "dry-run", false, "print how many analyses match and enqueue nothing")
	fs.BoolVar(&req.IncludeEdited, "include-edited", false, "also reprocess analyses a person edited or refined (their edits are replaced; skipped by default)")
	wait := fs.Bool("wait", false, "wait until every task of the run has finished")
	fs.Usage = func() {
		fmt.Fprint(out, reprocessUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if req.Stage == "" {
		fs.Usage()
		return errors.New("--stage is required (analysis or graph)")
	}
	p, err := reprocess.ParseParams(req)
	if err != nil {
		if d, ok := failure.Detail(err); ok {
			return errors.New(d)
		}
		return err
	}
	cfg, err := config.Load("text")
	if err != nil {
		return err
	}
	a, err := openApp(ctx, cfg, true)
	if err != nil {
		return err
	}
	defer a.Close()
	svc := a.Reprocess
	if p.DryRun {
		matched, pending, err := svc.Plan(ctx, p)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%d analyses match; %d would be enqueued (%d already queued or done)\n", matched, pending, matched-pending)
		return nil
	}
	if a.Queue.Embedded() {
		return errors.New("SPADE_REDIS_URL is unset: set it to the Redis the workers use, or start the run from the Operations page")
	}
	run, err := svc.Create(ctx, p, "cli")
	if err != nil {
		return err
	}
	if err := svc.Execute(ctx, run); err != nil {
		return fmt.Errorf("run %s: %w", run.ID, err)
	}
	fmt.Fprintf(out, "run %s: %d analyses match, %d enqueued, %d already queued or done\n", run.ID, run.Matched, run.Enqueued, run.Skipped)
	if !*wait {
		fmt.Fprintf(out, "follow it on the Operations page or GET /api/ops/reprocess/%s\n", run.ID)
		return nil
	}
	for {
		r, err := svc.Get(ctx, run.ID)
		if err != nil {
			return err
		}
		if r.Status == reprocess.RunCompleted || r.Status == reprocess.RunFailed {
			fmt.Fprintf(out, "run %s %s: %d done, %d failed\n", r.ID, r.Status, r.Done, r.Failed)
			if r.Failed > 0 {
				return fmt.Errorf("%d of %d tasks failed", r.Failed, r.Enqueued)
			}
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}
