package queue

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// WakeChannel is the Redis pub/sub channel an enqueue publishes on, so that
// idle workers fetch the new task at once instead of at their next poll.
const WakeChannel = "spade:queue:wake"

// Waker makes a worker wait for work instead of polling for it. asynq's
// processor polls: after finding every queue empty it sleeps its check
// interval and asks again, so a new task waits half an interval on average
// and an idle worker asks several times a second. asynq has no way to
// nudge the processor, but it fetches through a Redis client it is given:
// the Waker's client carries a hook on asynq's dequeue script that, once a
// whole round of queues came back empty, holds the next fetch until a wake
// arrives or the fallback interval passes. A wake is a message on
// WakeChannel (Queue.Enqueue publishes one after every new task), a
// resubscription (a wake may have been missed meanwhile), or asynq's
// forwarder moving retried or scheduled tasks to pending.
//
// Nothing depends on a wake arriving: the held fetch gives up after the
// fallback interval and asks Redis anyway, so a lost message costs at most
// that interval, never the task. With several workers every one is woken
// and asynq's dequeue script hands the task to exactly one.
type Waker struct {
	client   redis.UniversalClient
	fallback time.Duration
	queues   int

	listen *listener
	wake   chan struct{}
	ready  chan struct{}
	first  bool // the first subscription is still to be confirmed (listener goroutine only)

	mu      sync.Mutex
	empties int // consecutive fetches that found their queue empty
	waiting atomic.Bool
	started atomic.Bool
}

// NewWaker gives a worker serving the given number of queues its own Redis
// client, whose fetches wait for a wake once every queue was found empty,
// at most fallback at a time. Start subscribes; Stop and Close end it.
func (q *Queue) NewWaker(queues int, fallback time.Duration) *Waker {
	w := &Waker{
		client:   q.Opt.MakeRedisClient().(redis.UniversalClient),
		fallback: fallback,
		queues:   max(queues, 1),
		wake:     make(chan struct{}, 1),
		ready:    make(chan struct{}),
		first:    true,
	}
	w.listen = newListener(w.client, WakeChannel)
	w.listen.message = func(*redis.Message) { w.Wake() }
	w.listen.subscribed = w.subscribed
	// Whatever ended the subscription, a message may have been missed:
	// ask Redis once (the listener subscribes again after a pause).
	w.listen.ended = w.Wake
	w.client.AddHook(dequeueHook{w})
	return w
}

// Client is the Redis client to build the asynq server on.
func (w *Waker) Client() redis.UniversalClient { return w.client }

// Start subscribes to WakeChannel and returns once the subscription is
// confirmed (or after timeout, when Redis does not answer: the listener
// keeps trying and polling covers the gap). Start it before the asynq
// server, so that its first fetch, which never waits, comes after the
// subscription and no enqueue falls between the two.
func (w *Waker) Start(timeout time.Duration) {
	if w.started.Swap(true) {
		return
	}
	w.listen.start()
	select {
	case <-w.ready:
	case <-time.After(timeout):
	}
}

// Wake makes a waiting or the next fetch ask Redis at once.
func (w *Waker) Wake() {
	select {
	case w.wake <- struct{}{}:
	default: // a wake is already pending; one is enough
	}
}

// Waiting reports whether a fetch is held waiting for a wake (tests use it
// to know the worker is idle).
func (w *Waker) Waiting() bool { return w.waiting.Load() }

// Stop ends the waiting: from now on every fetch asks Redis without
// waiting (so asynq's shutdown is not held up by a waiting fetch), and the
// listener unsubscribes. Safe to call more than once.
func (w *Waker) Stop() { w.listen.halt() }

// Close stops the waker and closes its client; call it after the asynq
// server that uses the client has shut down.
func (w *Waker) Close() error {
	w.Stop()
	return w.client.Close()
}

// subscribed confirms the first subscription (nothing can have been
// missed before the worker starts fetching) and wakes after every later
// one (resubscribed after a broken connection).
func (w *Waker) subscribed(*redis.Subscription) {
	if w.first {
		close(w.ready)
		w.first = false
		return
	}
	w.Wake()
}

func (w *Waker) isStopped() bool { return w.listen.isStopped() }

// hold runs before asynq's dequeue script: once a whole round of queues
// was empty it waits for a wake, the fallback interval or Stop.
func (w *Waker) hold(ctx context.Context) {
	w.mu.Lock()
	idle := w.empties >= w.queues
	w.mu.Unlock()
	if !idle || w.isStopped() {
		return
	}
	t := time.NewTimer(w.fallback)
	w.waiting.Store(true)
	select {
	case <-w.wake:
	case <-t.C:
	case <-w.listen.stop:
	case <-ctx.Done():
	}
	w.waiting.Store(false)
	t.Stop()
	w.mu.Lock()
	w.empties = 0
	w.mu.Unlock()
}

// fetched records what the dequeue script found.
func (w *Waker) fetched(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	switch {
	case errors.Is(err, redis.Nil):
		w.empties++
	case err == nil:
		w.empties = 0
	}
}

// forwarded publishes a wake when asynq's forwarder moved retried or
// scheduled tasks to pending: whichever worker has a free slot should take
// them, not only the one whose forwarder ran.
func (w *Waker) forwarded(ctx context.Context, n int64) {
	if n <= 0 {
		return
	}
	w.Wake()
	if err := w.client.Publish(ctx, WakeChannel, "forwarded").Err(); err != nil {
		return // the other workers' polls find the tasks
	}
}

// dequeueHook is the go-redis hook that recognises asynq's scripts by
// their keys (asynq:{queue}:pending, :paused, :active, :lease for a fetch;
// a scheduled or retry set and pending for the forwarder).
type dequeueHook struct{ w *Waker }

func (dequeueHook) DialHook(next redis.DialHook) redis.DialHook { return next }

func (dequeueHook) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

func (h dequeueHook) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		switch scriptKind(cmd.Args()) {
		case scriptDequeue:
			h.w.hold(ctx)
			err := next(ctx, cmd)
			h.w.fetched(err)
			return err
		case scriptForward:
			err := next(ctx, cmd)
			if c, ok := cmd.(*redis.Cmd); ok && err == nil {
				if n, ierr := c.Int64(); ierr == nil {
					h.w.forwarded(ctx, n)
				}
			}
			return err
		}
		return next(ctx, cmd)
	}
}

const (
	scriptOther = iota
	scriptDequeue
	scriptForward
)

// scriptKind tells asynq's dequeue and forward scripts from every other
// command by their keys.
func scriptKind(args []any) int {
	if len(args) < 3 {
		return scriptOther
	}
	name, _ := args[0].(string)
	if !strings.EqualFold(name, "evalsha") && !strings.EqualFold(name, "eval") {
		return scriptOther
	}
	var n int
	switch v := args[2].(type) {
	case int:
		n = v
	case int64:
		n = int(v)
	default:
		return scriptOther
	}
	if len(args) < 3+n {
		return scriptOther
	}
	keys := make([]string, n)
	for i := range keys {
		k, ok := args[3+i].(string)
		if !ok || !strings.HasPrefix(k, "asynq:{") {
			return scriptOther
		}
		keys[i] = k
	}
	switch {
	case n == 4 && strings.HasSuffix(keys[0], "}:pending") && strings.HasSuffix(keys[1], "}:paused") &&
		strings.HasSuffix(keys[2], "}:active") && strings.HasSuffix(keys[3], "}:lease"):
		return scriptDequeue
	case n == 2 && strings.HasSuffix(keys[1], "}:pending") &&
		(strings.HasSuffix(keys[0], "}:retry") || strings.HasSuffix(keys[0], "}:scheduled")):
		return scriptForward
	}
	return scriptOther
}
