package llm

import (
	"context"
	"errors"
	"net"
	"syscall"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// More errors providers map to. ErrUnreachable is a configured endpoint that
// does not answer at all (connection refused, unknown host): retrying for
// minutes cannot help, so the worker gives up after a short second try.
// ErrUserKey is wrapped beside ErrAuth when the rejected key (or the
// exhausted quota) is the user's own, so that callers can tell the user's
// problem from the operator's.
var (
	ErrUnreachable = errors.New("llm: provider unreachable")
	ErrUserKey     = errors.New("llm: the user's own key")
)

// Class says whose problem a failed analysis is, for retries and for the
// daily analyze call (membership gives the call back unless the failure is
// the user's).
type Class int

// Failure classes.
const (
	// Transient failures (rate limits, 5xx, time-outs) may pass: retry.
	Transient Class = iota
	// UserFault failures are permanent and caused by what the user brought:
	// the file (unreadable, refused by the provider's safety filter, too
	// large) or their own API key (invalid, expired, out of quota).
	UserFault
	// ProviderFault failures are permanent and not the user's doing: the
	// server's key or model setting is wrong, the configured endpoint
	// cannot be reached, or the provider stayed busy for the whole retry
	// budget.
	ProviderFault
)

// String names the class for logs and metrics.
func (c Class) String() string {
	switch c {
	case UserFault:
		return "user"
	case ProviderFault:
		return "provider"
	}
	return "transient"
}

// Classify sorts a pipeline error into a Class. It is the one place that
// decides, so the worker's retries and membership's refund of the daily call
// agree: an analysis is charged only when Classify says UserFault.
//
// The order matters: a key problem is decided before the generic permanent
// flag, and an outage that the retry loop gave up on (marked permanent)
// stays the provider's fault.
func Classify(err error) Class {
	switch {
	case err == nil:
		return Transient
	case errors.Is(err, ErrAuth) && errors.Is(err, ErrUserKey):
		return UserFault
	case errors.Is(err, ErrAuth):
		return ProviderFault
	case errors.Is(err, ErrRefused):
		return UserFault
	case errors.Is(err, ErrInvalidRequest):
		if errors.Is(err, ErrModelNotFound) || errors.Is(err, ErrContextLength) || errors.Is(err, ErrTruncated) {
			return ProviderFault
		}
		return UserFault
	case errors.Is(err, ErrUnreachable), errors.Is(err, ErrRateLimited), errors.Is(err, ErrUnavailable):
		if failure.IsPermanent(err) {
			return ProviderFault
		}
		return Transient
	case failure.IsPermanent(err):
		return UserFault
	}
	return Transient
}

// ErrContextLength is wrapped beside ErrInvalidRequest when the prompt does
// not fit the model's context window: SPADE sized the prompt, so it is not
// held against the user.
var ErrContextLength = errors.New("llm: prompt longer than the context window")

// ErrTruncated is wrapped beside ErrInvalidRequest when the answer was cut
// off at the model's output limit: AnalyzeValidated asks once more for a
// compact answer before giving up, and the failure is not the user's.
var ErrTruncated = errors.New("llm: answer cut off at the output limit")

// ErrModelNotFound is wrapped beside ErrInvalidRequest when the configured
// model does not exist at the provider: a setting, not the user's file.
var ErrModelNotFound = errors.New("llm: model not found")

// Unreachable reports whether err is a failure to reach a server at all
// (connection refused, no such host, no route), as opposed to a server that
// answered or a call that timed out. Vendor packages use it to map transport
// errors to ErrUnreachable.
func Unreachable(err error) bool {
	if err == nil || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return false
	}
	var dns *net.DNSError
	if errors.As(err, &dns) {
		return !dns.IsTimeout
	}
	if errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.EHOSTUNREACH) || errors.Is(err, syscall.ENETUNREACH) {
		return true
	}
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial" && !op.Timeout()
}

// Reason says in a few words why a transient call failed, for the stage
// text the user sees while the analysis waits ("The AI provider is busy
// (rate limit).").
func Reason(err error) string {
	switch {
	case errors.Is(err, ErrRateLimited):
		return "The AI provider is busy (rate limit)."
	case errors.Is(err, ErrUnreachable):
		return "The AI provider could not be reached."
	case errors.Is(err, context.DeadlineExceeded):
		return "The AI provider did not answer in time."
	case errors.Is(err, ErrUnavailable):
		if d, ok := failure.Detail(err); ok && d == DetailTimeout {
			return "The AI provider did not answer in time."
		}
		if d, ok := failure.Detail(err); ok && d == DetailBadAnswer {
			return "The AI model returned an unusable answer."
		}
		return "The AI provider is unavailable (server error)."
	}
	return "The AI provider had a problem."
}

// Details the vendor packages share for transient failures. They state what
// happened, never that a retry will follow: the retry loop decides that and
// says so in the stage text, and the final detail must stay true when no
// retry comes.
const (
	DetailRateLimited = "The AI provider is rate limiting requests."
	DetailUnavailable = "The AI provider is unavailable right now."
	DetailTimeout     = "The AI provider did not answer in time."
	DetailUnreachable = "The AI provider could not be reached."
	DetailEmpty       = "The AI provider returned an empty answer."
	DetailBadAnswer   = "The AI model returned an answer that is not a valid process model."
	DetailTruncated   = "The AI model's answer was cut off at its output limit, even when asked for a compact answer. Try a shorter document or ask the administrator for a model with a larger output limit."
)
