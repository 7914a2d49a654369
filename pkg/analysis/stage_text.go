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
	q := u.r.db.WithContext(ctx).Model(&Analysis{}).Where("id = ? AND status = ?", u.id, StatusRunning)
	if u.token != "" {
		q = q.Where("run_token = ?", u.token)
	}
	res := q.Updates(map[string]any{"current_stage": text, "updated_at": time.Now().UTC()})
	if res.Error != nil {
		return fmt.Errorf("set stage text of analysis %s: %w", u.id, res.Error)
	}
	return nil
}
