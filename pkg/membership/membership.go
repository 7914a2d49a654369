// Package membership decides whether a user may start an analysis: the
// membership type (Free by default, Standard unlimited), the free trial that
// starts at first sign-in, and the daily limit counted atomically in the
// database (ledger.go) so that concurrent calls never overshoot it and a
// lost Redis does not reset it. It also encrypts users' own API keys
// (keys.go).
package membership

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// Membership types.
const (
	Free     = "Free"
	Standard = "Standard"
)

// Messages from the spec (part 2 §8) for a Free member whose trial ended
// and who has no key of their own.
const (
	TrialExpiredTitle  = "Your 14-day free trial period has ended."
	TrialExpiredAdvice = "Please upgrade your membership or add your own API key in Settings."
)

// ErrTrialExpired is returned for a Free member after the trial without a
// key of their own (as a *TrialExpiredError naming the trial's length).
//
//lint:ignore ST1005 the spec's user-facing sentence, shown verbatim as {"detail": …}
var ErrTrialExpired = errors.New(TrialExpiredTitle + " " + TrialExpiredAdvice)

// TrialExpiredError is ErrTrialExpired with the configured trial length in
// its text ("Your 14-day free trial period has ended. ...").
type TrialExpiredError struct{ Days int }

// Error is the 403 detail.
func (e *TrialExpiredError) Error() string {
	return fmt.Sprintf("Your %d-day free trial period has ended. %s", e.Days, TrialExpiredAdvice)
}

// Is makes errors.Is(err, ErrTrialExpired) true.
func (e *TrialExpiredError) Is(target error) bool { return target == ErrTrialExpired }

// LimitError says the daily limit is reached. Its text is the exact detail
// the UI parses: "Daily limit of N analyze calls reached for your X membership".
type LimitError struct {
	Limit int
	Type  string
}

// Error is the 429 detail.
func (e *LimitError) Error() string {
	return fmt.Sprintf("Daily limit of %d analyze calls reached for your %s membership", e.Limit, e.Type)
}

// NormalizeType maps any spelling to Free or Standard; unknown types are
// Free, the spec's default.
func NormalizeType(t string) string {
	switch {
	case equalFold(t, Standard):
		return Standard
	default:
		return Free
	}
}

// ParseType is NormalizeType for admin input: unknown names are an error.
func ParseType(t string) (string, error) {
	switch {
	case equalFold(t, Standard):
		return Standard, nil
	case equalFold(t, Free):
		return Free, nil
	}
	return "", fmt.Errorf("unknown membership type %q: want Free or Standard", t)
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// Subject is what the limiter needs to know about a user.
type Subject struct {
	UserID         string
	MembershipType string
	TrialStartedAt *time.Time
	HasOwnKey      bool
}

// Status describes a user's membership at a moment.
type Status struct {
	Type        string
	Unlimited   bool
	DailyLimit  int // 0 when Unlimited
	InTrial     bool
	TrialEndsAt *time.Time
	// Allowed is false when the trial ended and no own key exists.
	Allowed bool
}

// Limiter applies the rules. It is safe for concurrent use.
type Limiter struct {
	ledger     *Ledger
	dailyLimit int
	trial      time.Duration
	now        func() time.Time
}

// Options configure a Limiter.
type Options struct {
	DailyLimit int // per UTC day for Free members (trial or own key)
	TrialDays  int
	// Now is the clock (tests); default time.Now.
	Now func() time.Time
}

// NewLimiter returns a limiter counting in the database db.
func NewLimiter(db *gorm.DB, o Options) *Limiter {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.DailyLimit < 1 {
		o.DailyLimit = 5
	}
	if o.TrialDays < 0 {
		o.TrialDays = 0
	}
	return &Limiter{ledger: NewLedger(db), dailyLimit: o.DailyLimit, trial: time.Duration(o.TrialDays) * 24 * time.Hour, now: o.Now}
}

// Ledger is the limiter's ledger (the demo counts in it too).
func (l *Limiter) Ledger() *Ledger { return l.ledger }

// StatusOf evaluates the rules for s now.
func (l *Limiter) StatusOf(s Subject) Status {
	st := Status{Type: NormalizeType(s.MembershipType)}
	if st.Type == Standard {
		st.Unlimited, st.Allowed = true, true
		return st
	}
	st.DailyLimit = l.dailyLimit
	if s.TrialStartedAt != nil {
		end := s.TrialStartedAt.Add(l.trial)
		st.TrialEndsAt = &end
		st.InTrial = l.now().Before(end)
	}
	st.Allowed = st.InTrial || s.HasOwnKey
	return st
}

// userSubject is a user's counter in the ledger.
func userSubject(userID string) string { return "user:" + userID }

// Check applies the trial rule to s without counting a call: for what
// runs no analyzer (a BPMN file or a blank diagram opened in the editor)
// but is still part of the analyzer tools. It returns ErrTrialExpired (as
// a *TrialExpiredError) or nil.
func (l *Limiter) Check(s Subject) (Status, error) {
	st := l.StatusOf(s)
	if !st.Allowed {
		return st, &TrialExpiredError{Days: int(l.trial / (24 * time.Hour))}
	}
	return st, nil
}

// Acquire checks the rules for s and counts one analyze call, charged to
// analysisID so that Refund can give it back. It returns ErrTrialExpired,
// a *LimitError, or a database error.
func (l *Limiter) Acquire(ctx context.Context, s Subject, analysisID string) (Status, error) {
	st := l.StatusOf(s)
	if !st.Allowed {
		return st, &TrialExpiredError{Days: int(l.trial / (24 * time.Hour))}
	}
	limit := st.DailyLimit
	if st.Unlimited {
		limit = 0
	}
	err := l.ledger.Take(ctx, userSubject(s.UserID), Day(l.now()), limit, analysisID)
	if errors.Is(err, ErrLimitReached) {
		return st, &LimitError{Limit: limit, Type: st.Type}
	}
	return st, err
}

// Refund gives back the call charged to analysisID: the analysis could not
// be created, or it failed for a reason that is not the user's file. It is
// safe to call more than once and for analyses that were never charged.
func (l *Limiter) Refund(ctx context.Context, analysisID string) error {
	_, err := l.ledger.Refund(ctx, analysisID)
	return err
}

// RefundIn is Refund inside tx, the caller's transaction on the limiter's
// database: the call is given back if and only if tx commits (the worker
// records an analysis failed and refunds it in one transaction).
func (l *Limiter) RefundIn(ctx context.Context, tx *gorm.DB, analysisID string) error {
	_, err := l.ledger.RefundIn(ctx, tx, analysisID)
	return err
}

// UsageToday returns the analyze calls counted for userID on the current
// UTC date.
func (l *Limiter) UsageToday(ctx context.Context, userID string) (int, error) {
	return l.ledger.Used(ctx, userSubject(userID), Day(l.now()))
}

// Now is the limiter's clock.
func (l *Limiter) Now() time.Time { return l.now() }
