package api

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/config"
)

// TestLoginRedirectFromConfig: /api/auth/login accepts a redirect_uri on
// the configured public URL only; a forged Host header does not make
// another origin acceptable (loopback origins only when the public URL is
// loopback, for the web app's dev server).
func TestLoginRedirectFromConfig(t *testing.T) {
	for _, tc := range []struct {
		name, public, host, redirect string
		ok                           bool
	}{
		{"public URL", "https://spade.example.com", "spade.example.com", "https://spade.example.com/callback", true},
		{"forged Host", "https://spade.example.com", "evil.example", "https://evil.example/callback", false},
		{"forged Host, http", "https://spade.example.com", "evil.example", "http://evil.example/callback", false},
		{"loopback redirect to a public server", "https://spade.example.com", "127.0.0.1:5173", "http://127.0.0.1:5173/callback", false},
		{"dev server on loopback", "http://127.0.0.1:8080", "localhost:5173", "http://localhost:5173/callback", true},
		{"foreign origin on a loopback server", "http://127.0.0.1:8080", "evil.example", "http://evil.example/callback", false},
		{"other scheme", "https://spade.example.com", "spade.example.com", "http://spade.example.com/callback", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Server{Deps: Deps{Config: &config.Config{PublicURL: tc.public}}}
			if got := s.validRedirect(tc.redirect); got != tc.ok {
				t.Fatalf("validRedirect(%q) = %v, want %v", tc.redirect, got, tc.ok)
			}
			// Through the route: a refused redirect answers 400 before
			// any sign-in starts.
			e := echo.New()
			s.E, s.log = e, nil
			e.HTTPErrorHandler = s.errorHandler
			a := &Auth{}
			e.GET("/api/auth/login", a.login(s))
			req := httptest.NewRequest(http.MethodGet, "/api/auth/login?redirect_uri="+tc.redirect, nil)
			req.Host = tc.host
			req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36")
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, req)
			if !tc.ok && (rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "redirect_uri must be")) {
				t.Fatalf("login: %d %s", rec.Code, rec.Body)
			}
			if tc.ok && rec.Code == http.StatusBadRequest {
				t.Fatalf("login refused a valid redirect: %s", rec.Body)
			}
		})
	}
}
