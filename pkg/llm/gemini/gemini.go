// Package gemini is the llm.Provider for Google Gemini through the official
// google.golang.org/genai SDK (github.com/google/generative-ai-go is
// deprecated). It asks for structured JSON output with the process model's
// schema and sends images inline.
package gemini

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"google.golang.org/genai"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
)

// Defaults.
const (
	DefaultModel   = "gemini-2.0-flash"
	DefaultTimeout = 3 * time.Minute
)

// Config configures the provider.
type Config struct {
	// APIKey is the system key. It may be empty only when every call brings
	// the user's own key (Input.APIKey); Analyze then refuses calls without one.
	APIKey string
	// Model is the model name; default DefaultModel.
	Model string
	// BaseURL overrides Google's endpoint (tests, proxies).
	BaseURL string
	// Timeout bounds one call; default DefaultTimeout.
	Timeout time.Duration
	// HTTPClient is used for all requests; default a plain client.
	HTTPClient *http.Client
}

// Provider implements llm.Provider for Gemini.
type Provider struct {
	cfg    Config
	system *genai.Client // nil without a system key
}

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
	p := &Provider{cfg: cfg}
	if cfg.APIKey != "" {
		c, err := p.client(context.Background(), cfg.APIKey)
		if err != nil {
			return nil, err
		}
		p.system = c
	}
	return p, nil
}

// client builds an SDK client for key. Building one is cheap (no network),
// so a user's own key gets a fresh client per call rather than a cache of
// secrets in memory.
func (p *Provider) client(ctx context.Context, key string) (*genai.Client, error) {
	c, err := genai.NewClient(ctx, &genai.ClientConfig{
		APIKey:      key,
		Backend:     genai.BackendGeminiAPI,
		HTTPClient:  p.cfg.HTTPClient,
		HTTPOptions: genai.HTTPOptions{BaseURL: p.cfg.BaseURL},
	})
	if err != nil {
		return nil, fmt.Errorf("gemini: creating client: %w", err)
	}
	return c, nil
}

// Name implements llm.Provider.
func (p *Provider) Name() string { return "gemini" }

// Analyze implements llm.Provider.
func (p *Provider) Analyze(ctx context.Context, in llm.Input) (*llm.Result, error) {
	client := p.system
	if in.APIKey != "" {
		c, err := p.client(ctx, in.APIKey)
		if err != nil {
			return nil, err
		}
		client = c
	}
	if client == nil {
		return nil, failure.Permanent("No Gemini API key is configured. Set your own key in Settings or ask the administrator to set GEMINI_API_KEY.",
			fmt.Errorf("%w: no API key", llm.ErrAuth))
	}
	model := p.cfg.Model
	if in.Model != "" {
		model = in.Model
	}
	parts := []*genai.Part{genai.NewPartFromText(llm.UserPrompt(in))}
	if in.Kind == llm.KindImage {
		mime, err := imageMIME(in.MIMEType)
		if err != nil {
			return nil, err
		}
		if len(in.Image) == 0 {
			return nil, failure.Permanent("The image is empty.", fmt.Errorf("%w: empty image", llm.ErrInvalidRequest))
		}
		// The image goes first: Google recommends it for single-image prompts.
		parts = append([]*genai.Part{genai.NewPartFromBytes(in.Image, mime)}, parts...)
	}
	temp := float32(0.1) // low but not 0: deterministic enough, avoids repetition loops
	cfg := &genai.GenerateContentConfig{
		SystemInstruction: genai.NewContentFromText(llm.SystemInstruction(), ""),
		ResponseMIMEType:  "application/json",
		ResponseSchema:    Schema(),
		Temperature:       &temp,
	}

	callCtx, cancel := context.WithTimeout(ctx, p.cfg.Timeout)
	defer cancel()
	callCtx, retryAfter := llm.CaptureRetryAfter(callCtx)
	resp, err := client.Models.GenerateContent(callCtx, model, []*genai.Content{genai.NewContentFromParts(parts, genai.RoleUser)}, cfg)
	if err != nil {
		return nil, llm.WithRetryAfter(mapError(ctx, err, in.APIKey != "", model), retryAfter.Get())
	}
	return parse(resp, model)
}

// CheckKey asks Google whether key works, by reading the configured model's
// metadata (free, no tokens). Settings can call it before saving a user's
// own key; the error is a failure with a detail for the user and wraps
// llm.ErrAuth for a rejected key.
func (p *Provider) CheckKey(ctx context.Context, key string) error {
	key = strings.TrimSpace(key)
	if key == "" {
		return failure.Permanent("Please enter an API key.", fmt.Errorf("%w: empty key", llm.ErrAuth))
	}
	c, err := p.client(ctx, key)
	if err != nil {
		return err
	}
	callCtx, cancel := context.WithTimeout(ctx, min(p.cfg.Timeout, 30*time.Second))
	defer cancel()
	if _, err := c.Models.Get(callCtx, p.cfg.Model, nil); err != nil {
		err = mapError(ctx, err, true, p.cfg.Model)
		if errors.Is(err, llm.ErrAuth) {
			// Settings shows this next to the key field: say who refused
			// and Google's own words ("API key not valid").
			return failure.Permanent("Gemini rejected this key: "+clip(vendorMessage(err)), err)
		}
		return err
	}
	return nil
}

// vendorMessage is the vendor's own message in err, without its advice
// ("Please pass a valid API key.") which does not fit SPADE's UI.
func vendorMessage(err error) string {
	var apiErr genai.APIError
	if !errors.As(err, &apiErr) {
		var p *genai.APIError
		if errors.As(err, &p) && p != nil {
			apiErr = *p
		}
	}
	msg := apiErr.Message
	if i := strings.Index(msg, ". "); i > 0 {
		msg = msg[:i]
	}
	if msg == "" {
		msg = "authentication failed"
	}
	return msg
}

// imageMIME normalises the image type to one Gemini accepts inline.
func imageMIME(m string) (string, error) {
	m = strings.ToLower(strings.TrimSpace(m))
	switch m {
	case "image/jpg", "image/pjpeg":
		return "image/jpeg", nil
	case "image/jpeg", "image/png", "image/webp", "image/heic", "image/heif":
		return m, nil
	}
	return "", failure.Permanent("This image type cannot be analysed. Upload a JPG, PNG, WEBP, HEIC or HEIF image.",
		fmt.Errorf("%w: image MIME type %q", llm.ErrInvalidRequest, m))
}

func parse(resp *genai.GenerateContentResponse, model string) (*llm.Result, error) {
	if resp.ModelVersion != "" {
		model = resp.ModelVersion
	}
	if fb := resp.PromptFeedback; fb != nil && fb.BlockReason != "" {
		return nil, refused(fmt.Sprintf("prompt blocked: %s %s", fb.BlockReason, fb.BlockReasonMessage))
	}
	if len(resp.Candidates) == 0 || resp.Candidates[0] == nil {
		return nil, failure.Transient(llm.DetailEmpty,
			fmt.Errorf("%w: no candidates in response", llm.ErrUnavailable))
	}
	cand := resp.Candidates[0]
	switch cand.FinishReason {
	case genai.FinishReasonSafety, genai.FinishReasonProhibitedContent, genai.FinishReasonBlocklist,
		genai.FinishReasonSPII, genai.FinishReasonRecitation, genai.FinishReasonImageSafety:
		return nil, refused("finish reason " + string(cand.FinishReason))
	case genai.FinishReasonMaxTokens:
		return nil, failure.Permanent(llm.DetailTruncated,
			fmt.Errorf("%w: %w: finish reason MAX_TOKENS", llm.ErrInvalidRequest, llm.ErrTruncated))
	}
	var text strings.Builder
	if cand.Content != nil {
		for _, part := range cand.Content.Parts {
			if part != nil && !part.Thought {
				text.WriteString(part.Text)
			}
		}
	}
	var m process.Model
	if err := json.Unmarshal([]byte(text.String()), &m); err != nil {
		// A garbled answer is the provider's fault and usually differs on
		// the next attempt, so it is retried like an outage.
		return nil, failure.Transient(llm.DetailBadAnswer,
			fmt.Errorf("%w: decoding model output (finish reason %q): %w", llm.ErrUnavailable, cand.FinishReason, err))
	}
	res := &llm.Result{Model: m, ModelName: model}
	if u := resp.UsageMetadata; u != nil {
		// Thinking models bill thought tokens as output; count them so that
		// input + output matches the total Google reports.
		res.Usage = llm.Usage{
			InputTokens:  int(u.PromptTokenCount),
			OutputTokens: int(u.CandidatesTokenCount + u.ThoughtsTokenCount),
			TotalTokens:  int(u.TotalTokenCount),
		}
	}
	return res, nil
}

func refused(why string) error {
	return failure.Permanent("The AI provider refused to analyse this content (safety filter). Try a different file or the built-in analyzer.",
		fmt.Errorf("%w: %s", llm.ErrRefused, why))
}

// mapError turns an SDK error into a failure wrapping an llm sentinel.
func mapError(ctx context.Context, err error, userKey bool, model string) error {
	if ctx.Err() != nil {
		// The caller gave up (shutdown, cancelled analysis): not the vendor's fault.
		return fmt.Errorf("gemini: %w", err)
	}
	apiErr := asAPIError(err)
	if apiErr.Code == 0 && apiErr.Status == "" {
		return transportError(err)
	}
	authErr := llm.ErrAuth
	if userKey {
		authErr = fmt.Errorf("%w: %w", llm.ErrAuth, llm.ErrUserKey)
	}
	switch {
	case rateLimited(apiErr) && dailyQuota(apiErr):
		// A per-day quota does not come back within any retry budget.
		return failure.Permanent(quotaOwner(userKey), fmt.Errorf("%w: daily quota: %w", authErr, err))
	case rateLimited(apiErr):
		return llm.WithRetryAfter(failure.Transient(llm.DetailRateLimited, fmt.Errorf("%w: %w", llm.ErrRateLimited, err)), retryDelay(apiErr))
	case authFailed(apiErr):
		return failure.Permanent(keyOwner(userKey), fmt.Errorf("%w: %w", authErr, err))
	case apiErr.Code == http.StatusNotFound || apiErr.Status == "NOT_FOUND":
		return failure.Permanent(fmt.Sprintf("The AI model %q was not found at the provider. Ask the administrator to check the model name (SPADE_LLM_MODEL).", model),
			fmt.Errorf("%w: %w: %w", llm.ErrInvalidRequest, llm.ErrModelNotFound, err))
	case unavailable(apiErr):
		return failure.Transient(llm.DetailUnavailable, fmt.Errorf("%w: %w", llm.ErrUnavailable, err))
	case contextTooLong(apiErr.Message):
		return failure.Permanent("The document is too long for the AI model's context window. Try a shorter document or a model with a larger context window.",
			fmt.Errorf("%w: %w: %w", llm.ErrInvalidRequest, llm.ErrContextLength, err))
	default:
		return failure.Permanent("The AI provider rejected the request: "+clip(apiErr.Message)+". Try a smaller or different file, or another model.",
			fmt.Errorf("%w: %w", llm.ErrInvalidRequest, err))
	}
}

// asAPIError is the provider's answer in err (by value or pointer), the
// zero APIError when there was none.
func asAPIError(err error) genai.APIError {
	var apiErr genai.APIError
	if !errors.As(err, &apiErr) {
		var p *genai.APIError
		if errors.As(err, &p) && p != nil {
			apiErr = *p
		}
	}
	return apiErr
}

// transportError maps a call that got no HTTP answer: connection
// refused, DNS, our own time-out.
func transportError(err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return failure.Transient(llm.DetailTimeout, fmt.Errorf("%w: %w", llm.ErrUnavailable, err))
	}
	if llm.Unreachable(err) {
		return failure.Transient(llm.DetailUnreachable, fmt.Errorf("%w: %w", llm.ErrUnreachable, err))
	}
	return failure.Transient(llm.DetailUnavailable, fmt.Errorf("%w: %w", llm.ErrUnavailable, err))
}

// rateLimited recognises a 429 (RESOURCE_EXHAUSTED).
func rateLimited(e genai.APIError) bool {
	return e.Code == http.StatusTooManyRequests || e.Status == "RESOURCE_EXHAUSTED"
}

// authFailed recognises a refused key: 401, 403, their statuses, or
// Google's 400 for a wrong key (badKey).
func authFailed(e genai.APIError) bool {
	return e.Code == http.StatusUnauthorized || e.Code == http.StatusForbidden ||
		e.Status == "UNAUTHENTICATED" || e.Status == "PERMISSION_DENIED" || badKey(e)
}

// unavailable recognises an answer worth retrying: a time-out or a
// server error.
func unavailable(e genai.APIError) bool {
	return e.Code == http.StatusRequestTimeout || e.Code >= 500 ||
		e.Status == "UNAVAILABLE" || e.Status == "DEADLINE_EXCEEDED" || e.Status == "INTERNAL"
}

// badKey recognises Google's answer to a wrong key, which is a 400
// INVALID_ARGUMENT with reason API_KEY_INVALID rather than a 401.
func badKey(e genai.APIError) bool {
	for _, d := range e.Details {
		if r, _ := d["reason"].(string); r == "API_KEY_INVALID" {
			return true
		}
	}
	return strings.Contains(e.Message, "API key not valid") || strings.Contains(e.Message, "API key expired")
}

// dailyQuota recognises Google's answer to a key that has used up a
// per-day quota: a QuotaFailure whose quota id names a day.
func dailyQuota(e genai.APIError) bool {
	for _, d := range e.Details {
		vs, _ := d["violations"].([]any)
		for _, v := range vs {
			m, _ := v.(map[string]any)
			if id, _ := m["quotaId"].(string); strings.Contains(id, "PerDay") {
				return true
			}
		}
	}
	return false
}

// retryDelay reads the RetryInfo Google puts in a 429 ("retryDelay": "40s").
func retryDelay(e genai.APIError) time.Duration {
	for _, d := range e.Details {
		if s, ok := d["retryDelay"].(string); ok {
			if v, err := time.ParseDuration(s); err == nil && v > 0 {
				return v
			}
		}
	}
	return 0
}

// contextTooLong recognises an input over the model's context window.
func contextTooLong(msg string) bool {
	m := strings.ToLower(msg)
	return strings.Contains(m, "exceeds the maximum number of tokens") || strings.Contains(m, "input token count") ||
		strings.Contains(m, "context window") || strings.Contains(m, "too many tokens")
}

func quotaOwner(userKey bool) string {
	if userKey {
		return "Your Gemini API key has used up its daily quota. Try again tomorrow, or use a key with a higher quota in Settings."
	}
	return "The server's Gemini API key has used up its daily quota. Try again tomorrow, or set your own key in Settings."
}

func keyOwner(userKey bool) string {
	if userKey {
		return "The AI provider rejected the API key. Check your API key in Settings."
	}
	return "The AI provider rejected the API key. Ask the administrator to check the server's GEMINI_API_KEY, or set your own key in Settings."
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

// Schema returns the process model's JSON schema (process.JSONSchema) in
// Gemini's OpenAPI-subset form, with propertyOrdering so the model writes
// fields in the struct's order. Keywords Gemini's responseSchema does not
// know (additionalProperties) are dropped.
func Schema() *genai.Schema {
	return convert(process.JSONSchema())
}

func convert(js map[string]any) *genai.Schema {
	s := &genai.Schema{}
	s.Description, _ = js["description"].(string)
	s.Title, _ = js["title"].(string)
	switch js["type"] {
	case "object":
		s.Type = genai.TypeObject
		props, _ := js["properties"].(map[string]any)
		s.Properties = make(map[string]*genai.Schema, len(props))
		for name, sub := range props {
			s.Properties[name] = convert(sub.(map[string]any))
		}
		req, _ := js["required"].([]string)
		s.Required = append([]string(nil), req...)
		s.PropertyOrdering = append([]string(nil), req...)
	case "array":
		s.Type = genai.TypeArray
		s.Items = convert(js["items"].(map[string]any))
	case "string":
		s.Type = genai.TypeString
		if e, ok := js["enum"].([]string); ok {
			s.Format = "enum"
			s.Enum = append([]string(nil), e...)
		}
	case "number":
		s.Type = genai.TypeNumber
	case "integer":
		s.Type = genai.TypeInteger
	case "boolean":
		s.Type = genai.TypeBoolean
	default:
		panic(fmt.Sprintf("gemini: schema type %v not supported", js["type"])) // static data: a bug
	}
	return s
}
