package worker

import (
	"context"
	"errors"
	"log/slog"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
)

// Refunder gives back the daily analyze call charged to an analysis
// (membership.Limiter). Refunding twice, or an analysis never charged, is
// harmless.
type Refunder interface {
	Refund(ctx context.Context, analysisID string) error
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
	case errors.Is(err, llm.ErrAuth), errors.Is(err, llm.ErrRateLimited), errors.Is(err, llm.ErrUnavailable):
		return true
	case failure.IsPermanent(err):
		return false
	}
	return true
}

// refundIfNotUsersFault gives the analysis' daily call back when its
// failure err was not the user's fault.
func (d Deps) refundIfNotUsersFault(ctx context.Context, analysisID string, err error, log *slog.Logger) {
	if d.Refunder == nil || !notUsersFault(err) {
		return
	}
	if rerr := d.Refunder.Refund(context.WithoutCancel(ctx), analysisID); rerr != nil {
		log.Warn("refund of the daily call failed", "error", rerr)
		return
	}
	log.Info("daily call given back", "reason", err.Error())
}
