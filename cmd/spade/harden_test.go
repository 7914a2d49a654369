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
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/testenv"
	"github.com/spade-bpmn/spade/worker"
)

// failingExtract makes uploads named provider-down.txt fail as a provider
// rejecting the system key would (not the user's fault) and
// unreadable.txt fail as a broken file would (the user's fault).
func failingExtract(p *worker.Pipeline) {
	next := p.Extract
	p.Extract = func(ctx context.Context, filename string, data []byte) (*worker.Extracted, error) {
		switch filename {
		case "provider-down.txt":
			return nil, fmt.Errorf("analyze: %w", llm.ErrAuth)
		case "unreadable.txt":
			return nil, failure.Permanent("This file cannot be read.", errors.New("broken"))
		}
		return next(ctx, filename, data)
	}
}

// TestFailuresNotChargedAndUsageSurvivesRedisFlush: a failure that is not
// the user's file gives the daily call back at once, a failure of the file
// keeps it, and a Redis flush changes nothing (issues 12.7, 14.4).
func TestFailuresNotChargedAndUsageSurvivesRedisFlush(t *testing.T) {
	s := newStack(t, "sqlite://"+filepath.Join(t.TempDir(), "u.db"), testenv.Redis(t), failingExtract)
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
	s := newStack(t, "sqlite://"+filepath.Join(t.TempDir(), "h.db"), testenv.Redis(t), nil)
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
