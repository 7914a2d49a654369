package main

import (
	"context"
	"log/slog"

	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/llm/providers"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/resultcache"
)

// newPipeline builds the worker's pipeline (pkg/pipeline) on the App's
// configuration, result cache and daily limits; userKey finds a user's own
// key. Close releases it.
func newPipeline(a *App, userKey func(ctx context.Context, userID string) (string, error)) (*pipeline.Pipeline, error) {
	return pipeline.New(pipeline.Deps{
		Config:  a.Cfg,
		Log:     a.Log,
		UserKey: userKey,
		Cache:   resultcache.New(a.DB.DB),
		// The call was charged to the analysis id; giving it back twice
		// (a cache hit that later fails) gives it back once.
		Uncharge: newLimiter(a),
	})
}

// keyChecker returns the check Settings runs on a user's key before
// storing it: one cheap authenticated call to the provider the key will be
// used with. nil when that provider cannot check keys.
func keyChecker(cfg *config.Config, log *slog.Logger) func(ctx context.Context, key string) error {
	p, err := providers.New(pipeline.UserKeyConfig(cfg, log), nil)
	if err != nil {
		log.Warn("user API keys are stored unchecked", "error", err)
		return nil
	}
	if c, ok := p.(llm.KeyChecker); ok {
		return c.CheckKey
	}
	return nil
}
