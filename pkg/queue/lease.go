package queue

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// leasePrefix keeps run leases apart from asynq's keys.
const leasePrefix = "spade:run:"

// Lua scripts that touch a lease only while it still carries the holder's
// token: a holder whose lease expired (a stalled process) must not extend
// or delete the lease of the run that took over.
var (
	extendLease = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) end return 0`)
	dropLease   = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`)
)

// Hold takes the run lease named key for ttl and keeps extending it
// until release is called, so that two runs of the same work never
// overlap across worker processes: asynq gives up on a task whose deadline
// fired and schedules its retry while the first run may still be going;
// the retry finds the lease held and waits. ok is false (and release nil)
// when another run holds it. The lease is extended with its own contexts,
// not ctx: it must outlive a cancelled task for as long as the handler
// still runs. A process that dies stops extending it, and it lapses after
// ttl.
//
// When ctx has a deadline, the lease is extended no further than that
// deadline plus grace: a run that ignores its cancelled context forever
// (a step with no context check) must not keep its analysis from ever
// being retried while its process lives. Past the cap the lease lapses
// and the next attempt may run beside the stuck one; grace is the time a
// step that does check its context gets to stop before that.
func (q *Queue) Hold(ctx context.Context, key string, ttl, grace time.Duration) (release func(), ok bool, err error) {
	var b [16]byte
	_, _ = rand.Read(b[:])
	token := hex.EncodeToString(b[:])
	key = leasePrefix + key
	var until time.Time
	if d, ok := ctx.Deadline(); ok {
		until = d.Add(grace)
	}
	first := ttl
	if ext, more := leaseExtension(time.Now(), until, ttl); more {
		first = ext
	}
	ok, err = q.Redis.SetNX(ctx, key, token, first).Result()
	if err != nil {
		return nil, false, fmt.Errorf("%w: run lease: %v", ErrUnavailable, err)
	}
	if !ok {
		return nil, false, nil
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(ttl / 3)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case now := <-tick.C:
				ext, more := leaseExtension(now, until, ttl)
				if !more {
					// Past the hard cap: no more extensions, the lease
					// lapses within what is left of its last one.
					return
				}
				c, cancel := context.WithTimeout(context.Background(), ttl/3)
				// A failed extension is retried at the next tick; the lease
				// lasts ttl, three ticks.
				_ = extendLease.Run(c, q.Redis, []string{key}, token, max(ext.Milliseconds(), 1)).Err()
				cancel()
			}
		}
	}()
	var once sync.Once
	release = func() {
		once.Do(func() {
			close(stop)
			<-done
			c, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			defer cancel()
			// Not dropped (Redis away): it lapses after ttl.
			_ = dropLease.Run(c, q.Redis, []string{key}, token).Err()
		})
	}
	return release, true, nil
}

// leaseExtension is how long a lease is extended at now: ttl, but not
// past until (the hard cap; zero means none). more is false once the cap
// has passed.
func leaseExtension(now, until time.Time, ttl time.Duration) (ext time.Duration, more bool) {
	if until.IsZero() {
		return ttl, true
	}
	left := until.Sub(now)
	if left <= 0 {
		return 0, false
	}
	return min(ttl, left), true
}
