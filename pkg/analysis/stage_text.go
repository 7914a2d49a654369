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
func (r *Repo) SetWaitText(ctx context.Context, id, text string) error {
	res := r.db.WithContext(ctx).Model(&Analysis{}).
		Where("id = ? AND status = ?", id, StatusRunning).
		Updates(map[string]any{"current_stage": text, "updated_at": time.Now().UTC()})
	if res.Error != nil {
		return fmt.Errorf("set stage text of analysis %s: %w", id, res.Error)
	}
	return nil
}
