package api

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

// Body limits. Every request body is bounded before a handler reads a byte
// of it, so that no route (signed in or not) can be made to buffer an
// unbounded body; uploads get their file limit plus room for the multipart
// framing and the few form fields they accept.
const (
	// DefaultBodyLimit bounds JSON and form bodies of routes without their
	// own limit (settings, membership, sign-in, operations).
	DefaultBodyLimit = 1 << 20
	// uploadMargin is the room an upload body gets beyond its file limit:
	// boundaries, part headers and the allowed small fields.
	uploadMargin = 64 << 10
	// minBodyRate is the slowest body transfer accepted. A body must
	// arrive within bodyGrace + limit/minBodyRate, so a client trickling a
	// byte every few seconds is cut off instead of holding a connection
	// (and a goroutine) for ever.
	minBodyRate = 64 << 10 // bytes per second
	bodyGrace   = 10 * time.Second
)

// BodyDeadline is how long a body of at most limit bytes may take to
// arrive.
func BodyDeadline(limit int64) time.Duration {
	return bodyGrace + time.Duration(limit/minBodyRate)*time.Second
}

// routeLimit is the body limit of one route; kind is set for uploads.
type routeLimit struct {
	limit  int64
	kind   *UploadKind
	detail string
}

// limitBody registers the body limit of one route (method and path as
// registered with echo) and the detail of its 413 answer.
func (s *Server) limitBody(method, path string, limit int64, detail string) {
	s.bodyLimits[method+" "+path] = routeLimit{limit: limit, detail: detail}
}

// limitUpload registers an upload route: its file limit plus the margin.
func (s *Server) limitUpload(method, path string, kind UploadKind) {
	s.bodyLimits[method+" "+path] = routeLimit{limit: kind.Limit + uploadMargin, kind: &kind}
}

// bodyLimit bounds every request body: a declared Content-Length over the
// route's limit is refused at once without reading the body (the server
// then drops the connection instead of draining it); otherwise the body is
// wrapped so that reading past the limit fails, and it must arrive before
// a deadline proportional to the limit.
func (s *Server) bodyLimit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.Body == nil || r.Body == http.NoBody || (r.ContentLength == 0 && len(r.TransferEncoding) == 0) {
			return next(c)
		}
		rl, ok := s.bodyLimits[r.Method+" "+c.Path()]
		if !ok {
			rl.limit = DefaultBodyLimit
		}
		limit := rl.limit
		if r.ContentLength > limit {
			if rl.kind != nil {
				return fileTooLarge(*rl.kind, r.ContentLength)
			}
			if rl.detail != "" {
				return errStatus(http.StatusRequestEntityTooLarge, rl.detail)
			}
			return errStatus(http.StatusRequestEntityTooLarge, bodyTooLargeDetail(limit))
		}
		rc := http.NewResponseController(c.Response().Writer)
		// Not every writer supports deadlines (tests with a recorder);
		// the body limit still holds there.
		deadline := BodyDeadline
		if s.bodyDeadline != nil {
			deadline = s.bodyDeadline
		}
		deadlineSet := rc.SetReadDeadline(time.Now().Add(deadline(limit))) == nil
		r.Body = &boundedBody{ReadCloser: http.MaxBytesReader(c.Response(), r.Body, limit), rc: rc, deadlineSet: deadlineSet}
		return next(c)
	}
}

func bodyTooLargeDetail(limit int64) string {
	return fmt.Sprintf("The request body is larger than the %s this endpoint accepts.", sizeText(limit))
}

func fileTooLarge(kind UploadKind, size int64) error {
	if size <= 0 {
		return errStatus(http.StatusRequestEntityTooLarge, fmt.Sprintf("File size exceeds %dMB limit", kind.LimitMB()))
	}
	return errStatus(http.StatusRequestEntityTooLarge,
		fmt.Sprintf("File size (%.1fMB) exceeds %dMB limit", float64(size)/(1<<20), kind.LimitMB()))
}

func sizeText(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d KB", n>>10)
}

// isTooLarge reports whether err came from reading past a body limit.
func isTooLarge(err error) bool {
	var mbe *http.MaxBytesError
	return errors.As(err, &mbe)
}

// boundedBody clears the read deadline once the body has been read to its
// end: the server's background read that watches for a client going away
// must not hit the body deadline while a long handler is still working.
type boundedBody struct {
	io.ReadCloser
	rc          *http.ResponseController
	deadlineSet bool
}

func (b *boundedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF && b.deadlineSet {
		b.deadlineSet = false
		_ = b.rc.SetReadDeadline(time.Time{})
	}
	return n, err
}
