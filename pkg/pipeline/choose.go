package pipeline

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/llm/providers"
)

// ProviderChoice is the ProviderChooser New builds: it picks the provider
// an analysis runs on. It is built once per worker, before the worker
// starts, and never changes afterwards.
type ProviderChoice struct {
	cfg *config.Config
	// system runs on the system keys; user (nil when it cannot be built)
	// runs on a user's own key, which userKey (nil: no own keys) finds.
	system, user llm.Provider
	userKey      func(ctx context.Context, userID string) (string, error)
}

// Choose returns the provider, its input and the key source for an
// analysis: the user's own key when they have one and the analysis is not
// a demo, else the system provider.
func (c *ProviderChoice) Choose(ctx context.Context, an *analysis.Analysis) (llm.Provider, llm.Input, string, error) {
	in := llm.Input{Model: c.cfg.LLMModel}
	p := c.system
	if c.userKey != nil && an.UserID != "" && c.user != nil && !an.IsDemo {
		key, err := c.userKey(ctx, an.UserID)
		if err != nil {
			return nil, in, "", fmt.Errorf("look up the user's API key: %w", err)
		}
		if key != "" {
			p, in.APIKey = c.user, key
			if c.cfg.LLMProvider != providers.Gemini {
				in.Model = ""
			}
		}
	}
	return p, in, providers.KeySource(p, in), nil
}

// SystemProviderConfig is the configured provider with the system keys:
// the one analyses and refinements use when the user brings no key.
func SystemProviderConfig(cfg *config.Config, log *slog.Logger) providers.Config {
	return providers.Config{
		Provider: cfg.LLMProvider, Model: cfg.LLMModel, BaseURL: cfg.LLMBaseURL,
		GeminiAPIKey: cfg.GeminiAPIKey, OpenAIAPIKey: cfg.OpenAIAPIKey, Timeout: cfg.LLMTimeout, Logger: log,
	}
}

// UserKeyConfig is the provider a user's own key is used with: Gemini (the
// own-key plan), configured as the system provider when that is Gemini too
// (same model and endpoint), else Google's endpoint with its default model.
func UserKeyConfig(cfg *config.Config, log *slog.Logger) providers.Config {
	if cfg.LLMProvider == providers.Gemini {
		return providers.Config{Provider: providers.Gemini, Model: cfg.LLMModel, BaseURL: cfg.LLMBaseURL,
			GeminiAPIKey: cfg.GeminiAPIKey, Timeout: cfg.LLMTimeout, Logger: log}
	}
	return providers.Config{Provider: providers.Gemini, UserKeysOnly: true, Timeout: cfg.LLMTimeout, Logger: log}
}
