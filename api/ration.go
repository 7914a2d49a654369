package api

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"golang.org/x/sync/semaphore"
)

// Requests that load a whole process model and work on it inside the
// request (save, refine and restore of a version, the layout=spade
// re-layout of a BPMN file) each hold the analysis row and its decoded
// model: tens of MB for a model of 100,000 elements. Issue 27 measured
// 3 refines at once at 4 GB. One api process runs maxModelWork of them at
// a time; the others wait for a turn (holding nothing yet) up to
// modelWorkWait, then get a 503 that says to try again.
const (
	maxModelWork  = 2
	modelWorkWait = 30 * time.Second
)

// detailModelWorkBusy answers a request that found no turn in time.
const detailModelWorkBusy = "Too many diagrams are being changed or redrawn on this server right now. Try again in a minute."

// rationModelWork is the middleware of the routes that work on a whole
// model: it waits for one of the maxModelWork turns.
func (s *Server) rationModelWork(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		release, err := s.modelTurn(c)
		if err != nil {
			return err
		}
		defer release()
		return next(c)
	}
}

// modelTurn waits for a turn to work on a whole model: release gives it
// back. A client that leaves meanwhile stops waiting.
func (s *Server) modelTurn(c echo.Context) (release func(), err error) {
	wait := modelWorkWait
	if s.modelWorkWait > 0 {
		wait = s.modelWorkWait
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case s.modelWork <- struct{}{}:
		return func() { <-s.modelWork }, nil
	case <-c.Request().Context().Done():
		// The client left: nobody reads this answer, and it is no
		// server error to log.
		return nil, errStatus(http.StatusServiceUnavailable, detailModelWorkBusy)
	case <-t.C:
		c.Response().Header().Set("Retry-After", strconv.Itoa(int(wait/time.Second)))
		return nil, errStatus(http.StatusServiceUnavailable, detailModelWorkBusy)
	}
}

// Large stored answers (a diagram of many MB) are held whole while they
// are written, twice over while they are read from the database (the
// driver's buffer and the string). One api process holds at most
// answerBudget bytes of them, counted that way; an answer from
// largeAnswer bytes on waits for room up to modelWorkWait, then gets a
// 503 that says to try again. A client that never reads keeps its share
// until the write deadline cuts it off (writeStall after the socket's
// buffers fill). Issue 27: a 52 MB diagram to 10 clients that never read
// held 1.4 GB.
const (
	answerBudget = 64 << 20
	largeAnswer  = 1 << 20
)

// detailAnswersBusy answers a large download that found no room in time.
const detailAnswersBusy = "Too many large diagrams are being downloaded from this server right now. Try again in a minute."

// newAnswerBudget is the semaphore of answerBudget bytes.
func newAnswerBudget() *semaphore.Weighted { return semaphore.NewWeighted(answerBudget) }

// answerRoom waits until an answer of size bytes fits in the budget;
// release gives its share back. Small answers pass at once.
func (s *Server) answerRoom(c echo.Context, size int64) (release func(), err error) {
	if size < largeAnswer || s.answers == nil {
		return func() {}, nil
	}
	w := min(2*size, answerBudget)
	wait := modelWorkWait
	if s.modelWorkWait > 0 {
		wait = s.modelWorkWait
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), wait)
	defer cancel()
	if err := s.answers.Acquire(ctx, w); err != nil {
		c.Response().Header().Set("Retry-After", strconv.Itoa(int(wait/time.Second)))
		return nil, errStatus(http.StatusServiceUnavailable, detailAnswersBusy)
	}
	return func() { s.answers.Release(w) }, nil
}
