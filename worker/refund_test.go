package worker

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"gorm.io/gorm"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/pipeline"
)

func TestNotUsersFault(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"provider unreachable", fmt.Errorf("call: %w", llm.ErrUnavailable), true},
		{"rate limited", fmt.Errorf("call: %w", llm.ErrRateLimited), true},
		{"key rejected", llm.ErrAuth, true},
		{"own key rejected", fmt.Errorf("%w: %w", llm.ErrAuth, llm.ErrUserKey), true},
		{"unreachable, retries given up", failure.Permanent("The AI provider could not be reached.", fmt.Errorf("gave up: %w", llm.ErrUnreachable)), true},
		{"server fault", errors.New("database is locked"), true},
		{"unreadable file", failure.Permanent("This PDF cannot be read.", nil), false},
		{"content refused", llm.ErrRefused, false},
		{"request the provider cannot process", llm.ErrInvalidRequest, false},
	}
	for _, tt := range tests {
		if got := notUsersFault(tt.err); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestOwnKeyFailure: a failure on the user's own key because their
// provider cannot be reached or refuses the key speaks to the user (key
// kept, what to do, no call used) and never names an operator's setting;
// the cause stays for the refund. Other failures and other keys pass as
// they are.
func TestOwnKeyFailure(t *testing.T) {
	t.Parallel()
	gaveUp := func(cause error) error {
		return failure.Permanent("The AI provider could not be reached. If this keeps happening, ask your administrator to check the AI provider settings.", fmt.Errorf("gave up after 2 tries: %w", cause))
	}
	tests := []struct {
		name   string
		source string
		err    error
		want   string // "" : unchanged
	}{
		{"own key, unreachable", llm.KeyUser, gaveUp(llm.ErrUnreachable), ownKeyUnreachable},
		{"own key, unavailable for the whole budget", llm.KeyUser, gaveUp(llm.ErrUnavailable), ownKeyUnreachable},
		{"own key, refused", llm.KeyUser, failure.Permanent("The AI provider rejected the API key.", fmt.Errorf("%w: %w", llm.ErrAuth, llm.ErrUserKey)), ownKeyRefused},
		{"own key, still being retried", llm.KeyUser, fmt.Errorf("call: %w", llm.ErrUnavailable), ""},
		{"own key, content refused", llm.KeyUser, llm.ErrRefused, ""},
		{"system key, unreachable", llm.KeySystem, gaveUp(llm.ErrUnreachable), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ownKeyFailure(tt.source, tt.err)
			d, _ := failure.Detail(got)
			if tt.want == "" {
				if got != tt.err { //nolint:errorlint // identity: the error must come back unchanged, not wrapped
					t.Errorf("changed to %v", got)
				}
				return
			}
			if d != tt.want || !errors.Is(got, tt.err) || !notUsersFault(got) {
				t.Errorf("detail %q (refund %v)", d, notUsersFault(got))
			}
			for _, bad := range []string{"SPADE_", "administrator"} {
				if strings.Contains(d, bad) {
					t.Errorf("detail %q names %q", d, bad)
				}
			}
			for _, want := range []string{"Your AI provider", "key is kept", "try again", "remove the key", "built-in analyzer"} {
				if !strings.Contains(d, want) {
					t.Errorf("detail %q lacks %q", d, want)
				}
			}
		})
	}
}

// seenRefunder records, for each refund, the status the analysis' row has
// in the refund's transaction.
type seenRefunder struct {
	mu   sync.Mutex
	seen []string
}

func (r *seenRefunder) RefundIn(ctx context.Context, tx *gorm.DB, id string) error {
	var status string
	if err := tx.WithContext(ctx).Raw("SELECT status FROM analyses WHERE id = ?", id).Scan(&status).Error; err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seen = append(r.seen, status)
	return nil
}

func (r *seenRefunder) statuses() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.seen...)
}

// TestRefundWithFailure: the daily call of an analysis that failed
// through no fault of the user's is given back in the transaction that
// records its failure (the row says failed there), so that whoever sees
// the failure (the UI reading the usage right after) sees the call given
// back, and exactly once; a failure of the file gives nothing back. A CI
// run under load read the usage between two separate writes (issue 14.4).
func TestRefundWithFailure(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		err     error
		refunds int
	}{
		{"provider rejects the system key", fmt.Errorf("analyze: %w", llm.ErrAuth), 1},
		{"our side fails on every attempt", errors.New("database down"), 1},
		{"the file cannot be read", failure.Permanent("This file cannot be read.", errors.New("broken")), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			pl := &pipeline.Pipeline{
				Extractor: pipeline.ExtractFunc(func(context.Context, string, []byte, bool) (*pipeline.Extracted, error) {
					return nil, tt.err
				}),
			}
			r := &seenRefunder{}
			s := newStack(t, Config{}, pl, r)
			s.add(t, "a1", analysis.TypeDocument, "order.txt", 10)
			if err := s.q.EnqueueProcess(context.Background(), "a1"); err != nil {
				t.Fatal(err)
			}
			s.waitFor(t, "a1", func(a *analysis.Analysis) bool { return a.Status == analysis.StatusFailed })
			seen := r.statuses()
			if len(seen) != tt.refunds {
				t.Fatalf("%d refunds, want %d", len(seen), tt.refunds)
			}
			for _, st := range seen {
				if st != analysis.StatusFailed {
					t.Errorf("refunded in a transaction where the row is %s, want failed", st)
				}
			}
		})
	}
}
