package queue

import (
	"context"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// TestHold: a run lease admits one holder at a time, on the in-process
// Redis and on a real one; release frees it, releasing twice is harmless,
// and a lease that lapsed (its holder's process died) and was taken over
// is not dropped by the stale holder's release.
func TestHold(t *testing.T) {
	for _, tc := range []struct {
		name string
		url  func(t *testing.T) string
	}{
		{"in-process", func(*testing.T) string { return "" }},
		{"redis-server", func(t *testing.T) string { return testenv.Redis(t) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q, err := Open(tc.url(t))
			if err != nil {
				t.Fatal(err)
			}
			defer q.Close()
			ctx := context.Background()
			hold := func(key string, want bool) func() {
				t.Helper()
				release, ok, err := q.Hold(ctx, key, time.Minute, time.Minute)
				if err != nil || ok != want {
					t.Fatalf("Hold(%s) = %v, %v; want %v", key, ok, err, want)
				}
				return release
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
	release, ok, err := q.Hold(ctx, "a1:process", 30*time.Second, time.Minute)
	if err != nil || !ok {
		t.Fatalf("lapsed lease not taken: %v %v", ok, err)
	}
	release()
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
	defer stuck()
	kept, ok, err := q.Hold(context.Background(), "nocap:process", time.Minute, 0)
	if err != nil || !ok {
		t.Fatalf("Hold without deadline: %v %v", ok, err)
	}
	defer kept()
	// Poll until the capped lease can be taken; the uncapped one, held
	// just as long by a live holder, must still be held then.
	for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		release, ok, err := q.Hold(context.Background(), "cap:process", ttl, 0)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			release()
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
