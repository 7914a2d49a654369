package api

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/hibiken/asynq"
)

func TestStripWebFontLinks(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"google fonts removed, others kept",
			`<head><link rel="icon" href="/x.ico"/><link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto"/><link rel="stylesheet" href="https://fonts.googleapis.com/icon?family=Material+Icons"/><title>t</title></head>`,
			`<head><link rel="icon" href="/x.ico"/><title>t</title></head>`},
		{"gstatic preconnect removed", `<link rel="preconnect" href="https://fonts.gstatic.com">x`, `x`},
		{"no links", `<p>hello</p>`, `<p>hello</p>`},
		{"unterminated tag left alone", `<p><link href="https://fonts.googleapis.com/`, `<p><link href="https://fonts.googleapis.com/`},
		{"empty", ``, ``},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(stripWebFontLinks([]byte(tt.in))); got != tt.want {
				t.Fatalf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func FuzzStripWebFontLinks(f *testing.F) {
	f.Add(`<link rel="stylesheet" href="https://fonts.googleapis.com/css"/><b>`)
	f.Add(`<link<link>>`)
	f.Fuzz(func(t *testing.T, s string) {
		out := stripWebFontLinks([]byte(s))
		if len(out) > len(s) {
			t.Fatalf("output grew: %q → %q", s, out)
		}
		if !strings.Contains(s, "fonts.g") && string(out) != s {
			t.Fatalf("changed a page without font links: %q → %q", s, out)
		}
	})
}

// The real asynqmon page, as operators get it: no request may leave for
// Google Fonts (the dashboard must work offline), JSON passes untouched.
func TestQueueDashboardLoadsNoWebFonts(t *testing.T) {
	h, closeFn := NewQueueDashboard(asynq.RedisClientOpt{Addr: "127.0.0.1:1"})
	defer func() { _ = closeFn() }()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, QueueDashboardPath, nil))
	body, _ := io.ReadAll(rec.Body)
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d", rec.Code)
	}
	page := string(body)
	if !strings.Contains(page, "<div id=\"root\">") {
		t.Fatalf("not the dashboard page: %.200s", page)
	}
	if strings.Contains(page, "fonts.googleapis.com") || strings.Contains(page, "fonts.gstatic.com") {
		t.Fatalf("page still loads web fonts: %s", page)
	}
	if rec.Header().Get("Content-Length") != "" && rec.Header().Get("Content-Length") != strconv.Itoa(len(body)) {
		t.Fatalf("Content-Length %s for %d bytes", rec.Header().Get("Content-Length"), len(body))
	}
}

func TestBufferedHTMLPassesOtherContent(t *testing.T) {
	inner := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusTeapot)
		_, _ = io.WriteString(w, `{"href":"https://fonts.googleapis.com/x"}`)
	})
	rec := httptest.NewRecorder()
	withoutWebFonts(inner).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/ops/queues/api/queues", nil))
	if rec.Code != http.StatusTeapot || !strings.Contains(rec.Body.String(), "fonts.googleapis.com") {
		t.Fatalf("JSON changed: %d %s", rec.Code, rec.Body)
	}
}
