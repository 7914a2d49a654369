// Package openai is the llm.Provider for OpenAI and every server that speaks
// its chat completions API (Ollama, vLLM, LM Studio, ...), selected by base
// URL so that a company can keep documents on its own machines.
//
// It asks for JSON-schema structured output (strict) and, for servers that
// reject that, falls back to plain JSON mode with the schema in the prompt.
package openai

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
)

// Defaults.
const (
	DefaultModel   = "gpt-4o-mini"
	DefaultBaseURL = "https://api.openai.com/v1"
	DefaultTimeout = 3 * time.Minute
)

// JSON modes.
const (
	// JSONAuto tries strict JSON-schema output and falls back to JSON mode
	// once a server says it does not support it.
	JSONAuto = "auto"
	// JSONSchema always sends response_format json_schema (strict).
	JSONSchema = "schema"
	// JSONObject always sends response_format json_object, with the schema
	// written into the system message.
	JSONObject = "object"
)

// Config configures the provider.
type Config struct {
	// APIKey is the system key; Input.APIKey overrides it per call. Local
	// servers such as Ollama accept an empty key.
	APIKey string
	// Model is the model name; default DefaultModel.
	Model string
	// BaseURL is the API root including the version, e.g.
	// "http://localhost:11434/v1". A URL without a path gets "/v1" added,
	// because that is where every OpenAI-compatible server mounts the API.
	BaseURL string
	// Timeout bounds one call; default DefaultTimeout.
	Timeout time.Duration
	// HTTPClient is used for all requests; default a plain client.
	HTTPClient *http.Client
	// JSONMode is JSONAuto (default), JSONSchema or JSONObject.
	JSONMode string
	// Logger receives the fallback notice; default slog.Default().
	Logger *slog.Logger
}

// Provider implements llm.Provider for OpenAI-compatible servers.
type Provider struct {
	cfg Config
}

// objectOnly remembers base URLs that rejected json_schema, process-wide,
// so that every analysis after the first skips the failing request.
var objectOnly sync.Map // base URL → struct{}

// New returns a provider for cfg.
func New(cfg Config) (*Provider, error) {
	if cfg.Model == "" {
		cfg.Model = DefaultModel
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	// The SDK's errors carry no headers: catch Retry-After on the way in.
	cfg.HTTPClient = llm.WithRetryAfterClient(cfg.HTTPClient)
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	switch cfg.JSONMode {
	case "":
		cfg.JSONMode = JSONAuto
	case JSONAuto, JSONSchema, JSONObject:
	default:
		return nil, fmt.Errorf("openai: JSON mode %q is not one of auto, schema, object", cfg.JSONMode)
	}
	base, err := normaliseBaseURL(cfg.BaseURL)
	if err != nil {
		return nil, err
	}
	cfg.BaseURL = base
	return &Provider{cfg: cfg}, nil
}

func normaliseBaseURL(raw string) (string, error) {
	if raw == "" {
		return DefaultBaseURL, nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("openai: base URL %q is not an http(s) URL such as http://localhost:11434/v1", raw)
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = "/v1"
	}
	return strings.TrimRight(u.String(), "/"), nil
}

// Name implements llm.Provider.
func (p *Provider) Name() string { return "openai" }

// BaseURL returns the API root the provider talks to.
func (p *Provider) BaseURL() string { return p.cfg.BaseURL }

// Analyze implements llm.Provider.
func (p *Provider) Analyze(ctx context.Context, in llm.Input) (*llm.Result, error) {
	key := p.cfg.APIKey
	if in.APIKey != "" {
		key = in.APIKey
	}
	model := p.cfg.Model
	if in.Model != "" {
		model = in.Model
	}
	cc := goopenai.DefaultConfig(key)
	cc.BaseURL = p.cfg.BaseURL
	cc.HTTPClient = p.cfg.HTTPClient
	client := goopenai.NewClientWithConfig(cc)

	user, err := userMessage(in)
	if err != nil {
		return nil, err
	}

	mode := p.cfg.JSONMode
	if mode == JSONAuto {
		mode = JSONSchema
		if _, ok := objectOnly.Load(p.cfg.BaseURL); ok {
			mode = JSONObject
		}
	}
	ctx, retryAfter := llm.CaptureRetryAfter(ctx)
	resp, err := p.call(ctx, client, request(model, mode, user))
	if err != nil && p.cfg.JSONMode == JSONAuto && mode == JSONSchema && schemaUnsupported(err) {
		p.cfg.Logger.Info("llm server rejected json_schema output, using json_object mode",
			slog.String("base_url", p.cfg.BaseURL), slog.String("model", model), slog.Any("error", err))
		objectOnly.Store(p.cfg.BaseURL, struct{}{})
		resp, err = p.call(ctx, client, request(model, JSONObject, user))
	}
	if err != nil {
		return nil, llm.WithRetryAfter(mapError(ctx, err, in.APIKey != "", in.Kind == llm.KindImage, model), retryAfter.Get())
	}
	return parse(resp, model)
}

// CheckKey asks the server whether key works by listing its models (GET
// /v1/models: free, no tokens). Settings calls it before saving a key; a
// rejected key is a failure wrapping llm.ErrAuth whose detail quotes the
// server ("The AI provider rejected this key: Incorrect API key provided").
func (p *Provider) CheckKey(ctx context.Context, key string) error {
	key = strings.TrimSpace(key)
	if key == "" {
		return failure.Permanent("Please enter an API key.", fmt.Errorf("%w: empty key", llm.ErrAuth))
	}
	cc := goopenai.DefaultConfig(key)
	cc.BaseURL = p.cfg.BaseURL
	cc.HTTPClient = p.cfg.HTTPClient
	callCtx, cancel := context.WithTimeout(ctx, min(p.cfg.Timeout, 30*time.Second))
	defer cancel()
	if _, err := goopenai.NewClientWithConfig(cc).ListModels(callCtx); err != nil {
		mapped := mapError(ctx, err, true, false, p.cfg.Model)
		if errors.Is(mapped, llm.ErrAuth) {
			_, msg := statusAndMessage(err)
			if i := strings.Index(msg, ". "); i > 0 {
				msg = msg[:i]
			}
			return failure.Permanent("The AI provider rejected this key: "+clip(msg), mapped)
		}
		return mapped
	}
	return nil
}

func (p *Provider) call(ctx context.Context, c *goopenai.Client, req goopenai.ChatCompletionRequest) (goopenai.ChatCompletionResponse, error) {
	ctx, cancel := context.WithTimeout(ctx, p.cfg.Timeout)
	defer cancel()
	return c.CreateChatCompletion(ctx, req)
}

func userMessage(in llm.Input) (goopenai.ChatCompletionMessage, error) {
	msg := goopenai.ChatCompletionMessage{Role: goopenai.ChatMessageRoleUser}
	if in.Kind != llm.KindImage {
		msg.Content = llm.UserPrompt(in)
		return msg, nil
	}
	mime, err := imageMIME(in.MIMEType)
	if err != nil {
		return msg, err
	}
	if len(in.Image) == 0 {
		return msg, failure.Permanent("The image is empty.", fmt.Errorf("%w: empty image", llm.ErrInvalidRequest))
	}
	msg.MultiContent = []goopenai.ChatMessagePart{
		{Type: goopenai.ChatMessagePartTypeText, Text: llm.UserPrompt(in)},
		{Type: goopenai.ChatMessagePartTypeImageURL, ImageURL: &goopenai.ChatMessageImageURL{
			URL:    "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(in.Image),
			Detail: goopenai.ImageURLDetailHigh, // diagram labels are small text
		}},
	}
	return msg, nil
}

// imageMIME normalises the image type. OpenAI documents PNG, JPEG, WEBP and
// GIF; HEIC/HEIF are passed through for servers whose models read them, and
// a server that cannot gets a clear invalid-request error back.
func imageMIME(m string) (string, error) {
	m = strings.ToLower(strings.TrimSpace(m))
	switch m {
	case "image/jpg", "image/pjpeg":
		return "image/jpeg", nil
	case "image/jpeg", "image/png", "image/webp", "image/gif", "image/heic", "image/heif":
		return m, nil
	}
	return "", failure.Permanent("This image type cannot be analysed. Upload a JPG, PNG, WEBP, HEIC or HEIF image.",
		fmt.Errorf("%w: image MIME type %q", llm.ErrInvalidRequest, m))
}

func request(model, mode string, user goopenai.ChatCompletionMessage) goopenai.ChatCompletionRequest {
	system := llm.SystemInstruction()
	var format *goopenai.ChatCompletionResponseFormat
	if mode == JSONObject {
		// JSON mode only promises valid JSON; the shape has to be asked for.
		schema, _ := json.Marshal(process.JSONSchema())
		system += "\n\nThe JSON object must follow this JSON schema:\n" + string(schema)
		format = &goopenai.ChatCompletionResponseFormat{Type: goopenai.ChatCompletionResponseFormatTypeJSONObject}
	} else {
		format = &goopenai.ChatCompletionResponseFormat{
			Type: goopenai.ChatCompletionResponseFormatTypeJSONSchema,
			JSONSchema: &goopenai.ChatCompletionResponseFormatJSONSchema{
				Name:   "process_model",
				Schema: rawSchema(),
				Strict: true,
			},
		}
	}
	return goopenai.ChatCompletionRequest{
		Model: model,
		Messages: []goopenai.ChatCompletionMessage{
			{Role: goopenai.ChatMessageRoleSystem, Content: system},
			user,
		},
		ResponseFormat: format,
	}
}

func rawSchema() json.RawMessage {
	b, err := json.Marshal(process.JSONSchema())
	if err != nil {
		panic("openai: process schema does not marshal: " + err.Error()) // static data: a bug
	}
	return b
}

// schemaUnsupported reports whether err is a server saying it cannot do
// response_format json_schema (older vLLM, some proxies and local servers).
func schemaUnsupported(err error) bool {
	status, msg := statusAndMessage(err)
	if status != http.StatusBadRequest && status != http.StatusUnprocessableEntity && status != http.StatusNotImplemented {
		return false
	}
	msg = strings.ToLower(msg)
	return strings.Contains(msg, "response_format") || strings.Contains(msg, "json_schema") ||
		strings.Contains(msg, "response format") || strings.Contains(msg, "structured output")
}

func statusAndMessage(err error) (int, string) {
	var apiErr *goopenai.APIError
	if errors.As(err, &apiErr) {
		return apiErr.HTTPStatusCode, apiErr.Message
	}
	var reqErr *goopenai.RequestError
	if errors.As(err, &reqErr) {
		return reqErr.HTTPStatusCode, string(reqErr.Body)
	}
	return 0, ""
}

func parse(resp goopenai.ChatCompletionResponse, model string) (*llm.Result, error) {
	if resp.Model != "" {
		model = resp.Model
	}
	if len(resp.Choices) == 0 {
		return nil, failure.Transient(llm.DetailEmpty,
			fmt.Errorf("%w: no choices in response", llm.ErrUnavailable))
	}
	choice := resp.Choices[0]
	if choice.Message.Refusal != "" || choice.FinishReason == goopenai.FinishReasonContentFilter {
		return nil, failure.Permanent("The AI provider refused to analyse this content. Try a different file or the built-in analyzer.",
			fmt.Errorf("%w: finish_reason %q, refusal %q", llm.ErrRefused, choice.FinishReason, choice.Message.Refusal))
	}
	if choice.FinishReason == goopenai.FinishReasonLength {
		return nil, failure.Permanent(llm.DetailTruncated,
			fmt.Errorf("%w: %w: finish_reason length after %d output tokens", llm.ErrInvalidRequest, llm.ErrTruncated, resp.Usage.CompletionTokens))
	}
	var m process.Model
	if err := json.Unmarshal([]byte(stripFence(choice.Message.Content)), &m); err != nil {
		// A garbled answer is the provider's fault and usually differs on
		// the next attempt, so it is retried like an outage.
		return nil, failure.Transient(llm.DetailBadAnswer,
			fmt.Errorf("%w: decoding model output: %w", llm.ErrUnavailable, err))
	}
	return &llm.Result{
		Model:     m,
		ModelName: model,
		Usage: llm.Usage{
			InputTokens:  resp.Usage.PromptTokens,
			OutputTokens: resp.Usage.CompletionTokens,
			TotalTokens:  resp.Usage.TotalTokens,
		},
	}, nil
}

// stripFence removes a Markdown code fence that local models in JSON mode
// sometimes wrap around the object.
func stripFence(s string) string {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "```") {
		return s
	}
	s = strings.TrimPrefix(s, "```")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[i+1:] // drop the language tag line
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "```"))
}

// mapError turns a go-openai error into a failure wrapping an llm sentinel.
func mapError(ctx context.Context, err error, userKey, image bool, model string) error {
	if ctx.Err() != nil {
		// The caller gave up (shutdown, cancelled analysis): not the vendor's fault.
		return fmt.Errorf("openai: %w", err)
	}
	status, msg := statusAndMessage(err)
	authErr := llm.ErrAuth
	if userKey {
		authErr = fmt.Errorf("%w: %w", llm.ErrAuth, llm.ErrUserKey)
	}
	switch {
	case status == http.StatusTooManyRequests:
		if strings.Contains(strings.ToLower(msg), "quota") {
			// OpenAI answers 429 insufficient_quota when the account has no
			// credit: retrying cannot help.
			return failure.Permanent(keyOwner(userKey, "The AI provider account has run out of quota. Add credit or use another key."),
				fmt.Errorf("%w: %w", authErr, err))
		}
		return failure.Transient(llm.DetailRateLimited, fmt.Errorf("%w: %w", llm.ErrRateLimited, err))
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return failure.Permanent(keyOwner(userKey, "The AI provider rejected the API key."),
			fmt.Errorf("%w: %w", authErr, err))
	case status == http.StatusNotFound:
		return failure.Permanent(fmt.Sprintf("The AI model %q was not found at the provider. Ask your administrator to check the AI model settings.", model),
			fmt.Errorf("%w: %w: %w", llm.ErrInvalidRequest, llm.ErrModelNotFound, err))
	case status == http.StatusRequestTimeout || status >= 500:
		return failure.Transient(llm.DetailUnavailable, fmt.Errorf("%w: %w", llm.ErrUnavailable, err))
	case status >= 400 && contextTooLong(msg):
		return failure.Permanent("The document is too long for the AI model's context window. Try a shorter document or a model with a larger context window.",
			fmt.Errorf("%w: %w: %w", llm.ErrInvalidRequest, llm.ErrContextLength, err))
	case status >= 400 && image && strings.Contains(strings.ToLower(msg), "image"):
		// Text-only models answer a picture with a 400 that mentions images.
		return failure.Permanent(fmt.Sprintf("The AI model %q cannot read images. Choose a model with vision (SPADE_LLM_MODEL) or use the built-in analyzer.", model),
			fmt.Errorf("%w: %w", llm.ErrInvalidRequest, err))
	case status >= 400:
		return failure.Permanent("The AI provider rejected the request: "+clip(msg)+". Try a smaller or different file, or another model.",
			fmt.Errorf("%w: %w", llm.ErrInvalidRequest, err))
	}
	// No HTTP answer: connection refused, DNS, our own time-out.
	if errors.Is(err, context.DeadlineExceeded) {
		return failure.Transient(llm.DetailTimeout, fmt.Errorf("%w: %w", llm.ErrUnavailable, err))
	}
	if llm.Unreachable(err) {
		return failure.Transient(llm.DetailUnreachable, fmt.Errorf("%w: %w", llm.ErrUnreachable, err))
	}
	return failure.Transient(llm.DetailUnavailable, fmt.Errorf("%w: %w", llm.ErrUnavailable, err))
}

// contextTooLong recognises a prompt over the model's context window
// (OpenAI: context_length_exceeded; vLLM and Ollama say it in words).
func contextTooLong(msg string) bool {
	m := strings.ToLower(msg)
	return strings.Contains(m, "context_length_exceeded") || strings.Contains(m, "maximum context length") ||
		strings.Contains(m, "context window") || strings.Contains(m, "too many tokens")
}

func keyOwner(userKey bool, what string) string {
	if userKey {
		return what + " Check your API key in Settings."
	}
	return what + " Ask the administrator to check the server's AI provider key, or set your own key in Settings."
}

func clip(s string) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > 300 {
		return string(r[:300]) + "…"
	}
	if s == "" {
		return "no reason given"
	}
	return strings.TrimSuffix(s, ".")
}
