package api

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

// Write deadlines. A fixed http.Server.WriteTimeout cannot tell a large
// download to a slow but reading client from a client that never reads
// (and it would also run during a long upload, which the server reads
// before it writes). Instead every answer must make progress: it is
// written in pieces of writeChunk bytes, and each piece must reach the
// client's socket within writeStall. A client that reads at least
// writeChunk/writeStall (12.8 KB/s) gets an answer of any size; one that
// stops reading is cut off writeStall after the kernel's buffers fill, and
// the handler returns, freeing the answer it held (before: a 52 MB diagram
// to 10 clients that never read held 1.4 GB for minutes).
const (
	writeChunk = 128 << 10
	writeStall = 10 * time.Second
)

// writeProgress wraps every response writer so that each piece written
// gets a fresh write deadline, and clears the deadline before the handler
// runs (a keep-alive connection must not carry the last request's
// deadline into a long handler of the next).
func (s *Server) writeProgress(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		stall := s.stall()
		w := c.Response().Writer
		rc := http.NewResponseController(w)
		if rc.SetWriteDeadline(time.Time{}) != nil {
			// Not a network connection (a test recorder): nothing to
			// bound.
			return next(c)
		}
		pw := &progressWriter{ResponseWriter: w, rc: rc, stall: stall}
		c.Response().Writer = pw
		err := next(c)
		if err != nil {
			// Answer the error here, inside the deadline, instead of
			// after this middleware returns.
			c.Error(err)
			err = nil
		}
		// net/http flushes what is still buffered after the handler:
		// that last piece gets a deadline too.
		_ = rc.SetWriteDeadline(time.Now().Add(stall))
		return err
	}
}

// progressWriter writes in pieces, each with its own deadline.
type progressWriter struct {
	http.ResponseWriter
	rc    *http.ResponseController
	stall time.Duration
}

func (p *progressWriter) Write(b []byte) (int, error) {
	n := 0
	for len(b) > 0 {
		k := min(len(b), writeChunk)
		_ = p.rc.SetWriteDeadline(time.Now().Add(p.stall))
		m, err := p.ResponseWriter.Write(b[:k])
		n += m
		if err != nil {
			return n, err
		}
		b = b[k:]
	}
	return n, nil
}

// Flush sends buffered data within a deadline (streamed answers).
func (p *progressWriter) Flush() {
	_ = p.rc.SetWriteDeadline(time.Now().Add(p.stall))
	_ = p.rc.Flush()
}

// Unwrap lets http.ResponseController reach the connection.
func (p *progressWriter) Unwrap() http.ResponseWriter { return p.ResponseWriter }
