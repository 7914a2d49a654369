package api

import (
	"context"
	"errors"
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

// TestAnswerRoom: small answers pass at once; large ones share
// answerBudget bytes (each counted twice its size, at most the whole
// budget), wait for room, and are answered 503 with a detail and
// Retry-After when none comes in time.
func TestAnswerRoom(t *testing.T) {
	t.Parallel()
	e := echo.New()
	s := &Server{E: e, log: slog.New(slog.DiscardHandler), answers: newAnswerBudget(), modelWorkWait: 100 * time.Millisecond}
	ctx := func() echo.Context {
		return e.NewContext(httptest.NewRequest(http.MethodGet, "/", nil), httptest.NewRecorder())
	}
	for _, tc := range []struct {
		name string
		size int64
		ok   bool
	}{
		{"a small answer while the budget is full", 1 << 10, true},
		{"a large one while it is full", largeAnswer, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Fill the budget with one answer larger than it.
			hold, err := s.answerRoom(ctx(), 4*answerBudget)
			if err != nil {
				t.Fatal(err)
			}
			defer hold()
			c := ctx()
			release, err := s.answerRoom(c, tc.size)
			if tc.ok != (err == nil) {
				t.Fatalf("answerRoom(%d) = %v, want ok %v", tc.size, err, tc.ok)
			}
			if err != nil {
				var he *httpError
				if !errors.As(err, &he) || he.status != http.StatusServiceUnavailable || he.detail != detailAnswersBusy || c.Response().Header().Get("Retry-After") == "" {
					t.Errorf("refusal: %v, Retry-After %q", err, c.Response().Header().Get("Retry-After"))
				}
				return
			}
			release()
		})
	}
	// Room comes back: two answers of a quarter of the budget fit at once.
	r1, err1 := s.answerRoom(ctx(), answerBudget/4)
	r2, err2 := s.answerRoom(ctx(), answerBudget/4)
	if err1 != nil || err2 != nil {
		t.Fatalf("room after release: %v %v", err1, err2)
	}
	r1()
	r2()
}
