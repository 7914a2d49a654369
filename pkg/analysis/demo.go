package analysis

import (
	"context"
	"fmt"
	"time"
)

// OldDemos returns up to limit demo analyses of accountID (the anonymous
// demo account) created before cutoff, with their id and upload key only:
// the janitor deletes them and their uploads.
func (r *Repo) OldDemos(ctx context.Context, accountID string, cutoff time.Time, limit int) ([]Analysis, error) {
	var old []Analysis
	err := r.db.WithContext(ctx).Select("id", "blob_key").
		Where("account_id = ? AND is_demo = ? AND created_at < ?", accountID, true, cutoff.UTC()).
		Limit(limit).Find(&old).Error
	if err != nil {
		return nil, fmt.Errorf("list old demo analyses: %w", err)
	}
	return old, nil
}
