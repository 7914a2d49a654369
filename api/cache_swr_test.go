package api

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestReadCacheRefreshAhead: past its refresh time an entry is refreshed
// by one caller and served to the others; past its TTL it is a miss; a
// refresh that fails or may not be cached drops the entry.
func TestReadCacheRefreshAhead(t *testing.T) {
	t.Parallel()
	errGone := errors.New("gone")
	tests := []struct {
		name      string
		after     time.Duration // clock moved past the first fetch
		keep      bool
		err       error
		wantBody  string
		wantErr   bool
		wantFetch int
		wantKept  bool
	}{
		{"fresh", viewTTL / 2, true, nil, "v1", false, 1, true},
		{"refresh ahead", viewTTL * 9 / 10, true, nil, "v2", false, 2, true},
		{"expired", viewTTL + time.Millisecond, true, nil, "v2", false, 2, true},
		{"refresh finds it gone", viewTTL * 9 / 10, true, errGone, "", true, 2, false},
		{"refresh finds it unfinished", viewTTL * 9 / 10, false, nil, "v2", false, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rc := newReadCache()
			now := time.Unix(1000, 0)
			rc.now = func() time.Time { return now }
			fetches := 0
			fetch := func(keep bool, err error) func() (cacheEntry, bool, error) {
				return func() (cacheEntry, bool, error) {
					fetches++
					if err != nil {
						return cacheEntry{}, false, err
					}
					return viewEntry([]byte("v" + string(rune('0'+fetches)))), keep, nil
				}
			}
			if _, err := rc.load(context.Background(), "v:a/1", viewTTL, fetch(true, nil)); err != nil {
				t.Fatal(err)
			}
			now = now.Add(tt.after)
			e, err := rc.load(context.Background(), "v:a/1", viewTTL, fetch(tt.keep, tt.err))
			if (err != nil) != tt.wantErr || string(e.body) != tt.wantBody || fetches != tt.wantFetch {
				t.Fatalf("load = %q, %v after %d fetches; want %q, error %v, %d fetches", e.body, err, fetches, tt.wantBody, tt.wantErr, tt.wantFetch)
			}
			if _, ok := rc.get("v:a/1"); ok != tt.wantKept {
				t.Errorf("entry kept = %v, want %v", ok, tt.wantKept)
			}
		})
	}
}

// TestReadCacheRefreshOneRead: many concurrent polls of an entry past its
// refresh time make exactly one database read, and all but the refresher
// are answered from the entry without waiting for it (run with -race).
func TestReadCacheRefreshOneRead(t *testing.T) {
	t.Parallel()
	rc := newReadCache()
	var clock atomic.Int64
	clock.Store(time.Unix(1000, 0).UnixNano())
	rc.now = func() time.Time { return time.Unix(0, clock.Load()) }
	if _, err := rc.load(context.Background(), "v:a/1", viewTTL, func() (cacheEntry, bool, error) {
		return viewEntry([]byte("old")), true, nil
	}); err != nil {
		t.Fatal(err)
	}
	clock.Add(int64(viewTTL * 9 / 10))
	var reads atomic.Int32
	release := make(chan struct{})
	fetch := func() (cacheEntry, bool, error) {
		reads.Add(1)
		<-release // the read is slow: every other poll arrives while it runs
		return viewEntry([]byte("new")), true, nil
	}
	const polls = 64
	var wg, served sync.WaitGroup
	served.Add(polls - 1)
	stale := atomic.Int32{}
	for range polls {
		wg.Go(func() {
			e, err := rc.load(context.Background(), "v:a/1", viewTTL, fetch)
			if err != nil {
				t.Error(err)
			}
			if string(e.body) == "old" {
				stale.Add(1)
				served.Done()
			}
		})
	}
	served.Wait() // would hang if the other polls waited on the read
	close(release)
	wg.Wait()
	if n := reads.Load(); n != 1 {
		t.Errorf("%d database reads, want 1", n)
	}
	if n := stale.Load(); n != polls-1 {
		t.Errorf("%d polls served the old answer, want %d", n, polls-1)
	}
	if e, _ := rc.get("v:a/1"); string(e.body) != "new" {
		t.Errorf("cached %q after the refresh, want new", e.body)
	}
}
