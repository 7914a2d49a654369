package worker

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/tasks"
)

// TestWorkerWake: an idle worker runs an analysis (process task, then its
// graph task, each enqueued with a wake) although its fallback poll is an
// hour away; and when the wake is lost (the process task enqueued without
// one) its fallback poll finds the task. Hang guards only: no durations
// are asserted.
func TestWorkerWake(t *testing.T) {
	tests := []struct {
		name     string
		fallback time.Duration
		wake     bool
	}{
		{"woken", time.Hour, true},
		{"wake lost, fallback poll", 20 * time.Millisecond, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A large model: its diagram is drawn in a graph task of its
			// own, enqueued (with a wake) by the process task.
			m := process.Model{ProcessName: "Order handling"}
			for i := range 1000 {
				m.Activities = append(m.Activities, process.Activity{ID: fmt.Sprintf("a%d", i), Name: fmt.Sprintf("Check order line %d with a long name for size", i)})
			}
			pl := &pipeline.Pipeline{
				Extractor: pipeline.ExtractFunc(func(_ context.Context, _ string, data []byte, _ bool) (*pipeline.Extracted, error) {
					return &pipeline.Extracted{Text: string(data), Format: "txt"}, nil
				}),
				Analyzer: pipeline.AnalyzeFunc(func(context.Context, llm.Provider, llm.Input) (*llm.Result, error) {
					return &llm.Result{Model: m}, nil
				}),
			}
			s := newStack(t, Config{TaskCheckInterval: tt.fallback}, pl)
			for range 2000 {
				if s.w.waker.Waiting() {
					break
				}
				time.Sleep(5 * time.Millisecond)
			}
			if !s.w.waker.Waiting() {
				t.Fatal("the worker never went idle")
			}
			s.add(t, "a1", analysis.TypeDocument, "a.txt", 100)
			ctx := context.Background()
			if tt.wake {
				if err := s.q.EnqueueProcess(ctx, "a1"); err != nil {
					t.Fatal(err)
				}
			} else {
				task, err := tasks.NewAnalysisProcessTask("a1", tasks.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.q.Client.EnqueueContext(ctx, task); err != nil {
					t.Fatal(err)
				}
			}
			s.waitFor(t, "a1", completed)
		})
	}
}
