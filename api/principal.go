package api

import (
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/auth"
)

const principalKey = "principal"

// PrincipalOf returns the request's principal, or nil when anonymous.
func PrincipalOf(c echo.Context) *auth.Principal {
	p, _ := c.Get(principalKey).(*auth.Principal)
	return p
}

// resolvePrincipal reads the bearer token or the session cookie and the
// X-Account-ID header. X-DB-User-ID is never read: identity comes only from
// the session or the token.
func (s *Server) resolvePrincipal(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		var key string
		if safeMethod(c.Request()) {
			key = principalCacheKey(c.Request())
		}
		if key == "" {
			p, err := s.lookupPrincipal(c)
			if err != nil {
				return err
			}
			if p != nil {
				c.Set(principalKey, p)
			}
			return next(c)
		}
		e, err := s.cache.load(c.Request().Context(), key, principalTTL, func() (cacheEntry, bool, error) {
			p, err := s.lookupPrincipal(c)
			return cacheEntry{principal: p}, p != nil, err
		})
		if err != nil {
			return err
		}
		if e.principal != nil {
			// Every request gets its own copy: a shared or cached
			// principal stays out of reach of handlers.
			c.Set(principalKey, copyPrincipal(e.principal))
		}
		return next(c)
	}
}

// lookupPrincipal resolves the request's credential against the database.
func (s *Server) lookupPrincipal(c echo.Context) (*auth.Principal, error) {
	p, err := s.credential(c)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, nil
	}
	if p.ViaToken {
		if id := c.Request().Header.Get("X-Account-ID"); id != "" && id != p.Account.ID {
			return nil, errStatus(http.StatusForbidden, "This access token belongs to another account")
		}
		return p, nil
	}
	if err := s.selectAccount(c, p); err != nil {
		return nil, err
	}
	return p, nil
}

// credential is the principal of the request's bearer token (401 when it
// is invalid or revoked) or else of its session cookie; nil when there is
// neither, or the session is not valid.
func (s *Server) credential(c echo.Context) (*auth.Principal, error) {
	ctx := c.Request().Context()
	if h := c.Request().Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
		p, err := s.Auth.TokenPrincipal(ctx, strings.TrimSpace(strings.TrimPrefix(h, "Bearer ")))
		if err != nil {
			if errors.Is(err, auth.ErrUnauthenticated) {
				return nil, errStatus(http.StatusUnauthorized, "Invalid or revoked access token")
			}
			return nil, err
		}
		return p, nil
	}
	ck, err := c.Cookie(SessionCookie)
	if err != nil || ck.Value == "" {
		return nil, nil
	}
	u, _, err := s.Auth.SessionUser(ctx, ck.Value)
	if err != nil && !errors.Is(err, auth.ErrUnauthenticated) {
		return nil, err
	}
	if u == nil {
		return nil, nil
	}
	return &auth.Principal{User: u}, nil
}

// selectAccount sets the account a signed-in user acts in: the one the
// X-Account-ID header names (403 when not a member, except on the routes
// that use no account), else their only account.
func (s *Server) selectAccount(c echo.Context, p *auth.Principal) error {
	ctx := c.Request().Context()
	id := c.Request().Header.Get("X-Account-ID")
	if id == "" {
		if accs, err := s.Auth.Accounts(ctx, p.User.ID); err == nil && len(accs) == 1 {
			a := accs[0].Account
			p.Account = &a
		}
		return nil
	}
	acc, err := s.Auth.MemberAccount(ctx, p.User.ID, id)
	if errors.Is(err, auth.ErrNotMember) && accountFree(c.Request().URL.Path) {
		// A stale selection (removed from the account, another user
		// signed in) must not lock the user out of the calls that repair
		// it; these routes use no account.
		err, acc = nil, nil
	}
	if err != nil {
		return err // ErrNotMember → 403
	}
	p.Account = acc
	return nil
}

// requireUser answers 401 to anonymous requests.
func (s *Server) requireUser(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if PrincipalOf(c) == nil {
			return errStatus(http.StatusUnauthorized, "Not authenticated")
		}
		return next(c)
	}
}

// RequireUser is requireUser for routes mounted by other files.
func (s *Server) RequireUser(next echo.HandlerFunc) echo.HandlerFunc { return s.requireUser(next) }

// requireAccount answers 401 to anonymous requests and 403 when no account
// is selected.
func (s *Server) requireAccount(next echo.HandlerFunc) echo.HandlerFunc {
	return s.requireUser(func(c echo.Context) error {
		if PrincipalOf(c).Account == nil {
			return auth.ErrNoAccount
		}
		return next(c)
	})
}

// checkOrigin refuses cross-site state-changing requests made with the
// session cookie. Bearer-token requests are not sent by browsers on their
// own, so they need no Origin check.
func (s *Server) checkOrigin(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return next(c)
		}
		origin := r.Header.Get("Origin")
		if origin == "" || strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") {
			return next(c)
		}
		if sameOrigin(origin, s.Config.PublicURL) || sameOrigin(origin, "http://"+r.Host) || sameOrigin(origin, "https://"+r.Host) {
			return next(c)
		}
		return errStatus(http.StatusForbidden, "Cross-site request refused")
	}
}

// crossSite reports whether the browser says the request did not come from
// this origin: Sec-Fetch-Site other than same-origin or none (typed, or a
// bookmark), or an Origin or Referer of another origin. Clients that send
// none of these (curl, tokens) are not browsers following a foreign link.
func (s *Server) crossSite(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default:
		return true
	}
	for _, h := range []string{"Origin", "Referer"} {
		v := r.Header.Get(h)
		if v == "" || v == "null" && h == "Origin" && r.Header.Get("Sec-Fetch-Site") == "same-origin" {
			continue
		}
		if !s.ownOrigin(r, v) {
			return true
		}
	}
	return false
}

// ownOrigin reports whether u (an origin or a full URL) is this server.
func (s *Server) ownOrigin(r *http.Request, u string) bool {
	return sameOrigin(u, s.Config.PublicURL) || sameOrigin(u, "http://"+r.Host) || sameOrigin(u, "https://"+r.Host)
}

func sameOrigin(a, b string) bool {
	ua, err1 := url.Parse(a)
	ub, err2 := url.Parse(b)
	return err1 == nil && err2 == nil && ua.Scheme == ub.Scheme && strings.EqualFold(ua.Host, ub.Host)
}

// accountFree reports whether path serves the user, not an account: sign-in
// state, the account list and selection, public configuration.
func accountFree(path string) bool {
	return strings.HasPrefix(path, "/api/auth/") || path == "/api/config" || path == "/api/health"
}
