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

// deadlinesKey is a sorted set of every run lease this version holds,
// scored by the time its last extension runs out (Unix milliseconds by
// Redis's own clock, so that workers' clocks do not matter): a takeover
// pass reads the leases near their end from it (OverdueLeases) instead of
// reading every unfinished analysis from the database.
const deadlinesKey = "spade:run-deadlines"

// takenPrefix marks a lease taken over (TakeOver): the value that stays
// in the key until the lease would have run out. The next run may take
// it (Hold), the run it was taken from may not extend it and learns that
// it lost it; a key that vanished (Redis restarted without its data) is
// simply taken again by its holder.
const takenPrefix = "taken "

// ErrLeaseLost means another run took over a run lease: the run that held
// it must stop and write nothing more (the run that took over does the
// work). It is the cause of a lost lease's context (Lease.Lost).
var ErrLeaseLost = errors.New("the run lease was taken over by another run")

// Lua scripts that touch a lease only while it still carries the holder's
// token: a holder whose lease was taken over (a stalled process) must not
// extend or delete the lease of the run that took over; and of two
// sweepers that found the same dead holder, only the first takes its
// lease over. Each keeps the lease's deadline in deadlinesKey with it.
// (Redis ≥ 5 replicates a script's effects, so TIME may precede writes.)
var (
	// takeLease: KEYS lease, deadlines; ARGV value, ms. Takes a free lease
	// or one taken over (its marker); 1 when taken.
	takeLease = redis.NewScript(`local v = redis.call("GET", KEYS[1])
if v and string.sub(v, 1, 6) ~= "taken " then return 0 end
redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2])
local t = redis.call("TIME")
redis.call("ZADD", KEYS[2], t[1] * 1000 + math.floor(t[2] / 1000) + ARGV[2], KEYS[1])
return 1`)
	// extendLease: KEYS lease, deadlines; ARGV value, ms. 1: extended
	// (or taken again after it vanished); 0: someone else holds it.
	extendLease = redis.NewScript(`local v = redis.call("GET", KEYS[1])
if v == ARGV[1] then redis.call("PEXPIRE", KEYS[1], ARGV[2])
elseif not v then redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2])
else return 0 end
local t = redis.call("TIME")
redis.call("ZADD", KEYS[2], t[1] * 1000 + math.floor(t[2] / 1000) + ARGV[2], KEYS[1])
return 1`)
	// dropLease: KEYS lease, deadlines; ARGV value. Compare-and-delete.
	dropLease = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then
redis.call("ZREM", KEYS[2], KEYS[1])
return redis.call("DEL", KEYS[1]) end
return 0`)
	// takeOverLease: KEYS lease, deadlines; ARGV value, marker, ms.
	// Compare-and-mark: the lease becomes the marker until it would
	// have run out.
	takeOverLease = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then
redis.call("SET", KEYS[1], ARGV[2], "PX", ARGV[3])
redis.call("ZREM", KEYS[2], KEYS[1])
return 1 end
return 0`)
	// dueLeases: KEYS deadlines; ARGV within (ms), limit. Forgets the
	// leases past their deadline (they lapsed), then returns those whose
	// deadline comes within the next ARGV[1] milliseconds.
	dueLeases = redis.NewScript(`local t = redis.call("TIME")
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call("ZREMRANGEBYSCORE", KEYS[1], "-inf", "(" .. now)
return redis.call("ZRANGEBYSCORE", KEYS[1], "-inf", now + ARGV[1], "LIMIT", 0, ARGV[2])`)
)

// Lease is a run lease a run holds (Hold).
type Lease struct {
	// Token is the holder's random token (Holder.Token): the run's name,
	// which it also writes on what it fences (the analysis row).
	Token   string
	lost    chan struct{}
	release func()
}

// Lost is closed when the lease was found taken over by another run (an
// extension found another value in it): the run must stop and write
// nothing more. A lease Redis lost (restarted without its data) is taken
// again, not lost.
func (l *Lease) Lost() <-chan struct{} { return l.lost }

// Release stops extending the lease and drops it if it is still ours.
// Calling it again does nothing.
func (l *Lease) Release() { l.release() }

// Hold takes the run lease named key for ttl and keeps extending it
// until it is released, so that two runs of the same work never
// overlap across worker processes: asynq gives up on a task whose deadline
// fired and schedules its retry while the first run may still be going;
// the retry finds the lease held and waits. ok is false (and the lease
// nil) when another run holds it. The lease is extended with its own
// contexts, not ctx: it must outlive a cancelled task for as long as the
// handler still runs. A process that dies stops extending it, and it
// lapses after ttl, or as soon as a sweep sees that its process's asynq
// server stopped heartbeating (Overdue, TakeOver). A process that was
// only frozen finds, at its next extension, that its lease was taken
// over, and Lost tells its run to stop.
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
func (q *Queue) Hold(ctx context.Context, key string, ttl, grace time.Duration) (lease *Lease, ok bool, err error) {
	var b [16]byte
	_, _ = rand.Read(b[:])
	l := &Lease{Token: hex.EncodeToString(b[:]), lost: make(chan struct{})}
	value := Holder{Token: l.Token, Process: q.self, Taken: time.Now()}.String()
	keys := []string{leasePrefix + key, deadlinesKey}
	var until time.Time
	if d, ok := ctx.Deadline(); ok {
		until = d.Add(grace)
	}
	first := ttl
	if ext, more := leaseExtension(time.Now(), until, ttl); more {
		first = ext
	}
	n, err := takeLease.Run(ctx, q.Redis, keys, value, max(first.Milliseconds(), 1)).Int()
	if err != nil {
		return nil, false, fmt.Errorf("%w: run lease: %v", ErrUnavailable, err)
	}
	if n != 1 {
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
				n, err := extendLease.Run(c, q.Redis, keys, value, max(ext.Milliseconds(), 1)).Int()
				cancel()
				if err == nil && n == 0 {
					close(l.lost)
					return
				}
			}
		}
	}()
	var once sync.Once
	l.release = func() {
		once.Do(func() {
			close(stop)
			<-done
			c, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			defer cancel()
			// Not dropped (Redis away): it lapses after ttl.
			_ = dropLease.Run(c, q.Redis, keys, value).Err()
		})
	}
	return l, true, nil
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

// TakeOver takes the run lease named key, taken with ttl, from h if h
// still holds it (a compare-and-mark in one script) and reports whether
// it did: of several sweepers that found the same dead holder, exactly
// one gets true, and a lease that a new run took meanwhile is left alone.
// The lease is left marked as taken over for ttl: the next run may take
// it, and h, should it only have been frozen, finds at its next extension
// that it lost it (Lease.Lost).
func (q *Queue) TakeOver(ctx context.Context, key string, h Holder, ttl time.Duration) (bool, error) {
	n, err := takeOverLease.Run(ctx, q.Redis, []string{leasePrefix + key, deadlinesKey}, h.String(), takenPrefix+h.Token, max(ttl.Milliseconds(), 1)).Int()
	if err != nil {
		return false, fmt.Errorf("%w: run lease: %v", ErrUnavailable, err)
	}
	return n == 1, nil
}

// OverdueLeases returns the names of at most limit run leases, taken with
// ttl, that run out within a third of ttl: a live holder extends its
// lease to ttl every third of it, so these are the leases that may be
// overdue (Overdue tells). They come from the deadlines Redis keeps beside
// the leases, so a takeover pass costs one read however many analyses
// are unfinished; leases past their deadline (lapsed) are forgotten.
func (q *Queue) OverdueLeases(ctx context.Context, ttl time.Duration, limit int) ([]string, error) {
	names, err := dueLeases.Run(ctx, q.Redis, []string{deadlinesKey}, (ttl / 3).Milliseconds(), limit).StringSlice()
	if err != nil {
		return nil, fmt.Errorf("%w: run leases: %v", ErrUnavailable, err)
	}
	for i, n := range names {
		names[i] = strings.TrimPrefix(n, leasePrefix)
	}
	return names, nil
}
