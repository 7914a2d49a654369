package main

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/extract"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/llm/builtin"
	"github.com/spade-bpmn/spade/pkg/llm/providers"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/resultcache"
	"github.com/spade-bpmn/spade/worker"
)

// newPipeline builds the worker's pipeline: text extraction, the provider
// an analysis runs on (userKey finds a user's own key), the analyzer, the
// BPMN builder and the BPMN file analyzer. The returned func releases the
// extractor.
func newPipeline(a *App, userKey func(ctx context.Context, userID string) (string, error)) (*worker.Pipeline, func(), error) {
	cfg := a.Cfg
	// pdfium takes seconds to compile on a cold start: warm it up in the
	// background so the server listens at once; the first document waits.
	var (
		ex    *extract.Extractor
		exErr error
		ready = make(chan struct{})
	)
	go func() {
		defer close(ready)
		ex, exErr = extract.New(extract.Options{CacheDir: cfg.ExtractCacheDir})
		if exErr != nil {
			a.Log.Error("text extraction unavailable", "error", exErr)
		}
	}()
	bi := builtin.New(builtin.Options{Logger: a.Log, Tesseract: cfg.OCRCommand})
	system, err := providers.New(systemProviderConfig(cfg, a.Log), bi)
	if err != nil {
		return nil, nil, err
	}
	// A user's own key is a Gemini key (the own-key plan); it wins over the
	// system provider, whatever that is.
	choice := providerChoice{cfg: cfg, system: system, userKey: userKey}
	if cfg.LLMProvider == providers.Gemini {
		choice.user = system
	} else if p, err := providers.New(userKeyConfig(cfg, a.Log), bi); err == nil {
		choice.user = p
	}
	pl := &worker.Pipeline{
		Extract: func(ctx context.Context, filename string, data []byte) (*worker.Extracted, error) {
			select {
			case <-ready:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			if exErr != nil {
				return nil, exErr
			}
			d, err := ex.Extract(ctx, filename, data)
			if err != nil {
				return nil, err
			}
			return &worker.Extracted{Text: d.Text, Format: string(d.Format), Pages: d.Pages, Speakers: d.Speakers}, nil
		},
		Provider: choice.choose,
		Retry:    llm.RetryPolicy{Budget: cfg.LLMRetryBudget, CallTimeout: cfg.LLMTimeout},
		// Documents longer than the model's window are analysed in sections.
		Analyze: func(ctx context.Context, p llm.Provider, in llm.Input) (*llm.Result, error) {
			if p.Name() == providers.Builtin {
				// The offline analyzer has no context window.
				return llm.AnalyzeValidated(ctx, p, in)
			}
			model := cmp.Or(in.Model, cfg.LLMModel, providers.DefaultModel(p.Name()))
			return llm.AnalyzeDocument(ctx, p, in, llm.LongOptions{ContextTokens: cfg.LLMContextTokens, Model: model})
		},
		Render: func(m *process.Model) (string, analysis.Metadata) {
			work, wait := process.Totals(m)
			return process.FormattedText(m), analysis.Metadata{WorkMinutes: work, WaitMinutes: wait}
		},
		Cache: resultcache.New(a.DB.DB),
		// The call was charged to the analysis id; giving it back twice
		// (a cache hit that later fails) gives it back once.
		Uncharge: func(ctx context.Context, an *analysis.Analysis) error {
			return newLimiter(a).Refund(ctx, an.ID)
		},
		BuildBPMN:   buildBPMN,
		AnalyzeBPMN: analyzeBPMNUpload,
	}
	return pl, func() {
		<-ready
		if ex != nil {
			_ = ex.Close()
		}
	}, nil
}

// providerChoice picks the provider an analysis runs on. It is built once
// per worker, before the worker starts, and never changes afterwards.
type providerChoice struct {
	cfg *config.Config
	// system runs on the system keys; user (nil when it cannot be built)
	// runs on a user's own key, which userKey (nil: no own keys) finds.
	system, user llm.Provider
	userKey      func(ctx context.Context, userID string) (string, error)
}

// choose returns the provider, its input and the key source for an
// analysis: the user's own key when they have one and the analysis is not
// a demo, else the system provider.
func (c providerChoice) choose(ctx context.Context, an *analysis.Analysis) (llm.Provider, llm.Input, string, error) {
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

// systemProviderConfig is the configured provider with the system keys:
// the one analyses and refinements use when the user brings no key.
func systemProviderConfig(cfg *config.Config, log *slog.Logger) providers.Config {
	return providers.Config{
		Provider: cfg.LLMProvider, Model: cfg.LLMModel, BaseURL: cfg.LLMBaseURL,
		GeminiAPIKey: cfg.GeminiAPIKey, OpenAIAPIKey: cfg.OpenAIAPIKey, Timeout: cfg.LLMTimeout, Logger: log,
	}
}

// userKeyConfig is the provider a user's own key is used with: Gemini (the
// own-key plan), configured as the system provider when that is Gemini too
// (same model and endpoint), else Google's endpoint with its default model.
func userKeyConfig(cfg *config.Config, log *slog.Logger) providers.Config {
	if cfg.LLMProvider == providers.Gemini {
		return providers.Config{Provider: providers.Gemini, Model: cfg.LLMModel, BaseURL: cfg.LLMBaseURL,
			GeminiAPIKey: cfg.GeminiAPIKey, Timeout: cfg.LLMTimeout, Logger: log}
	}
	return providers.Config{Provider: providers.Gemini, UserKeysOnly: true, Timeout: cfg.LLMTimeout, Logger: log}
}

// keyChecker returns the check Settings runs on a user's key before
// storing it: one cheap authenticated call to the provider the key will be
// used with. nil when that provider cannot check keys.
func keyChecker(cfg *config.Config, log *slog.Logger) func(ctx context.Context, key string) error {
	p, err := providers.New(userKeyConfig(cfg, log), nil)
	if err != nil {
		log.Warn("user API keys are stored unchecked", "error", err)
		return nil
	}
	if c, ok := p.(llm.KeyChecker); ok {
		return c.CheckKey
	}
	return nil
}

// buildBPMN draws a model for the graph task with the task's context, so
// that its deadline stops the layout.
func buildBPMN(ctx context.Context, m *process.Model) ([]byte, error) {
	b, err := bpmn.BuildContext(ctx, m)
	if err != nil {
		return nil, err
	}
	return b.XML, nil
}
