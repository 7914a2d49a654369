package api

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/blob"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/queue"
)

// Detail is every error body: {"detail": "..."}.
type Detail struct {
	Detail string `json:"detail"`
}

// httpError is an error with a status and a detail for the client.
type httpError struct {
	status int
	detail string
}

func (e *httpError) Error() string { return fmt.Sprintf("%d %s", e.status, e.detail) }

// errStatus returns an error answered with status and detail.
func errStatus(status int, detail string) error { return &httpError{status, detail} }

// statusOf maps domain errors to a status and a detail; internal errors get
// a generic detail (the real error is logged with the request id).
func statusOf(err error) (int, string, bool) {
	var he *httpError
	var ee *echo.HTTPError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &he):
		return he.status, he.detail, false
	case errors.Is(err, analysis.ErrNotFound), errors.Is(err, auth.ErrNotFound):
		return http.StatusNotFound, "Analysis not found", false
	case errors.Is(err, auth.ErrUnauthenticated):
		return http.StatusUnauthorized, "Not authenticated", false
	case errors.Is(err, auth.ErrNotMember):
		return http.StatusForbidden, "You are not a member of this account", false
	case errors.Is(err, auth.ErrNoAccount):
		return http.StatusForbidden, "Select an account first (X-Account-ID)", false
	case errors.Is(err, queue.ErrUnavailable):
		return http.StatusServiceUnavailable, "The analysis queue is unavailable right now. Please try again in a moment.", true
	case errors.As(err, &mbe):
		// A handler (or echo's Bind) read past the route's body limit.
		return http.StatusRequestEntityTooLarge, bodyTooLargeDetail(mbe.Limit), false
	case errors.Is(err, blob.ErrUnavailable):
		return http.StatusServiceUnavailable, "File storage is unavailable right now. Please try again in a moment.", true
	case errors.As(err, &ee):
		msg := http.StatusText(ee.Code)
		if s, ok := ee.Message.(string); ok && s != "" {
			msg = s
		}
		return ee.Code, msg, false
	}
	if d, ok := failure.Detail(err); ok {
		return http.StatusBadRequest, d, false
	}
	if isDBDown(err) {
		return http.StatusServiceUnavailable, "The database is unavailable right now. Please try again in a moment.", true
	}
	return http.StatusInternalServerError, "internal error", true
}

func (s *Server) errorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status, detail, logIt := statusOf(err)
	if logIt {
		s.log.Error("request failed", "error", err, "request_id", requestID(c), "path", c.Path(), "status", status)
	}
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(status)
		return
	}
	_ = c.JSON(status, Detail{Detail: detail})
}
