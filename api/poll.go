package api

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

// Polls of an analysis (GET /api/document/{id} and its image and bpmn
// twins) are most of the api's traffic. A finished analysis' answer is
// kept encoded, with its length and entity tag (cache.go), and written as
// it is. When both the request's principal and that answer are cached,
// ServeHTTP answers before echo (servePoll): the router, the middleware
// chain and its allocations cost a poll as much again as the bytes it
// sends. Everything else, and every miss, goes the ordinary way.

// maxPollHeaders is how many headers a poll's answer sets (servePoll):
// security headers, no-store, request id, ETag and type. Go keeps a map
// of up to 8 keys in one small group; the response's header map grows,
// allocating, at the ninth.
const maxPollHeaders = 8

// requestIDHeader is echo.HeaderXRequestID in canonical form, the key
// net/http files it under.
const requestIDHeader = "X-Request-Id"

// pollRoutes are the poll routes' prefixes and their route templates (the
// metrics' label).
var pollRoutes = [...]struct{ prefix, route string }{
	{"/api/document/", "/api/document/:id"},
	{"/api/image/document/", "/api/image/document/:id"},
	{"/api/bpmn/document/", "/api/bpmn/document/:id"},
}

// pollRoute returns the index in pollRoutes and the analysis id of a poll
// path; ok is false when path is not one.
func pollRoute(path string) (i int, id string, ok bool) {
	for i, pr := range pollRoutes {
		if rest, found := strings.CutPrefix(path, pr.prefix); found {
			if rest == "" || strings.Contains(rest, "/") {
				return 0, "", false
			}
			return i, rest, true
		}
	}
	return 0, "", false
}

// viewKey is the cache key of an account's answer for one analysis.
func viewKey(accountID, id string) string { return "v:" + accountID + "/" + id }

// viewEntry is an encoded answer with its entity tag.
func viewEntry(body []byte) cacheEntry {
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:12]) + `"`
	return cacheEntry{body: body, etag: etag, etagHdr: []string{etag}, typeHdr: []string{echo.MIMEApplicationJSON}}
}

// writeView answers e: 304 when the client already holds it (its
// If-None-Match names the tag), else the body. It returns the status.
// net/http frames the body itself (with its length when it fits its
// 2 KB buffer, else in chunks): a Content-Length of ours was the ninth
// header of a poll's answer, and a ninth key grows the response's header
// map past Go's small map, which cost a poll about 6 % of its CPU
// (bench/http, a bare echo server with and without the ninth header, run
// side by side); chunking cost nothing measurable (maxPollHeaders).
func writeView(w http.ResponseWriter, r *http.Request, e cacheEntry) int {
	h := w.Header()
	if e.etag != "" {
		h["Etag"] = e.etagHdr
		if inm := r.Header["If-None-Match"]; len(inm) > 0 && etagMatches(inm[0], e.etag) {
			w.WriteHeader(http.StatusNotModified)
			return http.StatusNotModified
		}
	}
	h[echo.HeaderContentType] = e.typeHdr
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(e.body)
	return http.StatusOK
}

// etagMatches applies If-None-Match's weak comparison (RFC 9110 13.1.2).
func etagMatches(header, etag string) bool {
	for header != "" {
		var tag string
		tag, header, _ = strings.Cut(header, ",")
		tag = strings.TrimSpace(tag)
		if tag == "*" || strings.TrimPrefix(tag, "W/") == etag {
			return true
		}
	}
	return false
}

// getAnalysis answers polls. A finished analysis changes only through a
// delete or a reprocess, so its answer is kept for a moment (see cache.go);
// an unfinished one's is kept while the change feed is live
// (FollowChanges), until a worker's write names it, for at most
// unfinishedTTL; concurrent polls of one analysis share one read. Bound:
// a change of an unfinished analysis is seen as soon as its message
// arrives, within unfinishedTTL (1 s) when it is lost, at once when the
// feed is down (nothing unfinished is cached then); a finished analysis
// being deleted or reprocessed elsewhere within viewTTL (2 s) of the read
// the cached answer came from. The answer is refreshed by one poll after
// refreshAt of its TTL while the others are served it (stale-while-
// revalidate), and a delete or reprocess in this process evicts it. The
// key names the account: a poll is answered only what its own account's
// read returned.
func (s *Server) getAnalysis(c echo.Context) error {
	ctx := c.Request().Context()
	account, id := PrincipalOf(c).Account.ID, c.Param("id")
	e, err := s.cache.load(ctx, viewKey(account, id), viewTTL, func() (cacheEntry, bool, error) {
		a, err := s.Repo.GetView(ctx, account, id)
		if err != nil {
			return cacheEntry{}, false, err
		}
		body, err := json.Marshal(a.ToView())
		if err != nil {
			return cacheEntry{}, false, err
		}
		e := viewEntry(body)
		if !a.Finished() {
			e.unfinished, e.ttl = true, unfinishedTTL
		}
		return e, true, nil
	})
	if err != nil {
		return err
	}
	writeView(c.Response(), c.Request(), e)
	return nil
}

// servePoll answers a poll whose principal and answer are both cached,
// with what the middleware chain would have added (security headers,
// request id, no-store, a write deadline, metrics, the debug access log),
// and reports whether it did. The cached principal is what
// resolvePrincipal resolved for this very credential, X-Account-ID and
// route kind within principalTTL, so the checks it passed then (token
// scope, membership) hold; a logout or revocation in this process evicts
// it first. GET only: a write must pass invalidateOnWrite.
func (s *Server) servePoll(w http.ResponseWriter, r *http.Request) bool {
	if r.Method != http.MethodGet || r.ContentLength != 0 || len(r.TransferEncoding) > 0 || r.URL.RawPath != "" {
		return false
	}
	ri, id, ok := pollRoute(r.URL.Path)
	if !ok {
		return false
	}
	key := principalCacheKey(r)
	if key == "" {
		return false
	}
	pe, ok := s.cache.get(key)
	if !ok || pe.principal == nil || pe.principal.User == nil || pe.principal.Account == nil {
		return false
	}
	vk := viewKey(pe.principal.Account.ID, id)
	ve, ok := s.cache.get(vk)
	if !ok || s.cache.needsRefresh(vk, ve) || s.cache.needsRefresh(key, pe) {
		return false
	}
	start := time.Now()
	h := w.Header()
	s.pollHeaders.apply(h)
	// echo.HeaderXRequestID is not canonical: Get would canonicalise it
	// (an allocation) on every poll.
	rid := ""
	if v := r.Header[requestIDHeader]; len(v) > 0 {
		rid = v[0]
	}
	if rid == "" {
		rid = s.requestIDs.next()
	}
	h[requestIDHeader] = []string{rid}
	// The answer is in memory and small: one deadline covers its write
	// and the flush after it (writes.go). net/http's own writer takes it
	// directly; a wrapped one goes through a ResponseController.
	if d, ok := w.(interface{ SetWriteDeadline(time.Time) error }); ok {
		_ = d.SetWriteDeadline(start.Add(s.stall()))
	} else {
		_ = http.NewResponseController(w).SetWriteDeadline(start.Add(s.stall()))
	}
	status := writeView(w, r, ve)
	if observe := s.pollObservers[ri]; observe != nil {
		observe(status, time.Since(start))
	}
	if s.log.Enabled(r.Context(), slog.LevelDebug) {
		s.log.Debug("request", "method", r.Method, "path", r.URL.Path, "route", pollRoutes[ri].route, "status", status,
			"duration_ms", time.Since(start).Milliseconds(), "request_id", rid, "cached", true)
	}
	return true
}

// stall is writeStall, or the tests' override (writeProgress and
// servePoll).
func (s *Server) stall() time.Duration {
	if s.writeStall > 0 {
		return s.writeStall
	}
	return writeStall
}

// FollowChanges follows the workers' change messages (queue.ChangedChannel)
// for the poll cache: while the feed is subscribed, answers of unfinished
// analyses are cached until a message names them (see getAnalysis). The
// returned stop ends it. Without a queue it does nothing.
func (s *Server) FollowChanges() (stop func()) {
	if s.Queue == nil {
		return func() {}
	}
	f := s.Queue.FollowChanges(s.cache.changed, s.cache.setFeedLive)
	return f.Stop
}
