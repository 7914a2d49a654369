package api

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/auth"
)

// Short-lived read caches. Polls (GET /api/document/{id}, check-graph) are
// most of the traffic, and each would otherwise cost four queries: session
// or token, user, membership, the row. Every state-changing request in this
// process empties both caches before and after it runs, so a logout, a
// revoked token, a new API key or a deleted analysis is seen at once here;
// another api process sees it within the TTL.
const (
	principalTTL = time.Second
	viewTTL      = 2 * time.Second
	cacheMax     = 10000
)

type cacheEntry struct {
	principal *auth.Principal
	body      []byte
	expires   time.Time
}

type readCache struct {
	mu sync.Mutex
	m  map[string]cacheEntry
}

func newReadCache() *readCache { return &readCache{m: map[string]cacheEntry{}} }

func (rc *readCache) get(key string) (cacheEntry, bool) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	e, ok := rc.m[key]
	if !ok || time.Now().After(e.expires) {
		return cacheEntry{}, false
	}
	return e, true
}

func (rc *readCache) put(key string, e cacheEntry) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if len(rc.m) >= cacheMax {
		now := time.Now()
		for k, v := range rc.m {
			if now.After(v.expires) {
				delete(rc.m, k)
			}
		}
		if len(rc.m) >= cacheMax {
			rc.m = map[string]cacheEntry{}
		}
	}
	rc.m[key] = e
}

func (rc *readCache) clear() {
	rc.mu.Lock()
	rc.m = map[string]cacheEntry{}
	rc.mu.Unlock()
}

func safeMethod(r *http.Request) bool {
	return r.Method == http.MethodGet || r.Method == http.MethodHead
}

// invalidateOnWrite empties the caches around every state-changing request
// (logout is one, though the spec makes it a GET).
func (s *Server) invalidateOnWrite(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if safeMethod(c.Request()) && c.Request().URL.Path != "/api/auth/logout" {
			return next(c)
		}
		s.cache.clear()
		defer s.cache.clear()
		return next(c)
	}
}

// principalKey identifies a credential and the account it asks for; the
// secret itself is not kept as a key.
func principalCacheKey(c echo.Context) string {
	r := c.Request()
	cred := r.Header.Get("Authorization")
	if cred == "" {
		if ck, err := c.Cookie(SessionCookie); err == nil {
			cred = "cookie " + ck.Value
		}
	}
	if cred == "" {
		return ""
	}
	free := "0"
	if accountFree(r.URL.Path) {
		free = "1"
	}
	h := sha256.Sum256([]byte(cred + "\x00" + r.Header.Get("X-Account-ID") + "\x00" + free))
	return "p:" + hex.EncodeToString(h[:])
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
