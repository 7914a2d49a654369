// Package pipeline holds the steps one analysis goes through: which
// provider and key it runs on, text extraction, the analysis with
// validation and repair, rendering, the BPMN diagram and the analysis of
// an uploaded BPMN file. The worker calls each step through a small
// interface; New builds the production steps from the configuration.
package pipeline

import (
	"context"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/resultcache"
)

// Extracted is the text of a document.
type Extracted struct {
	Text     string
	Format   string
	Pages    int
	Speakers []string
}

// Extractor turns an uploaded document into text, within the budgets of
// an account or (demo) of the anonymous demo.
type Extractor interface {
	Extract(ctx context.Context, filename string, data []byte, demo bool) (*Extracted, error)
}

// ImageChecker refuses a picture whose header declares more pixels than
// the budget of an account or (demo) of the anonymous demo, before
// anything decodes it.
type ImageChecker interface {
	CheckImage(data []byte, demo bool) error
}

// ProviderChooser picks the analyzer for an analysis and fills the
// per-call input (the user's own key, model), returning the key source.
type ProviderChooser interface {
	Choose(ctx context.Context, a *analysis.Analysis) (llm.Provider, llm.Input, string, error)
}

// Analyzer runs a provider with validation and at most one corrective
// round trip.
type Analyzer interface {
	Analyze(ctx context.Context, p llm.Provider, in llm.Input) (*llm.Result, error)
}

// Renderer turns a validated model into formatted text and metadata.
type Renderer interface {
	Render(m *process.Model) (formatted string, meta analysis.Metadata)
}

// BPMNBuilder turns a process model into BPMN 2.0 XML with diagram
// interchange.
type BPMNBuilder interface {
	BuildBPMN(ctx context.Context, m *process.Model) ([]byte, error)
}

// BPMNAnalyzer analyzes an uploaded BPMN (or process-model JSON) file.
type BPMNAnalyzer interface {
	AnalyzeBPMN(ctx context.Context, filename string, data []byte, p llm.Provider, in llm.Input) (*analysis.Result, error)
}

// Refunder gives back the daily analyze call charged to an analysis
// (membership.Limiter); giving it back twice gives it back once.
type Refunder interface {
	Refund(ctx context.Context, analysisID string) error
}

// Pipeline holds the steps of an analysis, each behind an interface so
// that metrics, the shared rate budget and tests can wrap one step
// without knowing how the others are built.
type Pipeline struct {
	// Extractor turns an uploaded document into text.
	Extractor Extractor
	// Images checks an uploaded picture's header before any reader
	// decodes it; nil: no check.
	Images ImageChecker
	// Chooser picks the provider and key an analysis runs on.
	Chooser ProviderChooser
	// Retry is how calls to the provider are retried after rate limits and
	// outages (the zero value: llm's defaults).
	Retry llm.RetryPolicy
	// Analyzer runs the provider with validation and repair.
	Analyzer Analyzer
	// Renderer turns a validated model into formatted text and metadata.
	Renderer Renderer
	// Builder draws the BPMN diagram of a model (the graph task).
	Builder BPMNBuilder
	// Cache finds the model of an identical earlier analysis of the same
	// account (same extracted input, provider, model and prompt version), so
	// that it is reused without an LLM call; nil: no cache.
	Cache *resultcache.Store
	// Uncharge gives an analysis's daily analyze call back: a result reused
	// from the cache costs the user nothing. nil: nothing is given back.
	Uncharge Refunder
	// BPMN analyzes an uploaded BPMN (or process-model JSON) file.
	BPMN BPMNAnalyzer

	// closers release what New started (the text extractor).
	closers []func()
}

// Close releases what New started; the pipeline is not used afterwards.
func (p *Pipeline) Close() {
	for _, c := range p.closers {
		c()
	}
}

// ExtractFunc is a function used as an Extractor (wrappers and tests).
type ExtractFunc func(ctx context.Context, filename string, data []byte, demo bool) (*Extracted, error)

// Extract calls f.
func (f ExtractFunc) Extract(ctx context.Context, filename string, data []byte, demo bool) (*Extracted, error) {
	return f(ctx, filename, data, demo)
}

// CheckImageFunc is a function used as an ImageChecker.
type CheckImageFunc func(data []byte, demo bool) error

// CheckImage calls f.
func (f CheckImageFunc) CheckImage(data []byte, demo bool) error { return f(data, demo) }

// ChooseFunc is a function used as a ProviderChooser.
type ChooseFunc func(ctx context.Context, a *analysis.Analysis) (llm.Provider, llm.Input, string, error)

// Choose calls f.
func (f ChooseFunc) Choose(ctx context.Context, a *analysis.Analysis) (llm.Provider, llm.Input, string, error) {
	return f(ctx, a)
}

// AnalyzeFunc is a function used as an Analyzer.
type AnalyzeFunc func(ctx context.Context, p llm.Provider, in llm.Input) (*llm.Result, error)

// Analyze calls f.
func (f AnalyzeFunc) Analyze(ctx context.Context, p llm.Provider, in llm.Input) (*llm.Result, error) {
	return f(ctx, p, in)
}

// RenderFunc is a function used as a Renderer.
type RenderFunc func(m *process.Model) (string, analysis.Metadata)

// Render calls f.
func (f RenderFunc) Render(m *process.Model) (string, analysis.Metadata) { return f(m) }

// BuildFunc is a function used as a BPMNBuilder.
type BuildFunc func(ctx context.Context, m *process.Model) ([]byte, error)

// BuildBPMN calls f.
func (f BuildFunc) BuildBPMN(ctx context.Context, m *process.Model) ([]byte, error) {
	return f(ctx, m)
}

// AnalyzeBPMNFunc is a function used as a BPMNAnalyzer.
type AnalyzeBPMNFunc func(ctx context.Context, filename string, data []byte, p llm.Provider, in llm.Input) (*analysis.Result, error)

// AnalyzeBPMN calls f.
func (f AnalyzeBPMNFunc) AnalyzeBPMN(ctx context.Context, filename string, data []byte, p llm.Provider, in llm.Input) (*analysis.Result, error) {
	return f(ctx, filename, data, p, in)
}
