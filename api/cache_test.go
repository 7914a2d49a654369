package api

import (
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/auth"
)

func principal(user, account string) *auth.Principal {
	return &auth.Principal{User: &auth.User{ID: user}, Account: &auth.Account{ID: account}}
}

func TestReadCache(t *testing.T) {
	t.Parallel()
	rc := newReadCache()
	p := principal("u1", "a1")
	rc.put("k", cacheEntry{principal: copyPrincipal(p), expires: time.Now().Add(time.Minute)})
	rc.put("old", cacheEntry{body: []byte("x"), expires: time.Now().Add(-time.Second)})
	tests := []struct {
		key  string
		want bool
	}{
		{"k", true},
		{"old", false}, // expired
		{"missing", false},
	}
	for _, tt := range tests {
		if _, ok := rc.get(tt.key); ok != tt.want {
			t.Errorf("get(%q) ok = %v, want %v", tt.key, ok, tt.want)
		}
	}
	e, _ := rc.get("k")
	got := copyPrincipal(e.principal)
	got.User.ID = "changed" // a handler changing its copy leaves the cache alone
	if e2, _ := rc.get("k"); e2.principal.User.ID != "u1" {
		t.Fatalf("cached principal changed to %q", e2.principal.User.ID)
	}
	rc.clear()
	if _, ok := rc.get("k"); ok {
		t.Fatal("entry survived clear")
	}
	if len(rc.owners) != 0 {
		t.Errorf("index keeps %d owners after clear", len(rc.owners))
	}
}

// TestReadCacheWriteEvictsOnlyItsOwn: a write evicts the writer's cached
// principals and the answer it wrote to; other users' principals and other
// accounts' answers stay cached.
func TestReadCacheWriteEvictsOnlyItsOwn(t *testing.T) {
	t.Parallel()
	// alice and carol share account x; bob is in account y.
	entries := map[string]cacheEntry{
		"p:alice": {principal: principal("alice", "x")},
		"p:carol": {principal: principal("carol", "x")},
		"p:bob":   {principal: principal("bob", "y")},
		"v:x/1":   {body: []byte("x1")},
		"v:x/2":   {body: []byte("x2")},
		"v:y/1":   {body: []byte("y1")},
	}
	tests := []struct {
		name    string
		path    string
		p       *auth.Principal
		id      string
		evicted []string
	}{
		{"alice deletes analysis 1", "/api/cached-analysis/1", principal("alice", "x"), "1", []string{"p:alice", "v:x/1"}},
		{"alice uploads", "/api/analyze", principal("alice", "x"), "", []string{"p:alice", "v:x/1", "v:x/2"}},
		{"bob revokes a token", "/api/user-settings/tokens/t1", principal("bob", "y"), "t1", []string{"p:bob", "v:y/t1"}},
		{"carol logs out without an account", "/api/auth/logout", &auth.Principal{User: &auth.User{ID: "carol"}}, "", []string{"p:carol"}},
		{"anonymous sign-in", "/api/auth/token", nil, "", nil},
		{"operator reprocesses", "/api/ops/reprocess", principal("op", "z"), "", []string{"p:alice", "p:carol", "p:bob", "v:x/1", "v:x/2", "v:y/1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rc := newReadCache()
			for k, e := range entries {
				e.expires = time.Now().Add(time.Minute)
				rc.put(k, e)
			}
			rc.afterWrite(tt.path, tt.p, tt.id)
			gone := map[string]bool{}
			for _, k := range tt.evicted {
				gone[k] = true
			}
			for k := range entries {
				if _, ok := rc.get(k); ok == gone[k] {
					t.Errorf("%s: cached = %v, want %v", k, ok, !gone[k])
				}
			}
		})
	}
}

// TestInvalidateOnWriteRoute: through the router, alice deleting analysis
// 1 evicts her principal and that analysis's answer (the route's :id
// reaches the middleware), and leaves bob's principal and analysis 2.
func TestInvalidateOnWriteRoute(t *testing.T) {
	t.Parallel()
	s := &Server{cache: newReadCache(), log: slog.New(slog.DiscardHandler)}
	e := echo.New()
	g := e.Group("/api")
	g.Use(s.invalidateOnWrite)
	g.Use(func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			c.Set(principalKey, principal(c.Request().Header.Get("X-Test-User"), "x"))
			return next(c)
		}
	})
	g.DELETE("/cached-analysis/:id", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	g.GET("/document/:id", func(c echo.Context) error { return c.NoContent(http.StatusOK) })
	exp := time.Now().Add(time.Minute)
	for _, k := range []string{"p:alice", "p:bob"} {
		s.cache.put(k, cacheEntry{principal: principal(k[2:], "x"), expires: exp})
	}
	for _, k := range []string{"v:x/1", "v:x/2"} {
		s.cache.put(k, cacheEntry{body: []byte("{}"), expires: exp})
	}
	for _, r := range []struct{ method, path string }{{http.MethodGet, "/api/document/2"}, {http.MethodDelete, "/api/cached-analysis/1"}} {
		req := httptest.NewRequest(r.method, r.path, nil)
		req.Header.Set("X-Test-User", "alice")
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if rec.Code >= 300 {
			t.Fatalf("%s %s: status %d", r.method, r.path, rec.Code)
		}
	}
	for k, want := range map[string]bool{"p:alice": false, "v:x/1": false, "p:bob": true, "v:x/2": true} {
		if _, ok := s.cache.get(k); ok != want {
			t.Errorf("%s cached = %v, want %v", k, ok, want)
		}
	}
}

// TestReadCacheBounded: the cache keeps at most cacheMax entries, dropping
// the least recently used, and its owner index shrinks with it.
func TestReadCacheBounded(t *testing.T) {
	t.Parallel()
	rc := newReadCache()
	exp := time.Now().Add(time.Minute)
	rc.put("v:a/keep", cacheEntry{body: []byte("k"), expires: exp})
	for i := range cacheMax + 100 {
		if i%1000 == 0 {
			rc.get("v:a/keep") // recently used: survives
		}
		rc.put(fmt.Sprintf("v:acct%d/%d", i, i), cacheEntry{body: []byte("x"), expires: exp})
	}
	if n := rc.lru.Len(); n != cacheMax {
		t.Errorf("%d entries, want %d", n, cacheMax)
	}
	if _, ok := rc.get("v:a/keep"); !ok {
		t.Error("a recently read entry was evicted")
	}
	if _, ok := rc.get("v:acct0/0"); ok {
		t.Error("the least recently used entry survived")
	}
	if n := len(rc.owners); n != cacheMax {
		t.Errorf("owner index has %d owners, want %d", n, cacheMax)
	}
}

// clearAllCache is the read cache as it was before per-key eviction (a
// map every write emptied), kept here as the benchmark's baseline.
type clearAllCache struct {
	mu sync.Mutex
	m  map[string]cacheEntry
}

func (rc *clearAllCache) get(key string) (cacheEntry, bool) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	e, ok := rc.m[key]
	if !ok || time.Now().After(e.expires) {
		return cacheEntry{}, false
	}
	return e, true
}

func (rc *clearAllCache) put(key string, e cacheEntry) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if len(rc.m) >= cacheMax {
		rc.m = map[string]cacheEntry{}
	}
	rc.m[key] = e
}

func (rc *clearAllCache) afterWrite(string, *auth.Principal, string) {
	rc.mu.Lock()
	rc.m = map[string]cacheEntry{}
	rc.mu.Unlock()
}

// BenchmarkReadCacheMixed runs a poll-heavy mix — 200 users in 20 accounts
// reading their principal and an analysis, one request in 20 a write to an
// analysis — against the old cache (every write empties it) and the
// per-key one. It reports the hit rate; each miss costs a request its
// database queries, which the ns/op of the cache alone does not show.
func BenchmarkReadCacheMixed(b *testing.B) {
	const users, accounts, analyses = 200, 20, 50
	type cache interface {
		get(string) (cacheEntry, bool)
		put(string, cacheEntry)
		afterWrite(string, *auth.Principal, string)
	}
	for _, tc := range []struct {
		name string
		new  func() cache
	}{
		{"clear-all", func() cache { return &clearAllCache{m: map[string]cacheEntry{}} }},
		{"per-key", func() cache { return newReadCache() }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			rc := tc.new()
			rng := rand.New(rand.NewPCG(1, 2))
			exp := time.Now().Add(time.Hour)
			hits, reads := 0, 0
			read := func(key string, e cacheEntry) {
				reads++
				if _, ok := rc.get(key); ok {
					hits++
					return
				}
				e.expires = exp
				rc.put(key, e)
			}
			b.ResetTimer()
			for range b.N {
				u := rng.IntN(users)
				p := principal(fmt.Sprintf("u%d", u), fmt.Sprintf("a%d", u%accounts))
				id := fmt.Sprint(rng.IntN(analyses))
				if rng.IntN(20) == 0 {
					rc.afterWrite("/api/cached-analysis/"+id, p, id)
					continue
				}
				read("p:"+p.User.ID, cacheEntry{principal: p})
				read("v:"+p.Account.ID+"/"+id, cacheEntry{body: []byte("{}")})
			}
			b.ReportMetric(100*float64(hits)/float64(max(reads, 1)), "hit%")
		})
	}
}
