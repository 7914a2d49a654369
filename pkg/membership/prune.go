package membership

import (
	"context"
	"fmt"
)

// Prune drops the daily counters and charges of days before day
// (YYYY-MM-DD, as Day formats it): they matter for the day they count and
// a late refund, not for ever.
func (l *Ledger) Prune(ctx context.Context, day string) error {
	for _, table := range []string{"usage_charges", "usage_counts"} {
		if err := l.db.WithContext(ctx).Exec("DELETE FROM "+table+" WHERE day < ?", day).Error; err != nil {
			return fmt.Errorf("prune %s: %w", table, err)
		}
	}
	return nil
}
