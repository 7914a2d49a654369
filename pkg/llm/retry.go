package llm

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// Retry defaults. The budget is the operator's (SPADE_LLM_RETRY_BUDGET);
// the unreachable limits keep a wrong base URL from holding an analysis for
// minutes: two tries within 30 s, then a clear failure.
const (
	DefaultRetryBudget      = 5 * time.Minute
	DefaultMaxRetries       = 5
	DefaultRetryBaseDelay   = 5 * time.Second
	DefaultRetryMaxDelay    = 90 * time.Second
	DefaultUnreachableDelay = 5 * time.Second
	// UnreachableWindow bounds the time from the first call to the second
	// (and last) try of an endpoint that cannot be reached.
	UnreachableWindow = 30 * time.Second
)

// RetryPolicy says how often and how long a provider call is retried after
// a transient failure (ErrRateLimited, ErrUnavailable, ErrUnreachable).
// Permanent failures are never retried. The zero value uses the defaults.
type RetryPolicy struct {
	// Budget bounds the time from the first call until the last retry
	// starts; a wait that would end after it is not begun.
	Budget time.Duration
	// MaxRetries bounds the retries after the first call.
	MaxRetries int
	// BaseDelay is the first back-off; it doubles per retry up to MaxDelay,
	// each drawn at random from [d/2, d] so that workers hit by the same
	// rate limit do not come back in step.
	BaseDelay, MaxDelay time.Duration
	// UnreachableDelay is the pause before the one retry of an endpoint
	// that could not be reached.
	UnreachableDelay time.Duration
	// CallTimeout is how long one call may take. A retry is begun only when
	// its pause and one call fit before the caller's deadline, so that the
	// task's own time-out never cuts a retry (asynq would then start the
	// whole analysis again with a fresh budget).
	CallTimeout time.Duration
	// Sleep waits d or until ctx ends (tests pass one that does not wait).
	Sleep func(ctx context.Context, d time.Duration) error
	// Now is the clock (tests pass a fake one advanced by Sleep).
	Now func() time.Time
	// Jitter picks the actual delay for a back-off of d.
	Jitter func(d time.Duration) time.Duration
}

func (p RetryPolicy) withDefaults() RetryPolicy {
	if p.Budget <= 0 {
		p.Budget = DefaultRetryBudget
	}
	if p.MaxRetries <= 0 {
		p.MaxRetries = DefaultMaxRetries
	}
	if p.BaseDelay <= 0 {
		p.BaseDelay = DefaultRetryBaseDelay
	}
	if p.MaxDelay <= 0 {
		p.MaxDelay = DefaultRetryMaxDelay
	}
	if p.UnreachableDelay <= 0 {
		p.UnreachableDelay = DefaultUnreachableDelay
	}
	if p.Sleep == nil {
		p.Sleep = sleep
	}
	if p.Now == nil {
		p.Now = time.Now
	}
	if p.Jitter == nil {
		p.Jitter = func(d time.Duration) time.Duration {
			return d/2 + rand.N(d/2+1)
		}
	}
	return p
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// RetryEvent tells the caller what the retry loop does, so that the
// analysis can show it: Waiting is true when a pause of Delay begins before
// retry Retry of MaxRetries, false when that retry's call starts.
type RetryEvent struct {
	Retry, MaxRetries int
	Delay             time.Duration
	Waiting           bool
	// Err is the failure that caused the retry.
	Err error
}

// Text is the stage text for the event, e.g. "The AI provider is busy
// (rate limit). Retry 2 of 5 in 40 s".
func (e RetryEvent) Text() string {
	if e.Waiting {
		return fmt.Sprintf("%s Retry %d of %d in %s", Reason(e.Err), e.Retry, e.MaxRetries, seconds(e.Delay))
	}
	return fmt.Sprintf("Analyzing the process (retry %d of %d)", e.Retry, e.MaxRetries)
}

// Retrying wraps p so that each Analyze call is retried under pol, calling
// notify (may be nil) before each pause and each retry. The budget runs
// from the wrapper's first call, so wrap once per analysis: the corrective
// round trip then shares the first call's budget.
func Retrying(p Provider, pol RetryPolicy, notify func(ctx context.Context, e RetryEvent)) Provider {
	return &retrying{p: p, pol: pol.withDefaults(), notify: notify}
}

type retrying struct {
	p      Provider
	pol    RetryPolicy
	notify func(ctx context.Context, e RetryEvent)
	start  time.Time
}

func (r *retrying) Name() string { return r.p.Name() }

// Unwrap returns the wrapped provider (for key checks and type tests).
func (r *retrying) Unwrap() Provider { return r.p }

func (r *retrying) Analyze(ctx context.Context, in Input) (*Result, error) {
	pol := r.pol
	if r.start.IsZero() {
		r.start = pol.Now()
	}
	for retry := 0; ; retry++ {
		if retry > 0 && r.notify != nil {
			r.notify(ctx, RetryEvent{Retry: retry, MaxRetries: pol.MaxRetries})
		}
		res, err := r.p.Analyze(ctx, in)
		if err == nil || ctx.Err() != nil || !retryable(err) {
			return res, err
		}
		delay, ok := r.next(ctx, retry+1, err)
		if !ok {
			return nil, r.giveUp(retry+1, err)
		}
		if r.notify != nil {
			r.notify(ctx, RetryEvent{Retry: retry + 1, MaxRetries: pol.MaxRetries, Delay: delay, Waiting: true, Err: err})
		}
		if err := pol.Sleep(ctx, delay); err != nil {
			return nil, err
		}
	}
}

func retryable(err error) bool {
	return errors.Is(err, ErrRateLimited) || errors.Is(err, ErrUnavailable) || errors.Is(err, ErrUnreachable)
}

// next returns the pause before retry n, or false when no retry is left:
// the retries or the budget are used up, the provider asks for a wait past
// the budget, or the caller's deadline comes first.
func (r *retrying) next(ctx context.Context, n int, err error) (time.Duration, bool) {
	pol := r.pol
	elapsed := pol.Now().Sub(r.start)
	var d time.Duration
	if errors.Is(err, ErrUnreachable) {
		if n > 1 {
			return 0, false
		}
		d = pol.UnreachableDelay
		return d, elapsed+d <= UnreachableWindow
	}
	if n > pol.MaxRetries {
		return 0, false
	}
	if ra, ok := RetryAfter(err); ok {
		d = ra // the provider knows when it will take us again
	} else {
		d = pol.Jitter(min(pol.BaseDelay<<(n-1), pol.MaxDelay))
	}
	if elapsed+d > pol.Budget {
		return 0, false
	}
	if dl, ok := ctx.Deadline(); ok && time.Now().Add(d+pol.CallTimeout).After(dl) {
		return 0, false
	}
	return d, true
}

// giveUp turns the last transient error into a permanent failure whose
// detail says what happened and what the user can do.
func (r *retrying) giveUp(tries int, err error) error {
	elapsed := r.pol.Now().Sub(r.start)
	detail := fmt.Sprintf("%s SPADE tried %d times over %s. Please try again later.", Reason(err), tries, human(elapsed))
	if tries == 1 {
		detail = Reason(err) + " Please try again later."
		if ra, ok := RetryAfter(err); ok {
			detail = fmt.Sprintf("%s The provider asked to wait %s, longer than SPADE waits for one analysis. Please try again later.", Reason(err), human(ra))
		}
	}
	if errors.Is(err, ErrUnreachable) {
		detail += " If this keeps happening, ask your administrator to check the AI provider settings."
	}
	return failure.Permanent(detail, fmt.Errorf("gave up after %d tries: %w", tries, err))
}

func seconds(d time.Duration) string {
	return fmt.Sprintf("%d s", int((d + time.Second/2).Seconds()))
}

// human prints a duration as "40 s" or "4 min 10 s".
func human(d time.Duration) string {
	s := int((d + time.Second/2).Seconds())
	if s < 60 {
		return fmt.Sprintf("%d s", s)
	}
	if s%60 == 0 {
		return fmt.Sprintf("%d min", s/60)
	}
	return fmt.Sprintf("%d min %d s", s/60, s%60)
}
