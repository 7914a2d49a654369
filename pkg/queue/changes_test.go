package queue

import (
	"context"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// TestChangeFeed: a follower hears the ids published on ChangedChannel
// once it is live; a subscription that Redis cuts reports the feed lost
// (the api then drops what it cached) and live again once resubscribed;
// Stop reports it lost. On the in-process Redis and on a real one (which
// can cut a subscriber: CLIENT KILL).
func TestChangeFeed(t *testing.T) {
	for _, tc := range []struct {
		name string
		url  func(*testing.T) string
		kill bool
	}{
		{"in-process", func(*testing.T) string { return "" }, false},
		{"redis-server", func(t *testing.T) string { return testenv.Redis(t) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q, err := Open(tc.url(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = q.Close() })
			ids, lives := make(chan string, 16), make(chan bool, 16)
			f := q.FollowChanges(func(id string) { ids <- id }, func(live bool) { lives <- live })
			stopped := false
			t.Cleanup(func() {
				if !stopped {
					f.Stop()
				}
			})
			expect := func(want bool) {
				t.Helper()
				select {
				case got := <-lives:
					if got != want {
						t.Fatalf("feed live %v, want %v", got, want)
					}
				case <-time.After(time.Minute): // a hang guard, not a timing assertion
					t.Fatalf("feed never reported live %v", want)
				}
			}
			expect(true)
			ctx := context.Background()
			q.PublishChanged(ctx, "a1")
			select {
			case id := <-ids:
				if id != "a1" {
					t.Fatalf("heard %q, want a1", id)
				}
			case <-time.After(time.Minute):
				t.Fatal("the change was never heard")
			}
			if tc.kill {
				if err := q.Redis.Do(ctx, "CLIENT", "KILL", "TYPE", "pubsub").Err(); err != nil {
					t.Fatal(err)
				}
				expect(false)
				expect(true)
			}
			f.Stop()
			stopped = true
			expect(false)
		})
	}
}
