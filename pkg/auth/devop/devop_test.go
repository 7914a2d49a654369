package devop

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/auth"
)

func startProvider(t *testing.T, keyFile string) (*httptest.Server, *Provider) {
	t.Helper()
	var p *Provider
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { p.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	var err error
	p, err = New(Options{Issuer: srv.URL + "/oidc", ClientID: "spade", KeyFile: keyFile, Users: Users(DemoUsers)})
	if err != nil {
		t.Fatal(err)
	}
	return srv, p
}

func TestProviderFlow(t *testing.T) {
	keyFile := filepath.Join(t.TempDir(), "k.pem")
	srv, p := startProvider(t, keyFile)
	res, err := http.Get(srv.URL + "/oidc/.well-known/openid-configuration")
	if err != nil {
		t.Fatal(err)
	}
	var disc map[string]any
	_ = json.NewDecoder(res.Body).Decode(&disc)
	res.Body.Close()
	if disc["issuer"] != p.Issuer() || disc["authorization_endpoint"] != p.Issuer()+"/authorize" || disc["end_session_endpoint"] == nil {
		t.Fatalf("discovery %v", disc)
	}
	if st, err := os.Stat(keyFile); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("signing key file: %v %v", st, err)
	}

	// The real client, over HTTP.
	o := auth.NewOIDC(auth.OIDCConfig{Issuer: p.Issuer(), ClientID: "spade"})
	jar, _ := cookiejar.New(nil)
	stopAtCallback := &http.Client{Jar: jar, CheckRedirect: func(r *http.Request, _ []*http.Request) error {
		if r.URL.Path == "/callback" {
			return http.ErrUseLastResponse
		}
		return nil
	}}
	tests := []struct {
		name, hint, pick, wantEmail string
	}{
		{"login_hint skips the page", "ops@example.com", "", "ops@example.com"},
		{"page pick", "", "expired@example.com", "expired@example.com"},
		{"unknown hint shows the page", "nobody@example.com", "analyst@example.com", "analyst@example.com"},
	}
	idRe := regexp.MustCompile(`name="authRequestID" value="([^"]+)"`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := auth.NewFlow("http://127.0.0.1:9/callback", time.Minute)
			u, err := o.AuthURL(context.Background(), f, tt.hint)
			if err != nil {
				t.Fatal(err)
			}
			res, err := stopAtCallback.Get(u)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if tt.pick != "" {
				m := idRe.FindStringSubmatch(string(body))
				if res.StatusCode != http.StatusOK || m == nil || !strings.Contains(string(body), "consultant@example.com") {
					t.Fatalf("login page: %d %s", res.StatusCode, body)
				}
				res, err = stopAtCallback.PostForm(srv.URL+"/oidc/login", url.Values{"authRequestID": {m[1]}, "email": {tt.pick}})
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
			}
			loc, _ := url.Parse(res.Header.Get("Location"))
			if loc == nil || loc.Query().Get("state") != f.State || loc.Query().Get("code") == "" {
				t.Fatalf("redirect %d %q", res.StatusCode, res.Header.Get("Location"))
			}
			id, err := o.Exchange(context.Background(), loc.Query().Get("code"), f)
			if err != nil {
				t.Fatal(err)
			}
			if id.Email != tt.wantEmail || id.Issuer != p.Issuer() || id.Name == "" {
				t.Fatalf("identity %+v", id)
			}
			// PKCE: the same code with a wrong verifier was never possible —
			// and the code is now spent.
			if _, err := o.Exchange(context.Background(), loc.Query().Get("code"), f); err == nil {
				t.Fatal("code accepted twice")
			}
		})
	}
	// A wrong PKCE verifier is refused.
	f := auth.NewFlow("http://127.0.0.1:9/callback", time.Minute)
	u, _ := o.AuthURL(context.Background(), f, "analyst@example.com")
	res, err = stopAtCallback.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	loc, _ := url.Parse(res.Header.Get("Location"))
	bad := *f
	// Another first character: "x" + the rest was the right verifier itself
	// whenever the random one began with "x" (1 run in 64).
	wrong := "x"
	if f.Verifier[0] == 'x' {
		wrong = "y"
	}
	bad.Verifier = wrong + f.Verifier[1:]
	if _, err := o.Exchange(context.Background(), loc.Query().Get("code"), &bad); err == nil {
		t.Fatal("wrong PKCE verifier accepted")
	}
	// A foreign redirect URI is refused by the provider.
	f = auth.NewFlow("https://evil.example/callback", time.Minute)
	u, _ = o.AuthURL(context.Background(), f, "analyst@example.com")
	res, err = stopAtCallback.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if strings.HasPrefix(res.Header.Get("Location"), "https://evil.example") {
		t.Fatal("code sent to a foreign redirect URI")
	}
	// The key survives a restart.
	_, p2 := startProvider(t, keyFile)
	if p2.store.key.id != p.store.key.id {
		t.Fatal("signing key not reused")
	}
}
