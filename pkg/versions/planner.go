package versions

import (
	"context"

	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/refine"
)

// Refiner is a language model provider that turns an instruction into
// edit operations through structured output (gemini and openai have it).
type Refiner interface {
	Refine(ctx context.Context, apiKey string, m *process.Model, instruction string) (refine.Plan, llm.Usage, error)
}

// LLMPlanner plans with the command grammar when it understands the whole
// instruction (free, instant) and asks the language model otherwise.
type LLMPlanner struct {
	Refiner Refiner
}

// Plan implements Planner.
func (p LLMPlanner) Plan(ctx context.Context, m *process.Model, instruction string, charge func() error) (refine.Plan, bool, error) {
	g := refine.Parse(instruction)
	if grammarSuffices(g) {
		return g, false, nil
	}
	if err := charge(); err != nil {
		return refine.Plan{}, false, err
	}
	plan, _, err := p.Refiner.Refine(ctx, "", m, instruction)
	return plan, true, err
}

// AsksModel implements Planner: what the grammar does not fully understand
// goes to the model.
func (LLMPlanner) AsksModel() bool { return true }

// grammarSuffices reports whether the command grammar understood the whole
// instruction, so that LLMPlanner does not ask the model (and Check says
// so beforehand).
func grammarSuffices(g refine.Plan) bool {
	return len(g.Operations) > 0 && len(g.NotUnderstood) == 0
}
