package devop

import (
	"context"
	"crypto/rsa"
	"errors"
	"sync"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// requestTTL bounds how long an unfinished sign-in is kept.
const requestTTL = 10 * time.Minute

// authRequest is one sign-in in progress (op.AuthRequest).
type authRequest struct {
	id            string
	clientID      string
	redirectURI   string
	scopes        []string
	state         string
	nonce         string
	responseType  oidc.ResponseType
	responseMode  oidc.ResponseMode
	codeChallenge *oidc.CodeChallenge
	loginHint     string
	subject       string
	authTime      time.Time
	created       time.Time
	done          bool
}

func (a *authRequest) GetID() string                         { return a.id }
func (a *authRequest) GetACR() string                        { return "" }
func (a *authRequest) GetAMR() []string                      { return []string{"pwd"} }
func (a *authRequest) GetAudience() []string                 { return []string{a.clientID} }
func (a *authRequest) GetAuthTime() time.Time                { return a.authTime }
func (a *authRequest) GetClientID() string                   { return a.clientID }
func (a *authRequest) GetCodeChallenge() *oidc.CodeChallenge { return a.codeChallenge }
func (a *authRequest) GetNonce() string                      { return a.nonce }
func (a *authRequest) GetRedirectURI() string                { return a.redirectURI }
func (a *authRequest) GetResponseType() oidc.ResponseType    { return a.responseType }
func (a *authRequest) GetResponseMode() oidc.ResponseMode    { return a.responseMode }
func (a *authRequest) GetScopes() []string                   { return a.scopes }
func (a *authRequest) GetState() string                      { return a.state }
func (a *authRequest) GetSubject() string                    { return a.subject }
func (a *authRequest) Done() bool                            { return a.done }

type accessToken struct {
	subject  string
	clientID string
	scopes   []string
	expires  time.Time
}

type signingKey struct {
	id  string
	key *rsa.PrivateKey
}

func (k *signingKey) SignatureAlgorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (k *signingKey) Key() any                                    { return k.key }
func (k *signingKey) ID() string                                  { return k.id }

type publicKey struct{ *signingKey }

func (k publicKey) Algorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (k publicKey) Use() string                        { return "sig" }
func (k publicKey) Key() any                           { return &k.key.PublicKey }

var errNotFound = errors.New("not found")

// storage keeps sign-ins and tokens in memory: the provider serves one
// machine, and a restart only means signing in again.
type storage struct {
	mu       sync.Mutex
	requests map[string]*authRequest
	codes    map[string]string // code → request id
	tokens   map[string]*accessToken
	users    map[string]User // subject → user
	client   *client
	key      *signingKey
	now      func() time.Time
}

var _ op.Storage = (*storage)(nil)

func (s *storage) sweep() {
	cut := s.now().Add(-requestTTL)
	for id, r := range s.requests {
		if r.created.Before(cut) {
			delete(s.requests, id)
		}
	}
	for code, id := range s.codes {
		if _, ok := s.requests[id]; !ok {
			delete(s.codes, code)
		}
	}
	for id, t := range s.tokens {
		if s.now().After(t.expires) {
			delete(s.tokens, id)
		}
	}
}

func (s *storage) CreateAuthRequest(_ context.Context, r *oidc.AuthRequest, userID string) (op.AuthRequest, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sweep()
	if len(r.Prompt) == 1 && r.Prompt[0] == "none" {
		return nil, oidc.ErrLoginRequired()
	}
	req := &authRequest{
		id: randomID(), clientID: r.ClientID, redirectURI: r.RedirectURI, scopes: r.Scopes, state: r.State,
		nonce: r.Nonce, responseType: r.ResponseType, responseMode: r.ResponseMode, loginHint: r.LoginHint,
		created: s.now(),
	}
	if r.CodeChallenge != "" {
		req.codeChallenge = &oidc.CodeChallenge{Challenge: r.CodeChallenge, Method: r.CodeChallengeMethod}
	}
	s.requests[req.id] = req
	return req, nil
}

func (s *storage) AuthRequestByID(_ context.Context, id string) (op.AuthRequest, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.requests[id]
	if !ok || s.now().Sub(r.created) > requestTTL {
		return nil, errors.New("sign-in request not found or expired")
	}
	return r, nil
}

func (s *storage) AuthRequestByCode(ctx context.Context, code string) (op.AuthRequest, error) {
	s.mu.Lock()
	id, ok := s.codes[code]
	s.mu.Unlock()
	if !ok {
		return nil, errors.New("code invalid or expired")
	}
	return s.AuthRequestByID(ctx, id)
}

func (s *storage) SaveAuthCode(_ context.Context, id, code string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.codes[code] = id
	return nil
}

func (s *storage) DeleteAuthRequest(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.requests, id)
	for code, rid := range s.codes {
		if rid == id {
			delete(s.codes, code)
		}
	}
	return nil
}

// complete marks a sign-in as done by the demo user subject.
func (s *storage) complete(id, subject string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.requests[id]
	if !ok {
		return errors.New("sign-in request not found or expired")
	}
	if _, ok := s.users[subject]; !ok {
		return errors.New("unknown user")
	}
	r.subject, r.done, r.authTime = subject, true, s.now()
	return nil
}

func (s *storage) request(id string) (authRequest, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.requests[id]
	if !ok {
		return authRequest{}, false
	}
	return *r, true
}

func (s *storage) newToken(subject, clientID string, scopes []string) (string, time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := randomID()
	exp := s.now().Add(time.Hour)
	s.tokens[id] = &accessToken{subject: subject, clientID: clientID, scopes: scopes, expires: exp}
	return id, exp
}

func (s *storage) CreateAccessToken(_ context.Context, r op.TokenRequest) (string, time.Time, error) {
	clientID := ""
	if ar, ok := r.(*authRequest); ok {
		clientID = ar.clientID
	}
	id, exp := s.newToken(r.GetSubject(), clientID, r.GetScopes())
	return id, exp, nil
}

func (s *storage) CreateAccessAndRefreshTokens(ctx context.Context, r op.TokenRequest, _ string) (string, string, time.Time, error) {
	id, exp, err := s.CreateAccessToken(ctx, r)
	return id, "", exp, err
}

func (s *storage) TokenRequestByRefreshToken(context.Context, string) (op.RefreshTokenRequest, error) {
	return nil, op.ErrInvalidRefreshToken
}

func (s *storage) TerminateSession(_ context.Context, userID, clientID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, t := range s.tokens {
		if t.subject == userID && t.clientID == clientID {
			delete(s.tokens, id)
		}
	}
	return nil
}

func (s *storage) RevokeToken(_ context.Context, token, _, clientID string) *oidc.Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t, ok := s.tokens[token]; ok {
		if t.clientID != clientID {
			return oidc.ErrInvalidClient().WithDescription("token was not issued for this client")
		}
		delete(s.tokens, token)
	}
	return nil
}

func (s *storage) GetRefreshTokenInfo(context.Context, string, string) (string, string, error) {
	return "", "", op.ErrInvalidRefreshToken
}

func (s *storage) SigningKey(context.Context) (op.SigningKey, error) { return s.key, nil }

func (s *storage) SignatureAlgorithms(context.Context) ([]jose.SignatureAlgorithm, error) {
	return []jose.SignatureAlgorithm{jose.RS256}, nil
}

func (s *storage) KeySet(context.Context) ([]op.Key, error) { return []op.Key{publicKey{s.key}}, nil }

func (s *storage) GetClientByClientID(_ context.Context, id string) (op.Client, error) {
	if id != s.client.id {
		return nil, errors.New("client not found")
	}
	return s.client, nil
}

func (s *storage) AuthorizeClientIDSecret(_ context.Context, id, _ string) error {
	if id != s.client.id {
		return errors.New("client not found")
	}
	return nil // a public client: PKCE protects the code
}

func (s *storage) userinfo(info *oidc.UserInfo, subject string, scopes []string) error {
	s.mu.Lock()
	u, ok := s.users[subject]
	s.mu.Unlock()
	if !ok {
		return errNotFound
	}
	info.Subject = subject
	for _, sc := range scopes {
		switch sc {
		case oidc.ScopeEmail:
			info.Email, info.EmailVerified = u.Email, true
		case oidc.ScopeProfile:
			info.GivenName, info.FamilyName = u.GivenName, u.FamilyName
			info.Name = u.GivenName + " " + u.FamilyName
			info.PreferredUsername = u.Email
		}
	}
	return nil
}

func (s *storage) SetUserinfoFromScopes(_ context.Context, info *oidc.UserInfo, userID, _ string, scopes []string) error {
	return s.userinfo(info, userID, scopes)
}

func (s *storage) SetUserinfoFromRequest(_ context.Context, info *oidc.UserInfo, r op.IDTokenRequest, scopes []string) error {
	return s.userinfo(info, r.GetSubject(), scopes)
}

func (s *storage) SetUserinfoFromToken(_ context.Context, info *oidc.UserInfo, tokenID, _, _ string) error {
	s.mu.Lock()
	t, ok := s.tokens[tokenID]
	s.mu.Unlock()
	if !ok || s.now().After(t.expires) {
		return errors.New("token is invalid or has expired")
	}
	return s.userinfo(info, t.subject, t.scopes)
}

func (s *storage) SetIntrospectionFromToken(_ context.Context, r *oidc.IntrospectionResponse, tokenID, subject, clientID string) error {
	s.mu.Lock()
	t, ok := s.tokens[tokenID]
	s.mu.Unlock()
	if !ok || t.subject != subject {
		return errors.New("token is invalid or has expired")
	}
	r.Active, r.ClientID, r.Subject = true, clientID, subject
	r.Scope = t.scopes
	return nil
}

func (s *storage) GetPrivateClaimsFromScopes(context.Context, string, string, []string) (map[string]any, error) {
	return nil, nil
}

func (s *storage) GetKeyByIDAndClientID(context.Context, string, string) (*jose.JSONWebKey, error) {
	return nil, errors.New("JWT profile is not supported")
}

func (s *storage) ValidateJWTProfileScopes(_ context.Context, _ string, scopes []string) ([]string, error) {
	return scopes, nil
}

func (s *storage) Health(context.Context) error { return nil }
