package budget

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/redis/go-redis/v9"

	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// redises returns a real redis-server and an in-process miniredis, the two
// Redis SPADE runs on.
func redises(t *testing.T) map[string]redis.UniversalClient {
	t.Helper()
	opt, err := redis.ParseURL(testenv.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	real := redis.NewClient(opt)
	t.Cleanup(func() { real.Close() })
	real.FlushDB(context.Background())
	m := miniredis.RunT(t)
	mini := redis.NewClient(&redis.Options{Addr: m.Addr()})
	t.Cleanup(func() { mini.Close() })
	return map[string]redis.UniversalClient{"redis": real, "miniredis": mini}
}

func newBudget(t *testing.T, rdb redis.UniversalClient, l Limits) *Budget {
	t.Helper()
	b, err := New(rdb, l, Options{Prefix: "test:" + strings.ReplaceAll(t.Name(), "/", ":"), Poll: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// waitSignal is an OnWait that reports when the caller starts waiting.
func waitSignal() (func(bool), <-chan struct{}) {
	ch := make(chan struct{})
	var once sync.Once
	return func(w bool) {
		if w {
			once.Do(func() { close(ch) })
		}
	}, ch
}

// Two workers (two Budget values) on one Redis share one bucket: when one
// spent it, the other waits; a user's own key has its own bucket.
func TestOneBucketForTheFleet(t *testing.T) {
	for name, rdb := range redises(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			w1, w2 := newBudget(t, rdb, Limits{RPM: 60}), newBudget(t, rdb, Limits{RPM: 60})
			sys := BucketKey("gemini", "")
			onWait, waiting := waitSignal()
			if _, err := w1.Acquire(ctx, Request{Bucket: sys, OnWait: onWait}); err != nil {
				t.Fatal(err)
			}
			select {
			case <-waiting:
				t.Fatal("the first call of a fresh budget waited")
			default:
			}
			userKey := BucketKey("gemini", "AIza-user-secret")
			if strings.Contains(userKey, "AIza") {
				t.Fatalf("bucket name %q leaks the user's key", userKey)
			}
			if _, err := w2.Acquire(ctx, Request{Bucket: userKey, OnWait: onWait}); err != nil {
				t.Fatal(err)
			}
			select {
			case <-waiting:
				t.Fatal("a user's own key waited for the system key's budget")
			default:
			}

			cctx, cancel := context.WithCancel(ctx)
			errc := make(chan error, 1)
			go func() {
				_, err := w2.Acquire(cctx, Request{Bucket: sys, OnWait: onWait})
				errc <- err
			}()
			<-waiting // the second worker waits for the first one's bucket
			cancel()
			if err := <-errc; !errors.Is(err, context.Canceled) {
				t.Fatalf("cancelled Acquire = %v", err)
			}
			if n := rdb.ZCard(ctx, w2.keys(sys)[2]).Val(); n != 0 {
				t.Fatalf("a cancelled caller kept its place: %d waiting", n)
			}
			var m dto.Metric
			_ = w2.delayed.WithLabelValues("gemini").Write(&m)
			if got := m.GetCounter().GetValue(); got != 1 {
				t.Fatalf("429s avoided = %v, want 1", got)
			}
		})
	}
}

// Signed-in users' calls go before demo and reprocess calls that were
// waiting longer.
func TestHighPriorityGoesFirst(t *testing.T) {
	for name, rdb := range redises(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			b := newBudget(t, rdb, Limits{RPM: 60})
			bucket := BucketKey("openai", "")
			if _, err := b.Acquire(ctx, Request{Bucket: bucket}); err != nil {
				t.Fatal(err)
			}
			var mu sync.Mutex
			var order []string
			var wg sync.WaitGroup
			start := func(who string, p Priority) <-chan struct{} {
				onWait, waiting := waitSignal()
				wg.Add(1)
				go func() {
					defer wg.Done()
					if _, err := b.Acquire(ctx, Request{Bucket: bucket, Priority: p, OnWait: onWait}); err != nil {
						t.Error(err)
					}
					mu.Lock()
					order = append(order, who)
					mu.Unlock()
				}()
				return waiting
			}
			<-start("demo", Low)
			<-start("reprocess", Low)
			<-start("user", High)
			wg.Wait()
			if strings.Join(order, ",") != "user,demo,reprocess" {
				t.Fatalf("order = %v, want user first, then the others in arrival order", order)
			}
		})
	}
}

// fake429 answers 429 with a Retry-After.
type fake429 struct{ calls int }

func (f *fake429) Name() string { return "gemini" }
func (f *fake429) Analyze(context.Context, llm.Input) (*llm.Result, error) {
	f.calls++
	return nil, llm.WithRetryAfter(fmt.Errorf("429 Too Many Requests: %w", llm.ErrRateLimited), 10*time.Minute)
}

// A vendor 429 with Retry-After closes the budget for every worker, even
// with tokens left.
func TestVendor429ClosesTheBudget(t *testing.T) {
	for name, rdb := range redises(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			w1, w2 := newBudget(t, rdb, Limits{RPM: 6000}), newBudget(t, rdb, Limits{RPM: 6000})
			f := &fake429{}
			_, err := w1.Wrap(f, Caller{}).Analyze(ctx, llm.Input{Text: "x"})
			if !errors.Is(err, llm.ErrRateLimited) || f.calls != 1 {
				t.Fatalf("Analyze = %v after %d calls", err, f.calls)
			}
			if ttl := rdb.PTTL(ctx, w1.keys(BucketKey("gemini", ""))[1]).Val(); ttl <= 0 {
				t.Fatalf("blocked key ttl = %v", ttl)
			}
			onWait, waiting := waitSignal()
			cctx, cancel := context.WithCancel(ctx)
			errc := make(chan error, 1)
			go func() {
				_, err := w2.Wrap(f, Caller{OnWait: onWait}).Analyze(cctx, llm.Input{Text: "x"})
				errc <- err
			}()
			<-waiting
			cancel()
			if err := <-errc; !errors.Is(err, context.Canceled) || f.calls != 1 {
				t.Fatalf("second worker: %v after %d vendor calls, want no call", err, f.calls)
			}
		})
	}
}

// echoProvider reports a fixed token usage.
type echoProvider struct{ used int }

func (e echoProvider) Name() string { return "openai" }
func (e echoProvider) Analyze(context.Context, llm.Input) (*llm.Result, error) {
	return &llm.Result{Usage: llm.Usage{TotalTokens: e.used}}, nil
}

// A call that used far more tokens than estimated puts the bucket in debt:
// the next call waits even though requests are left.
func TestTokensPerMinuteWithRealUsage(t *testing.T) {
	for name, rdb := range redises(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			b := newBudget(t, rdb, Limits{RPM: 6000, TPM: 600000})
			p := b.Wrap(echoProvider{used: 200000}, Caller{})
			if _, err := p.Analyze(ctx, llm.Input{Text: "short"}); err != nil {
				t.Fatal(err)
			}
			onWait, waiting := waitSignal()
			cctx, cancel := context.WithCancel(ctx)
			defer cancel()
			go func() { _, _ = b.Wrap(echoProvider{}, Caller{OnWait: onWait}).Analyze(cctx, llm.Input{Text: "short"}) }()
			<-waiting
		})
	}
}

// A worker that crashed while waiting loses its place once its lease runs
// out; it does not block the bucket for ever.
func TestCrashedWaiterLosesItsPlace(t *testing.T) {
	for name, rdb := range redises(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			b := newBudget(t, rdb, Limits{RPM: 6000})
			keys := b.keys(BucketKey("openai", ""))
			now := rdb.Time(ctx).Val()
			rdb.ZAdd(ctx, keys[2], redis.Z{Score: 0, Member: "crashed"})
			rdb.ZAdd(ctx, keys[3], redis.Z{Score: float64(now.Add(100 * time.Millisecond).UnixMilli()), Member: "crashed"})
			onWait, waiting := waitSignal()
			if _, err := b.Acquire(ctx, Request{Bucket: BucketKey("openai", ""), OnWait: onWait}); err != nil {
				t.Fatal(err)
			}
			<-waiting // it did queue behind the crashed worker first
		})
	}
}

func TestDisabledOrBuiltinIsNotWrapped(t *testing.T) {
	t.Parallel()
	m := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: m.Addr()})
	defer rdb.Close()
	off, _ := New(rdb, Limits{}, Options{})
	on, _ := New(rdb, Limits{RPM: 10}, Options{Registerer: prometheus.NewRegistry()})
	tests := []struct {
		name    string
		b       *Budget
		p       llm.Provider
		wrapped bool
	}{
		{"disabled", off, echoProvider{}, false},
		{"builtin", on, builtinName{}, false},
		{"vendor", on, echoProvider{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, wrapped := tt.b.Wrap(tt.p, Caller{}).(*provider)
			if wrapped != tt.wrapped {
				t.Fatalf("wrapped = %v, want %v", wrapped, tt.wrapped)
			}
		})
	}
}

type builtinName struct{ echoProvider }

func (builtinName) Name() string { return "builtin" }

// Building the budget twice on one registry (a worker built again in the
// same process) keeps the first collectors.
func TestNewTwiceOnOneRegistry(t *testing.T) {
	t.Parallel()
	m := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: m.Addr()})
	defer rdb.Close()
	reg := prometheus.NewRegistry()
	a, err := New(rdb, Limits{RPM: 10}, Options{Registerer: reg})
	if err != nil {
		t.Fatal(err)
	}
	b, err := New(rdb, Limits{RPM: 10}, Options{Registerer: reg})
	if err != nil {
		t.Fatal(err)
	}
	if a.wait != b.wait || a.delayed != b.delayed || a.vendor != b.vendor {
		t.Fatal("second budget registered new collectors")
	}
}
