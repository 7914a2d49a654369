package membership

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// TestTakeChargesOnce: a charge is counted once however often and however
// concurrently it is taken, a charge taken before is no error at the
// limit, a new one is, and without a limit every new charge counts (on
// PostgreSQL Take is one statement, on SQLite a transaction).
func TestTakeChargesOnce(t *testing.T) {
	const day = "2026-11-29"
	tests := []struct {
		name     string
		limit    int
		takes    []string // charge ids, taken concurrently within a round
		rounds   int
		wantUsed int
	}{
		{"same charge at once", 5, repeat("a", 20), 1, 1},
		{"same charge again later", 5, []string{"a"}, 3, 1},
		{"without a limit", 0, []string{"a", "b", "c", "a"}, 2, 3},
		{"at the limit: old charge fine, new refused", 2, []string{"a", "b"}, 1, 2},
	}
	for name, url := range testenv.Databases(t) {
		l := NewLedger(openDB(t, url).DB)
		for i, tt := range tests {
			subject := fmt.Sprintf("user:%d", i) // one database for all cases
			t.Run(name+"/"+tt.name, func(t *testing.T) {
				ctx := context.Background()
				for range tt.rounds {
					var wg sync.WaitGroup
					for _, id := range tt.takes {
						wg.Add(1)
						go func() {
							defer wg.Done()
							if err := l.Take(ctx, subject, day, tt.limit, id); err != nil {
								t.Errorf("take %s: %v", id, err)
							}
						}()
					}
					wg.Wait()
				}
				if tt.limit > 0 && tt.wantUsed == tt.limit {
					for _, id := range tt.takes {
						if err := l.Take(ctx, subject, day, tt.limit, id); err != nil {
							t.Errorf("charged %s again at the limit: %v", id, err)
						}
					}
					if err := l.Take(ctx, subject, day, tt.limit, "new"); !errors.Is(err, ErrLimitReached) {
						t.Errorf("new charge at the limit: %v, want the limit", err)
					}
				}
				used, err := l.Used(ctx, subject, day)
				if err != nil || used != tt.wantUsed {
					t.Fatalf("used %d (%v), want %d", used, err, tt.wantUsed)
				}
				if n, err := l.Refund(ctx, tt.takes[0]); err != nil || n != 1 {
					t.Fatalf("refund %s gave %d (%v), want 1", tt.takes[0], n, err)
				}
			})
		}
	}
}

func repeat(id string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = id
	}
	return out
}
