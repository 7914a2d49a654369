package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/db"
)

func TestPollRoute(t *testing.T) {
	t.Parallel()
	tests := []struct{ path, route, id string }{
		{"/api/document/a1", "/api/document/:id", "a1"},
		{"/api/image/document/a1", "/api/image/document/:id", "a1"},
		{"/api/bpmn/document/a1", "/api/bpmn/document/:id", "a1"},
		{"/api/document/", "", ""},
		{"/api/document/a1/", "", ""},
		{"/api/document/a1/x", "", ""},
		{"/api/documents/a1", "", ""},
		{"/api/recent", "", ""},
	}
	for _, tt := range tests {
		i, id, ok := pollRoute(tt.path)
		route := ""
		if ok {
			route = pollRoutes[i].route
		}
		if route != tt.route || id != tt.id {
			t.Errorf("pollRoute(%q) = %q, %q, want %q, %q", tt.path, route, id, tt.route, tt.id)
		}
	}
}

func TestETagMatches(t *testing.T) {
	t.Parallel()
	tests := []struct {
		header string
		want   bool
	}{
		{`"abc"`, true},
		{`W/"abc"`, true},
		{`"x", "abc"`, true},
		{`*`, true},
		{`"abcd"`, false},
		{``, false},
		{`abc`, false},
	}
	for _, tt := range tests {
		if got := etagMatches(tt.header, `"abc"`); got != tt.want {
			t.Errorf("etagMatches(%q) = %v, want %v", tt.header, got, tt.want)
		}
	}
}

// TestReadCacheLoadOnce: concurrent misses of one key make one fetch and
// share its answer; a fetch overlapping an eviction answers but is not
// cached (a read that began before a revocation cannot put it back).
func TestReadCacheLoadOnce(t *testing.T) {
	t.Parallel()
	rc := newReadCache()
	var fetches atomic.Int32
	release := make(chan struct{})
	started := make(chan struct{})
	fetch := func() (cacheEntry, bool, error) {
		if fetches.Add(1) == 1 {
			close(started)
		}
		<-release
		return cacheEntry{body: []byte("x")}, true, nil
	}
	var wg sync.WaitGroup
	first := make(chan struct{})
	wg.Go(func() {
		close(first)
		if e, err := rc.load(context.Background(), "v:a/1", time.Minute, fetch); err != nil || string(e.body) != "x" {
			t.Errorf("leader: %q, %v", e.body, err)
		}
	})
	<-first
	<-started
	for range 8 {
		wg.Go(func() {
			if e, err := rc.load(context.Background(), "v:a/1", time.Minute, fetch); err != nil || string(e.body) != "x" {
				t.Errorf("follower: %q, %v", e.body, err)
			}
		})
	}
	// Followers that arrive while the fetch runs join it, late ones find
	// the cached entry: either way no second fetch, whatever the timing
	// (the pause only makes joining the likelier case).
	time.Sleep(10 * time.Millisecond)
	close(release)
	wg.Wait()
	if n := fetches.Load(); n != 1 {
		t.Errorf("%d fetches for concurrent misses, want 1", n)
	}

	// An eviction while the fetch runs: answered, not cached.
	rc2 := newReadCache()
	e, err := rc2.load(context.Background(), "p:k", time.Minute, func() (cacheEntry, bool, error) {
		rc2.evictOwner("u:someone")
		return cacheEntry{principal: principal("u1", "a1")}, true, nil
	})
	if err != nil || e.principal == nil {
		t.Fatalf("load: %v, %v", e.principal, err)
	}
	if _, ok := rc2.get("p:k"); ok {
		t.Error("an answer fetched across an eviction was cached")
	}
	// An error is shared, never cached.
	boom := errors.New("boom")
	if _, err := rc2.load(context.Background(), "p:e", time.Minute, func() (cacheEntry, bool, error) { return cacheEntry{}, true, boom }); !errors.Is(err, boom) {
		t.Errorf("error %v, want boom", err)
	}
	if _, ok := rc2.get("p:e"); ok {
		t.Error("a failed fetch was cached")
	}
}

// pollFixture is an api on SQLite with one user, one account, an access
// token and one completed analysis, and a clock the test moves.
type pollFixture struct {
	s       *Server
	now     time.Time
	user    *auth.User
	account string
	token   string
	tokenID string
	id      string
	fast    atomic.Int32 // polls answered by servePoll
}

func newPollFixture(t *testing.T) *pollFixture {
	t.Helper()
	ctx := context.Background()
	d, err := db.Open("sqlite://" + filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Close() })
	if err := d.Migrate(ctx, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	st := auth.NewStore(d.DB)
	repo := analysis.NewRepo(d.DB)
	f := &pollFixture{now: time.Now()}
	f.user, _, err = st.UpsertUser(ctx, auth.User{Issuer: "test", Subject: "poll", Email: "poll@example.com", Name: "Poll"})
	if err != nil {
		t.Fatal(err)
	}
	accs, err := st.Accounts(ctx, f.user.ID)
	if err != nil || len(accs) == 0 {
		t.Fatalf("accounts: %v %v", accs, err)
	}
	f.account = accs[0].ID
	secret, tok, err := st.CreateToken(ctx, f.user.ID, f.account, "poll")
	if err != nil {
		t.Fatal(err)
	}
	f.token, f.tokenID = secret, tok.ID
	a := &analysis.Analysis{ID: auth.NewID(), AccountID: f.account, UserID: f.user.ID, AnalyzerType: analysis.TypeDocument,
		Status: analysis.StatusCompleted, Stage: "completed", GraphStatus: "completed", ProcessName: "Invoice"}
	if err := repo.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	f.id = a.ID
	f.s = New(Deps{Config: &config.Config{PublicURL: "http://app.test"}, DB: d, Repo: repo, Auth: st, Log: slog.New(slog.DiscardHandler),
		Mounts: []func(*Server){func(s *Server) { mountTokens(s, s.API.Group("", s.requireUser)) }}})
	f.s.cache.now = func() time.Time { return f.now }
	for i := range f.s.pollObservers {
		f.s.pollObservers[i] = func(int, time.Duration) { f.fast.Add(1) }
	}
	return f
}

func (f *pollFixture) do(method, path string, hdr map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, "http://app.test"+path, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	f.s.ServeHTTP(rec, req)
	return rec
}

// TestPollCachedAnswer: the second poll of a finished analysis is answered
// from the cache before echo, with the same body, headers and an entity
// tag, no more headers than fit a small map; If-None-Match gets 304; another account's id or a token
// naming another account is refused as before.
func TestPollCachedAnswer(t *testing.T) {
	t.Parallel()
	f := newPollFixture(t)
	bearer := map[string]string{"Authorization": "Bearer " + f.token}
	first := f.do(http.MethodGet, "/api/document/"+f.id, bearer)
	if first.Code != http.StatusOK || f.fast.Load() != 0 {
		t.Fatalf("first poll: %d (fast %d) %s", first.Code, f.fast.Load(), first.Body)
	}
	second := f.do(http.MethodGet, "/api/document/"+f.id, bearer)
	if second.Code != http.StatusOK || f.fast.Load() != 1 {
		t.Fatalf("second poll: %d, fast %d", second.Code, f.fast.Load())
	}
	if first.Body.String() != second.Body.String() || !strings.Contains(second.Body.String(), `"status":"completed"`) {
		t.Fatalf("bodies differ:\n%s\n%s", first.Body, second.Body)
	}
	for _, h := range []string{"Content-Type", "ETag", "Cache-Control", "Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy", "X-Request-Id"} {
		if second.Header().Get(h) == "" || (h != "X-Request-Id" && first.Header().Get(h) != second.Header().Get(h)) {
			t.Errorf("%s: first %q, cached %q", h, first.Header().Get(h), second.Header().Get(h))
		}
	}
	// One more key grows the response's header map (see writeView).
	if n := len(second.Header()); n > maxPollHeaders {
		t.Errorf("the cached answer sets %d headers, at most %d fit a small map: %v", n, maxPollHeaders, second.Header())
	}
	tests := []struct {
		name   string
		path   string
		hdr    map[string]string
		status int
	}{
		{"unchanged", "/api/document/" + f.id, map[string]string{"Authorization": "Bearer " + f.token, "If-None-Match": second.Header().Get("ETag")}, http.StatusNotModified},
		{"stale tag", "/api/document/" + f.id, map[string]string{"Authorization": "Bearer " + f.token, "If-None-Match": `"old"`}, http.StatusOK},
		{"image twin", "/api/image/document/" + f.id, bearer, http.StatusOK},
		{"unknown id", "/api/document/nope", bearer, http.StatusNotFound},
		{"token for another account", "/api/document/" + f.id, map[string]string{"Authorization": "Bearer " + f.token, "X-Account-ID": "other"}, http.StatusForbidden},
		{"no credential", "/api/document/" + f.id, nil, http.StatusUnauthorized},
		{"wrong token", "/api/document/" + f.id, map[string]string{"Authorization": "Bearer " + auth.TokenPrefix + "nope"}, http.StatusUnauthorized},
	}
	for _, tt := range tests {
		if rec := f.do(http.MethodGet, tt.path, tt.hdr); rec.Code != tt.status {
			t.Errorf("%s: status %d, want %d: %s", tt.name, rec.Code, tt.status, rec.Body)
		}
	}
}

// TestPollRevokedToken: a revoked token stops polling at once when it is
// revoked through this process, even with its principal and the answer
// cached; revoked elsewhere (another api process, the database), it stops
// once principalTTL has passed.
func TestPollRevokedToken(t *testing.T) {
	t.Parallel()
	f := newPollFixture(t)
	bearer := map[string]string{"Authorization": "Bearer " + f.token}
	poll := func() int { return f.do(http.MethodGet, "/api/document/"+f.id, bearer).Code }
	for range 3 {
		if st := poll(); st != http.StatusOK {
			t.Fatalf("poll: %d", st)
		}
	}
	if f.fast.Load() == 0 {
		t.Fatal("polls never answered from the cache")
	}
	// Revoked with the token itself, through the api.
	if rec := f.do(http.MethodDelete, "/api/user-settings/tokens/"+f.tokenID, bearer); rec.Code != http.StatusOK {
		t.Fatalf("revoke: %d %s", rec.Code, rec.Body)
	}
	if st := poll(); st != http.StatusUnauthorized {
		t.Fatalf("poll after revocation in this process: %d, want 401", st)
	}

	// A second token, revoked behind the api's back.
	ctx := context.Background()
	secret, tok, err := f.s.Auth.CreateToken(ctx, f.user.ID, f.account, "other")
	if err != nil {
		t.Fatal(err)
	}
	bearer = map[string]string{"Authorization": "Bearer " + secret}
	for range 2 {
		if st := poll(); st != http.StatusOK {
			t.Fatalf("poll with the second token: %d", st)
		}
	}
	if err := f.s.Auth.RevokeToken(ctx, f.user.ID, tok.ID); err != nil {
		t.Fatal(err)
	}
	f.now = f.now.Add(principalTTL + time.Millisecond)
	if st := poll(); st != http.StatusUnauthorized {
		t.Fatalf("poll %v after a revocation elsewhere: %d, want 401", principalTTL, st)
	}
}

// discardWriter is a ResponseWriter that keeps nothing but the header map
// net/http would hand a handler: a fresh one per request.
type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *discardWriter) WriteHeader(int)             {}

func (w *discardWriter) SetWriteDeadline(time.Time) error { return nil }

// BenchmarkServePoll is the poll fast path alone (no database: the
// principal and the answer are put in the cache first), for its time and
// allocations per poll (-benchmem): 200 with a body, 304 with the tag.
func BenchmarkServePoll(b *testing.B) {
	s := New(Deps{Config: &config.Config{PublicURL: "http://app.test"}, Log: slog.New(slog.DiscardHandler)})
	s.pollObservers[0] = func(int, time.Duration) {}
	const token = "spade_pat_0123456789abcdef0123456789abcdef"
	req := httptest.NewRequest(http.MethodGet, "http://app.test/api/document/a1b2c3", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	exp := time.Now().Add(time.Hour)
	s.cache.put(principalCacheKey(req), cacheEntry{principal: principal("u1", "acc1"), expires: exp})
	ve := viewEntry([]byte(strings.Repeat(`{"id":"a1b2c3","status":"completed"}`, 20)))
	ve.expires = exp
	s.cache.put(viewKey("acc1", "a1b2c3"), ve)
	for _, tc := range []struct {
		name string
		inm  string
	}{{"200", ""}, {"304", ve.etag}} {
		b.Run(tc.name, func(b *testing.B) {
			r := req.Clone(context.Background())
			if tc.inm != "" {
				r.Header.Set("If-None-Match", tc.inm)
			}
			b.ReportAllocs()
			for range b.N {
				if !s.servePoll(&discardWriter{h: make(http.Header, 12)}, r) {
					b.Fatal("not served from the cache")
				}
			}
		})
	}
}
