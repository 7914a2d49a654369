package auth_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/db"
)

func newStore(t *testing.T) *auth.Store {
	t.Helper()
	d, err := db.Open("sqlite://" + filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if err := d.Migrate(context.Background(), slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	return auth.NewStore(d.DB)
}

func TestFlowSealer(t *testing.T) {
	s := auth.NewFlowSealer([]byte("0123456789abcdef0123456789abcdef"))
	f := auth.NewFlow("http://127.0.0.1:8080/callback", time.Minute)
	v := s.Seal(f)
	got, err := s.Open(v, time.Now())
	if err != nil || *got != *f {
		t.Fatalf("%+v %v", got, err)
	}
	tests := map[string]string{
		"tampered payload": "x" + v[1:],
		"tampered mac":     v[:len(v)-2] + "AA",
		"no mac":           strings.Split(v, ".")[0],
		"empty":            "",
	}
	for name, bad := range tests {
		if _, err := s.Open(bad, time.Now()); !errors.Is(err, auth.ErrBadFlow) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := s.Open(v, time.Now().Add(2*time.Minute)); !errors.Is(err, auth.ErrBadFlow) {
		t.Error("expired flow accepted")
	}
	other := auth.NewFlowSealer([]byte("another secret of thirty-two byt"))
	if _, err := other.Open(v, time.Now()); !errors.Is(err, auth.ErrBadFlow) {
		t.Error("flow opened with another key")
	}
}

func FuzzFlowOpen(f *testing.F) {
	s := auth.NewFlowSealer([]byte("k"))
	good := s.Seal(auth.NewFlow("http://x/callback", time.Hour))
	for _, seed := range []string{good, "", ".", "a.b", "e30.AAAA", good + "x"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, v string) {
		fl, err := s.Open(v, time.Now())
		if err == nil && (fl.State == "" || fl.Verifier == "" || v != good && s.Seal(fl) == good) {
			t.Fatalf("forged flow %q accepted", v)
		}
	})
}

func TestSessionsExpire(t *testing.T) {
	s := newStore(t)
	ctx := context.Background()
	u, created, err := s.UpsertUser(ctx, auth.User{Issuer: "i", Subject: "s", Email: "a@example.com"})
	if err != nil || !created || u.TrialStartedAt == nil || u.MembershipType != "Free" {
		t.Fatalf("%+v %v %v", u, created, err)
	}
	sid, err := s.CreateSession(ctx, u.ID, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if got, _, err := s.SessionUser(ctx, sid); err != nil || got.ID != u.ID {
		t.Fatalf("live session: %v", err)
	}
	s.SetSessionIdle(time.Nanosecond)
	time.Sleep(time.Millisecond)
	if _, _, err := s.SessionUser(ctx, sid); !errors.Is(err, auth.ErrUnauthenticated) {
		t.Fatalf("idle session accepted: %v", err)
	}
	s.SetSessionIdle(time.Hour)
	short, _ := s.CreateSession(ctx, u.ID, -time.Second)
	if _, _, err := s.SessionUser(ctx, short); !errors.Is(err, auth.ErrUnauthenticated) {
		t.Fatalf("expired session accepted: %v", err)
	}
	if _, _, err := s.SessionUser(ctx, "made-up"); !errors.Is(err, auth.ErrUnauthenticated) {
		t.Fatal(err)
	}
}

func TestTokensAndMembers(t *testing.T) {
	s := newStore(t)
	ctx := context.Background()
	a, _, _ := s.UpsertUser(ctx, auth.User{Issuer: "i", Subject: "a", Email: "a@example.com", Name: "A"})
	b, _, _ := s.UpsertUser(ctx, auth.User{Issuer: "i", Subject: "b", Email: "b@example.com", Name: "B"})
	team, err := s.CreateUniqueAccount(ctx, "Team", "Free")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateUniqueAccount(ctx, "Team", "Free"); !errors.Is(err, auth.ErrAccountExists) {
		t.Fatalf("duplicate account: %v", err)
	}
	if _, _, err := s.CreateToken(ctx, a.ID, team.ID, "x"); !errors.Is(err, auth.ErrNotMember) {
		t.Fatalf("token for a foreign account: %v", err)
	}
	if err := s.AddMember(ctx, team.ID, a.ID, ""); err != nil {
		t.Fatal(err)
	}
	secret, tok, err := s.CreateToken(ctx, a.ID, team.ID, "ci")
	if err != nil || !strings.HasPrefix(secret, auth.TokenPrefix) {
		t.Fatal(err)
	}
	p, err := s.TokenPrincipal(ctx, secret)
	if err != nil || p.Account.ID != team.ID || !p.ViaToken {
		t.Fatalf("%+v %v", p, err)
	}
	if err := s.RevokeToken(ctx, b.ID, tok.ID); !errors.Is(err, auth.ErrNotFound) {
		t.Fatalf("b revoked a's token: %v", err)
	}
	// Leaving the account revokes its tokens.
	if ok, err := s.RemoveMember(ctx, team.ID, a.ID); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if _, err := s.TokenPrincipal(ctx, secret); !errors.Is(err, auth.ErrUnauthenticated) {
		t.Fatalf("token of a former member works: %v", err)
	}
	ts, _ := s.Tokens(ctx, a.ID)
	if len(ts) != 1 || ts[0].RevokedAt == nil {
		t.Fatalf("tokens %+v", ts)
	}
	// Seeding is idempotent.
	for i := 0; i < 2; i++ {
		if _, err := s.SeedUser(ctx, auth.User{Issuer: "dev", Subject: "demo", Email: "d@example.com"}, []string{"One", "Two"}); err != nil {
			t.Fatal(err)
		}
	}
	d, _ := s.UserByEmail(ctx, "d@example.com")
	accs, _ := s.Accounts(ctx, d.ID)
	if len(accs) != 2 {
		t.Fatalf("seeded accounts %d", len(accs))
	}
	if _, err := s.TouchAccount(ctx, d.ID, team.ID); !errors.Is(err, auth.ErrNotMember) {
		t.Fatalf("touch foreign account: %v", err)
	}
	started, err := s.EnsureTrialStarted(ctx, d)
	if err != nil || started == nil {
		t.Fatalf("trial %v %v", started, err)
	}
}

func TestOIDCDiscoveryURL(t *testing.T) {
	const issuer = "https://login.example.com/realms/spade"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"issuer":"` + issuer + `","authorization_endpoint":"https://login.example.com/auth","token_endpoint":"http://internal/token","jwks_uri":"http://internal/jwks","end_session_endpoint":"https://login.example.com/logout"}`))
	}))
	defer srv.Close()
	tests := []struct {
		name, issuer, discovery string
		ok                      bool
	}{
		{"internal discovery, public issuer", issuer, srv.URL, true},
		{"issuer mismatch", "https://other.example.com", srv.URL, false},
		{"no discovery url: issuer unreachable", issuer, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := auth.NewOIDC(auth.OIDCConfig{Issuer: tt.issuer, ClientID: "spade", DiscoveryURL: tt.discovery,
				HTTPClient: &http.Client{Timeout: 2 * time.Second, Transport: onlyTo(srv.URL)}})
			u, err := o.AuthURL(context.Background(), auth.NewFlow("http://x/callback", time.Minute), "")
			if (err == nil) != tt.ok {
				t.Fatalf("err %v", err)
			}
			if tt.ok && (!strings.HasPrefix(u, "https://login.example.com/auth?") || !strings.Contains(o.EndSessionURL(context.Background(), "http://x/"), "client_id=spade")) {
				t.Fatalf("auth url %q", u)
			}
		})
	}
}

// onlyTo refuses requests to any host but base (no test reaches the internet).
type onlyTo string

func (b onlyTo) RoundTrip(r *http.Request) (*http.Response, error) {
	if !strings.HasPrefix(r.URL.String(), string(b)) {
		return nil, errors.New("blocked: " + r.URL.String())
	}
	return http.DefaultTransport.RoundTrip(r)
}
