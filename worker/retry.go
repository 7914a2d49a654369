package worker

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/spade-bpmn/spade/pkg/llm"
)

// permanent reports whether a retry cannot fix err, for the live pipeline
// (processHandler.fail) and batch reprocessing alike. LLM calls have been
// retried already (llm.Retrying), so their failures arrive as permanent;
// what stays transient is SPADE's own (database, queue). A task whose
// context ended (shutdown, time-out) is never permanent: it goes back to
// the queue.
func permanent(ctx context.Context, err error) bool {
	return ctx.Err() == nil && llm.Classify(err) != llm.Transient
}

// Retry delays of failed tasks: the ceiling doubles from retryBase up to
// retryCap; retryFloor keeps a retry from coming back at once.
const (
	retryBase  = 5 * time.Second
	retryCap   = 5 * time.Minute
	retryFloor = time.Second
)

// backoff is the delay before retry n of a failed task: "full jitter", a
// uniform draw between retryFloor and min(retryCap, retryBase·2ⁿ). Tasks
// that failed together (a database restart fails every task in flight)
// then come back spread out instead of all at the same instant.
type backoff struct {
	mu  sync.Mutex // asynq asks from several goroutines; rand.Rand is not safe for that
	rnd *rand.Rand
}

// newBackoff draws from src; nil seeds one from the runtime's source.
func newBackoff(src rand.Source) *backoff {
	if src == nil {
		src = rand.NewPCG(rand.Uint64(), rand.Uint64())
	}
	return &backoff{rnd: rand.New(src)}
}

// delay returns the delay before retry n (0 for the first retry).
func (b *backoff) delay(n int) time.Duration {
	ceiling := retryCap
	if n < 16 { // 5s·2¹⁶ is far beyond the cap; avoids overflow
		ceiling = min(retryCap, retryBase<<max(n, 0))
	}
	b.mu.Lock()
	d := retryFloor + time.Duration(b.rnd.Int64N(int64(ceiling-retryFloor)+1))
	b.mu.Unlock()
	return d
}
