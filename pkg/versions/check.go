package versions

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/refine"
)

// Check is what SPADE makes of a refinement instruction before it is
// carried out: the web app asks first, so that a sentence SPADE cannot act
// on is answered with the closest commands instead of a refused request
// (which browsers log as an error).
type Check struct {
	// Understood is true when Refine would act on the instruction: the
	// grammar understood at least part of it and its operations apply to
	// the diagram, or a language model will be asked.
	Understood bool `json:"understood" doc:"true when refining with this instruction would make a new version (or ask the language model)"`
	// Operations describe what the built-in grammar would do.
	Operations []string `json:"operations" doc:"what the built-in grammar would do, one description per operation"`
	// NotUnderstood lists the parts the grammar did not understand.
	NotUnderstood []string `json:"not_understood" doc:"the parts of the instruction the built-in grammar did not understand"`
	// AsksModel is true when the language model will be asked (a daily analysis).
	AsksModel bool `json:"asks_model" doc:"true when applying will ask the configured language model, which counts as one analysis of the day"`
	// Message says why the instruction would be refused; empty when understood.
	Message string `json:"message" doc:"why the instruction would be refused, as the refine route's 422 detail says it; empty when understood"`
	// Suggestions are the closest commands SPADE understands, in the diagram's names.
	Suggestions []string `json:"suggestions" doc:"the closest commands SPADE understands, written with the diagram's names (at most three)"`
}

// Check answers what Refine would make of instruction on the latest
// version of a, without storing, drawing or asking a language model: the
// grammar's operations are applied to a copy of the model, so an element
// that does not exist is reported as Refine would report it.
func (s *Service) Check(_ context.Context, a *analysis.Analysis, instruction string) (*Check, error) {
	m, err := refinable(a)
	if err != nil {
		return nil, err
	}
	g := refine.Parse(instruction)
	out := &Check{Operations: []string{}, NotUnderstood: g.NotUnderstood, Suggestions: []string{}}
	if out.NotUnderstood == nil {
		out.NotUnderstood = []string{}
	}
	if s.Planner.AsksModel() && !grammarSuffices(g) {
		// Refine hands the whole instruction to the model (see LLMPlanner).
		out.Understood, out.AsksModel = true, true
		return out, nil
	}
	if len(g.Operations) == 0 {
		out.Message, out.Suggestions = notUnderstood(g.NotUnderstood, refine.Names(m), refine.TaskNames(m))
		return out, nil
	}
	for _, op := range g.Operations {
		out.Operations = append(out.Operations, op.Describe())
	}
	if _, err := refine.Apply(m, g.Operations); err != nil {
		if !errors.Is(err, refine.ErrRefused) {
			return nil, err
		}
		out.Message = refine.Detail(err)
		return out, nil
	}
	out.Understood = true
	return out, nil
}

// notUnderstood is the message and the closest forms SPADE understands
// for an instruction nothing was made of (see notUnderstoodDetail).
func notUnderstood(parts, names, tasks []string) (string, []string) {
	if len(parts) == 0 {
		return "Write what to change, for example: rename 'Check' to 'Check receipts'; move 'Approve' to Finance; add step 'Archive invoice' after 'Pay invoice'.", []string{}
	}
	return fmt.Sprintf("SPADE did not understand %q. Did you mean one of these?", strings.Join(parts, "; ")),
		refine.Suggest(strings.Join(parts, " "), names, tasks)
}
