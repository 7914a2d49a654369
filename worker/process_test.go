package worker

import (
	"context"
	"fmt"
	"testing"

	"github.com/hibiken/asynq"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/tasks"
)

// TestDrawInline: the diagram of a small model is drawn in the process
// task and stored with the result (no graph task); a large model's goes
// to the graph task as before.
func TestDrawInline(t *testing.T) {
	t.Parallel()
	model := func(activities int) process.Model {
		m := process.Model{ProcessName: "Order handling"}
		for i := range activities {
			m.Activities = append(m.Activities, process.Activity{ID: fmt.Sprintf("a%d", i), Name: fmt.Sprintf("Check order line %d with a long name for size", i)})
		}
		return m
	}
	tests := []struct {
		name       string
		activities int
		graphTask  bool
	}{
		{"small model", 3, false},
		{"large model", 1000, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			drawnIn := make(chan string, 2)
			pl := &pipeline.Pipeline{
				Builder: pipeline.BuildFunc(func(ctx context.Context, _ *process.Model) ([]byte, error) {
					q, _ := asynq.GetQueueName(ctx)
					drawnIn <- q
					return []byte("<definitions/>"), nil
				}),
				Extractor: pipeline.ExtractFunc(func(_ context.Context, _ string, data []byte, _ bool) (*pipeline.Extracted, error) {
					return &pipeline.Extracted{Text: string(data), Format: "txt"}, nil
				}),
				Analyzer: pipeline.AnalyzeFunc(func(context.Context, llm.Provider, llm.Input) (*llm.Result, error) {
					return &llm.Result{Model: model(tt.activities)}, nil
				}),
			}
			s := newStack(t, Config{}, pl)
			s.add(t, "a1", analysis.TypeDocument, "order.txt", 100)
			if err := s.q.EnqueueProcess(context.Background(), "a1"); err != nil {
				t.Fatal(err)
			}
			a := s.waitFor(t, "a1", completed)
			if a.BPMNXML != "<definitions/>" {
				t.Errorf("diagram %q", a.BPMNXML)
			}
			want := tasks.QueueAnalysis
			if tt.graphTask {
				want = tasks.QueueGraph
			}
			if q := <-drawnIn; q != want || len(drawnIn) > 0 {
				t.Errorf("diagram drawn in the %s queue's task (%d more times), want %s", q, len(drawnIn), want)
			}
		})
	}
}
