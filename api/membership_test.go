package api

import (
	"context"
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
