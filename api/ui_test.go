package api

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/spade-bpmn/spade/pkg/config"
)

func TestUIFavicon(t *testing.T) {
	built := t.TempDir()
	if err := os.WriteFile(filepath.Join(built, "favicon.svg"), []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(built, "index.html"), []byte(`<!doctype html><title>app</title>`), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, dir, path string
		status          int
		contentType     string
	}{
		{"icon from the built app", built, "/favicon.ico", http.StatusOK, "image/svg+xml"},
		{"app not built: empty answer, not a 404", t.TempDir(), "/favicon.ico", http.StatusNoContent, ""},
		{"other missing assets stay 404", built, "/missing.png", http.StatusNotFound, "application/json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &Server{E: echo.New(), Deps: Deps{Config: &config.Config{UIDir: tt.dir}}}
			s.E.HTTPErrorHandler = s.errorHandler
			s.mountUI()
			rec := httptest.NewRecorder()
			s.E.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if got := rec.Header().Get("Content-Type"); !strings.HasPrefix(got, tt.contentType) {
				t.Fatalf("content type %q, want %q", got, tt.contentType)
			}
		})
	}
}
