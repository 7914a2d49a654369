package llm

import (
	"context"
	"errors"

	"github.com/spade-bpmn/spade/pkg/process"
)

// AnalyzeValidated asks p for a process model, repairs it deterministically
// and, when problems remain that repair cannot fix, asks p once more with
// those problems listed (Input.Problems). The better of the two answers
// (fewer remaining problems; the first on a tie) is returned, repaired,
// with the token usage of both calls summed. An error on the corrective
// call is not fatal: the first, repaired answer is still returned.
//
// An answer cut off at the model's output limit (ErrTruncated) is asked for
// once more in compact form (Input.Compact) instead of failing the analysis.
func AnalyzeValidated(ctx context.Context, p Provider, in Input) (*Result, error) {
	first, err := p.Analyze(ctx, in)
	if errors.Is(err, ErrTruncated) && !in.Compact {
		in.Compact = true
		first, err = p.Analyze(ctx, in)
	}
	if err != nil {
		return nil, err
	}
	problems := process.Repair(&first.Model)
	if len(problems) == 0 {
		return first, nil
	}
	retry := in
	retry.Problems = process.Messages(problems)
	second, err := p.Analyze(ctx, retry)
	if err != nil || second == nil {
		return first, nil
	}
	remaining := process.Repair(&second.Model)
	best := first
	if len(remaining) < len(problems) {
		best = second
	}
	out := *best
	out.Usage = Usage{
		InputTokens:  first.Usage.InputTokens + second.Usage.InputTokens,
		OutputTokens: first.Usage.OutputTokens + second.Usage.OutputTokens,
		TotalTokens:  first.Usage.TotalTokens + second.Usage.TotalTokens,
	}
	return &out, nil
}
