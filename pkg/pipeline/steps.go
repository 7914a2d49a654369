package pipeline

import (
	"cmp"
	"context"
	"log/slog"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/extract"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/llm/providers"
	"github.com/spade-bpmn/spade/pkg/process"
)

// extraction is the Extractor on pkg/extract. extract.New only looks for
// pdftotext now (pdfium, the fallback, is compiled on the first PDF that
// needs it and closed when idle); it stays off the start-up path all the
// same, and the first document waits for it.
type extraction struct {
	ex    *extract.Extractor
	err   error
	ready chan struct{}
}

// startExtraction starts building the extractor in the background.
func startExtraction(cacheDir string, log *slog.Logger) *extraction {
	e := &extraction{ready: make(chan struct{})}
	go func() {
		defer close(e.ready)
		e.ex, e.err = extract.New(extract.Options{CacheDir: cacheDir})
		if e.err != nil {
			log.Error("text extraction unavailable", "error", e.err)
		}
	}()
	return e
}

// Extract waits for the extractor, then reads the document's text within
// the default budgets or (demo) the anonymous demo's smaller ones.
func (e *extraction) Extract(ctx context.Context, filename string, data []byte, demo bool) (*Extracted, error) {
	select {
	case <-e.ready:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if e.err != nil {
		return nil, e.err
	}
	lim := extract.Limits{}
	if demo {
		lim = extract.DemoLimits()
	}
	d, err := e.ex.ExtractWithin(ctx, filename, data, lim)
	if err != nil {
		return nil, err
	}
	return &Extracted{Text: d.Text, Format: string(d.Format), Pages: d.Pages, Speakers: d.Speakers}, nil
}

// Close waits for the warm-up, then releases the extractor.
func (e *extraction) Close() {
	<-e.ready
	if e.ex != nil {
		_ = e.ex.Close()
	}
}

// PixelBudget is the ImageChecker on pkg/extract: a picture's header is
// read before any reader decodes it (issue 27, row 5), against the
// default budget or (demo) the anonymous demo's.
type PixelBudget struct{}

// CheckImage refuses data when its header declares more pixels than the
// budget or an impossible size.
func (PixelBudget) CheckImage(data []byte, demo bool) error {
	if demo {
		return extract.CheckImage(data, extract.DemoMaxPixels, true)
	}
	return extract.CheckImage(data, extract.DefaultMaxPixels, false)
}

// LongDocuments is the Analyzer: validation with at most one corrective
// round trip, and documents longer than the model's context window
// analysed in sections merged into one model.
type LongDocuments struct {
	// ContextTokens is the model's context window (SPADE_LLM_CONTEXT_TOKENS).
	ContextTokens int
	// Model is the configured model, used when the input names none.
	Model string
}

// Analyze runs p on in.
func (a LongDocuments) Analyze(ctx context.Context, p llm.Provider, in llm.Input) (*llm.Result, error) {
	if p.Name() == providers.Builtin {
		// The offline analyzer has no context window.
		return llm.AnalyzeValidated(ctx, p, in)
	}
	model := cmp.Or(in.Model, a.Model, providers.DefaultModel(p.Name()))
	return llm.AnalyzeDocument(ctx, p, in, llm.LongOptions{ContextTokens: a.ContextTokens, Model: model})
}

// TextRenderer is the Renderer: the formatted text with its process
// sections and logic warnings (RenderModel), and the model's total work
// and wait times.
type TextRenderer struct{}

// Render renders m.
func (TextRenderer) Render(m *process.Model) (string, analysis.Metadata) {
	work, wait := process.Totals(m)
	text, warnings := RenderModel(m)
	return text, analysis.Metadata{WorkMinutes: work, WaitMinutes: wait, Warnings: warnings}
}
