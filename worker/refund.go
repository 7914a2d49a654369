package worker

import (
	"context"
	"errors"
	"log/slog"

	"gorm.io/gorm"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
)

// Refunder gives back the daily analyze call charged to an analysis
// (membership.Limiter) inside tx, the transaction that records the
// analysis failed, on the same database: the call comes back exactly when
// the failure lands. Refunding an analysis never charged is harmless.
type Refunder interface {
	RefundIn(ctx context.Context, tx *gorm.DB, analysisID string) error
}

// notUsersFault reports whether a failed analysis should cost the user
// nothing: the provider could not be reached, rate-limited us or rejected
// the configured key, or something broke on our side. Failures that come
// from the file itself (unreadable, empty, refused or unprocessable
// content) keep their charge.
//
// This is the one place that decides; when the LLM path classifies
// failures itself, point this at its classification.
func notUsersFault(err error) bool {
	switch {
	case errors.Is(err, llm.ErrRefused), errors.Is(err, llm.ErrInvalidRequest):
		return false
	case errors.Is(err, llm.ErrAuth), errors.Is(err, llm.ErrRateLimited), errors.Is(err, llm.ErrUnavailable),
		errors.Is(err, llm.ErrUnreachable):
		return true
	case failure.IsPermanent(err):
		return false
	}
	return true
}

// Details of an analysis that failed on the user's own key. They speak to
// the user, who can act on them (try again, fix or remove the key), never
// of the operator's settings; the daily call is given back (notUsersFault).
const (
	ownKeyUnreachable = "Your AI provider could not be reached, so this analysis did not run and used none of today's analyses. Your key is kept: try again later, or remove the key in Settings to use the built-in analyzer."
	ownKeyRefused     = "Your AI provider refused your API key, so this analysis did not run and used none of today's analyses. Your key is kept: check it in Settings and try again, or remove the key to use the built-in analyzer."
)

// ownKeyFailure gives a failure of an analysis run on the user's own key
// (keySource llm.KeyUser) the detail that speaks to them when their
// provider could not be reached or refused the key; the cause stays in the
// chain for the refund and the logs. Other failures pass unchanged.
func ownKeyFailure(keySource string, err error) error {
	if err == nil || keySource != llm.KeyUser {
		return err
	}
	switch {
	case errors.Is(err, llm.ErrAuth):
		return failure.Permanent(ownKeyRefused, err)
	case (errors.Is(err, llm.ErrUnreachable) || errors.Is(err, llm.ErrUnavailable)) && failure.IsPermanent(err):
		// the retry loop gave up: a transient one is still being retried
		return failure.Permanent(ownKeyUnreachable, err)
	}
	return err
}

// recordFailure marks the analysis of run failed with detail and, when
// its failure err (nil: none to refund) was not the user's fault, gives its daily call back in
// the same transaction (analysis.Run.FailAnd). A run that another run took
// over, or an analysis finished meanwhile, writes nothing and refunds
// nothing (ErrSuperseded): the refund happens at most once, together with
// the one failure write that lands, and whoever sees the row failed sees
// the call given back too (issue 14.4).
func (d Deps) recordFailure(ctx context.Context, run analysis.Run, analysisID, detail string, err error, log *slog.Logger) error {
	var refund func(tx *gorm.DB) error
	if d.Refunder != nil && err != nil && notUsersFault(err) {
		refund = func(tx *gorm.DB) error { return d.Refunder.RefundIn(ctx, tx, analysisID) }
	}
	if ferr := run.FailAnd(context.WithoutCancel(ctx), detail, refund); ferr != nil {
		return ferr
	}
	if refund != nil {
		log.Info("daily call given back", "reason", err.Error())
	}
	return nil
}
