package api

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashicorp/golang-lru/v2/simplelru"
	"github.com/labstack/echo/v4"
	"golang.org/x/sync/singleflight"

	"github.com/spade-bpmn/spade/pkg/auth"
)

// Short-lived read caches. Polls (GET /api/document/{id}, check-graph) are
// most of the traffic, and each would otherwise cost four queries: session
// or token, user, membership, the row. A state-changing request evicts
// only what it can have changed, once it has run: the writer's own cached
// principals (a logout, a revoked token or a new API key is seen at once)
// and the cached answer of the analysis it wrote to (every analysis of its
// account when the route names none). Other users' entries stay, so one
// busy writer no longer empties the cache for everybody. Operator routes
// reach any account and empty it all. Another api process sees a change
// within the TTL.
//
// Concurrent misses of one key make one lookup, not one each (load). An
// entry is refreshed ahead of its end (stale-while-revalidate): after
// refreshAt of its TTL the first request to read it refreshes it while
// every other request is still answered from the entry, so 64 clients
// polling at an expiry no longer all wait on one database read. The
// bound is unchanged: nothing is served more than the TTL after the read
// it came from (past that the entry is a miss, as before), a refresh that
// fails or finds the analysis unfinished or gone drops the entry, and an
// eviction still removes it at once. A lookup that overlaps an
// eviction is answered but not cached, so an entry evicted by a logout or
// a revocation in this process cannot be put back by a read that started
// before it.
//
// The answer of an unfinished analysis changes with every stage a worker
// writes. It is cached only while this process follows the workers'
// change feed (queue.ChangedChannel, FollowChanges), for unfinishedTTL:
// a worker's write names the analysis on the feed, which drops its
// answers at once (and a lookup that overlapped it is not cached); a lost
// message is seen within unfinishedTTL; when the feed fails, every
// unfinished answer is dropped and none is cached until it is back. At
// 150 clients polling every 100 ms the database read of each poll, not
// the workers, bounded the analyses per second (issue 26 item 4).
const (
	principalTTL = time.Second
	viewTTL      = 2 * time.Second
	// unfinishedTTL bounds how long a cached answer of an unfinished
	// analysis is served when its change message was lost.
	unfinishedTTL = time.Second
	cacheMax      = 10000
	// refreshAt is the part of an entry's TTL after which a read refreshes
	// it (the others are still served the entry until the TTL ends).
	refreshAt = 0.75
)

// cacheEntry is a cached principal (key "p:…") or answer body ("v:account/id").
type cacheEntry struct {
	principal *auth.Principal
	body      []byte
	// etag is the answer's entity tag (a hash of body), "" for principals;
	// etagHdr and typeHdr are it and the JSON type as header values,
	// built once for every answer written from the entry (viewEntry).
	etag             string
	etagHdr, typeHdr []string
	expires          time.Time
	// refresh is when a read starts refreshing the entry (refreshAt).
	refresh time.Time
	// owner is the index key the entry is filed under for eviction:
	// "u:"+user id for a principal, "a:"+account id for an answer.
	owner string
	// ttl, when set, is the entry's TTL instead of the one load is given;
	// unfinished marks the answer of an unfinished analysis (cached only
	// while the change feed is live).
	ttl        time.Duration
	unfinished bool
}

// readCache is a least-recently-used map of at most cacheMax entries with
// an index from owner (user or account) to keys, so a write evicts its own
// entries without scanning the others. Entries expire when read after
// their time: hashicorp/golang-lru's expirable LRU would drop them sooner,
// but runs a cleaning goroutine per cache, every TTL/100, that never
// stops (its Close is not implemented in v2.0.7), one more for every Server
// a test builds.
type readCache struct {
	mu     sync.Mutex
	lru    *simplelru.LRU[string, cacheEntry]
	owners map[string]map[string]struct{}
	// evictions counts evictions (writes, logouts, clears): a lookup that
	// saw it change while it ran does not cache its answer.
	evictions atomic.Uint64
	flight    singleflight.Group
	// refreshing holds the keys a request is refreshing (load), under mu.
	refreshing map[string]struct{}
	// now is the clock (tests move it past a TTL).
	now func() time.Time
	// analyses indexes answer keys by analysis id (a change message names
	// only the analysis), under mu.
	analyses map[string]map[string]struct{}
	// changes counts change messages per stripe of analysis ids: a lookup
	// that saw its stripe change while it ran does not cache its answer.
	changes [64]atomic.Uint64
	// feedLive: the change feed is subscribed; feedEpoch counts its
	// losses, so that a lookup that overlapped one caches no unfinished
	// answer.
	feedLive  atomic.Bool
	feedEpoch atomic.Uint64
}

func newReadCache() *readCache {
	rc := &readCache{owners: map[string]map[string]struct{}{}, refreshing: map[string]struct{}{}, now: time.Now,
		analyses: map[string]map[string]struct{}{}}
	// NewLRU fails only for a size below one.
	rc.lru, _ = simplelru.NewLRU(cacheMax, rc.unindex)
	return rc
}

// unindex drops an evicted or removed key from its owner's set; the LRU
// calls it with rc.mu held.
func (rc *readCache) unindex(key string, e cacheEntry) {
	unfileKey(rc.owners, e.owner, key)
	if id := analysisOf(key); id != "" {
		unfileKey(rc.analyses, id, key)
	}
}

// fileKey adds key to index[name]; unfileKey removes it.
func fileKey(index map[string]map[string]struct{}, name, key string) {
	keys := index[name]
	if keys == nil {
		keys = map[string]struct{}{}
		index[name] = keys
	}
	keys[key] = struct{}{}
}

func unfileKey(index map[string]map[string]struct{}, name, key string) {
	if keys := index[name]; keys != nil {
		delete(keys, key)
		if len(keys) == 0 {
			delete(index, name)
		}
	}
}

// analysisOf is the analysis id of an answer key ("v:account/id"), else "".
func analysisOf(key string) string {
	rest, ok := strings.CutPrefix(key, "v:")
	if !ok {
		return ""
	}
	_, id, _ := strings.Cut(rest, "/")
	return id
}

// stripe is the counter of changes of analysis id.
func (rc *readCache) stripe(id string) *atomic.Uint64 {
	h := uint32(2166136261) // FNV-1a
	for i := 0; i < len(id); i++ {
		h = (h ^ uint32(id[i])) * 16777619
	}
	return &rc.changes[h%uint32(len(rc.changes))]
}

// changed drops every cached answer of analysis id (a change message):
// a lookup running meanwhile does not cache what it read.
func (rc *readCache) changed(id string) {
	rc.stripe(id).Add(1)
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.removeIndexed(rc.analyses[id])
}

// removeIndexed removes the entries whose keys an index set holds; the
// caller holds rc.mu. The keys are copied first: each removal's eviction
// callback deletes from the set being walked.
func (rc *readCache) removeIndexed(set map[string]struct{}) {
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	for _, k := range keys {
		rc.lru.Remove(k)
	}
}

// setFeedLive records whether the change feed is subscribed; when it is
// lost, every unfinished answer is dropped.
func (rc *readCache) setFeedLive(live bool) {
	if live {
		rc.feedLive.Store(true)
		return
	}
	rc.feedEpoch.Add(1)
	rc.feedLive.Store(false)
	rc.mu.Lock()
	defer rc.mu.Unlock()
	for _, k := range rc.lru.Keys() {
		if e, ok := rc.lru.Peek(k); ok && e.unfinished {
			rc.lru.Remove(k)
		}
	}
}

func (rc *readCache) get(key string) (cacheEntry, bool) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	e, ok := rc.lru.Get(key)
	if !ok {
		return cacheEntry{}, false
	}
	if rc.now().After(e.expires) {
		rc.lru.Remove(key)
		return cacheEntry{}, false
	}
	return e, true
}

func (rc *readCache) put(key string, e cacheEntry) {
	e.owner = ownerOf(key, e)
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.lru.Remove(key) // a replaced entry leaves its old owner's set
	rc.lru.Add(key, e)
	fileKey(rc.owners, e.owner, key)
	if id := analysisOf(key); id != "" {
		fileKey(rc.analyses, id, key)
	}
}

// ownerOf files a principal under its user and an answer under the
// account its key names.
func ownerOf(key string, e cacheEntry) string {
	if e.principal != nil && e.principal.User != nil {
		return "u:" + e.principal.User.ID
	}
	if rest, ok := strings.CutPrefix(key, "v:"); ok {
		account, _, _ := strings.Cut(rest, "/")
		return "a:" + account
	}
	return ""
}

// load returns the entry under key, or runs fetch for it: once for all
// concurrent misses of the same key. fetch reports whether its entry may
// be cached (a principal, a finished analysis' answer); it is cached for
// ttl unless an eviction ran meanwhile. The callers of one key ask the
// same question (the key covers the credential, the account and the
// analysis), so they may share the answer and its error; one whose own
// request is still live retries alone when the shared fetch failed on the
// first caller's cancelled context.
//
// An entry past its refresh time is refreshed by the one caller that
// claims it; the others get the entry meanwhile. The refresh's answer,
// error included, is the claimer's; a refresh that fails or may not be
// cached (an analysis reprocessed or deleted elsewhere) drops the entry,
// so it is not served again.
func (rc *readCache) load(ctx context.Context, key string, ttl time.Duration, fetch func() (cacheEntry, bool, error)) (cacheEntry, error) {
	run := func() (cacheEntry, error) { return rc.fetchEntry(key, ttl, fetch) }
	if e, ok := rc.get(key); ok {
		return rc.serveOrRefresh(key, e, run)
	}
	v, err, shared := rc.flight.Do(key, func() (any, error) { return run() })
	if err != nil && shared && ctx.Err() == nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		return run()
	}
	e, _ := v.(cacheEntry)
	return e, err
}

// serveOrRefresh returns e, the entry under key, unless it is past its
// refresh time and the caller claims the refresh: then it runs the
// refresh and returns its answer, dropping e when the refresh failed or
// may not be cached.
func (rc *readCache) serveOrRefresh(key string, e cacheEntry, run func() (cacheEntry, error)) (cacheEntry, error) {
	if !rc.claimRefresh(key, e) {
		return e, nil
	}
	defer rc.endRefresh(key)
	ne, err := run()
	if err != nil || ne.expires.IsZero() {
		rc.drop(key, e)
	}
	return ne, err
}

// fetchEntry runs fetch for key and caches its entry for ttl (or the
// entry's own) when fetch allows it and nothing changed meanwhile: no
// eviction, no change of its analysis, and for an unfinished analysis'
// answer a change feed live throughout. An entry not cached has no
// expiry.
func (rc *readCache) fetchEntry(key string, ttl time.Duration, fetch func() (cacheEntry, bool, error)) (cacheEntry, error) {
	snap := rc.snapshot(key)
	e, keep, err := fetch()
	if e.unfinished && !rc.feedSteady(snap) {
		keep = false // no change feed: nothing tells us when it changes
	}
	if err != nil || !keep {
		return e, err
	}
	now := rc.now()
	life := ttl
	if e.ttl > 0 {
		life = e.ttl
	}
	e.expires = now.Add(life)
	e.refresh = now.Add(time.Duration(float64(life) * refreshAt))
	if rc.unchangedSince(snap) {
		rc.put(key, e)
	} else {
		e.expires = time.Time{} // not cached
	}
	return e, nil
}

// cacheSnapshot is what fetchEntry reads before a fetch to tell
// afterwards whether anything changed meanwhile: the evictions, the
// change count of the key's analysis (stripe nil: not an analysis'
// answer) and the change feed's state.
type cacheSnapshot struct {
	evictions uint64
	stripe    *atomic.Uint64
	changes   uint64
	epoch     uint64
	live      bool
}

func (rc *readCache) snapshot(key string) cacheSnapshot {
	var s cacheSnapshot
	if id := analysisOf(key); id != "" {
		s.stripe = rc.stripe(id)
	}
	s.evictions = rc.evictions.Load()
	if s.stripe != nil {
		s.changes = s.stripe.Load()
	}
	s.epoch, s.live = rc.feedEpoch.Load(), rc.feedLive.Load()
	return s
}

// feedSteady reports whether the change feed was live from s until now,
// without a loss between.
func (rc *readCache) feedSteady(s cacheSnapshot) bool {
	return s.live && rc.feedLive.Load() && rc.feedEpoch.Load() == s.epoch
}

// unchangedSince reports whether no eviction ran and the key's analysis
// did not change since s.
func (rc *readCache) unchangedSince(s cacheSnapshot) bool {
	return rc.evictions.Load() == s.evictions && (s.stripe == nil || s.stripe.Load() == s.changes)
}

// claimRefresh reports whether the caller is to refresh e, the entry
// under key: e is past its refresh time and nobody else refreshes it.
func (rc *readCache) claimRefresh(key string, e cacheEntry) bool {
	if e.refresh.IsZero() || !rc.now().After(e.refresh) {
		return false
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if _, busy := rc.refreshing[key]; busy {
		return false
	}
	rc.refreshing[key] = struct{}{}
	return true
}

// needsRefresh reports whether e, the entry under key, is past its
// refresh time with no refresh running: the poll fast path leaves such a
// request to load.
func (rc *readCache) needsRefresh(key string, e cacheEntry) bool {
	if e.refresh.IsZero() || !rc.now().After(e.refresh) {
		return false
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	_, busy := rc.refreshing[key]
	return !busy
}

func (rc *readCache) endRefresh(key string) {
	rc.mu.Lock()
	delete(rc.refreshing, key)
	rc.mu.Unlock()
}

// drop removes the entry under key if it is still e (a refresh that may
// not keep it); an entry a concurrent lookup put meanwhile stays.
func (rc *readCache) drop(key string, e cacheEntry) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if cur, ok := rc.lru.Peek(key); ok && cur.expires.Equal(e.expires) {
		rc.lru.Remove(key)
	}
}

// evictOwner removes every entry filed under owner.
func (rc *readCache) evictOwner(owner string) {
	rc.evictions.Add(1)
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.removeIndexed(rc.owners[owner])
}

func (rc *readCache) remove(key string) {
	rc.evictions.Add(1)
	rc.mu.Lock()
	rc.lru.Remove(key)
	rc.mu.Unlock()
}

func (rc *readCache) clear() {
	rc.evictions.Add(1)
	rc.mu.Lock()
	rc.lru.Purge()
	rc.mu.Unlock()
}

// afterWrite evicts what a state-changing request to path by p can have
// changed; id is the route's :id (an analysis), "" when it has none.
func (rc *readCache) afterWrite(path string, p *auth.Principal, id string) {
	switch {
	case strings.HasPrefix(path, "/api/ops/"):
		rc.clear()
		return
	case p == nil || p.User == nil:
		// Anonymous writes (sign-in, the demo) change no cached answer.
		return
	}
	rc.evictOwner("u:" + p.User.ID)
	if p.Account == nil {
		return
	}
	if id != "" {
		rc.remove("v:" + p.Account.ID + "/" + id)
		return
	}
	rc.evictOwner("a:" + p.Account.ID)
}

func safeMethod(r *http.Request) bool {
	return r.Method == http.MethodGet || r.Method == http.MethodHead
}

// invalidateOnWrite evicts, after every state-changing request (logout is
// one, though the spec makes it a GET), the entries it can have changed.
// It runs after the handler, when the principal is known; a read racing
// the write may still cache the old answer, for at most the TTL.
func (s *Server) invalidateOnWrite(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if safeMethod(c.Request()) && c.Request().URL.Path != "/api/auth/logout" {
			return next(c)
		}
		defer func() { s.cache.afterWrite(c.Request().URL.Path, PrincipalOf(c), c.Param("id")) }()
		return next(c)
	}
}

// principalCacheKey identifies a credential and the account it asks for;
// the secret itself is not kept as a key.
func principalCacheKey(r *http.Request) string {
	cred := r.Header.Get("Authorization")
	if cred == "" {
		if ck, err := r.Cookie(SessionCookie); err == nil {
			cred = "cookie " + ck.Value
		}
	}
	if cred == "" {
		return ""
	}
	free := byte('0')
	if accountFree(r.URL.Path) {
		free = '1'
	}
	// One allocation, the key itself: polls compute it on every request.
	var buf [256]byte
	b := append(buf[:0], cred...)
	b = append(b, 0)
	if acc := r.Header["X-Account-Id"]; len(acc) > 0 {
		b = append(b, acc[0]...)
	}
	b = append(b, 0, free)
	h := sha256.Sum256(b)
	var key [2 + 2*sha256.Size]byte
	key[0], key[1] = 'p', ':'
	hex.Encode(key[2:], h[:])
	return string(key[:])
}

// copyPrincipal keeps cached values out of reach of handlers.
func copyPrincipal(p *auth.Principal) *auth.Principal {
	cp := *p
	if p.User != nil {
		u := *p.User
		cp.User = &u
	}
	if p.Account != nil {
		a := *p.Account
		cp.Account = &a
	}
	return &cp
}
