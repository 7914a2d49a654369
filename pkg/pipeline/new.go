package pipeline

import (
	"context"
	"log/slog"

	"github.com/spade-bpmn/spade/pkg/analyze"
	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/llm/providers"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/resultcache"
)

// Deps are what New builds the production pipeline from.
type Deps struct {
	Config *config.Config
	Log    *slog.Logger
	// UserKey finds a user's own API key ("" when they have none); nil:
	// no own keys, every analysis runs on the system provider.
	UserKey func(ctx context.Context, userID string) (string, error)
	// Cache is the result cache (nil: none).
	Cache *resultcache.Store
	// Uncharge gives back the daily call of a result reused from the
	// cache (nil: nothing is given back).
	Uncharge Refunder
}

// New builds the worker's pipeline: text extraction, the picture check,
// the provider an analysis runs on, the analyzer, the renderer with the
// logic warnings, the BPMN builder and the BPMN file analyzer. Close
// releases the extractor.
func New(d Deps) (*Pipeline, error) {
	cfg := d.Config
	bi := analyze.New(analyze.Options{Logger: d.Log, Tesseract: cfg.OCRCommand})
	system, err := providers.New(SystemProviderConfig(cfg, d.Log), bi)
	if err != nil {
		return nil, err
	}
	// A user's own key is a Gemini key (the own-key plan); it wins over the
	// system provider, whatever that is.
	choice := &ProviderChoice{cfg: cfg, system: system, userKey: d.UserKey}
	if cfg.LLMProvider == providers.Gemini {
		choice.user = system
	} else if p, err := providers.New(UserKeyConfig(cfg, d.Log), bi); err == nil {
		choice.user = p
	}
	// Started last: a configuration refused above leaves nothing running.
	ex := startExtraction(cfg.ExtractCacheDir, d.Log)
	pl := &Pipeline{
		Extractor: ex,
		Images:    PixelBudget{},
		Chooser:   choice,
		Retry:     llm.RetryPolicy{Budget: cfg.LLMRetryBudget, CallTimeout: cfg.LLMTimeout},
		Analyzer:  LongDocuments{ContextTokens: cfg.LLMContextTokens, Model: cfg.LLMModel},
		Renderer:  TextRenderer{},
		Builder:   BuildFunc(buildBPMN),
		Cache:     d.Cache,
		Uncharge:  d.Uncharge,
		BPMN:      BPMNFile{},
		closers:   []func(){ex.Close},
	}
	return pl, nil
}

// buildBPMN draws a model for the graph task with the task's context, so
// that its deadline stops the layout (a graph over the layout's work budget
// is drawn with the simple layout).
func buildBPMN(ctx context.Context, m *process.Model) ([]byte, error) {
	b, err := bpmn.BuildContext(ctx, m)
	if err != nil {
		return nil, err
	}
	return b.XML, nil
}
