package api

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/labstack/echo/v4"
	"github.com/redis/go-redis/v9"

	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/membership"
)

// TestBeforeAnalyzeReleasesOnServerError: a call that fails on our side
// after counting costs no quota; one that succeeds keeps its count.
func TestBeforeAnalyzeReleasesOnServerError(t *testing.T) {
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	defer rdb.Close()
	m := &Membership{Limiter: membership.NewLimiter(rdb, membership.Options{DailyLimit: 5, TrialDays: 14})}
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
