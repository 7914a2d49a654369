package llm

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The vendor SDKs drop response headers from their errors, so the
// Retry-After a rate-limited or overloaded server sends is caught on the way
// in by an http.RoundTripper and handed back through the request's context.

type retryAfterKey struct{}

// RetryAfterSlot receives the Retry-After of the responses of one call.
type RetryAfterSlot struct {
	mu sync.Mutex
	d  time.Duration
}

// Get returns the last Retry-After seen, 0 if none.
func (s *RetryAfterSlot) Get() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.d
}

func (s *RetryAfterSlot) set(d time.Duration) {
	s.mu.Lock()
	s.d = d
	s.mu.Unlock()
}

// CaptureRetryAfter returns a context whose HTTP requests (through a client
// using RetryAfterTransport) report their Retry-After header into the slot.
func CaptureRetryAfter(ctx context.Context) (context.Context, *RetryAfterSlot) {
	s := &RetryAfterSlot{}
	return context.WithValue(ctx, retryAfterKey{}, s), s
}

// RetryAfterTransport wraps base (nil: http.DefaultTransport) so that a
// 429 or 503 answer's Retry-After reaches the slot in the request context.
func RetryAfterTransport(base http.RoundTripper) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	if _, ok := base.(retryAfterTransport); ok {
		return base
	}
	return retryAfterTransport{base}
}

type retryAfterTransport struct{ base http.RoundTripper }

func (t retryAfterTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(r)
	if err != nil || resp == nil {
		return resp, err
	}
	if s, ok := r.Context().Value(retryAfterKey{}).(*RetryAfterSlot); ok {
		if d, ok := ParseRetryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
			s.set(d)
		}
	}
	return resp, err
}

// WithRetryAfterClient returns a copy of c (nil: a plain client) whose
// transport captures Retry-After.
func WithRetryAfterClient(c *http.Client) *http.Client {
	if c == nil {
		c = &http.Client{}
	}
	cp := *c
	cp.Transport = RetryAfterTransport(c.Transport)
	return &cp
}

// ParseRetryAfter reads a Retry-After value: delay seconds or an HTTP date.
func ParseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if n, err := strconv.ParseFloat(v, 64); err == nil {
		if math.IsNaN(n) || n < 0 || n > 24*3600 {
			return 0, false
		}
		return time.Duration(n * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		d := max(t.Sub(now), 0)
		if d > 24*time.Hour {
			return 0, false // a date that far off is a broken header, not advice
		}
		return d, true
	}
	return 0, false
}

// retryAfterError carries the delay the provider asked for.
type retryAfterError struct {
	err error
	d   time.Duration
}

func (e *retryAfterError) Error() string { return e.err.Error() }
func (e *retryAfterError) Unwrap() error { return e.err }

// WithRetryAfter attaches the delay the provider asked for to err; d <= 0
// returns err unchanged.
func WithRetryAfter(err error, d time.Duration) error {
	if err == nil || d <= 0 {
		return err
	}
	return &retryAfterError{err: err, d: d}
}

// RetryAfter returns the delay attached by WithRetryAfter.
func RetryAfter(err error) (time.Duration, bool) {
	var e *retryAfterError
	if errors.As(err, &e) {
		return e.d, true
	}
	return 0, false
}
