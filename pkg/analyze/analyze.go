// Package analyze is the offline, deterministic, rule-based provider (the
// "builtin" llm.Provider). It composes the text analyzer (package text:
// sentences, list steps, decisions, parallel work, durations, objects and
// systems out of document text, transcripts by speaker) and the picture
// reader (package diagram: images of diagrams through shape recognition
// and OCR). It runs when no API key is configured and makes every test
// reproducible.
package analyze

import (
	"context"
	"log/slog"
	"math"
	"strings"
	"time"

	"github.com/spade-bpmn/spade/pkg/analyze/diagram"
	"github.com/spade-bpmn/spade/pkg/analyze/text"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
)

// ModelName is reported as the analysis' model.
const ModelName = "spade-builtin-1"

// Options configure the builtin provider.
type Options struct {
	// Logger receives debug output; nil discards it.
	Logger *slog.Logger
	// Tesseract is the OCR binary; default "tesseract" from PATH.
	Tesseract string
	// OCRTimeout bounds one OCR run; default 60 s.
	OCRTimeout time.Duration
}

// Provider is the builtin analyzer. It is safe for concurrent use.
type Provider struct {
	log     *slog.Logger
	diagram *diagram.Reader
}

// New returns a builtin provider.
func New(opts Options) *Provider {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Provider{log: log, diagram: diagram.New(diagram.Options{Logger: opts.Logger, Tesseract: opts.Tesseract, OCRTimeout: opts.OCRTimeout})}
}

// Name implements llm.Provider.
func (p *Provider) Name() string { return "builtin" }

// Analyze implements llm.Provider. Documents are read from in.Text, images
// through OCR. Token usage is estimated (about 1.3 tokens per word) since
// no vendor counts it.
func (p *Provider) Analyze(ctx context.Context, in llm.Input) (*llm.Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, failure.Transient("The analysis was cancelled before it finished.", err)
	}
	var (
		m    process.Model
		read string
	)
	if in.Kind == llm.KindImage {
		r, err := p.diagram.ReadImage(ctx, in.Image, in.Filename, nil, false)
		if err != nil {
			return nil, err
		}
		m, read = r.Model, r.Text
	} else {
		if strings.TrimSpace(in.Text) == "" {
			return nil, failure.Permanent("The document contains no readable text, so there is no process to analyse. Upload a file with text (for scanned pages, run OCR first).", llm.ErrInvalidRequest)
		}
		if lang := text.Language(in.Text); lang != "" && lang != "en" {
			// a model made by English rules from another language would be
			// one lane and no tasks: say so instead
			return nil, failure.Permanent(foreignDetail(text.LanguageName(lang)), llm.ErrInvalidRequest)
		}
		m = text.Analyze(ctx, in.Text, in.Filename)
		if err := ctx.Err(); err != nil {
			return nil, failure.Transient("The analysis was cancelled before it finished.", err)
		}
		read = in.Text
	}
	p.log.Debug("builtin analysis", slog.Int("activities", len(m.Activities)), slog.Int("gateways", len(m.Gateways)))
	inTok := EstimateTokens(read)
	outTok := EstimateTokens(process.FormattedText(&m))
	return &llm.Result{
		Model:     m,
		ModelName: ModelName,
		Usage:     llm.Usage{InputTokens: inTok, OutputTokens: outTok, TotalTokens: inTok + outTok},
	}, nil
}

// foreignDetail tells the user why a description in another language is
// not analysed and what to do instead.
func foreignDetail(language string) string {
	return "This description is in " + language + ", but the built-in analyzer reads English only. " +
		"To analyse it, add your own AI provider API key under Settings (Gemini or an OpenAI-compatible model read " + language + " and other languages), " +
		"or upload an English version of the description."
}

// APIKeySource is what the builtin provider reports as the key source.
func (p *Provider) APIKeySource() string { return llm.KeyBuiltin }

// EstimateTokens approximates a tokenizer: about 1.3 tokens per word.
func EstimateTokens(s string) int {
	return int(math.Ceil(float64(len(strings.Fields(s))) * 1.3))
}
