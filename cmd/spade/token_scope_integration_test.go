package main

import (
	"context"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/auth"
)

// tokenScopeFixture is one user with two accounts, C1 and C2, a token in
// C1, two in C2 and a stored API key, made fresh for every case so that a
// case that revokes or deletes something cannot hide another's outcome.
type tokenScopeFixture struct {
	user          *auth.User
	sid           string // session
	c1, c2        string // account ids
	c1Tok, c2Tok  *auth.AccessToken
	c2Sib         *auth.AccessToken // a second token of C2
	c1Sec, c2Sec  string
	c2SibSecret   string
	keyCiphertext string
}

func newTokenScopeFixture(t *testing.T, s *authStack, n int) *tokenScopeFixture {
	t.Helper()
	ctx := context.Background()
	email := "scope" + strings.Repeat("x", n) + "@example.com"
	u, sid, c1 := s.session(email)
	acc, err := s.app.Auth.CreateAccount(ctx, "second of "+email, "Free")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.app.Auth.AddMember(ctx, acc.ID, u.ID, "owner"); err != nil {
		t.Fatal(err)
	}
	f := &tokenScopeFixture{user: u, sid: sid, c1: c1, c2: acc.ID}
	if f.c1Sec, f.c1Tok, err = s.app.Auth.CreateToken(ctx, u.ID, c1, "c1"); err != nil {
		t.Fatal(err)
	}
	if f.c2Sec, f.c2Tok, err = s.app.Auth.CreateToken(ctx, u.ID, f.c2, "c2"); err != nil {
		t.Fatal(err)
	}
	if f.c2SibSecret, f.c2Sib, err = s.app.Auth.CreateToken(ctx, u.ID, f.c2, "c2-sibling"); err != nil {
		t.Fatal(err)
	}
	ct, err := s.app.Cipher.Encrypt("sk-original-key-0000", u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.app.Auth.SetAPIKey(ctx, u.ID, ct, "0000"); err != nil {
		t.Fatal(err)
	}
	f.keyCiphertext = ct
	return f
}

func (f *tokenScopeFixture) live(t *testing.T, s *authStack, id string) bool {
	t.Helper()
	var n int64
	s.app.DB.DB.Model(&auth.AccessToken{}).Where("id = ? AND revoked_at IS NULL", id).Count(&n)
	return n == 1
}

func (f *tokenScopeFixture) keyUnchanged(t *testing.T, s *authStack) bool {
	t.Helper()
	u, err := s.app.Auth.UserByID(context.Background(), f.user.ID)
	if err != nil {
		t.Fatal(err)
	}
	return u.APIKeyCiphertext == f.keyCiphertext
}

// TestTokenStaysInItsAccount: every user-level route (settings, membership,
// sign-in state, account selection), called with a session and with
// personal access tokens, on the caller's own account and on the other
// account of the same user. A token scoped to C2 never sees or changes C1's
// tokens, and never reads, replaces or removes the API key every account
// uses; a session does all of it.
func TestTokenStaysInItsAccount(t *testing.T) {
	t.Parallel()
	s := newAuthStack(t, stackOptions{NoWorker: true})
	type caller int
	const (
		session caller = iota
		tokenC2
		tokenC1
	)
	type tc struct {
		name   string
		caller caller
		method string
		path   func(f *tokenScopeFixture) string
		body   func(f *tokenScopeFixture) string
		want   int
		// has and hasNot are checked on the answer, after the fixture's
		// ids are filled in ({c1}, {c2}, {c1tok}, {c2tok}, {c2sib}).
		has, hasNot []string
		// after checks the database.
		after func(t *testing.T, f *tokenScopeFixture) string
	}
	p := func(path string) func(*tokenScopeFixture) string {
		return func(*tokenScopeFixture) string { return path }
	}
	tokPath := func(which string) func(f *tokenScopeFixture) string {
		return func(f *tokenScopeFixture) string {
			id := map[string]string{"c1": f.c1Tok.ID, "c2": f.c2Tok.ID, "sib": f.c2Sib.ID}[which]
			return "/api/user-settings/tokens/" + id
		}
	}
	keyKept := func(t *testing.T, f *tokenScopeFixture) string {
		if !f.keyUnchanged(t, s) {
			return "the API key changed"
		}
		return ""
	}
	keyChanged := func(t *testing.T, f *tokenScopeFixture) string {
		if f.keyUnchanged(t, s) {
			return "the API key did not change"
		}
		return ""
	}
	tokens := func(wantLive map[string]bool) func(t *testing.T, f *tokenScopeFixture) string {
		return func(t *testing.T, f *tokenScopeFixture) string {
			for which, want := range wantLive {
				id := map[string]string{"c1": f.c1Tok.ID, "c2": f.c2Tok.ID, "sib": f.c2Sib.ID}[which]
				if got := f.live(t, s, id); got != want {
					return "token " + which + " live=" + map[bool]string{true: "true", false: "false"}[got]
				}
			}
			return ""
		}
	}
	allLive := tokens(map[string]bool{"c1": true, "c2": true, "sib": true})
	keyBody := func(*tokenScopeFixture) string { return `{"api_key":"sk-replaced-key-9999"}` }
	cases := []tc{
		// The API key serves every account: only a session touches it.
		{name: "read key, session", caller: session, method: "GET", path: p("/api/user-settings/api-key"), want: 200, has: []string{`"last_four":"0000"`}},
		{name: "read key, token", caller: tokenC2, method: "GET", path: p("/api/user-settings/api-key"), want: 403, has: []string{"sign in"}, hasNot: []string{"0000"}},
		{name: "replace key, session", caller: session, method: "POST", path: p("/api/user-settings/api-key"), body: keyBody, want: 200, after: keyChanged},
		{name: "replace key with a bidi override, session", caller: session, method: "POST", path: p("/api/user-settings/api-key"),
			body: func(*tokenScopeFixture) string { return `{"api_key":"sk-replaced\u202e-key-9999"}` }, want: 400, has: []string{"invisible formatting characters", "U+202E"}, after: keyKept},
		{name: "replace key, token", caller: tokenC2, method: "POST", path: p("/api/user-settings/api-key"), body: keyBody, want: 403, after: keyKept},
		{name: "replace key, token of the key's first account", caller: tokenC1, method: "POST", path: p("/api/user-settings/api-key"), body: keyBody, want: 403, after: keyKept},
		{name: "delete key, session", caller: session, method: "DELETE", path: p("/api/user-settings/api-key"), want: 200, after: keyChanged},
		{name: "delete key, token", caller: tokenC2, method: "DELETE", path: p("/api/user-settings/api-key"), want: 403, after: keyKept},
		// Token list: a session sees all, a token its own account's.
		{name: "list tokens, session", caller: session, method: "GET", path: p("/api/user-settings/tokens"), want: 200, has: []string{"{c1tok}", "{c2tok}", "{c2sib}"}},
		{name: "list tokens, token C2", caller: tokenC2, method: "GET", path: p("/api/user-settings/tokens"), want: 200, has: []string{"{c2tok}", "{c2sib}"}, hasNot: []string{"{c1tok}", "{c1}"}},
		{name: "list tokens, token C1", caller: tokenC1, method: "GET", path: p("/api/user-settings/tokens"), want: 200, has: []string{"{c1tok}"}, hasNot: []string{"{c2tok}", "{c2sib}", "{c2}"}},
		// Creating: session only.
		{name: "create token, session", caller: session, method: "POST", path: p("/api/user-settings/tokens"), body: func(f *tokenScopeFixture) string { return `{"name":"n","account_id":"` + f.c2 + `"}` }, want: 201},
		{name: "create token in other account, token C2", caller: tokenC2, method: "POST", path: p("/api/user-settings/tokens"), body: func(f *tokenScopeFixture) string { return `{"name":"n","account_id":"` + f.c1 + `"}` }, want: 403},
		{name: "create token in own account, token C2", caller: tokenC2, method: "POST", path: p("/api/user-settings/tokens"), body: func(f *tokenScopeFixture) string { return `{"name":"n","account_id":"` + f.c2 + `"}` }, want: 403},
		// Revoking.
		{name: "revoke other account's token, token C2", caller: tokenC2, method: "DELETE", path: tokPath("c1"), want: 404, hasNot: []string{"{c1tok}"}, after: allLive},
		{name: "revoke sibling, token C2", caller: tokenC2, method: "DELETE", path: tokPath("sib"), want: 403, after: allLive},
		{name: "revoke itself, token C2", caller: tokenC2, method: "DELETE", path: tokPath("c2"), want: 200, after: tokens(map[string]bool{"c1": true, "c2": false, "sib": true})},
		{name: "revoke C1 token, session", caller: session, method: "DELETE", path: tokPath("c1"), want: 200, after: tokens(map[string]bool{"c1": false, "c2": true, "sib": true})},
		{name: "revoke C2 token, session", caller: session, method: "DELETE", path: tokPath("sib"), want: 200, after: tokens(map[string]bool{"c1": true, "c2": true, "sib": false})},
		// Accounts and sign-in state.
		{name: "accounts, session", caller: session, method: "GET", path: p("/api/auth/accounts"), want: 200, has: []string{"{c1}", "{c2}"}},
		{name: "accounts, token C2", caller: tokenC2, method: "GET", path: p("/api/auth/accounts"), want: 200, has: []string{"{c2}"}, hasNot: []string{"{c1}"}},
		{name: "ensure-user, session", caller: session, method: "POST", path: p("/api/auth/ensure-user"), want: 200, has: []string{"{c1}", "{c2}"}},
		{name: "ensure-user, token C2", caller: tokenC2, method: "POST", path: p("/api/auth/ensure-user"), want: 200, has: []string{"{c2}"}, hasNot: []string{"{c1}"}},
		{name: "select other account, token C2", caller: tokenC2, method: "POST", path: p("/api/auth/account-access"), body: func(f *tokenScopeFixture) string { return `{"account_id":"` + f.c1 + `"}` }, want: 403},
		{name: "select own account, token C2", caller: tokenC2, method: "POST", path: p("/api/auth/account-access"), body: func(f *tokenScopeFixture) string { return `{"account_id":"` + f.c2 + `"}` }, want: 200, has: []string{"{c2}"}},
		{name: "select other account, session", caller: session, method: "POST", path: p("/api/auth/account-access"), body: func(f *tokenScopeFixture) string { return `{"account_id":"` + f.c1 + `"}` }, want: 200},
		{name: "auth-info, token C2", caller: tokenC2, method: "GET", path: p("/api/auth/auth-info"), want: 200, hasNot: []string{"{c1}"}},
		{name: "refresh, token C2", caller: tokenC2, method: "POST", path: p("/api/auth/refresh"), want: 401},
		{name: "refresh, session", caller: session, method: "POST", path: p("/api/auth/refresh"), want: 200},
		// Membership: the user's own plan and daily usage, no account data.
		{name: "usage, session", caller: session, method: "GET", path: p("/api/membership/usage"), want: 200},
		{name: "usage, token C2", caller: tokenC2, method: "GET", path: p("/api/membership/usage"), want: 200, hasNot: []string{"{c1}", "{c1tok}"}},
		{name: "type, token C2", caller: tokenC2, method: "GET", path: p("/api/membership/type"), want: 200, hasNot: []string{"{c1}"}},
	}
	for i, c := range cases {
		f := newTokenScopeFixture(t, s, i+1)
		r := req{headers: map[string]string{"Origin": s.base}}
		switch c.caller {
		case session:
			r.cookie, r.account = f.sid, f.c2
		case tokenC2:
			r.headers["Authorization"] = "Bearer " + f.c2Sec
		case tokenC1:
			r.headers["Authorization"] = "Bearer " + f.c1Sec
		}
		if c.body != nil {
			r.body, r.ctype = strings.NewReader(c.body(f)), "application/json"
		}
		st, b := s.call(c.method, c.path(f), r)
		body := string(b)
		fill := strings.NewReplacer("{c1}", f.c1, "{c2}", f.c2, "{c1tok}", f.c1Tok.ID, "{c2tok}", f.c2Tok.ID, "{c2sib}", f.c2Sib.ID)
		if st != c.want {
			t.Errorf("%s: %d, want %d: %.300s", c.name, st, c.want, body)
			continue
		}
		if st >= 400 && !strings.Contains(body, `"detail"`) {
			t.Errorf("%s: %d without a detail: %.300s", c.name, st, body)
		}
		for _, h := range c.has {
			if !strings.Contains(strings.ToLower(body), strings.ToLower(fill.Replace(h))) {
				t.Errorf("%s: answer lacks %s: %.400s", c.name, h, body)
			}
		}
		for _, h := range c.hasNot {
			if strings.Contains(body, fill.Replace(h)) {
				t.Errorf("%s: answer shows %s: %.400s", c.name, h, body)
			}
		}
		if c.after != nil {
			if msg := c.after(t, f); msg != "" {
				t.Errorf("%s: %s", c.name, msg)
			}
		}
	}
}
