package worker

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
)

func TestPermanent(t *testing.T) {
	t.Parallel()
	done, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		err  error
		want bool
	}{
		{"unreadable file", context.Background(), failure.Permanent("The file is empty.", nil), true},
		{"provider refused", context.Background(), fmt.Errorf("analyze: %w", llm.ErrRefused), true},
		{"database down", context.Background(), errors.New("dial tcp: connection refused"), false},
		{"rate limited", context.Background(), llm.ErrRateLimited, false},
		{"shutdown mid-task, even for a permanent error", done, failure.Permanent("The file is empty.", nil), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := permanent(tt.ctx, tt.err); got != tt.want {
				t.Fatalf("permanent = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestBackoff: each delay lies between the floor and the doubling ceiling,
// the delays of tasks that failed together are spread out, and a fixed
// source gives the same delays every run.
func TestBackoff(t *testing.T) {
	t.Parallel()
	b := newBackoff(rand.NewPCG(1, 2))
	for n := 0; n < 40; n++ {
		ceiling := min(retryCap, retryBase*time.Duration(1<<min(n, 20)))
		seen := map[time.Duration]bool{}
		for i := 0; i < 50; i++ {
			d := b.delay(n)
			if d < retryFloor || d > ceiling {
				t.Fatalf("retry %d: delay %s outside [%s, %s]", n, d, retryFloor, ceiling)
			}
			seen[d] = true
		}
		if len(seen) < 40 {
			t.Errorf("retry %d: only %d distinct delays of 50: not jittered", n, len(seen))
		}
	}
	a1, a2 := newBackoff(rand.NewPCG(7, 7)), newBackoff(rand.NewPCG(7, 7))
	for n := 0; n < 10; n++ {
		if x, y := a1.delay(n), a2.delay(n); x != y {
			t.Fatalf("retry %d: same source gave %s and %s", n, x, y)
		}
	}
	if d := b.delay(-1); d < retryFloor || d > retryBase {
		t.Errorf("negative retry count: %s", d)
	}
}
