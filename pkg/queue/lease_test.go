package queue

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// TestHold: a run lease admits one holder at a time, on the in-process
// Redis and on a real one; release frees it, releasing twice is harmless,
// and a lease that lapsed (its holder's process died) and was taken over
// is not dropped by the stale holder's release.
func TestHold(t *testing.T) {
	eachRedis(t, func(t *testing.T, q *Queue) {
		ctx := context.Background()
		hold := func(key string, want bool) func() {
			t.Helper()
			l, ok, err := q.Hold(ctx, key, time.Minute, time.Minute)
			if err != nil || ok != want {
				t.Fatalf("Hold(%s) = %v, %v; want %v", key, ok, err, want)
			}
			if l == nil {
				return nil
			}
			return l.Release
		}
		first := hold("a1:process", true)
		hold("a1:process", false)
		other := hold("a1:graph", true) // another task of the same analysis
		first()
		first()
		second := hold("a1:process", true)
		hold("a1:process", false)

		// The second holder stalls and its lease is taken over: its
		// release leaves the new holder's lease alone.
		if err := q.Redis.Set(ctx, leasePrefix+"a1:process", "someone else", time.Minute).Err(); err != nil {
			t.Fatal(err)
		}
		second()
		hold("a1:process", false)
		other()
		hold("a1:graph", true)
	})
}

// TestHoldLapses: a lease nobody extends (its process died) lapses after
// its ttl, and the work can be taken up again.
func TestHoldLapses(t *testing.T) {
	q, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	ctx := context.Background()
	if err := q.Redis.Set(ctx, leasePrefix+"a1:process", "dead process", 30*time.Second).Err(); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := q.Hold(ctx, "a1:process", 30*time.Second, time.Minute); ok {
		t.Fatal("a held lease was taken")
	}
	q.embedded.FastForward(31 * time.Second)
	l, ok, err := q.Hold(ctx, "a1:process", 30*time.Second, time.Minute)
	if err != nil || !ok {
		t.Fatalf("lapsed lease not taken: %v %v", ok, err)
	}
	l.Release()
	_ = q.Redis.Close()
	if _, _, err := q.Hold(ctx, "a2:process", time.Second, time.Minute); err == nil {
		t.Fatal("Hold without Redis: no error")
	}
}

// TestLeaseExtension: a lease is extended by its ttl, never past the hard
// cap (the task's deadline plus grace), and no more once the cap passed.
func TestLeaseExtension(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name  string
		until time.Time
		ext   time.Duration
		more  bool
	}{
		{"no deadline", time.Time{}, 30 * time.Second, true},
		{"cap far away", now.Add(time.Hour), 30 * time.Second, true},
		{"cap within the ttl", now.Add(10 * time.Second), 10 * time.Second, true},
		{"cap now", now, 0, false},
		{"cap passed", now.Add(-time.Minute), 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ext, more := leaseExtension(now, tc.until, 30*time.Second)
			if ext != tc.ext || more != tc.more {
				t.Errorf("leaseExtension = %v, %v; want %v, %v", ext, more, tc.ext, tc.more)
			}
		})
	}
}

// TestHoldHardCap: a holder whose task's deadline passed keeps its lease
// for grace at most, even though it never releases it (a step that ignores
// its context): then the lease lapses and a retry can take it. Without a
// deadline the holder keeps it. On redis-server, whose expiries run in
// real time.
func TestHoldHardCap(t *testing.T) {
	q, err := Open(testenv.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	const ttl = 300 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	stuck, ok, err := q.Hold(ctx, "cap:process", ttl, 300*time.Millisecond)
	if err != nil || !ok {
		t.Fatalf("Hold: %v %v", ok, err)
	}
	defer stuck.Release()
	kept, ok, err := q.Hold(context.Background(), "nocap:process", time.Minute, 0)
	if err != nil || !ok {
		t.Fatalf("Hold without deadline: %v %v", ok, err)
	}
	defer kept.Release()
	// Poll until the capped lease can be taken; the uncapped one, held
	// just as long by a live holder, must still be held then.
	for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		l, ok, err := q.Hold(context.Background(), "cap:process", ttl, 0)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			l.Release()
			break
		}
		if time.Since(start) > time.Minute {
			t.Fatal("the lease of a run past its deadline + grace never lapsed")
		}
	}
	if _, ok, _ := q.Hold(context.Background(), "nocap:process", ttl, 0); ok {
		t.Error("a lease without a deadline lapsed while its holder lived")
	}
}

// TestOverdueAndTakeOver: a lease names its holder; it is overdue only
// when two extensions were missed and it names a process; of several
// sweepers that take over the same dead holder's lease exactly one wins,
// and a lease another run took meanwhile is left alone. On the in-process
// Redis and on a real one.
func TestOverdueAndTakeOver(t *testing.T) {
	const ttl = 30 * time.Second
	dead := Holder{Token: "0f0f", Process: Process{Host: "gone host", PID: 4242}, Taken: time.Unix(0, 1764331200123456789)}
	eachRedis(t, func(t *testing.T, q *Queue) {
		ctx := context.Background()
		set := func(key, value string, left time.Duration) {
			t.Helper()
			if err := q.Redis.Set(ctx, leasePrefix+key, value, left).Err(); err != nil {
				t.Fatal(err)
			}
		}

		l, ok, err := q.Hold(ctx, "t1:process", ttl, time.Minute)
		if err != nil || !ok {
			t.Fatalf("Hold: %v %v", ok, err)
		}
		v, err := q.Redis.Get(ctx, leasePrefix+"t1:process").Result()
		if h, ok := parseHolder(v); err != nil || !ok || h.Process != q.self || h.Token != l.Token || len(h.Token) != 32 || time.Since(h.Taken) > time.Minute {
			t.Fatalf("lease value %q (%v) does not name this process %v", v, err, q.self)
		}
		l.Release()

		for _, c := range []struct {
			name, value string
			left        time.Duration
			want        bool
		}{
			{"no lease", "", 0, false},
			{"extended on time", dead.String(), 25 * time.Second, false},
			{"one extension missed", dead.String(), 12 * time.Second, false},
			{"two extensions missed", dead.String(), 8 * time.Second, true},
			{"older version's bare token", "0f0f", 8 * time.Second, false},
			{"no time", "0f0f 4242 gone-host", 8 * time.Second, false},
			{"no pid", "0f0f x 1764331200123456789 gone-host", 8 * time.Second, false},
			{"no expiry", dead.String(), 0, false},
		} {
			key := "t2:" + c.name
			if c.value != "" {
				set(key, c.value, c.left)
			}
			h, ok, err := q.Overdue(ctx, key, ttl)
			if err != nil || ok != c.want || (ok && h != dead) {
				t.Errorf("%s: Overdue = %v, %v, %v; want %v", c.name, h, ok, err, c.want)
			}
		}

		// Eight sweepers found the same dead holder: one takes over.
		set("t3:process", dead.String(), 8*time.Second)
		var wg sync.WaitGroup
		var won atomic.Int32
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				took, err := q.TakeOver(ctx, "t3:process", dead, ttl)
				if err != nil {
					t.Error(err)
				}
				if took {
					won.Add(1)
				}
			}()
		}
		wg.Wait()
		if won.Load() != 1 {
			t.Errorf("%d sweepers took the lease over, want 1", won.Load())
		}
		if v, _ := q.Redis.Get(ctx, leasePrefix+"t3:process").Result(); v != takenPrefix+dead.Token {
			t.Errorf("the lease taken over is %q, want it marked as taken over", v)
		}
		// A new run holds it now: the stale holder's takeover leaves it.
		next, ok, err := q.Hold(ctx, "t3:process", ttl, time.Minute)
		if err != nil || !ok {
			t.Fatalf("Hold after the takeover: %v %v", ok, err)
		}
		defer next.Release()
		if took, err := q.TakeOver(ctx, "t3:process", dead, ttl); took || err != nil {
			t.Errorf("TakeOver of a lease a new run holds = %v, %v", took, err)
		}
		if _, ok, _ := q.Hold(ctx, "t3:process", ttl, time.Minute); ok {
			t.Error("the new run's lease was dropped")
		}
	})
}

// TestLeaseLost: a holder whose lease another run took (its value
// rewritten, as a takeover leaves it) learns it at its next extension
// and stops extending it; a lease Redis lost (the key vanished) is taken
// again, not lost. On the in-process Redis and on a real one.
func TestLeaseLost(t *testing.T) {
	eachRedis(t, func(t *testing.T, q *Queue) {
		ctx := context.Background()
		const ttl = 300 * time.Millisecond
		kept, ok, err := q.Hold(ctx, "l1:process", ttl, 0)
		if err != nil || !ok {
			t.Fatalf("Hold: %v %v", ok, err)
		}
		defer kept.Release()
		taken, ok, err := q.Hold(ctx, "l2:process", ttl, 0)
		if err != nil || !ok {
			t.Fatalf("Hold: %v %v", ok, err)
		}
		defer taken.Release()
		// Redis forgot one lease; another run took the other.
		if err := q.Redis.Del(ctx, leasePrefix+"l1:process").Err(); err != nil {
			t.Fatal(err)
		}
		if err := q.Redis.Set(ctx, leasePrefix+"l2:process", takenPrefix+taken.Token, time.Minute).Err(); err != nil {
			t.Fatal(err)
		}
		select {
		case <-taken.Lost():
		case <-time.After(time.Minute): // a hang guard, not a timing assertion
			t.Fatal("the holder never learnt that its lease was taken over")
		}
		if v, _ := q.Redis.Get(ctx, leasePrefix+"l2:process").Result(); v != takenPrefix+taken.Token {
			t.Errorf("the lease taken over was changed by its old holder: %q", v)
		}
		// Taken over, the lease is free for the next run.
		next, ok, err := q.Hold(ctx, "l2:process", time.Minute, 0)
		if err != nil || !ok {
			t.Fatalf("Hold of a lease taken over: %v %v", ok, err)
		}
		next.Release()
		// The holder whose key vanished has it again, and has not lost it.
		for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
			v, _ := q.Redis.Get(ctx, leasePrefix+"l1:process").Result()
			if h, ok := parseHolder(v); ok && h.Token == kept.Token {
				break
			}
			if time.Since(start) > time.Minute {
				t.Fatal("a vanished lease was never taken again by its holder")
			}
		}
		select {
		case <-kept.Lost():
			t.Error("a lease Redis forgot counts as lost")
		default:
		}
	})
}

// TestOverdueLeases: the takeover pass's candidates come from the
// deadlines kept beside the leases: a lease whose deadline is within a
// third of its ttl (its holder stopped extending, or is near its hard
// cap) is one, a lease extended on time or released is not, and a
// deadline long past (the lease lapsed) is forgotten. On the in-process
// Redis and on a real one.
func TestOverdueLeases(t *testing.T) {
	eachRedis(t, func(t *testing.T, q *Queue) {
		ctx := context.Background()
		const ttl = 30 * time.Second
		hold := func(ctx context.Context, key string) *Lease {
			t.Helper()
			l, ok, err := q.Hold(ctx, key, ttl, 0)
			if err != nil || !ok {
				t.Fatalf("Hold(%s): %v %v", key, ok, err)
			}
			t.Cleanup(l.Release)
			return l
		}
		hold(ctx, "d1:process")
		// Its task's deadline caps it within a third of the ttl.
		capped, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		hold(capped, "d2:process")
		hold(capped, "d3:process").Release()
		if err := q.Redis.ZAdd(ctx, deadlinesKey, redis.Z{Score: 1, Member: leasePrefix + "d4:process"}).Err(); err != nil {
			t.Fatal(err)
		}
		got, err := q.OverdueLeases(ctx, ttl, 100)
		if err != nil || len(got) != 1 || got[0] != "d2:process" {
			t.Fatalf("OverdueLeases = %v, %v; want [d2:process]", got, err)
		}
		if err := q.Redis.ZScore(ctx, deadlinesKey, leasePrefix+"d4:process").Err(); !errors.Is(err, redis.Nil) {
			t.Errorf("a lapsed lease's deadline was kept (%v)", err)
		}
		// Taken over, a lease is no candidate any more.
		h, ok, err := q.Overdue(ctx, "d2:process", ttl)
		if err != nil || !ok {
			t.Fatalf("Overdue(d2) = %v, %v", ok, err)
		}
		if took, err := q.TakeOver(ctx, "d2:process", h, ttl); !took || err != nil {
			t.Fatalf("TakeOver = %v, %v", took, err)
		}
		if got, err := q.OverdueLeases(ctx, ttl, 100); err != nil || len(got) != 0 {
			t.Errorf("OverdueLeases after the takeover = %v, %v", got, err)
		}
	})
}

// TestServers: the heartbeating asynq servers, this process's among them;
// a list without this process is not trusted.
func TestServers(t *testing.T) {
	q, err := Open(testenv.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	if _, err := q.Servers(); err == nil {
		t.Fatal("Servers without this process's server: no error")
	}
	srv := asynq.NewServerFromRedisClient(q.Redis, asynq.Config{Concurrency: 1, LogLevel: asynq.FatalLevel})
	if err := srv.Start(asynq.HandlerFunc(func(context.Context, *asynq.Task) error { return nil })); err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	// The server registers with its first heartbeat (the bound is a hang
	// guard, not a timing assertion).
	var alive Servers
	for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
		if alive, err = q.Servers(); err == nil {
			break
		}
		if time.Since(start) > time.Minute {
			t.Fatalf("this process's server never listed: %v", err)
		}
	}
	started, ok := alive[q.self]
	if _, gone := alive[Process{Host: "gone-host", PID: 4242}]; !ok || gone {
		t.Fatalf("Servers = %v, want %v among them and no gone-host", alive, q.self)
	}
	for _, tc := range []struct {
		name string
		h    Holder
		want bool
	}{
		{"lease taken after the server started", Holder{Token: "a", Process: q.self, Taken: started.Add(time.Minute)}, true},
		{"clock stepped back a little", Holder{Token: "a", Process: q.self, Taken: started.Add(-restartMargin / 2)}, true},
		{"server started after the lease: pid reused", Holder{Token: "a", Process: q.self, Taken: started.Add(-time.Minute)}, false},
		{"no server of that pid", Holder{Token: "a", Process: Process{Host: q.self.Host, PID: 4242}, Taken: started.Add(time.Minute)}, false},
	} {
		if got := alive.Alive(tc.h); got != tc.want {
			t.Errorf("%s: Alive = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// eachRedis runs f on a queue over the in-process Redis and over a real
// redis-server.
func eachRedis(t *testing.T, f func(t *testing.T, q *Queue)) {
	for _, tc := range testenv.RedisBackends() {
		t.Run(tc.Name, func(t *testing.T) {
			q, err := Open(tc.URL(t))
			if err != nil {
				t.Fatal(err)
			}
			defer q.Close()
			f(t, q)
		})
	}
}
