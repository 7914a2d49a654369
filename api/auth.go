package api

import (
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/auth"
)

// Auth is sign-in with any OpenID provider (authorization code + PKCE),
// server-side sessions in an HttpOnly cookie, and the account calls of the
// spec. cmd/spade builds it and appends Mount to Deps.Mounts.
type Auth struct {
	OIDC  *auth.OIDC
	Flows *auth.FlowSealer
	// DevProvider, when set, is the built-in provider, served under
	// DevPrefix on this server.
	DevProvider http.Handler
	DevPrefix   string
	// SessionLifetime is the absolute lifetime of a session.
	SessionLifetime time.Duration
}

// flowCookiePrefix names the short-lived cookies holding a sign-in in
// progress; one per state so that two tabs can sign in at once.
const (
	flowCookiePrefix = "spade_oidc_"
	flowTTL          = 10 * time.Minute
)

// Mount registers the sign-in routes (and the built-in provider).
func (a *Auth) Mount(s *Server) {
	if a.SessionLifetime <= 0 {
		a.SessionLifetime = auth.DefaultSessionLifetime
	}
	if a.DevProvider != nil && a.DevPrefix != "" {
		h := echo.WrapHandler(a.DevProvider)
		s.E.Any(a.DevPrefix, h)
		s.E.Any(a.DevPrefix+"/*", h)
	}
	g := s.API.Group("/auth")
	g.GET("/login", a.login(s))
	g.POST("/token", a.token(s))
	g.GET("/auth-info", a.authInfo)
	g.POST("/refresh", a.refresh(s))
	g.GET("/logout", a.logout(s))
	g.POST("/logout", a.logout(s))
	g.POST("/ensure-user", a.ensureUser(s), s.requireUser)
	g.GET("/accounts", a.accounts(s), s.requireUser)
	g.POST("/account-access", a.accountAccess(s), s.requireUser)
}

// userView is the spec's user info.
type userView struct {
	ID         string `json:"id"`
	DBUserID   string `json:"db_user_id"`
	FirstName  string `json:"firstName"`
	LastName   string `json:"lastName"`
	Email      string `json:"email"`
	Name       string `json:"name"`
	IsOperator bool   `json:"is_operator"`
}

func userViewOf(u *auth.User) *userView {
	return &userView{ID: u.Subject, DBUserID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Name: u.Name, IsOperator: u.IsOperator}
}

// accountView is an account as the picker shows it.
type accountView struct {
	AccountID      string     `json:"account_id"`
	AccountName    string     `json:"account_name"`
	MembershipType string     `json:"membership_type"`
	LastLoginDate  *time.Time `json:"last_login_date"`
}

func (s *Server) accountViews(c echo.Context, userID string) ([]accountView, error) {
	accs, err := s.Auth.Accounts(c.Request().Context(), userID)
	if err != nil {
		return nil, err
	}
	out := make([]accountView, 0, len(accs))
	for _, a := range accs {
		out = append(out, accountView{AccountID: a.ID, AccountName: a.Name, MembershipType: a.MembershipType, LastLoginDate: a.LastAccessAt})
	}
	return out, nil
}

// validRedirect accepts only a callback on this app's configured origin
// (SPADE_PUBLIC_URL), so a code can never be sent elsewhere. The Host
// header is not trusted for this: behind a proxy or cache that passes it
// through, a forged Host would make the server vouch for any origin. A
// development setup on loopback (the public URL is a loopback address)
// also accepts other loopback origins, such as the web app's dev server.
func (s *Server) validRedirect(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil || u.Fragment != "" {
		return false
	}
	if sameOrigin(u.Scheme+"://"+u.Host, s.Config.PublicURL) {
		return true
	}
	pub, err := url.Parse(s.Config.PublicURL)
	return err == nil && isLoopback(pub.Hostname()) && isLoopback(u.Hostname())
}

// isLoopback reports whether host names this machine (localhost or a
// loopback address).
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (a *Auth) login(s *Server) echo.HandlerFunc {
	return func(c echo.Context) error {
		if info, msg := DetectBrowser(c.Request().UserAgent()); msg != "" {
			return c.JSON(http.StatusForbidden, BrowserRefused{Detail: msg, Message: msg, Reason: "browser_not_supported",
				Browser: info, RecommendedBrowsers: RecommendedBrowsers})
		}
		redirect := c.QueryParam("redirect_uri")
		if redirect == "" {
			redirect = s.Config.PublicURL + "/callback"
		}
		if !s.validRedirect(redirect) {
			return errStatus(http.StatusBadRequest, "redirect_uri must be this application's /callback address.")
		}
		hint := strings.TrimSpace(c.QueryParam("login_hint"))
		if len(hint) > 320 {
			return errStatus(http.StatusBadRequest, "login_hint is too long.")
		}
		if a.OIDC == nil {
			return errStatus(http.StatusServiceUnavailable, "Sign-in is not configured on this server. The administrator needs to set SPADE_OIDC_ISSUER.")
		}
		f := auth.NewFlow(redirect, flowTTL)
		to, err := a.OIDC.AuthURL(c.Request().Context(), f, hint)
		if err != nil {
			s.log.Error("sign-in provider unavailable", "error", err, "issuer", a.OIDC.Issuer())
			return errStatus(http.StatusServiceUnavailable, "Sign-in is unavailable right now because the identity provider cannot be reached. Please try again in a moment.")
		}
		c.SetCookie(&http.Cookie{
			Name: flowCookiePrefix + f.State[:16], Value: a.Flows.Seal(f), Path: "/api/auth",
			MaxAge: int(flowTTL.Seconds()), HttpOnly: true, Secure: s.Config.SecureCookies(), SameSite: http.SameSiteLaxMode,
		})
		return c.Redirect(http.StatusFound, to)
	}
}

func (s *Server) setSessionCookie(c echo.Context, id string, maxAge int) {
	c.SetCookie(&http.Cookie{
		Name: SessionCookie, Value: id, Path: "/", MaxAge: maxAge,
		HttpOnly: true, Secure: s.Config.SecureCookies(), SameSite: http.SameSiteLaxMode,
	})
}

func (a *Auth) token(s *Server) echo.HandlerFunc {
	return func(c echo.Context) error {
		code, state := c.FormValue("code"), c.FormValue("state")
		if code == "" || state == "" {
			return errStatus(http.StatusBadRequest, "Missing authentication parameters")
		}
		if len(state) < 16 || len(state) > 200 {
			return errStatus(http.StatusBadRequest, "The sign-in attempt is unknown or has expired. Please sign in again.")
		}
		name := flowCookiePrefix + state[:16]
		ck, err := c.Cookie(name)
		if err != nil {
			return errStatus(http.StatusBadRequest, "The sign-in attempt is unknown or has expired. Please sign in again, and allow cookies for this site.")
		}
		f, err := a.Flows.Open(ck.Value, time.Now())
		if err != nil || f.State != state {
			return errStatus(http.StatusBadRequest, "The sign-in attempt is unknown or has expired. Please sign in again, and allow cookies for this site.")
		}
		if r := c.FormValue("redirect_uri"); r != "" && r != f.RedirectURI {
			return errStatus(http.StatusBadRequest, "redirect_uri does not match the one sign-in started with.")
		}
		// The flow is single-use.
		c.SetCookie(&http.Cookie{Name: name, Value: "", Path: "/api/auth", MaxAge: -1, HttpOnly: true, Secure: s.Config.SecureCookies(), SameSite: http.SameSiteLaxMode})
		ctx := c.Request().Context()
		if a.OIDC == nil {
			return errStatus(http.StatusServiceUnavailable, "Sign-in is not configured on this server. The administrator needs to set SPADE_OIDC_ISSUER.")
		}
		id, err := a.OIDC.Exchange(ctx, code, f)
		if err != nil {
			s.log.Warn("sign-in failed", "error", err, "request_id", requestID(c))
			if errors.Is(err, auth.ErrProviderUnavailable) {
				return errStatus(http.StatusServiceUnavailable, "Sign-in is unavailable right now because the identity provider cannot be reached. Please try again in a moment.")
			}
			return errStatus(http.StatusUnauthorized, "The sign-in could not be completed. Please sign in again.")
		}
		u, created, err := s.Auth.UpsertUser(ctx, auth.User{
			Issuer: id.Issuer, Subject: id.Subject, Email: id.Email, FirstName: id.GivenName, LastName: id.FamilyName, Name: id.Name,
		})
		if err != nil {
			return err
		}
		// Rotate: the session id a browser had before signing in never
		// becomes a signed-in session.
		if old, err := c.Cookie(SessionCookie); err == nil && old.Value != "" {
			_ = s.Auth.DeleteSession(ctx, old.Value)
		}
		sid, err := s.Auth.CreateSession(ctx, u.ID, a.SessionLifetime)
		if err != nil {
			return err
		}
		s.setSessionCookie(c, sid, int(a.SessionLifetime.Seconds()))
		s.log.Info("signed in", "db_user_id", u.ID, "new_user", created, "request_id", requestID(c))
		return c.JSON(http.StatusOK, SignedIn{Authenticated: true, User: *userViewOf(u), NewUser: created})
	}
}

func noCache(c echo.Context) {
	h := c.Response().Header()
	h.Set("Cache-Control", "no-store, no-cache, must-revalidate, max-age=0")
	h.Set("Pragma", "no-cache")
	h.Set("Expires", "0")
}

func (a *Auth) authInfo(c echo.Context) error {
	noCache(c)
	p := PrincipalOf(c)
	if p == nil {
		if ck, err := c.Cookie(SessionCookie); err == nil && ck.Value != "" {
			// The session ended (expired or signed out elsewhere): drop the
			// stale cookie.
			c.SetCookie(&http.Cookie{Name: SessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
		}
		return c.JSON(http.StatusOK, AuthInfo{})
	}
	return c.JSON(http.StatusOK, AuthInfo{Authenticated: true, User: userViewOf(p.User)})
}

func (a *Auth) refresh(s *Server) echo.HandlerFunc {
	return func(c echo.Context) error {
		ck, err := c.Cookie(SessionCookie)
		if err != nil || ck.Value == "" || PrincipalOf(c) == nil || PrincipalOf(c).ViaToken {
			return errStatus(http.StatusUnauthorized, "Your session has expired. Please sign in again.")
		}
		if err := s.Auth.ExtendSession(c.Request().Context(), ck.Value); err != nil {
			return err
		}
		return c.JSON(http.StatusOK, Refreshed{Success: true, Authenticated: true})
	}
}

func (a *Auth) logout(s *Server) echo.HandlerFunc {
	return func(c echo.Context) error {
		// The spec keeps GET for the app's own call, and a GET carries the
		// Lax session cookie on a top-level navigation from any site: a
		// link elsewhere must not sign the user out.
		if c.Request().Method == http.MethodGet && s.crossSite(c.Request()) {
			return errStatus(http.StatusForbidden, "Sign out from SPADE itself: a sign-out request from another site is refused.")
		}
		if ck, err := c.Cookie(SessionCookie); err == nil && ck.Value != "" {
			if err := s.Auth.DeleteSession(c.Request().Context(), ck.Value); err != nil {
				return err
			}
		}
		s.setSessionCookie(c, "", -1)
		out := LoggedOut{Success: true}
		if a.OIDC == nil {
			return c.JSON(http.StatusOK, out)
		}
		if u := a.OIDC.EndSessionURL(c.Request().Context(), s.Config.PublicURL+"/"); u != "" {
			out.LogoutURL = &u
		}
		return c.JSON(http.StatusOK, out)
	}
}

func (a *Auth) ensureUser(s *Server) echo.HandlerFunc {
	return func(c echo.Context) error {
		u := PrincipalOf(c).User
		if _, err := s.Auth.EnsureTrialStarted(c.Request().Context(), u); err != nil {
			return err
		}
		p := PrincipalOf(c)
		var accs []accountView
		if p.ViaToken {
			// A token sees only its own account.
			accs = []accountView{{AccountID: p.Account.ID, AccountName: p.Account.Name, MembershipType: p.Account.MembershipType}}
		} else {
			var err error
			if accs, err = s.accountViews(c, u.ID); err != nil {
				return err
			}
		}
		return c.JSON(http.StatusOK, EnsuredUser{Status: "success", DBUserID: u.ID, UserID: u.Subject, Email: u.Email,
			Accounts: accs, AccountsCount: len(accs)})
	}
}

func (a *Auth) accounts(s *Server) echo.HandlerFunc {
	return func(c echo.Context) error {
		p := PrincipalOf(c)
		if p.ViaToken {
			// A token sees only its own account.
			return c.JSON(http.StatusOK, AccountList{Accounts: []accountView{{AccountID: p.Account.ID, AccountName: p.Account.Name, MembershipType: p.Account.MembershipType}}})
		}
		accs, err := s.accountViews(c, p.User.ID)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, AccountList{Accounts: accs})
	}
}

func (a *Auth) accountAccess(s *Server) echo.HandlerFunc {
	return func(c echo.Context) error {
		var body AccountAccessRequest
		if err := c.Bind(&body); err != nil || body.AccountID == "" {
			return errStatus(http.StatusBadRequest, "account_id is required.")
		}
		p := PrincipalOf(c)
		if p.ViaToken && body.AccountID != p.Account.ID {
			return errStatus(http.StatusForbidden, "This access token belongs to another account")
		}
		acc, err := s.Auth.TouchAccount(c.Request().Context(), p.User.ID, body.AccountID)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, AccountAccess{Success: true, AccountID: acc.ID, AccountName: acc.Name, MembershipType: acc.MembershipType})
	}
}
