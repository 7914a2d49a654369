package main

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/spade-bpmn/spade/api"
	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/db"
	"github.com/spade-bpmn/spade/pkg/membership"
)

func init() {
	apiExtensions = append(apiExtensions, mountMembership)
	// A worker started on its own has no api to set the lookup; it opens
	// the database itself on first use. serve and api replace this with
	// the App-bound lookup below.
	userKeyLookup = envKeyLookup()
}

// newCipher loads (or creates) the secret key and returns the cipher for
// users' API keys.
func newCipher(cfg *config.Config) (*membership.Cipher, error) {
	key, err := membership.LoadOrCreateSecretKey(cfg.SecretKey, cfg.DataDir)
	if err != nil {
		return nil, fmt.Errorf("secret key: %w", err)
	}
	return membership.NewCipher(key)
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

func envKeyLookup() func(ctx context.Context, userID string) (string, error) {
	var (
		once sync.Once
		fn   func(ctx context.Context, userID string) (string, error)
		err  error
	)
	return func(ctx context.Context, userID string) (string, error) {
		once.Do(func() {
			var cfg *config.Config
			if cfg, err = config.Load("json"); err != nil {
				return
			}
			var c *membership.Cipher
			if c, err = newCipher(cfg); err != nil {
				return
			}
			var d *db.DB
			if d, err = db.Open(cfg.DatabaseURL); err != nil {
				return
			}
			fn = keyLookup(auth.NewStore(d.DB), c)
		})
		if err != nil {
			return "", err
		}
		return fn(ctx, userID)
	}
}

// newLimiter counts analyze calls in the database, the source of truth
// (a flushed Redis must not hand out a second day's worth of calls).
func newLimiter(a *App) *membership.Limiter {
	return membership.NewLimiter(a.DB.DB, membership.Options{DailyLimit: a.Cfg.DailyLimit, TrialDays: a.Cfg.TrialDays})
}

func mountMembership(a *App, d *api.Deps) error {
	c, err := newCipher(a.Cfg)
	if err != nil {
		return err
	}
	m := &api.Membership{Limiter: newLimiter(a), Cipher: c, Store: a.Auth, CheckKey: keyChecker(a.Cfg, a.Log)}
	d.BeforeAnalyze = m.BeforeAnalyze
	d.Mounts = append(d.Mounts, m.Mount)
	userKeyLookup = keyLookup(a.Auth, c)
	return nil
}
