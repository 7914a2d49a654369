package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spade-bpmn/spade/api"
	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/membership"
)

// loadSecret loads (or creates) the secret key and returns it with the
// cipher for users' API keys.
func loadSecret(cfg *config.Config) ([]byte, *membership.Cipher, error) {
	key, err := membership.LoadOrCreateSecretKey(cfg.SecretKey, cfg.DataDir)
	if err != nil {
		return nil, nil, fmt.Errorf("secret key: %w", err)
	}
	c, err := membership.NewCipher(key)
	if err != nil {
		return nil, nil, fmt.Errorf("secret key: %w", err)
	}
	return key, c, nil
}

// keyLookup returns a user's decrypted own API key ("" when none).
func keyLookup(store *auth.Store, c *membership.Cipher) func(ctx context.Context, userID string) (string, error) {
	return func(ctx context.Context, userID string) (string, error) {
		u, err := store.UserByID(ctx, userID)
		if errors.Is(err, auth.ErrNotFound) {
			return "", nil
		}
		if err != nil || u.APIKeyCiphertext == "" {
			return "", err
		}
		return c.Decrypt(u.APIKeyCiphertext, u.ID)
	}
}

// newLimiter counts analyze calls in the database, the source of truth
// (a flushed Redis must not hand out a second day's worth of calls).
func newLimiter(a *App) *membership.Limiter {
	return membership.NewLimiter(a.DB.DB, membership.Options{DailyLimit: a.Cfg.DailyLimit, TrialDays: a.Cfg.TrialDays})
}

// mountMembership adds the membership routes (usage, own API key) and the
// daily limit checked before every analysis.
func mountMembership(a *App, d *api.Deps) {
	m := &api.Membership{Limiter: newLimiter(a), Cipher: a.Cipher, Store: a.Auth, CheckKey: keyChecker(a.Cfg, a.Log)}
	d.BeforeAnalyze = m.BeforeAnalyze
	d.Mounts = append(d.Mounts, m.Mount)
}
