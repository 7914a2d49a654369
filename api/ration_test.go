package api

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

// TestRationModelWork: at most maxModelWork requests work on a whole model
// at once; another waits for a turn, gets one when a request ends, and is
// answered 503 with a detail and Retry-After when none comes in time; a
// request whose client left stops waiting.
func TestRationModelWork(t *testing.T) {
	t.Parallel()
	e := echo.New()
	s := &Server{E: e, log: slog.New(slog.DiscardHandler), modelWork: make(chan struct{}, maxModelWork), modelWorkWait: 200 * time.Millisecond}
	e.HTTPErrorHandler = s.errorHandler
	hold := make(chan struct{})
	started := make(chan struct{}, 8)
	e.POST("/work", func(c echo.Context) error {
		started <- struct{}{}
		<-hold
		return c.NoContent(http.StatusNoContent)
	}, s.rationModelWork)
	call := func(ctx context.Context) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequestWithContext(ctx, http.MethodPost, "/work", nil))
		return rec
	}
	// maxModelWork requests take the turns and hold them.
	var wg sync.WaitGroup
	codes := make(chan int, maxModelWork+1)
	for range maxModelWork {
		wg.Go(func() { codes <- call(context.Background()).Code })
	}
	for range maxModelWork {
		<-started
	}
	// One more finds no turn within the wait.
	rec := call(context.Background())
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), detailModelWorkBusy) || rec.Header().Get("Retry-After") == "" {
		t.Errorf("no turn: %d %q Retry-After %q", rec.Code, rec.Body.String(), rec.Header().Get("Retry-After"))
	}
	// A client that left stops waiting.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if rec := call(ctx); rec.Code != http.StatusServiceUnavailable {
		t.Errorf("client gone: %d", rec.Code)
	}
	// A waiting request gets the turn a finished one gives back.
	s.modelWorkWait = time.Minute
	wg.Go(func() { codes <- call(context.Background()).Code })
	close(hold)
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != http.StatusNoContent {
			t.Errorf("request with a turn: %d", c)
		}
	}
}
