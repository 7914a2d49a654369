package queue

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// leasePrefix keeps run leases apart from asynq's keys.
const leasePrefix = "spade:run:"

// Lua scripts that touch a lease only while it still carries the holder's
// token: a holder whose lease expired (a stalled process) must not extend
// or delete the lease of the run that took over; and of two sweepers that
// found the same dead holder, only the first takes its lease over
// (dropLease is the compare-and-delete of TakeOver too).
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
// ttl, or as soon as a sweep sees that its process's asynq server stopped
// heartbeating (Overdue, TakeOver).
//
// The lease's value names its holder (Holder): a random token, this
// process's pid and host, as asynq registers its server, and the time.
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
	token := Holder{Token: hex.EncodeToString(b[:]), Process: q.self, Taken: time.Now()}.String()
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

// Process is one process as asynq registers its server: host name and pid.
type Process struct {
	Host string
	PID  int
}

// thisProcess is the running process, named as asynq's heartbeat names
// it (os.Hostname, or "unknown-host").
func thisProcess() Process {
	host, err := os.Hostname()
	if err != nil {
		host = "unknown-host"
	}
	return Process{Host: host, PID: os.Getpid()}
}

// Holder is who holds a run lease: the run's random token, the process it
// runs in, and when it took the lease (by that process's clock). Its
// String is the lease's value, "token pid taken host" (taken in Unix
// nanoseconds; the host last, as the rest of the line).
type Holder struct {
	Token string
	Process
	Taken time.Time
}

func (h Holder) String() string {
	return h.Token + " " + strconv.Itoa(h.PID) + " " + strconv.FormatInt(h.Taken.UnixNano(), 10) + " " + h.Host
}

// parseHolder reads a lease's value; ok is false for a value that names
// no process (a lease taken by an older version, which held a bare token).
func parseHolder(v string) (h Holder, ok bool) {
	f := strings.SplitN(v, " ", 4)
	if len(f) != 4 || f[0] == "" || f[3] == "" {
		return Holder{}, false
	}
	pid, err1 := strconv.Atoi(f[1])
	taken, err2 := strconv.ParseInt(f[2], 10, 64)
	if err1 != nil || err2 != nil || pid <= 0 {
		return Holder{}, false
	}
	return Holder{Token: f[0], Process: Process{Host: f[3], PID: pid}, Taken: time.Unix(0, taken)}, true
}

// Overdue reads the run lease named key, taken with ttl, and returns its
// holder when the holder has missed its extensions: a live holder extends
// the lease to ttl every third of it, so less than a third of ttl left
// means two extensions in a row did not arrive (or the run is near its
// hard cap, see Hold). Whether its process is gone is for the caller to
// decide (Servers). ok is false when nobody holds the lease, its holder is on
// time, or the lease names no process.
func (q *Queue) Overdue(ctx context.Context, key string, ttl time.Duration) (h Holder, ok bool, err error) {
	key = leasePrefix + key
	var get *redis.StringCmd
	var pttl *redis.DurationCmd
	_, err = q.Redis.TxPipelined(ctx, func(p redis.Pipeliner) error {
		get = p.Get(ctx, key)
		pttl = p.PTTL(ctx, key)
		return nil
	})
	if errors.Is(err, redis.Nil) {
		return Holder{}, false, nil
	}
	if err != nil {
		return Holder{}, false, fmt.Errorf("%w: run lease: %v", ErrUnavailable, err)
	}
	h, ok = parseHolder(get.Val())
	// A negative PTTL: no expiry (not one of Hold's), or gone meanwhile.
	if left := pttl.Val(); !ok || left < 0 || left >= ttl/3 {
		return Holder{}, false, nil
	}
	return h, true, nil
}

// Servers are the asynq servers that heartbeat: when the (first) server
// of each process started.
type Servers map[Process]time.Time

// restartMargin is how much later than its lease a server of the
// holder's host and pid must have started to count as a new process.
const restartMargin = time.Second

// Alive reports whether h's process can still be running its run: a
// server of its host and pid heartbeats, and started before h took the
// lease. A server of that host and pid that started after it is a new
// process that got the same pid (a container restarted with its worker
// as pid 1), and h's process is gone. Both times come from the one
// machine's clock; restartMargin leaves room for a clock stepped back.
func (s Servers) Alive(h Holder) bool {
	started, ok := s[h.Process]
	return ok && !started.After(h.Taken.Add(restartMargin))
}

// Servers returns the asynq servers that heartbeat (asynq's server list,
// whose entries expire twice its five-second heartbeat after the last
// beat), through the public Inspector API.
//
// The list is only as good as its reads: asynq leaves out an entry it
// could not read. So it must contain this process, whose own server is
// registered when it sweeps; a list without it is an error, and no lease
// is taken over on its word.
func (q *Queue) Servers() (Servers, error) {
	list, err := q.Inspector.Servers()
	if err != nil {
		return nil, fmt.Errorf("%w: asynq servers: %v", ErrUnavailable, err)
	}
	alive := make(Servers, len(list))
	for _, s := range list {
		p := Process{Host: s.Host, PID: s.PID}
		if t, ok := alive[p]; !ok || s.Started.Before(t) {
			alive[p] = s.Started
		}
	}
	if _, ok := alive[q.self]; !ok {
		return nil, fmt.Errorf("%w: asynq servers: this process (%s %d) is not among the %d listed", ErrUnavailable, q.self.Host, q.self.PID, len(list))
	}
	return alive, nil
}

// TakeOver deletes the run lease named key if h still holds it (a
// compare-and-delete in one script) and reports whether it did: of
// several sweepers that found the same dead holder, exactly one gets
// true, and a lease that a new run took meanwhile is left alone.
func (q *Queue) TakeOver(ctx context.Context, key string, h Holder) (bool, error) {
	n, err := dropLease.Run(ctx, q.Redis, []string{leasePrefix + key}, h.String()).Int()
	if err != nil {
		return false, fmt.Errorf("%w: run lease: %v", ErrUnavailable, err)
	}
	return n == 1, nil
}
