package versions

import (
	"context"
	"testing"

	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/refine"
)

type countingRefiner struct{ calls int }

func (c *countingRefiner) Refine(context.Context, string, *process.Model, string) (refine.Plan, llm.Usage, error) {
	c.calls++
	return refine.Plan{Operations: []refine.Op{{Op: refine.OpDelete, Target: "a1"}}, NotUnderstood: []string{}}, llm.Usage{TotalTokens: 10}, nil
}

func TestLLMPlannerUsesTheGrammarFirst(t *testing.T) {
	t.Parallel()
	r := &countingRefiner{}
	p := LLMPlanner{Refiner: r}
	m := base()
	charged := 0
	charge := func() error { charged++; return nil }
	if _, used, err := p.Plan(context.Background(), m, "rename 'Check invoice' to 'Check receipts'", charge); err != nil || used || r.calls != 0 || charged != 0 {
		t.Fatalf("grammar command: used LLM %v, %d calls, %v", used, r.calls, err)
	}
	plan, used, err := p.Plan(context.Background(), m, "the manager can also reject; then the process ends", charge)
	if err != nil || !used || r.calls != 1 || len(plan.Operations) != 1 || charged != 1 {
		t.Fatalf("free text: used LLM %v, %d calls, plan %+v, %v", used, r.calls, plan, err)
	}
}
