package api

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/queue"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// TestPollUnfinishedFollowsChanges: while the change feed is live, the
// answer of an unfinished analysis is cached (the second poll is answered
// before echo), a worker's write drops it at once (the test's clock never
// moves, so no TTL can), another account never sees it, and when the feed
// is lost nothing unfinished is cached any more. On the in-process Redis
// and on a real one.
func TestPollUnfinishedFollowsChanges(t *testing.T) {
	for _, tc := range testenv.RedisBackends() {
		t.Run(tc.Name, func(t *testing.T) {
			ctx := context.Background()
			f := newPollFixture(t)
			q, err := queue.Open(tc.URL(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = q.Close() })
			f.s.Queue = q
			stop := f.s.FollowChanges()
			t.Cleanup(stop)
			waitUntil(t, "the change feed is live", f.s.cache.feedLive.Load)

			workerRepo := f.s.Repo.Announcing(q.PublishChanged)
			a := &analysis.Analysis{ID: auth.NewID(), AccountID: f.account, UserID: f.user.ID, AnalyzerType: analysis.TypeDocument,
				OriginalFilename: "x.txt", BlobKey: "x"}
			if err := f.s.Repo.Create(ctx, a); err != nil {
				t.Fatal(err)
			}
			run := workerRepo.Run(a.ID, "")
			if err := run.Begin(ctx, analysis.StageExtractingText); err != nil {
				t.Fatal(err)
			}
			path := "/api/document/" + a.ID
			bearer := map[string]string{"Authorization": "Bearer " + f.token}
			poll := func() string {
				t.Helper()
				rec := f.do(http.MethodGet, path, bearer)
				if rec.Code != http.StatusOK {
					t.Fatalf("poll: %d %s", rec.Code, rec.Body)
				}
				return rec.Body.String()
			}
			// The Begin's own message may still be on its way: poll until
			// an answer stays cached.
			waitUntil(t, "the unfinished answer is cached", func() bool {
				before := f.fast.Load()
				poll()
				return f.fast.Load() > before
			})
			if body := poll(); !strings.Contains(body, analysis.StageExtractingText) {
				t.Fatalf("cached answer: %s", body)
			}

			// Another account's user polls the same id: not found, cached
			// answer or not.
			other, _, err := f.s.Auth.UpsertUser(ctx, auth.User{Issuer: "test", Subject: "other", Email: "other@example.com", Name: "Other"})
			if err != nil {
				t.Fatal(err)
			}
			accs, err := f.s.Auth.Accounts(ctx, other.ID)
			if err != nil || len(accs) == 0 {
				t.Fatalf("accounts: %v %v", accs, err)
			}
			secret, _, err := f.s.Auth.CreateToken(ctx, other.ID, accs[0].ID, "other")
			if err != nil {
				t.Fatal(err)
			}
			for range 2 {
				if rec := f.do(http.MethodGet, path, map[string]string{"Authorization": "Bearer " + secret}); rec.Code != http.StatusNotFound {
					t.Errorf("another account's poll: %d %s", rec.Code, rec.Body)
				}
			}

			// A worker's stage write is seen without any TTL passing.
			if err := run.SetStages(ctx, []analysis.StageMark{{Stage: analysis.StageAnalyzing, At: time.Now()}}); err != nil {
				t.Fatal(err)
			}
			waitUntil(t, "the new stage is answered", func() bool {
				return strings.Contains(poll(), `"stage":"`+analysis.StageAnalyzing+`"`)
			})

			// The feed is lost: the unfinished answer is dropped and none
			// is cached until it is back.
			f.s.cache.setFeedLive(false)
			before := f.fast.Load()
			for range 3 {
				poll()
			}
			if f.fast.Load() != before {
				t.Errorf("%d polls answered from the cache with the change feed down", f.fast.Load()-before)
			}
			if err := f.s.Repo.Run(a.ID, "").SetStages(ctx, []analysis.StageMark{{Stage: analysis.StageBuildingModel, At: time.Now()}}); err != nil {
				t.Fatal(err)
			}
			if body := poll(); !strings.Contains(body, `"stage":"`+analysis.StageBuildingModel+`"`) {
				t.Errorf("a write without a message, feed down, not seen at once: %s", body)
			}
		})
	}
}

// TestReadCacheChangeDuringLookup: a lookup that a change message of its
// analysis overlapped answers what it read but does not cache it, and an
// unfinished answer is not cached while the feed is down.
func TestReadCacheChangeDuringLookup(t *testing.T) {
	t.Parallel()
	rc := newReadCache()
	rc.setFeedLive(true)
	key := viewKey("acc", "a1")
	fetch := func(during func()) func() (cacheEntry, bool, error) {
		return func() (cacheEntry, bool, error) {
			if during != nil {
				during()
			}
			e := viewEntry([]byte(`{}`))
			e.unfinished, e.ttl = true, unfinishedTTL
			return e, true, nil
		}
	}
	tests := []struct {
		name   string
		during func()
		cached bool
	}{
		{"quiet", nil, true},
		{"its analysis changed", func() { rc.changed("a1") }, false},
		{"another analysis changed", func() { rc.changed("a2-other") }, true},
		{"the feed was lost", func() { rc.setFeedLive(false); rc.setFeedLive(true) }, false},
	}
	for _, tt := range tests {
		rc.remove(key)
		if _, err := rc.load(context.Background(), key, viewTTL, fetch(tt.during)); err != nil {
			t.Fatal(err)
		}
		if _, ok := rc.get(key); ok != tt.cached {
			t.Errorf("%s: cached %v, want %v", tt.name, ok, tt.cached)
		}
		if tt.name == "quiet" {
			rc.changed("a1")
			if _, ok := rc.get(key); ok {
				t.Errorf("a change message left the answer cached")
			}
		}
	}
	rc.setFeedLive(false)
	rc.remove(key)
	if _, err := rc.load(context.Background(), key, viewTTL, fetch(nil)); err != nil {
		t.Fatal(err)
	}
	if _, ok := rc.get(key); ok {
		t.Error("an unfinished answer was cached with the feed down")
	}
}

// waitUntil polls cond until it holds (a hang guard of a minute, not a
// timing assertion).
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for start := time.Now(); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Since(start) > time.Minute {
			t.Fatalf("never: %s", what)
		}
	}
}
