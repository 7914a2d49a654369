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
func (q *Queue) Hold(ctx context.Context, key string, ttl time.Duration) (release func(), ok bool, err error) {
	var b [16]byte
	_, _ = rand.Read(b[:])
	token := hex.EncodeToString(b[:])
	key = leasePrefix + key
	ok, err = q.Redis.SetNX(ctx, key, token, ttl).Result()
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
			case <-tick.C:
				c, cancel := context.WithTimeout(context.Background(), ttl/3)
				// A failed extension is retried at the next tick; the lease
				// lasts ttl, three ticks.
				_ = extendLease.Run(c, q.Redis, []string{key}, token, ttl.Milliseconds()).Err()
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
