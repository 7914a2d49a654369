package auth

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
)

// OIDCConfig configures the OpenID Connect client.
type OIDCConfig struct {
	Issuer       string
	ClientID     string
	ClientSecret string // empty for public clients (PKCE protects the code)
	// DiscoveryURL, when set, is where this server reads the discovery
	// document when the issuer URL (what browsers use) is not reachable
	// from here, e.g. http://keycloak:8080/realms/spade inside compose. The
	// discovered issuer must still equal Issuer.
	DiscoveryURL string
	// HTTPClient talks to the provider; default a client with a 10 s time-out.
	HTTPClient *http.Client
}

// Identity is who the provider says signed in.
type Identity struct {
	Issuer     string
	Subject    string
	Email      string
	GivenName  string
	FamilyName string
	Name       string
	RawIDToken string
}

// OIDC is the authorization-code + PKCE client of any OpenID provider. The
// provider's discovery document is read on first use (and again after a
// failure), so SPADE can start before its provider — or mount the built-in
// one on the same server.
type OIDC struct {
	cfg OIDCConfig

	mu        sync.Mutex
	prov      *oidc.Provider
	verifier  *oidc.IDTokenVerifier
	endSess   string
	lastTry   time.Time
	lastError error
}

// NewOIDC returns a client; nothing is fetched yet.
func NewOIDC(cfg OIDCConfig) *OIDC {
	cfg.Issuer = strings.TrimRight(cfg.Issuer, "/")
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	return &OIDC{cfg: cfg}
}

// Issuer is the configured issuer URL.
func (o *OIDC) Issuer() string { return o.cfg.Issuer }

// ClientID is the configured client id.
func (o *OIDC) ClientID() string { return o.cfg.ClientID }

// ErrProviderUnavailable means the provider's discovery failed.
var ErrProviderUnavailable = errors.New("the sign-in provider is unavailable")

func (o *OIDC) ctx(ctx context.Context) context.Context {
	return oidc.ClientContext(ctx, o.cfg.HTTPClient)
}

func (o *OIDC) provider(ctx context.Context) (*oidc.Provider, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.prov != nil {
		return o.prov, nil
	}
	// Do not hammer a provider that is down: one discovery per second.
	if o.lastError != nil && time.Since(o.lastTry) < time.Second {
		return nil, o.lastError
	}
	o.lastTry = time.Now()
	dctx, from := o.ctx(ctx), o.cfg.Issuer
	if o.cfg.DiscoveryURL != "" {
		dctx, from = oidc.InsecureIssuerURLContext(dctx, o.cfg.Issuer), strings.TrimRight(o.cfg.DiscoveryURL, "/")
	}
	p, err := oidc.NewProvider(dctx, from)
	if err != nil {
		o.lastError = fmt.Errorf("%w: %v", ErrProviderUnavailable, err)
		return nil, o.lastError
	}
	var extra struct {
		Issuer     string `json:"issuer"`
		EndSession string `json:"end_session_endpoint"`
	}
	_ = p.Claims(&extra)
	if extra.Issuer != o.cfg.Issuer {
		o.lastError = fmt.Errorf("%w: discovery at %s names issuer %q, configured %q", ErrProviderUnavailable, from, extra.Issuer, o.cfg.Issuer)
		return nil, o.lastError
	}
	o.prov, o.endSess, o.lastError = p, extra.EndSession, nil
	o.verifier = p.Verifier(&oidc.Config{ClientID: o.cfg.ClientID})
	return p, nil
}

func (o *OIDC) oauth(p *oidc.Provider, redirectURI string) *oauth2.Config {
	return &oauth2.Config{
		ClientID: o.cfg.ClientID, ClientSecret: o.cfg.ClientSecret, Endpoint: p.Endpoint(),
		RedirectURL: redirectURI, Scopes: []string{oidc.ScopeOpenID, "email", "profile"},
	}
}

// AuthURL returns where to send the browser to sign in. loginHint, when
// set, is passed on (standard OIDC login_hint).
func (o *OIDC) AuthURL(ctx context.Context, f *Flow, loginHint string) (string, error) {
	p, err := o.provider(ctx)
	if err != nil {
		return "", err
	}
	opts := []oauth2.AuthCodeOption{oauth2.S256ChallengeOption(f.Verifier), oidc.Nonce(f.Nonce)}
	if loginHint != "" {
		opts = append(opts, oauth2.SetAuthURLParam("login_hint", loginHint))
	}
	return o.oauth(p, f.RedirectURI).AuthCodeURL(f.State, opts...), nil
}

// Exchange trades the code for tokens and verifies the ID token (issuer,
// audience, expiry, signature, nonce).
func (o *OIDC) Exchange(ctx context.Context, code string, f *Flow) (*Identity, error) {
	p, err := o.provider(ctx)
	if err != nil {
		return nil, err
	}
	ctx = o.ctx(ctx)
	tok, err := o.oauth(p, f.RedirectURI).Exchange(ctx, code, oauth2.VerifierOption(f.Verifier))
	if err != nil {
		return nil, fmt.Errorf("code exchange: %w", err)
	}
	raw, ok := tok.Extra("id_token").(string)
	if !ok || raw == "" {
		return nil, errors.New("the provider returned no ID token")
	}
	o.mu.Lock()
	v := o.verifier
	o.mu.Unlock()
	idt, err := v.Verify(ctx, raw)
	if err != nil {
		return nil, fmt.Errorf("verify ID token: %w", err)
	}
	if idt.Nonce != f.Nonce {
		return nil, errors.New("ID token nonce does not match")
	}
	var c struct {
		Email             string `json:"email"`
		PreferredUsername string `json:"preferred_username"`
		GivenName         string `json:"given_name"`
		FamilyName        string `json:"family_name"`
		Name              string `json:"name"`
	}
	if err := idt.Claims(&c); err != nil {
		return nil, fmt.Errorf("ID token claims: %w", err)
	}
	id := &Identity{Issuer: idt.Issuer, Subject: idt.Subject, Email: c.Email, GivenName: c.GivenName, FamilyName: c.FamilyName, Name: c.Name, RawIDToken: raw}
	if id.Email == "" || id.Name == "" {
		// Some providers put profile claims only in userinfo.
		if ui, err := p.UserInfo(ctx, oauth2.StaticTokenSource(tok)); err == nil {
			var uc struct {
				Email      string `json:"email"`
				GivenName  string `json:"given_name"`
				FamilyName string `json:"family_name"`
				Name       string `json:"name"`
			}
			if ui.Claims(&uc) == nil && ui.Subject == id.Subject {
				id.Email = firstNonEmpty(id.Email, uc.Email)
				id.GivenName = firstNonEmpty(id.GivenName, uc.GivenName)
				id.FamilyName = firstNonEmpty(id.FamilyName, uc.FamilyName)
				id.Name = firstNonEmpty(id.Name, uc.Name)
			}
		}
	}
	if id.Email == "" && strings.Contains(c.PreferredUsername, "@") {
		id.Email = c.PreferredUsername
	}
	if id.Name == "" {
		id.Name = strings.TrimSpace(id.GivenName + " " + id.FamilyName)
	}
	return id, nil
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// EndSessionURL returns the provider's RP-initiated logout URL (empty when
// the provider has none). It names the client rather than passing the ID
// token, so the browser never sees a provider token.
func (o *OIDC) EndSessionURL(ctx context.Context, postLogoutRedirect string) string {
	if _, err := o.provider(ctx); err != nil {
		return ""
	}
	o.mu.Lock()
	end := o.endSess
	o.mu.Unlock()
	if end == "" {
		return ""
	}
	u, err := url.Parse(end)
	if err != nil {
		return ""
	}
	q := u.Query()
	q.Set("client_id", o.cfg.ClientID)
	if postLogoutRedirect != "" {
		q.Set("post_logout_redirect_uri", postLogoutRedirect)
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// RegistrationURL guesses the provider's self-registration page: Keycloak
// serves one under the realm; others have none we can know.
func (o *OIDC) RegistrationURL() string {
	if strings.Contains(o.cfg.Issuer, "/realms/") {
		return o.cfg.Issuer + "/protocol/openid-connect/registrations"
	}
	return ""
}

// Flow is one sign-in in progress: what the callback needs to finish it.
type Flow struct {
	State       string `json:"s"`
	Nonce       string `json:"n"`
	Verifier    string `json:"v"`
	RedirectURI string `json:"r"`
	Expires     int64  `json:"e"`
}

// NewFlow starts a flow for redirectURI, valid for ttl.
func NewFlow(redirectURI string, ttl time.Duration) *Flow {
	return &Flow{State: RandomSecret(24), Nonce: RandomSecret(24), Verifier: oauth2.GenerateVerifier(),
		RedirectURI: redirectURI, Expires: time.Now().Add(ttl).Unix()}
}

// FlowSealer signs flows into a cookie value with HMAC-SHA256, so that the
// flow needs no server-side state and cannot be forged or extended.
type FlowSealer struct{ key []byte }

// NewFlowSealer derives the signing key from secret.
func NewFlowSealer(secret []byte) *FlowSealer {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("spade oidc flow v1"))
	return &FlowSealer{key: m.Sum(nil)}
}

// Seal returns the cookie value for f.
func (s *FlowSealer) Seal(f *Flow) string {
	b, _ := json.Marshal(f)
	payload := base64.RawURLEncoding.EncodeToString(b)
	return payload + "." + s.sign(payload)
}

func (s *FlowSealer) sign(payload string) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// ErrBadFlow means the flow cookie is missing, forged or expired.
var ErrBadFlow = errors.New("the sign-in attempt is unknown or has expired")

// Open verifies a cookie value and returns its flow.
func (s *FlowSealer) Open(v string, now time.Time) (*Flow, error) {
	payload, sig, ok := strings.Cut(v, ".")
	if !ok || !hmac.Equal([]byte(sig), []byte(s.sign(payload))) {
		return nil, ErrBadFlow
	}
	b, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return nil, ErrBadFlow
	}
	var f Flow
	if err := json.Unmarshal(b, &f); err != nil || f.State == "" || f.Verifier == "" {
		return nil, ErrBadFlow
	}
	if now.Unix() > f.Expires {
		return nil, ErrBadFlow
	}
	return &f, nil
}
