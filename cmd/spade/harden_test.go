package main

// Hardening checks from the attack run (issue 12) and the no-charge rule
// for failures (issue 14.4), on the in-process stack.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/membership"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// failingExtract makes uploads named provider-down.txt fail as a provider
// rejecting the system key would (not the user's fault) and
// unreadable.txt fail as a broken file would (the user's fault).
func failingExtract(p *pipeline.Pipeline) {
	next := p.Extractor
	p.Extractor = pipeline.ExtractFunc(func(ctx context.Context, filename string, data []byte, demo bool) (*pipeline.Extracted, error) {
		switch filename {
		case "provider-down.txt":
			return nil, fmt.Errorf("analyze: %w", llm.ErrAuth)
		case "unreadable.txt":
			return nil, failure.Permanent("This file cannot be read.", errors.New("broken"))
		}
		return next.Extract(ctx, filename, data, demo)
	})
}

// TestFailuresNotChargedAndUsageSurvivesRedisFlush: a failure that is not
// the user's file gives the daily call back at once, a failure of the file
// keeps it, and a Redis flush changes nothing (issues 12.7, 14.4).
func TestFailuresNotChargedAndUsageSurvivesRedisFlush(t *testing.T) {
	t.Parallel()
	s := setup(t, stackOptions{Hook: failingExtract, SignIn: true})
	usage := func() string {
		res, b := s.do(http.MethodGet, "/api/membership/usage", nil, "")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("usage %d %s", res.StatusCode, b)
		}
		return string(b)
	}
	steps := []struct {
		file   string
		status string
		usage  string
	}{
		{"ok.txt", analysis.StatusCompleted, `"usage_today":1`},
		{"provider-down.txt", analysis.StatusFailed, `"usage_today":1`},
		{"unreadable.txt", analysis.StatusFailed, `"usage_today":2`},
	}
	for _, st := range steps {
		code, v, body := s.upload("/api/analyze", st.file, []byte(sampleTXT))
		if code != http.StatusAccepted {
			t.Fatalf("%s: upload %d %s", st.file, code, body)
		}
		done := s.waitFor(v.ID, 30*time.Second, finished)
		if done.Status != st.status {
			t.Fatalf("%s: status %s (%s)", st.file, done.Status, done.Detail)
		}
		if u := usage(); !strings.Contains(u, st.usage) {
			t.Fatalf("after %s: %s, want %s", st.file, u, st.usage)
		}
	}
	if err := s.app.Queue.Redis.FlushAll(context.Background()).Err(); err != nil {
		t.Fatal(err)
	}
	if u := usage(); !strings.Contains(u, `"usage_today":2`) {
		t.Fatalf("after a Redis flush: %s", u)
	}
}

// TestSecurityHeadersOnEveryResponse: pages, the callback route, API
// answers, errors, static files and the operations routes all carry the
// security headers (issue 12.5).
func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	t.Parallel()
	s := setup(t, stackOptions{SignIn: true})
	big := bytes.Repeat([]byte("a"), 11<<20)
	tests := []struct {
		method, path string
		body         io.Reader
	}{
		{http.MethodGet, "/", nil},
		{http.MethodGet, "/callback?code=x", nil},
		{http.MethodGet, "/settings", nil},
		{http.MethodGet, "/assets/missing.js", nil},
		{http.MethodGet, "/healthz", nil},
		{http.MethodGet, "/api/health", nil},
		{http.MethodGet, "/api/no-such-route", nil},
		{http.MethodGet, "/ops", nil},
		{http.MethodGet, "/ops/queues", nil},
		{http.MethodGet, "/metrics", nil},
		{http.MethodPost, "/api/analyze", bytes.NewReader(big)},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			res, _ := s.do(tt.method, tt.path, tt.body, "multipart/form-data; boundary=x")
			h := res.Header
			if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") || h.Get("X-Frame-Options") != "DENY" ||
				h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" {
				t.Fatalf("%d: headers %v", res.StatusCode, h)
			}
		})
	}
}

// TestDataFilesPrivate: the data directory is 0700 (narrowed when it was
// wider) and the SQLite database, its WAL, the uploads and the secret key
// are 0600 (issue 12.8).
func TestDataFilesPrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	setStackEnv(t, "sqlite://"+filepath.Join(dir, "spade.db"), testenv.Redis(t))
	t.Setenv("SPADE_DATA_DIR", dir)
	t.Setenv("SPADE_SECRET_KEY", "")
	cfg, err := config.Load("text")
	if err != nil {
		t.Fatal(err)
	}
	a, err := openApp(context.Background(), cfg, true)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, err := a.newAPI(); err != nil { // generates the secret key
		t.Fatal(err)
	}
	if err := a.Blobs.Put(context.Background(), "an-upload", strings.NewReader("The clerk checks the invoice."), 29); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(dir)
	if err != nil || st.Mode().Perm() != 0o700 {
		t.Fatalf("data dir mode %v (%v), want 0700", st.Mode().Perm(), err)
	}
	files := 0
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			// uploads/ and its sub-directories: 0700 like the data dir
			if info, err := d.Info(); err == nil && info.Mode().Perm()&0o077 != 0 {
				t.Errorf("directory %s has mode %v, want 0700", p, info.Mode().Perm())
			}
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.Mode().Perm()&0o077 != 0 {
			t.Errorf("%s has mode %v, want 0600", p, info.Mode().Perm())
		}
		files++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"spade.db", "spade.db-wal", membership.KeyFile} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if files < 4 {
		t.Fatalf("only %d files checked", files)
	}
}
