package openai

import (
	"context"
	"encoding/json"
	"fmt"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/refine"
)

// Refine asks the OpenAI-compatible server for the edit operations that
// carry out instruction on m, through a strict json_schema answer
// (refine.Schema). apiKey overrides the system key.
func (p *Provider) Refine(ctx context.Context, apiKey string, m *process.Model, instruction string) (refine.Plan, llm.Usage, error) {
	key := p.cfg.APIKey
	if apiKey != "" {
		key = apiKey
	}
	cc := goopenai.DefaultConfig(key)
	cc.BaseURL = p.cfg.BaseURL
	cc.HTTPClient = p.cfg.HTTPClient
	client := goopenai.NewClientWithConfig(cc)
	schema, _ := json.Marshal(refine.Schema())
	req := goopenai.ChatCompletionRequest{
		Model:       p.cfg.Model,
		Temperature: 0,
		Messages: []goopenai.ChatCompletionMessage{
			{Role: goopenai.ChatMessageRoleSystem, Content: refine.SystemInstruction()},
			{Role: goopenai.ChatMessageRoleUser, Content: refine.UserPrompt(m, instruction)},
		},
		ResponseFormat: &goopenai.ChatCompletionResponseFormat{
			Type: goopenai.ChatCompletionResponseFormatTypeJSONSchema,
			JSONSchema: &goopenai.ChatCompletionResponseFormatJSONSchema{
				Name: "ProcessEdits", Strict: true, Schema: json.RawMessage(schema),
			},
		},
	}
	resp, err := p.call(ctx, client, req)
	if err != nil {
		return refine.Plan{}, llm.Usage{}, mapError(ctx, err, apiKey != "", false, p.cfg.Model)
	}
	u := llm.Usage{InputTokens: resp.Usage.PromptTokens, OutputTokens: resp.Usage.CompletionTokens, TotalTokens: resp.Usage.TotalTokens}
	if len(resp.Choices) == 0 {
		return refine.Plan{}, u, failure.Permanent("The AI provider sent no answer. Please try again.", fmt.Errorf("%w: no choices", llm.ErrInvalidRequest))
	}
	plan, err := refine.Decode(resp.Choices[0].Message.Content)
	if err != nil {
		return refine.Plan{}, u, failure.Permanent("The AI provider's answer could not be read as edits (it may have been cut off). Try a shorter instruction.", fmt.Errorf("%w: %v", llm.ErrInvalidRequest, err))
	}
	return plan, u, nil
}
