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
				release, ok, err := q.Hold(ctx, key, time.Minute)
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
	if _, ok, _ := q.Hold(ctx, "a1:process", 30*time.Second); ok {
		t.Fatal("a held lease was taken")
	}
	q.embedded.FastForward(31 * time.Second)
	release, ok, err := q.Hold(ctx, "a1:process", 30*time.Second)
	if err != nil || !ok {
		t.Fatalf("lapsed lease not taken: %v %v", ok, err)
	}
	release()
	_ = q.Redis.Close()
	if _, _, err := q.Hold(ctx, "a2:process", time.Second); err == nil {
		t.Fatal("Hold without Redis: no error")
	}
}
