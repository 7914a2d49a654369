package api

import (
	"bufio"
	"bytes"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

// TestWriteProgress: an answer of 64 MB to a client that never reads ends
// (the handler returns with a write error, freeing the answer), while the
// same answer to a client that reads arrives whole.
func TestWriteProgress(t *testing.T) {
	e := echo.New()
	s := &Server{E: e, log: slog.New(slog.DiscardHandler), writeStall: 300 * time.Millisecond}
	e.HTTPErrorHandler = s.errorHandler
	e.Use(s.writeProgress)
	big := bytes.Repeat([]byte("x"), 64<<20)
	finished := make(chan error, 4)
	e.GET("/big", func(c echo.Context) error {
		err := c.Blob(http.StatusOK, "application/xml", big)
		finished <- err
		return err
	})
	srv := httptest.NewServer(e)
	defer srv.Close()

	for _, tc := range []struct {
		name  string
		reads bool
	}{
		{"client that reads", true},
		{"client that never reads", false},
	} {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(conn, "GET /big HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		if tc.reads {
			res, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatal(err)
			}
			n, err := io.Copy(io.Discard, res.Body)
			if err != nil || n != int64(len(big)) {
				t.Errorf("%s: read %d bytes, %v; want %d", tc.name, n, err, len(big))
			}
		}
		// The handler ends by itself; the test only bounds how long it
		// waits for that, generously.
		select {
		case err := <-finished:
			if tc.reads && err != nil {
				t.Errorf("%s: handler failed: %v", tc.name, err)
			}
			if !tc.reads && err == nil {
				t.Errorf("%s: the whole answer was written to a client that reads nothing", tc.name)
			}
		case <-time.After(60 * time.Second):
			t.Fatalf("%s: the handler was still writing after 60 s", tc.name)
		}
		conn.Close()
	}
}
