package gemini

import (
	"context"
	"fmt"

	"google.golang.org/genai"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/refine"
)

// Refine asks Gemini for the edit operations that carry out instruction
// on m, through structured output (refine.Schema). apiKey overrides the
// system key.
func (p *Provider) Refine(ctx context.Context, apiKey string, m *process.Model, instruction string) (refine.Plan, llm.Usage, error) {
	client := p.system
	if apiKey != "" {
		c, err := p.client(ctx, apiKey)
		if err != nil {
			return refine.Plan{}, llm.Usage{}, err
		}
		client = c
	}
	if client == nil {
		return refine.Plan{}, llm.Usage{}, failure.Permanent("No Gemini API key is configured. Set your own key in Settings or ask the administrator to set GEMINI_API_KEY.",
			fmt.Errorf("%w: no API key", llm.ErrAuth))
	}
	temp := float32(0)
	cfg := &genai.GenerateContentConfig{
		SystemInstruction: genai.NewContentFromText(refine.SystemInstruction(), ""),
		ResponseMIMEType:  "application/json",
		ResponseSchema:    convert(refine.Schema()),
		Temperature:       &temp,
	}
	callCtx, cancel := context.WithTimeout(ctx, p.cfg.Timeout)
	defer cancel()
	resp, err := client.Models.GenerateContent(callCtx, p.cfg.Model, []*genai.Content{genai.NewContentFromText(refine.UserPrompt(m, instruction), genai.RoleUser)}, cfg)
	if err != nil {
		return refine.Plan{}, llm.Usage{}, mapError(ctx, err, apiKey != "", p.cfg.Model)
	}
	var u llm.Usage
	if md := resp.UsageMetadata; md != nil {
		u = llm.Usage{InputTokens: int(md.PromptTokenCount), OutputTokens: int(md.CandidatesTokenCount), TotalTokens: int(md.TotalTokenCount)}
	}
	plan, err := refine.Decode(resp.Text())
	if err != nil {
		return refine.Plan{}, u, failure.Permanent("The AI provider's answer could not be read as edits (it may have been cut off). Try a shorter instruction.", fmt.Errorf("%w: %v", llm.ErrInvalidRequest, err))
	}
	return plan, u, nil
}
