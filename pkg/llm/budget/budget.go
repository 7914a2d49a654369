// Package budget keeps one LLM rate budget for the whole fleet: a token
// bucket per provider and API key (the system key, and each user's own key
// separately) in Redis, drawn by every worker before it calls the vendor.
// Requests per minute and tokens per minute are limited together; a vendor
// 429 with Retry-After closes the budget for that long for every worker.
//
// Waiting callers form one queue per bucket, in Redis too: signed-in users'
// calls (High) go before demo and reprocess calls (Low), and within a
// priority the first to ask is the first served, so an analysis that waits
// keeps its place instead of going back to the end of the task queue.
package budget

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
)

// Priority orders waiting callers of one bucket.
type Priority int

// Priorities: live traffic of signed-in users first, then demo and batch
// reprocessing, which only get what live traffic leaves.
const (
	High Priority = 0
	Low  Priority = 1
)

// WaitingText is the stage text an analysis shows while it waits for budget.
const WaitingText = "Waiting for the AI provider (rate limit shared by all users)"

// Limits is the budget of one bucket; zero means no limit of that kind.
type Limits struct {
	RPM int // requests per minute
	TPM int // tokens per minute
}

// Enabled reports whether any limit is set.
func (l Limits) Enabled() bool { return l.RPM > 0 || l.TPM > 0 }

// Options configure a Budget.
type Options struct {
	// Prefix namespaces the Redis keys (default "spade:llmbudget").
	Prefix string
	// Registerer receives the budget's metrics; nil registers none.
	Registerer prometheus.Registerer
	// DefaultBlock is how long a vendor 429 without Retry-After closes the
	// budget (default 5s).
	DefaultBlock time.Duration
	// Lease is how long a waiting caller keeps its place without polling
	// (a crashed worker's place is freed after it; default 15s).
	Lease time.Duration
	// Poll bounds how long a waiting caller sleeps between checks
	// (default 250ms).
	Poll time.Duration
}

// Budget draws on buckets kept in Redis.
type Budget struct {
	rdb    redis.UniversalClient
	limits Limits
	opt    Options

	acquire *redis.Script
	settle  *redis.Script

	wait    *prometheus.HistogramVec
	delayed *prometheus.CounterVec
	vendor  *prometheus.CounterVec
}

// New returns a budget on rdb with the same limits for every bucket.
func New(rdb redis.UniversalClient, limits Limits, opt Options) (*Budget, error) {
	if limits.RPM < 0 || limits.TPM < 0 {
		return nil, fmt.Errorf("llm budget: negative limits %+v", limits)
	}
	if opt.Prefix == "" {
		opt.Prefix = "spade:llmbudget"
	}
	if opt.DefaultBlock <= 0 {
		opt.DefaultBlock = 5 * time.Second
	}
	if opt.Lease <= 0 {
		opt.Lease = 15 * time.Second
	}
	if opt.Poll <= 0 {
		opt.Poll = 250 * time.Millisecond
	}
	b := &Budget{rdb: rdb, limits: limits, opt: opt,
		acquire: redis.NewScript(acquireLua), settle: redis.NewScript(settleLua),
		wait: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "spade", Name: "llm_budget_wait_seconds",
			Help:    "Time an LLM call waited for the shared rate budget, by provider.",
			Buckets: []float64{0, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600},
		}, []string{"provider"}),
		delayed: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "spade", Name: "llm_budget_429_avoided_total",
			Help: "LLM calls held back because the shared budget was spent (each one a vendor 429 avoided), by provider.",
		}, []string{"provider"}),
		vendor: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "spade", Name: "llm_budget_vendor_429_total",
			Help: "Vendor 429 answers that closed the shared budget, by provider.",
		}, []string{"provider"}),
	}
	if opt.Registerer != nil {
		var err error
		// A process that builds its worker again (tests, a restart in
		// place) keeps counting on the collectors it registered first.
		if b.wait, err = register(opt.Registerer, b.wait); err != nil {
			return nil, err
		}
		if b.delayed, err = register(opt.Registerer, b.delayed); err != nil {
			return nil, err
		}
		if b.vendor, err = register(opt.Registerer, b.vendor); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// register registers c, or returns the collector already registered
// under the same name.
func register[C prometheus.Collector](r prometheus.Registerer, c C) (C, error) {
	if err := r.Register(c); err != nil {
		var are prometheus.AlreadyRegisteredError
		if errors.As(err, &are) {
			if existing, ok := are.ExistingCollector.(C); ok {
				return existing, nil
			}
		}
		return c, fmt.Errorf("llm budget metrics: %w", err)
	}
	return c, nil
}

// Limits returns the configured limits.
func (b *Budget) Limits() Limits { return b.limits }

// BucketKey names the bucket of a provider and key: the system key, or a
// hash of the user's own key (the key itself never reaches Redis).
func BucketKey(provider, apiKey string) string {
	if apiKey == "" {
		return provider + ":system"
	}
	h := sha256.Sum256([]byte(apiKey))
	return provider + ":user:" + hex.EncodeToString(h[:8])
}

// Request is one draw on the budget.
type Request struct {
	// Bucket is the BucketKey of the provider and key called.
	Bucket string
	// Tokens is the estimate of the call's tokens (EstimateTokens).
	Tokens int
	// Priority places the caller among those waiting.
	Priority Priority
	// OnWait is called with true when the caller starts waiting and with
	// false when it got its budget (or gave up); nil is fine.
	OnWait func(waiting bool)
}

func (b *Budget) keys(bucket string) []string {
	// One hash tag per bucket keeps the keys of a bucket together should
	// Redis ever be a cluster.
	p := b.opt.Prefix + ":{" + bucket + "}:"
	return []string{p + "bucket", p + "blocked", p + "queue", p + "lease", p + "seq"}
}

// The scripts run in Redis so that refill, check and take are one atomic
// step for every worker.
var (
	//go:embed acquire.lua
	acquireLua string
	//go:embed settle.lua
	settleLua string
)

// Acquire waits until the bucket has one request and r.Tokens tokens for
// the caller, then takes them. It returns how long it waited.
func (b *Budget) Acquire(ctx context.Context, r Request) (time.Duration, error) {
	if !b.limits.Enabled() {
		return 0, nil
	}
	start := time.Now()
	provider := providerOf(r.Bucket)
	keys := b.keys(r.Bucket)
	member := uuid.NewString()
	waiting := false
	defer func() {
		if waiting && r.OnWait != nil {
			r.OnWait(false)
		}
	}()
	for {
		res, err := b.acquire.Run(ctx, b.rdb, keys,
			b.limits.RPM, b.limits.TPM, r.Tokens, member, int(r.Priority), b.opt.Lease.Milliseconds()).Int64Slice()
		if err != nil {
			b.leave(keys, member)
			return time.Since(start), fmt.Errorf("llm budget %s: %w", r.Bucket, err)
		}
		if res[0] == 1 {
			d := time.Since(start)
			b.wait.WithLabelValues(provider).Observe(d.Seconds())
			return d, nil
		}
		if !waiting {
			waiting = true
			b.delayed.WithLabelValues(provider).Inc()
			if r.OnWait != nil {
				r.OnWait(true)
			}
		}
		sleep := time.Duration(res[1]) * time.Millisecond
		if sleep > b.opt.Poll || sleep <= 0 {
			// Not first in line (or a long wait): check again soon, with
			// jitter so that waiters do not poll in lock-step.
			sleep = b.opt.Poll/2 + rand.N(b.opt.Poll/2+1)
		}
		t := time.NewTimer(sleep)
		select {
		case <-ctx.Done():
			t.Stop()
			b.leave(keys, member)
			return time.Since(start), ctx.Err()
		case <-t.C:
		}
	}
}

// leave gives up a place in the queue.
func (b *Budget) leave(keys []string, member string) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	b.rdb.ZRem(ctx, keys[2], member)
	b.rdb.ZRem(ctx, keys[3], member)
}

// Settle corrects the token count once the vendor reported the real usage:
// used-estimated more tokens are taken (or given back when negative).
func (b *Budget) Settle(ctx context.Context, bucket string, estimated, used int) error {
	if b.limits.TPM <= 0 || used == estimated {
		return nil
	}
	if err := b.settle.Run(ctx, b.rdb, b.keys(bucket)[:1], b.limits.RPM, b.limits.TPM, used-estimated).Err(); err != nil && !errors.Is(err, redis.Nil) {
		return fmt.Errorf("llm budget settle %s: %w", bucket, err)
	}
	return nil
}

// Block closes the bucket for d (a vendor 429's Retry-After), for every
// worker; a longer block already in place stays.
func (b *Budget) Block(ctx context.Context, bucket string, d time.Duration) error {
	if d <= 0 {
		d = b.opt.DefaultBlock
	}
	b.vendor.WithLabelValues(providerOf(bucket)).Inc()
	key := b.keys(bucket)[1]
	// Redis's clock, not this machine's: every worker compares the
	// deadline with the same clock in the acquire script.
	now, err := b.rdb.Time(ctx).Result()
	if err != nil {
		return fmt.Errorf("llm budget block %s: %w", bucket, err)
	}
	until := now.Add(d).UnixMilli()
	cur, err := b.rdb.Get(ctx, key).Int64()
	if err == nil && cur >= until {
		return nil
	}
	if err := b.rdb.Set(ctx, key, until, d).Err(); err != nil {
		return fmt.Errorf("llm budget block %s: %w", bucket, err)
	}
	return nil
}

func providerOf(bucket string) string {
	for i := 0; i < len(bucket); i++ {
		if bucket[i] == ':' {
			return bucket[:i]
		}
	}
	return bucket
}
