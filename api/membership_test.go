package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/db"
	"github.com/spade-bpmn/spade/pkg/membership"
)

// TestBeforeAnalyzeReleasesOnServerError: a call that fails on our side
// after counting costs no quota; one that succeeds keeps its count.
func TestBeforeAnalyzeReleasesOnServerError(t *testing.T) {
	d, err := db.Open("sqlite://" + filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.Migrate(context.Background(), slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	m := &Membership{Limiter: membership.NewLimiter(d.DB, membership.Options{DailyLimit: 5, TrialDays: 14})}
	start := time.Now()
	p := &auth.Principal{User: &auth.User{ID: "u1", MembershipType: "Free", TrialStartedAt: &start}}
	e := echo.New()
	for _, tt := range []struct {
		status int
		want   int
	}{{http.StatusServiceUnavailable, 0}, {http.StatusAccepted, 1}, {http.StatusInternalServerError, 1}} {
		c := e.NewContext(httptest.NewRequest(http.MethodPost, "/api/analyze", nil), httptest.NewRecorder())
		if err := m.BeforeAnalyze(c, p, "document"); err != nil {
			t.Fatal(err)
		}
		_ = c.JSON(tt.status, map[string]string{})
		if n, _ := m.Limiter.UsageToday(context.Background(), "u1"); n != tt.want {
			t.Fatalf("after %d: usage %d, want %d", tt.status, n, tt.want)
		}
	}
}

// TestBeforeAnalyzeCharges: a BPMN file or a blank diagram opened in the
// editor runs no analyzer and counts no daily analysis, even with none
// left; every other kind counts one; an ended trial refuses both.
func TestBeforeAnalyzeCharges(t *testing.T) {
	d, err := db.Open("sqlite://" + filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.Migrate(context.Background(), slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	m := &Membership{Limiter: membership.NewLimiter(d.DB, membership.Options{DailyLimit: 2, TrialDays: 14})}
	now := time.Now()
	ended := now.Add(-30 * 24 * time.Hour)
	e := echo.New()
	for _, tt := range []struct {
		name      string
		user      string
		trial     *time.Time
		kind      string
		wantCode  int // 0: allowed
		wantUsage int
	}{
		{"document counts", "u1", &now, "document", 0, 1},
		{"editor open counts none", "u1", &now, KindOpenInEditor, 0, 1},
		{"bpmn analysis counts", "u1", &now, "bpmn", 0, 2},
		{"limit reached: analysis refused", "u1", &now, "image", http.StatusTooManyRequests, 2},
		{"limit reached: editor open still allowed", "u1", &now, KindOpenInEditor, 0, 2},
		{"refine with the model counts", "u2", &now, "refine", 0, 1},
		{"trial over: analysis refused", "u3", &ended, "bpmn", http.StatusForbidden, 0},
		{"trial over: editor open refused too", "u3", &ended, KindOpenInEditor, http.StatusForbidden, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := &auth.Principal{User: &auth.User{ID: tt.user, MembershipType: "Free", TrialStartedAt: tt.trial}}
			c := e.NewContext(httptest.NewRequest(http.MethodPost, "/api/bpmn/analyze", nil), httptest.NewRecorder())
			err := m.BeforeAnalyze(c, p, tt.kind)
			code := 0
			var he *httpError
			if errors.As(err, &he) {
				code = he.status
			} else if err != nil {
				t.Fatalf("unexpected error %v", err)
			}
			if code != tt.wantCode {
				t.Errorf("status %d (%v), want %d", code, err, tt.wantCode)
			}
			if err == nil {
				_ = c.JSON(http.StatusAccepted, map[string]string{})
			}
			if n, _ := m.Limiter.UsageToday(context.Background(), tt.user); n != tt.wantUsage {
				t.Errorf("usage %d, want %d", n, tt.wantUsage)
			}
		})
	}
	if Charged(KindOpenInEditor) || !Charged("bpmn") {
		t.Error("Charged: the editor open must be free and a BPMN analysis charged")
	}
}
