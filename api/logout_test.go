package api

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/config"
)

// TestLogoutRefusedCrossSite: a GET sign-out that the browser marks as
// coming from another site answers 403 and leaves the session cookie
// alone; the app's own GET and any POST go through (issue 12.6).
func TestLogoutRefusedCrossSite(t *testing.T) {
	tests := []struct {
		name    string
		method  string
		headers map[string]string
		status  int
	}{
		{"app's own call", http.MethodGet, map[string]string{"Sec-Fetch-Site": "same-origin", "Referer": "http://app.test/settings"}, 200},
		{"typed or curl", http.MethodGet, nil, 200},
		{"bookmark", http.MethodGet, map[string]string{"Sec-Fetch-Site": "none"}, 200},
		{"link on another site", http.MethodGet, map[string]string{"Sec-Fetch-Site": "cross-site", "Referer": "https://evil.test/"}, 403},
		{"sibling subdomain", http.MethodGet, map[string]string{"Sec-Fetch-Site": "same-site"}, 403},
		{"foreign referer, old browser", http.MethodGet, map[string]string{"Referer": "https://evil.test/page"}, 403},
		{"foreign origin", http.MethodGet, map[string]string{"Origin": "https://evil.test"}, 403},
		{"post from the app", http.MethodPost, map[string]string{"Origin": "http://app.test", "Sec-Fetch-Site": "same-origin"}, 200},
	}
	s := &Server{Deps: Deps{Config: &config.Config{PublicURL: "http://app.test"}}, log: slog.New(slog.DiscardHandler)}
	e := echo.New()
	e.HTTPErrorHandler = s.errorHandler
	h := (&Auth{}).logout(s)
	e.Any("/api/auth/logout", h)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, "http://app.test/api/auth/logout", nil)
			for k, v := range tt.headers {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, req)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			cleared := rec.Header().Get("Set-Cookie") != ""
			if cleared != (tt.status == 200) {
				t.Fatalf("session cookie cleared %v at status %d", cleared, rec.Code)
			}
			if tt.status == 403 {
				var d Detail
				if json.Unmarshal(rec.Body.Bytes(), &d); d.Detail == "" {
					t.Fatalf("no detail: %s", rec.Body)
				}
			}
		})
	}
}
