package main

import (
	"context"
	"time"

	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/db"
	"github.com/spade-bpmn/spade/pkg/queue"
)

// cmdHealthcheck exits non-zero when the database or Redis is unreachable:
// the container health check of worker processes, which serve no HTTP.
func cmdHealthcheck(ctx context.Context, _ []string) error {
	cfg, err := config.Load("text")
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	d, err := db.Open(cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Ping(ctx); err != nil {
		return err
	}
	if cfg.RedisURL == "" {
		return nil
	}
	q, err := queue.Open(cfg.RedisURL)
	if err != nil {
		return err
	}
	defer q.Close()
	return q.Ping(ctx)
}
