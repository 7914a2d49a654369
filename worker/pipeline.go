package worker

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

// Pipeline holds the steps of an analysis, each behind an interface so that
// the embedded defaults and the production parts plug in the same way.
type Pipeline struct {
	// Extract turns an uploaded document into text.
	Extract func(ctx context.Context, filename string, data []byte) (*Extracted, error)
	// Provider picks the analyzer for an analysis and fills the per-call
	// input (the user's own key, model), returning the key source.
	Provider func(ctx context.Context, a *analysis.Analysis) (llm.Provider, llm.Input, string, error)
	// Retry is how calls to the provider are retried after rate limits and
	// outages (the zero value: llm's defaults).
	Retry llm.RetryPolicy
	// Analyze runs a provider with validation and at most one corrective
	// round trip.
	Analyze func(ctx context.Context, p llm.Provider, in llm.Input) (*llm.Result, error)
	// Render turns a validated model into formatted text and metadata.
	Render func(m *process.Model) (formatted string, meta analysis.Metadata)
	// BuildBPMN turns a process model into BPMN 2.0 XML with diagram
	// interchange.
	BuildBPMN func(ctx context.Context, m *process.Model) ([]byte, error)
	// Cache finds the model of an identical earlier analysis of the same
	// account (same extracted input, provider, model and prompt version), so
	// that it is reused without an LLM call; nil: no cache.
	Cache *resultcache.Store
	// Uncharge gives an analysis's daily analyze call back: a result reused
	// from the cache costs the user nothing. nil: nothing is given back.
	Uncharge func(ctx context.Context, a *analysis.Analysis) error
	// AnalyzeBPMN analyzes an uploaded BPMN (or process-model JSON) file.
	AnalyzeBPMN func(ctx context.Context, filename string, data []byte, p llm.Provider, in llm.Input) (*analysis.Result, error)
}
