package budget

import (
	"context"
	"errors"
	"fmt"

	"github.com/spade-bpmn/spade/pkg/llm"
)

// EstimateTokens guesses the tokens of a call before it is made (about four
// characters per token, images at the vendors' flat rate, plus the prompt
// and the answer); Settle corrects the bucket with the real count after.
func EstimateTokens(in llm.Input) int {
	n := len(in.Text)/4 + 1500
	if len(in.Image) > 0 {
		n += 1300
	}
	for _, p := range in.Problems {
		n += len(p) / 4
	}
	return n
}

// Caller says who is calling: priority and what to show while waiting.
type Caller struct {
	Priority Priority
	// OnWait is told when the call starts and stops waiting for budget
	// (the worker shows WaitingText on the analysis meanwhile).
	OnWait func(waiting bool)
}

// Wrap returns p drawing on the budget for every call. A disabled budget
// or the offline builtin provider (no vendor behind it) is returned as is.
func (b *Budget) Wrap(p llm.Provider, c Caller) llm.Provider {
	if b == nil || p == nil || !b.limits.Enabled() || p.Name() == "builtin" {
		return p
	}
	return &provider{inner: p, b: b, c: c}
}

type provider struct {
	inner llm.Provider
	b     *Budget
	c     Caller
}

func (p *provider) Name() string { return p.inner.Name() }

func (p *provider) Analyze(ctx context.Context, in llm.Input) (*llm.Result, error) {
	bucket := BucketKey(p.inner.Name(), in.APIKey)
	est := EstimateTokens(in)
	if _, err := p.b.Acquire(ctx, Request{Bucket: bucket, Tokens: est, Priority: p.c.Priority, OnWait: p.c.OnWait}); err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		// Redis is transport: when it is down the worker retries later.
		return nil, fmt.Errorf("%w: %v", llm.ErrUnavailable, err)
	}
	res, err := p.inner.Analyze(ctx, in)
	if err != nil {
		if errors.Is(err, llm.ErrRateLimited) {
			// The vendor packages attach the 429's Retry-After
			// (llm.WithRetryAfter); without one the default block applies.
			d, _ := llm.RetryAfter(err)
			_ = p.b.Block(context.WithoutCancel(ctx), bucket, d)
		}
		return nil, err
	}
	_ = p.b.Settle(context.WithoutCancel(ctx), bucket, est, res.Usage.TotalTokens)
	return res, nil
}
