// Package builtin is the offline, deterministic, rule-based provider. It
// reads sentences, list steps, decisions, parallel work, durations, objects
// and systems out of document text, transcripts by speaker, and images of
// diagrams through OCR. It runs when no API key is configured and makes
// every test reproducible.
package builtin

import (
	"context"
	"log/slog"
	"math"
	"strings"
	"time"

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
	opts Options
	log  *slog.Logger
}

// New returns a builtin provider.
func New(opts Options) *Provider {
	if opts.Tesseract == "" {
		opts.Tesseract = "tesseract"
	}
	if opts.OCRTimeout <= 0 {
		opts.OCRTimeout = 60 * time.Second
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Provider{opts: opts, log: log}
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
		var err error
		if m, read, err = p.readImage(ctx, in.Image, in.Filename); err != nil {
			return nil, err
		}
	} else {
		if strings.TrimSpace(in.Text) == "" {
			return nil, failure.Permanent("The document contains no readable text, so there is no process to analyse. Upload a file with text (for scanned pages, run OCR first).", llm.ErrInvalidRequest)
		}
		m = analyzeText(ctx, in.Text, in.Filename)
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

// APIKeySource is what the builtin provider reports as the key source.
func (p *Provider) APIKeySource() string { return llm.KeyBuiltin }

// EstimateTokens approximates a tokenizer: about 1.3 tokens per word.
func EstimateTokens(s string) int {
	return int(math.Ceil(float64(len(strings.Fields(s))) * 1.3))
}
