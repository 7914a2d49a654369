package llm

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// failing is a provider that answers from a list of errors (nil: success).
type failing struct {
	errs  []error
	calls int
}

func (s *failing) Name() string { return "failing" }

func (s *failing) Analyze(context.Context, Input) (*Result, error) {
	i := min(s.calls, len(s.errs)-1)
	s.calls++
	if s.errs[i] != nil {
		return nil, s.errs[i]
	}
	return &Result{ModelName: "m"}, nil
}

// fakeClock is advanced by the policy's Sleep, so no test waits.
type fakeClock struct{ now time.Time }

func (c *fakeClock) policy(budget time.Duration) RetryPolicy {
	return RetryPolicy{
		Budget: budget,
		Now:    func() time.Time { return c.now },
		Sleep: func(_ context.Context, d time.Duration) error {
			c.now = c.now.Add(d)
			return nil
		},
		Jitter: func(d time.Duration) time.Duration { return d }, // the top of the range: predictable texts
	}
}

var (
	rateLimited = failure.Transient(DetailRateLimited, fmt.Errorf("%w: 429", ErrRateLimited))
	serverError = failure.Transient(DetailUnavailable, fmt.Errorf("%w: 500", ErrUnavailable))
	refused     = failure.Transient(DetailUnreachable, fmt.Errorf("%w: %w", ErrUnreachable, syscall.ECONNREFUSED))
	badKey      = failure.Permanent("The AI provider rejected the API key. Check your API key in Settings.", fmt.Errorf("%w: %w: 401", ErrAuth, ErrUserKey))
)

func TestRetrying(t *testing.T) {
	tests := []struct {
		name   string
		errs   []error
		budget time.Duration
		// calls is how many times the provider is called.
		calls int
		// texts are the stage texts shown, in order.
		texts []string
		// detail is the final failure's detail ("" for success).
		detail string
		class  Class
	}{
		{
			name: "success at once", errs: []error{nil}, calls: 1,
		},
		{
			name: "429 with Retry-After twice, then an answer", errs: []error{WithRetryAfter(rateLimited, 40*time.Second), WithRetryAfter(rateLimited, 7*time.Second), nil},
			calls: 3,
			texts: []string{
				"The AI provider is busy (rate limit). Retry 1 of 5 in 40 s", "Analyzing the process (retry 1 of 5)",
				"The AI provider is busy (rate limit). Retry 2 of 5 in 7 s", "Analyzing the process (retry 2 of 5)",
			},
		},
		{
			name: "500 until the retries are used up", errs: []error{serverError}, budget: time.Hour, calls: 6,
			texts: []string{
				"The AI provider is unavailable (server error). Retry 1 of 5 in 5 s", "Analyzing the process (retry 1 of 5)",
				"The AI provider is unavailable (server error). Retry 2 of 5 in 10 s", "Analyzing the process (retry 2 of 5)",
				"The AI provider is unavailable (server error). Retry 3 of 5 in 20 s", "Analyzing the process (retry 3 of 5)",
				"The AI provider is unavailable (server error). Retry 4 of 5 in 40 s", "Analyzing the process (retry 4 of 5)",
				"The AI provider is unavailable (server error). Retry 5 of 5 in 80 s", "Analyzing the process (retry 5 of 5)",
			},
			detail: "The AI provider is unavailable (server error). SPADE tried 6 times over 2 min 35 s. Please try again later.",
			class:  ProviderFault,
		},
		{
			name: "the budget ends the retries before the count does", errs: []error{rateLimited}, budget: time.Minute, calls: 4,
			texts: []string{
				"The AI provider is busy (rate limit). Retry 1 of 5 in 5 s", "Analyzing the process (retry 1 of 5)",
				"The AI provider is busy (rate limit). Retry 2 of 5 in 10 s", "Analyzing the process (retry 2 of 5)",
				"The AI provider is busy (rate limit). Retry 3 of 5 in 20 s", "Analyzing the process (retry 3 of 5)",
			},
			detail: "The AI provider is busy (rate limit). SPADE tried 4 times over 35 s. Please try again later.",
			class:  ProviderFault,
		},
		{
			name: "a Retry-After past the budget fails at once", errs: []error{WithRetryAfter(rateLimited, time.Hour)}, calls: 1,
			detail: "The AI provider is busy (rate limit). The provider asked to wait 60 min, longer than SPADE waits for one analysis. Please try again later.",
			class:  ProviderFault,
		},
		{
			name: "connection refused: two tries, then a clear failure", errs: []error{refused}, calls: 2,
			texts: []string{
				"The AI provider could not be reached. Retry 1 of 5 in 5 s", "Analyzing the process (retry 1 of 5)",
			},
			detail: "The AI provider could not be reached. SPADE tried 2 times over 5 s. Please try again later. If this keeps happening, ask your administrator to check the AI provider settings.",
			class:  ProviderFault,
		},
		{
			name: "a bad key is not retried", errs: []error{badKey}, calls: 1,
			detail: "The AI provider rejected the API key. Check your API key in Settings.", class: UserFault,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clock := &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
			sp := &failing{errs: tc.errs}
			var texts []string
			p := Retrying(sp, clock.policy(tc.budget), func(_ context.Context, e RetryEvent) { texts = append(texts, e.Text()) })
			_, err := p.Analyze(context.Background(), Input{})
			if sp.calls != tc.calls {
				t.Errorf("%d calls, want %d", sp.calls, tc.calls)
			}
			if !slices.Equal(texts, tc.texts) {
				t.Errorf("stage texts:\n%s\nwant:\n%s", strings.Join(texts, "\n"), strings.Join(tc.texts, "\n"))
			}
			if tc.detail == "" {
				if err != nil {
					t.Fatalf("err = %v", err)
				}
				return
			}
			d, _ := failure.Detail(err)
			if d != tc.detail {
				t.Errorf("detail = %q\nwant     %q", d, tc.detail)
			}
			if !failure.IsPermanent(err) {
				t.Error("final failure is not permanent")
			}
			if got := Classify(err); got != tc.class {
				t.Errorf("class = %s, want %s", got, tc.class)
			}
			if strings.Contains(d, "will be retried") {
				t.Errorf("a final detail promises a retry: %q", d)
			}
		})
	}
}

func TestRetryingStopsBeforeTheCallersDeadline(t *testing.T) {
	clock := &fakeClock{now: time.Now()}
	sp := &failing{errs: []error{rateLimited}}
	pol := clock.policy(time.Hour)
	pol.CallTimeout = 2 * time.Minute
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err := Retrying(sp, pol, nil).Analyze(ctx, Input{})
	if sp.calls != 1 || !failure.IsPermanent(err) {
		t.Fatalf("calls %d, err %v: want 1 call and a permanent failure", sp.calls, err)
	}
}

func TestRetryingJitterStaysInRange(t *testing.T) {
	pol := RetryPolicy{}.withDefaults()
	for range 1000 {
		if d := pol.Jitter(10 * time.Second); d < 5*time.Second || d > 10*time.Second {
			t.Fatalf("jitter %s outside [5s, 10s]", d)
		}
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want Class
	}{
		{"rate limit", rateLimited, Transient},
		{"server error", serverError, Transient},
		{"unreachable", refused, Transient},
		{"user's key", badKey, UserFault},
		{"system key", failure.Permanent("x", fmt.Errorf("%w: 401", ErrAuth)), ProviderFault},
		{"refused content", failure.Permanent("x", ErrRefused), UserFault},
		{"bad request", failure.Permanent("x", ErrInvalidRequest), UserFault},
		{"unknown model", failure.Permanent("x", fmt.Errorf("%w: %w", ErrInvalidRequest, ErrModelNotFound)), ProviderFault},
		{"context window", failure.Permanent("x", fmt.Errorf("%w: %w", ErrInvalidRequest, ErrContextLength)), ProviderFault},
		{"unreadable file", failure.Permanent("The file is damaged.", errors.New("zip")), UserFault},
		{"database down", errors.New("connection reset"), Transient},
		{"gave up on a rate limit", failure.Permanent("x", rateLimited), ProviderFault},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Classify(tc.err); got != tc.want {
				t.Errorf("Classify = %s, want %s", got, tc.want)
			}
		})
	}
}

func TestUnreachable(t *testing.T) {
	// A port nobody listens on: a real connection refused.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	_, refusedErr := http.Get("http://" + addr)
	_, dnsErr := http.Get("http://no-such-host.invalid")
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"connection refused", refusedErr, true},
		{"unknown host", dnsErr, true},
		{"deadline", context.DeadlineExceeded, false},
		{"other", errors.New("boom"), false},
	}
	for _, tc := range tests {
		if got := Unreachable(tc.err); got != tc.want {
			t.Errorf("%s: Unreachable(%v) = %v, want %v", tc.name, tc.err, got, tc.want)
		}
	}
}

func TestRetryAfterTransport(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", r.URL.Query().Get("ra"))
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	defer srv.Close()
	client := WithRetryAfterClient(nil)
	for _, tc := range []struct {
		ra   string
		want time.Duration
	}{{"40", 40 * time.Second}, {"1.5", 1500 * time.Millisecond}, {"", 0}, {"soon", 0}} {
		ctx, slot := CaptureRetryAfter(context.Background())
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"?ra="+tc.ra, nil)
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if got := slot.Get(); got != tc.want {
			t.Errorf("Retry-After %q: got %s, want %s", tc.ra, got, tc.want)
		}
	}
	date := time.Now().Add(time.Minute).UTC().Format(http.TimeFormat)
	if d, ok := ParseRetryAfter(date, time.Now()); !ok || d < 58*time.Second || d > time.Minute {
		t.Errorf("HTTP date: %s %v", d, ok)
	}
}

func FuzzParseRetryAfter(f *testing.F) {
	for _, s := range []string{"40", "1.5", "-1", "Wed, 21 Oct 2026 07:28:00 GMT", "", "soon", "1e309", "NaN"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		d, ok := ParseRetryAfter(v, time.Now())
		if ok && (d < 0 || d > 24*time.Hour+time.Second) {
			t.Fatalf("ParseRetryAfter(%q) = %s", v, d)
		}
	})
}
