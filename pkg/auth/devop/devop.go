// Package devop is SPADE's built-in OpenID provider for one machine: a real
// zitadel/oidc provider (discovery, authorization code + PKCE, ID tokens
// signed with its own RSA key, userinfo, end session) whose login page lists
// demo users instead of asking for a password. SPADE's OIDC client talks to
// it over HTTP exactly as it talks to Keycloak. Because anyone who reaches
// it can sign in as a demo user, the caller serves it on loopback only
// (unless told otherwise).
package devop

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// User is a person the provider can sign in.
type User struct {
	Subject    string
	Email      string
	GivenName  string
	FamilyName string
	// Note describes the user on the login page.
	Note string
}

// Options configure the provider.
type Options struct {
	// Issuer is the provider's public URL, e.g. http://127.0.0.1:8080/oidc;
	// its path is where the handler expects to be mounted.
	Issuer string
	// ClientID is the one public client (PKCE, no secret).
	ClientID string
	// RedirectURIs and PostLogoutRedirectURIs the client may use; loopback
	// http://127.0.0.1:*/… and http://localhost:*/… callbacks are also
	// accepted so that development servers on any port work.
	RedirectURIs           []string
	PostLogoutRedirectURIs []string
	// KeyFile keeps the RSA signing key across restarts (mode 0600);
	// empty means a fresh key per process.
	KeyFile string
	Users   []User
	Logger  *slog.Logger
}

// Provider is the running provider.
type Provider struct {
	issuer  string
	prefix  string
	op      *op.Provider
	store   *storage
	users   []User
	handler http.Handler
}

// New builds the provider.
func New(o Options) (*Provider, error) {
	iu, err := url.Parse(o.Issuer)
	if err != nil || iu.Host == "" {
		return nil, fmt.Errorf("devop: bad issuer %q", o.Issuer)
	}
	if o.ClientID == "" {
		return nil, errors.New("devop: client id missing")
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	key, err := loadOrCreateKey(o.KeyFile)
	if err != nil {
		return nil, err
	}
	issuer := strings.TrimRight(o.Issuer, "/")
	users := map[string]User{}
	for _, u := range o.Users {
		users[u.Subject] = u
	}
	st := &storage{
		requests: map[string]*authRequest{}, codes: map[string]string{}, tokens: map[string]*accessToken{},
		users: users, key: key, now: time.Now,
		client: &client{id: o.ClientID, redirects: o.RedirectURIs, postLogout: o.PostLogoutRedirectURIs, loginURL: issuer + "/login?authRequestID="},
	}
	var crypto [32]byte
	if _, err := rand.Read(crypto[:]); err != nil {
		return nil, err
	}
	cfg := &op.Config{CryptoKey: crypto, CodeMethodS256: true, DefaultLogoutRedirectURI: "/"}
	opts := []op.Option{op.WithLogger(o.Logger.WithGroup("devop"))}
	if iu.Scheme == "http" {
		opts = append(opts, op.WithAllowInsecure())
	}
	p, err := op.NewProvider(cfg, st, op.StaticIssuer(issuer), opts...)
	if err != nil {
		return nil, fmt.Errorf("devop: %w", err)
	}
	pr := &Provider{issuer: issuer, prefix: strings.TrimRight(iu.Path, "/"), op: p, store: st, users: o.Users}
	mux := http.NewServeMux()
	mux.HandleFunc("/login", pr.login)
	mux.Handle("/", p)
	pr.handler = http.StripPrefix(pr.prefix, mux)
	return pr, nil
}

// Issuer is the provider's issuer URL.
func (p *Provider) Issuer() string { return p.issuer }

// Prefix is the URL path the handler is mounted under ("/oidc").
func (p *Provider) Prefix() string { return p.prefix }

// ServeHTTP serves requests under Prefix.
func (p *Provider) ServeHTTP(w http.ResponseWriter, r *http.Request) { p.handler.ServeHTTP(w, r) }

func (p *Provider) userByEmail(email string) (User, bool) {
	for _, u := range p.users {
		if strings.EqualFold(u.Email, strings.TrimSpace(email)) {
			return u, true
		}
	}
	return User{}, false
}

// callback is where the browser goes once the sign-in is done: the op
// answers the client's redirect_uri with the code.
func (p *Provider) callback(id string) string {
	return p.issuer + "/authorize/callback?id=" + url.QueryEscape(id)
}

var loginPage = template.Must(template.New("login").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in to SPADE (demo provider)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.4rem} p.warn{background:#fef3c7;padding:.6rem .8rem;border-radius:.4rem;font-size:.9rem}
button{display:block;width:100%;text-align:left;margin:.5rem 0;padding:.8rem 1rem;border:1px solid #d1d5db;border-radius:.5rem;background:#fff;cursor:pointer;font-size:1rem}
button:hover{border-color:#2563eb;background:#eff6ff} small{display:block;color:#6b7280;margin-top:.2rem}
</style></head><body>
<h1>Sign in to SPADE</h1>
<p class="warn">Built-in demo sign-in for one machine. Choose a demo user; no password is needed. Configure SPADE_OIDC_ISSUER for real accounts.</p>
{{if .Error}}<p role="alert">{{.Error}}</p>{{end}}
<form method="post" action="{{.Action}}">
<input type="hidden" name="authRequestID" value="{{.ID}}">
{{range .Users}}<button type="submit" name="email" value="{{.Email}}">{{.GivenName}} {{.FamilyName}} &lt;{{.Email}}&gt;<small>{{.Note}}</small></button>
{{end}}</form></body></html>`))

// login lists the demo users, or signs in the one named by login_hint
// without showing the page (scripts and end-to-end tests).
func (p *Provider) login(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Frame-Options", "DENY")
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	id := r.Form.Get("authRequestID")
	req, ok := p.store.request(id)
	if !ok {
		http.Error(w, "This sign-in request is unknown or has expired. Please start signing in again.", http.StatusBadRequest)
		return
	}
	email := ""
	if r.Method == http.MethodPost {
		email = r.PostForm.Get("email")
	} else if req.loginHint != "" {
		email = req.loginHint
	}
	if email != "" {
		if u, ok := p.userByEmail(email); ok {
			if err := p.store.complete(id, u.Subject); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			http.Redirect(w, r, p.callback(id), http.StatusFound)
			return
		}
	}
	data := map[string]any{"ID": id, "Users": p.users, "Action": p.prefix + "/login"}
	if r.Method == http.MethodPost {
		data["Error"] = "Unknown user; choose one of the demo users."
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = loginPage.Execute(w, data)
}

func randomID() string {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// loadOrCreateKey reads the PEM RSA key at path, creating it when missing.
func loadOrCreateKey(path string) (*signingKey, error) {
	var key *rsa.PrivateKey
	if path != "" {
		if b, err := os.ReadFile(path); err == nil {
			blk, _ := pem.Decode(b)
			if blk == nil {
				return nil, fmt.Errorf("devop: %s holds no PEM key", path)
			}
			k, err := x509.ParsePKCS8PrivateKey(blk.Bytes)
			if err != nil {
				return nil, fmt.Errorf("devop: %s: %w", path, err)
			}
			rk, ok := k.(*rsa.PrivateKey)
			if !ok {
				return nil, fmt.Errorf("devop: %s is not an RSA key", path)
			}
			key = rk
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	if key == nil {
		k, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			return nil, err
		}
		key = k
		if path != "" {
			der, err := x509.MarshalPKCS8PrivateKey(k)
			if err != nil {
				return nil, err
			}
			if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
				return nil, err
			}
			if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600); err != nil {
				return nil, err
			}
		}
	}
	der, _ := x509.MarshalPKIXPublicKey(&key.PublicKey)
	sum := sha256.Sum256(der)
	return &signingKey{id: hex.EncodeToString(sum[:8]), key: key}, nil
}

// client is SPADE's public client.
type client struct {
	id         string
	redirects  []string
	postLogout []string
	loginURL   string
}

var loopbackGlobs = []string{"http://127.0.0.1:*/*", "http://localhost:*/*", "http://[::1]:*/*"}

func (c *client) GetID() string                        { return c.id }
func (c *client) RedirectURIs() []string               { return c.redirects }
func (c *client) PostLogoutRedirectURIs() []string     { return c.postLogout }
func (c *client) RedirectURIGlobs() []string           { return loopbackGlobs }
func (c *client) PostLogoutRedirectURIGlobs() []string { return loopbackGlobs }
func (c *client) ApplicationType() op.ApplicationType  { return op.ApplicationTypeWeb }
func (c *client) AuthMethod() oidc.AuthMethod          { return oidc.AuthMethodNone }
func (c *client) ResponseTypes() []oidc.ResponseType {
	return []oidc.ResponseType{oidc.ResponseTypeCode}
}
func (c *client) GrantTypes() []oidc.GrantType         { return []oidc.GrantType{oidc.GrantTypeCode} }
func (c *client) LoginURL(id string) string            { return c.loginURL + url.QueryEscape(id) }
func (c *client) AccessTokenType() op.AccessTokenType  { return op.AccessTokenTypeBearer }
func (c *client) IDTokenLifetime() time.Duration       { return time.Hour }
func (c *client) DevMode() bool                        { return true }
func (c *client) IsScopeAllowed(string) bool           { return false }
func (c *client) IDTokenUserinfoClaimsAssertion() bool { return true }
func (c *client) ClockSkew() time.Duration             { return 0 }
func (c *client) RestrictAdditionalIdTokenScopes() func([]string) []string {
	return func(s []string) []string { return s }
}
func (c *client) RestrictAdditionalAccessTokenScopes() func([]string) []string {
	return func(s []string) []string { return s }
}
