// Package llm defines the Provider interface that turns extracted content
// into a process model, and the errors every vendor package maps to.
package llm

import (
	"context"
	"errors"

	"github.com/spade-bpmn/spade/pkg/process"
)

// Errors every provider maps its vendor's failures to. The worker retries
// ErrRateLimited and ErrUnavailable with back-off and fails the others at once.
var (
	ErrRateLimited    = errors.New("llm: rate limited")
	ErrUnavailable    = errors.New("llm: provider unavailable")
	ErrInvalidRequest = errors.New("llm: invalid request")
	ErrRefused        = errors.New("llm: request refused")
	ErrAuth           = errors.New("llm: authentication failed")
)

// API key sources reported on each analysis.
const (
	KeySystem  = "system"
	KeyUser    = "user"
	KeyBuiltin = "builtin"
)

// Input is what the pipeline hands a provider.
type Input struct {
	// Kind is "document" or "image".
	Kind     string
	Filename string
	// Text is the extracted text of a document.
	Text string
	// Image and MIMEType are set for images.
	Image    []byte
	MIMEType string
	// APIKey overrides the provider's system key (the user's own key).
	APIKey string
	// Model overrides the configured model name.
	Model string
	// Problems are validation problems found in the model a previous
	// attempt returned; when set, the provider asks for a corrected model
	// (the one corrective round trip of the pipeline).
	Problems []string
	// Section says which part of a longer document Text is ("part 2 of 5,
	// \"Assessment\""); empty for a whole document.
	Section string
	// Compact asks for a shorter answer (no source sentences, short SIPOC
	// lists), after an answer was cut off at the model's output limit.
	Compact bool
}

// Usage is token usage as the vendor reports it (estimated for builtin).
type Usage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
	TotalTokens  int `json:"total_tokens"`
}

// Result is a provider's answer.
type Result struct {
	Model     process.Model
	ModelName string
	Usage     Usage
}

// Provider turns content into a process model.
type Provider interface {
	// Name is the provider's registry name: builtin, gemini, openai.
	Name() string
	Analyze(ctx context.Context, in Input) (*Result, error)
}

// KeyChecker is a provider that can check an API key cheaply (no tokens)
// before Settings stores it. A rejected key is an error wrapping ErrAuth
// whose failure detail names the provider and its reason; other errors
// mean the check could not be made.
type KeyChecker interface {
	CheckKey(ctx context.Context, key string) error
}
