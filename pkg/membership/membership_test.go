package membership

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"log/slog"
	"path/filepath"

	"github.com/spade-bpmn/spade/pkg/db"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// openDB opens and migrates a fresh database at url.
func openDB(t *testing.T, url string) *db.DB {
	t.Helper()
	d, err := db.Open(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Close() })
	if err := d.Migrate(context.Background(), slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	return d
}

func newTestLimiterOn(t *testing.T, url string, now *time.Time) *Limiter {
	t.Helper()
	return NewLimiter(openDB(t, url).DB, Options{DailyLimit: 5, TrialDays: 14, Now: func() time.Time { return *now }})
}

func newTestLimiter(t *testing.T, now *time.Time) *Limiter {
	t.Helper()
	return newTestLimiterOn(t, "sqlite://"+filepath.Join(t.TempDir(), "m.db"), now)
}

func TestStatusOf(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	l := newTestLimiter(t, &now)
	day := 24 * time.Hour
	ago := func(d time.Duration) *time.Time { x := now.Add(-d); return &x }
	tests := []struct {
		name    string
		s       Subject
		allowed bool
		inTrial bool
		unlim   bool
	}{
		{"trial day 1", Subject{MembershipType: "Free", TrialStartedAt: ago(day)}, true, true, false},
		{"trial last minute", Subject{MembershipType: "free", TrialStartedAt: ago(14*day - time.Minute)}, true, true, false},
		{"trial over", Subject{MembershipType: "Free", TrialStartedAt: ago(14 * day)}, false, false, false},
		{"trial over own key", Subject{MembershipType: "Free", TrialStartedAt: ago(30 * day), HasOwnKey: true}, true, false, false},
		{"never started", Subject{MembershipType: ""}, false, false, false},
		{"standard", Subject{MembershipType: "standard", TrialStartedAt: ago(300 * day)}, true, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := l.StatusOf(tt.s)
			if st.Allowed != tt.allowed || st.InTrial != tt.inTrial || st.Unlimited != tt.unlim {
				t.Fatalf("got %+v", st)
			}
		})
	}
}

func TestAcquireConcurrentExactLimit(t *testing.T) {
	for name, url := range testenv.Databases(t) {
		t.Run(name, func(t *testing.T) { testAcquireConcurrentExactLimit(t, url) })
	}
}

func testAcquireConcurrentExactLimit(t *testing.T, url string) {
	now := time.Date(2026, 11, 21, 23, 59, 0, 0, time.UTC)
	l := newTestLimiterOn(t, url, &now)
	start := now.Add(-time.Hour)
	s := Subject{UserID: "u1", MembershipType: Free, TrialStartedAt: &start}
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, limited := 0, 0
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := l.Acquire(context.Background(), s, fmt.Sprintf("a%d", i))
			mu.Lock()
			defer mu.Unlock()
			var le *LimitError
			switch {
			case err == nil:
				ok++
			case errors.As(err, &le):
				limited++
				if le.Error() != "Daily limit of 5 analyze calls reached for your Free membership" {
					t.Errorf("detail %q", le.Error())
				}
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if ok != 5 || limited != 45 {
		t.Fatalf("accepted %d, limited %d; want 5 and 45", ok, limited)
	}
	if n, _ := l.UsageToday(context.Background(), "u1"); n != 5 {
		t.Fatalf("usage %d", n)
	}
	// The next UTC day starts afresh.
	now = now.Add(2 * time.Minute)
	if _, err := l.Acquire(context.Background(), s, "next-day"); err != nil {
		t.Fatalf("new day: %v", err)
	}
	if err := l.Refund(context.Background(), "next-day"); err != nil {
		t.Fatal(err)
	}
	if n, _ := l.UsageToday(context.Background(), "u1"); n != 0 {
		t.Fatalf("after release %d", n)
	}
}

func TestAcquireRules(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	l := newTestLimiter(t, &now)
	old := now.Add(-30 * 24 * time.Hour)
	_, err := l.Acquire(context.Background(), Subject{UserID: "x", MembershipType: Free, TrialStartedAt: &old}, "x1")
	if !errors.Is(err, ErrTrialExpired) || err.Error() != "Your 14-day free trial period has ended. Please upgrade your membership or add your own API key in Settings." {
		t.Fatalf("want trial expired, got %v", err)
	}
	if ErrTrialExpired.Error() != "Your 14-day free trial period has ended. Please upgrade your membership or add your own API key in Settings." {
		t.Fatal(ErrTrialExpired)
	}
	for i := 0; i < 20; i++ {
		if _, err := l.Acquire(context.Background(), Subject{UserID: "s", MembershipType: Standard}, fmt.Sprintf("s%d", i)); err != nil {
			t.Fatalf("standard call %d: %v", i, err)
		}
	}
	if n, _ := l.UsageToday(context.Background(), "s"); n != 20 {
		t.Fatalf("standard usage counted %d", n)
	}
}

func TestParseType(t *testing.T) {
	for in, want := range map[string]string{"standard": Standard, "FREE": Free, "Standard": Standard} {
		if got, err := ParseType(in); err != nil || got != want {
			t.Errorf("%q: %q %v", in, got, err)
		}
	}
	if _, err := ParseType("gold"); err == nil {
		t.Error("gold accepted")
	}
}

// TestRefundUnderConcurrency: 50 callers take and 50 give back at once
// (some twice): the counter never leaves 0..limit, a charge is refunded at
// most once, and what stays counted equals what was taken and not given
// back (issue 14.4).
func TestRefundUnderConcurrency(t *testing.T) {
	for name, url := range testenv.Databases(t) {
		t.Run(name, func(t *testing.T) {
			now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
			l := newTestLimiterOn(t, url, &now)
			start := now.Add(-time.Hour)
			s := Subject{UserID: "u1", MembershipType: Free, TrialStartedAt: &start}
			ctx := context.Background()
			var wg sync.WaitGroup
			var mu sync.Mutex
			taken := map[string]bool{}
			refunded := 0
			for i := range 50 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					id := fmt.Sprintf("a%d", i)
					if _, err := l.Acquire(ctx, s, id); err != nil {
						return
					}
					mu.Lock()
					taken[id] = true
					mu.Unlock()
					if i%2 == 0 {
						for range 2 { // a refund delivered twice gives back once
							n, err := l.Ledger().Refund(ctx, id)
							if err != nil {
								t.Error(err)
							}
							mu.Lock()
							refunded += n
							mu.Unlock()
						}
					}
					used, err := l.UsageToday(ctx, "u1")
					if err != nil || used < 0 || used > 5 {
						t.Errorf("usage %d (%v) outside 0..5", used, err)
					}
				}()
			}
			wg.Wait()
			used, _ := l.UsageToday(ctx, "u1")
			if used != len(taken)-refunded || used < 0 || used > 5 {
				t.Fatalf("usage %d, taken %d, refunded %d", used, len(taken), refunded)
			}
			if _, err := l.Ledger().Refund(ctx, "never-charged"); err != nil {
				t.Fatal(err)
			}
		})
	}
}
