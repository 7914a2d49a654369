package analysis

import (
	"context"
	"fmt"
	"time"
)

// SetWaitText changes only the human text of a running analysis's stage
// (for example while it waits for the AI provider's shared rate budget);
// the stage, progress and stage history stay as they are. A finished
// analysis is left alone.
func (u Run) SetWaitText(ctx context.Context, text string) error {
	res := u.rows(u.r.db.WithContext(ctx)).Where("status = ?", StatusRunning).Updates(map[string]any{"current_stage": text, "updated_at": time.Now().UTC()})
	if res.Error != nil {
		return fmt.Errorf("set stage text of analysis %s: %w", u.id, res.Error)
	}
	if res.RowsAffected > 0 {
		u.r.announce(ctx, u.id)
	}
	return nil
}
