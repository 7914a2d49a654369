// Package providers picks the llm.Provider named in the configuration
// (SPADE_LLM_PROVIDER) and builds it, checking at start-up that it has what
// it needs, so that a missing key fails the process, not the first upload.
package providers

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/llm/gemini"
	"github.com/spade-bpmn/spade/pkg/llm/openai"
)

// Provider names.
const (
	Builtin = "builtin"
	Gemini  = "gemini"
	OpenAI  = "openai"
)

// Config selects and configures the provider; the fields mirror the
// SPADE_LLM_* and *_API_KEY environment variables.
type Config struct {
	// Provider is builtin (default), gemini or openai.
	Provider string
	// Model overrides the provider's default model.
	Model string
	// BaseURL is the OpenAI-compatible endpoint (SPADE_LLM_BASE_URL), or an
	// override of Google's endpoint for gemini.
	BaseURL      string
	GeminiAPIKey string
	OpenAIAPIKey string
	// Timeout bounds one LLM call; 0 uses the vendor package's default.
	Timeout time.Duration
	// OpenAIJSONMode is auto (default), schema or object; see openai.Config.
	OpenAIJSONMode string
	// UserKeysOnly allows a vendor provider without a system key when every
	// analysis brings the user's own key; calls without one then fail with
	// a detail asking for a key.
	UserKeysOnly bool
	// HTTPClient is used for vendor requests; nil means a plain client.
	HTTPClient *http.Client
	Logger     *slog.Logger
}

// New returns the configured provider. builtin is the offline provider,
// passed in so that this package does not depend on how it is built; it is
// returned as is when cfg.Provider is builtin or empty.
func New(cfg Config, builtin llm.Provider) (llm.Provider, error) {
	switch strings.ToLower(strings.TrimSpace(cfg.Provider)) {
	case "", Builtin:
		if builtin == nil {
			return nil, errors.New("llm provider builtin selected but not available")
		}
		return builtin, nil
	case Gemini:
		if cfg.GeminiAPIKey == "" && !cfg.UserKeysOnly {
			return nil, errors.New("SPADE_LLM_PROVIDER=gemini needs a Gemini API key: set GEMINI_API_KEY (get one at https://aistudio.google.com/apikey)")
		}
		return gemini.New(gemini.Config{
			APIKey: cfg.GeminiAPIKey, Model: cfg.Model, BaseURL: cfg.BaseURL,
			Timeout: cfg.Timeout, HTTPClient: cfg.HTTPClient,
		})
	case OpenAI:
		if cfg.OpenAIAPIKey == "" && cfg.BaseURL == "" && !cfg.UserKeysOnly {
			return nil, errors.New("SPADE_LLM_PROVIDER=openai needs OPENAI_API_KEY, or SPADE_LLM_BASE_URL pointing at a local server (Ollama, vLLM, LM Studio)")
		}
		return openai.New(openai.Config{
			APIKey: cfg.OpenAIAPIKey, Model: cfg.Model, BaseURL: cfg.BaseURL,
			Timeout: cfg.Timeout, HTTPClient: cfg.HTTPClient,
			JSONMode: cfg.OpenAIJSONMode, Logger: cfg.Logger,
		})
	default:
		return nil, fmt.Errorf("SPADE_LLM_PROVIDER=%q is not one of builtin, gemini, openai", cfg.Provider)
	}
}

// KeySource says which key an analysis by p with in uses, for the
// analysis's api_key_source: builtin for the offline provider, user when
// the user's own key is passed, system otherwise.
func KeySource(p llm.Provider, in llm.Input) string {
	switch {
	case p.Name() == Builtin:
		return llm.KeyBuiltin
	case in.APIKey != "":
		return llm.KeyUser
	default:
		return llm.KeySystem
	}
}

// DefaultModel returns the model a provider uses when none is configured,
// for display (the provider reports the exact version it ran per analysis).
func DefaultModel(provider string) string {
	switch provider {
	case Gemini:
		return gemini.DefaultModel
	case OpenAI:
		return openai.DefaultModel
	}
	return Builtin
}
