package main

import (
	"context"
	"time"

	"github.com/spade-bpmn/spade/api"
	"github.com/spade-bpmn/spade/pkg/membership"
)

// mountDemo adds the anonymous demo's routes and starts the janitor that
// removes what the demo leaves behind.
func mountDemo(a *App, d *api.Deps) {
	demo := &api.DemoAPI{Wait: a.Cfg.DemoWait, Ledger: membership.NewLedger(a.DB.DB)}
	d.Mounts = append(d.Mounts, demo.Mount)
	startJanitor(a, 10*time.Minute)
}

// demoKeep is how long anonymous demo analyses are kept (the GET answers
// 404 after a day anyway).
const demoKeep = 25 * time.Hour

// startJanitor removes expired sessions and day-old demo analyses (rows
// and uploads) every interval until the app closes.
func startJanitor(a *App, every time.Duration) {
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				cleanUp(context.Background(), a, time.Now())
			}
		}
	}()
	a.closer = append(a.closer, func() { close(stop); <-done })
}

// cleanUp is one janitor round.
func cleanUp(ctx context.Context, a *App, now time.Time) (sessions, demos int) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	n, err := a.Auth.DeleteExpiredSessions(ctx)
	if err != nil {
		a.Log.Warn("session clean-up failed", "error", err)
	}
	// Daily counters and charges matter for the day they count (and a
	// late refund); older ones are dropped.
	if err := membership.NewLedger(a.DB.DB).Prune(ctx, membership.Day(now.Add(-3*24*time.Hour))); err != nil {
		a.Log.Warn("usage clean-up failed", "error", err)
	}
	old, err := a.Repo.OldDemos(ctx, api.DemoAccountID, now.Add(-demoKeep), 500)
	if err != nil {
		a.Log.Warn("demo clean-up failed", "error", err)
		return int(n), 0
	}
	for _, o := range old {
		if _, err := a.Repo.Delete(ctx, api.DemoAccountID, o.ID); err != nil {
			continue
		}
		if err := a.Blobs.Delete(ctx, o.BlobKey); err != nil {
			a.Log.Debug("demo blob delete failed", "analysis_id", o.ID, "error", err)
		}
		demos++
	}
	return int(n), demos
}
