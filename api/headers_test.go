package api

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

func TestSecurityHeaders(t *testing.T) {
	tests := []struct {
		name      string
		https     bool
		path      string
		wantCSP   string
		wantHSTS  bool
		forbidCSP string
	}{
		{"app page", false, "/", "script-src 'self' https://assets.calendly.com;", false, "script-src 'self' 'unsafe-inline'"},
		{"api error", false, "/api/nothing", "frame-ancestors 'none'", false, ""},
		{"queue dashboard", false, "/ops/queues/api/queues", "https://fonts.googleapis.com", false, ""},
		{"https public url", true, "/callback", "frame-ancestors 'none'", true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := echo.New()
			e.Use(SecurityHeaders(tt.https))
			e.GET("/*", func(c echo.Context) error { return c.String(http.StatusNotFound, "no") })
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
			h := rec.Header()
			if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, tt.wantCSP) || (tt.forbidCSP != "" && strings.Contains(csp, tt.forbidCSP)) {
				t.Errorf("CSP %q, want it to contain %q", csp, tt.wantCSP)
			}
			if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") || h.Get("X-Frame-Options") != "DENY" {
				t.Errorf("framing allowed: %v", h)
			}
			if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" {
				t.Errorf("nosniff or referrer policy missing: %v", h)
			}
			if got := h.Get("Strict-Transport-Security") != ""; got != tt.wantHSTS {
				t.Errorf("HSTS present %v, want %v", got, tt.wantHSTS)
			}
		})
	}
}
