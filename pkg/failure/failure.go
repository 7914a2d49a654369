// Package failure marks errors that carry a message meant for the person who
// uploaded a file, and says whether retrying could ever help.
//
// Packages deep in the pipeline (extract, llm, bpmn) return these so that the
// worker can write a useful `detail` on the analysis and skip pointless
// retries, without those packages knowing about HTTP or asynq.
package failure

import "errors"

// Error is an error with a user-facing detail.
type Error struct {
	// Detail is shown to the user as the analysis detail or the HTTP body.
	Detail string
	// Permanent errors are not retried: the same input fails the same way.
	Permanent bool
	// Err is the underlying cause, kept for logs only.
	Err error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Detail + ": " + e.Err.Error()
	}
	return e.Detail
}

func (e *Error) Unwrap() error { return e.Err }

// Permanent returns a permanent error with the given detail and cause.
func Permanent(detail string, cause error) error {
	return &Error{Detail: detail, Permanent: true, Err: cause}
}

// Transient returns a retryable error with the given detail and cause.
func Transient(detail string, cause error) error {
	return &Error{Detail: detail, Err: cause}
}

// Detail returns the user-facing detail of err, if it carries one.
func Detail(err error) (string, bool) {
	var fe *Error
	if errors.As(err, &fe) {
		return fe.Detail, true
	}
	return "", false
}

// IsPermanent reports whether err is marked permanent.
func IsPermanent(err error) bool {
	var fe *Error
	return errors.As(err, &fe) && fe.Permanent
}
