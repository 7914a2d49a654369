package worker

import (
	"context"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/llm/providers"
	"github.com/spade-bpmn/spade/pkg/pipeline"
)

// TestStageWriter: stages shorter than the delay are held and handed to
// the result's write (the row is not written for them); a stage that
// lasts is written by the timer; after take, nothing is written any more;
// close writes what is held.
func TestStageWriter(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		delay time.Duration
		hold  bool
		// end: "take" hands the held marks over, "close" writes them.
		end       string
		wantTaken []string
		wantRow   string
	}{
		{"short stages go with the result", time.Hour, true, "take", []string{analysis.StageAnalyzing, analysis.StageBuildingModel}, analysis.StageQueued},
		{"a failed attempt keeps its stages", time.Hour, true, "close", nil, analysis.StageBuildingModel},
		{"a lasting stage is written", 0, true, "wait", nil, analysis.StageBuildingModel},
		{"a vendor's stages are written at once", time.Hour, false, "take", nil, analysis.StageBuildingModel},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newStack(t, Config{}, &pipeline.Pipeline{})
			s.add(t, "a1", analysis.TypeDocument, "order.txt", 10)
			ctx := context.Background()
			w := newStageWriter(s.repo, "a1", slog.New(slog.DiscardHandler), tt.delay)
			if tt.hold {
				w.holdShort()
			}
			for _, st := range []string{analysis.StageAnalyzing, analysis.StageBuildingModel} {
				if err := w.set(ctx, "a1", st); err != nil {
					t.Fatal(err)
				}
			}
			var taken []string
			switch tt.end {
			case "take":
				for _, m := range w.take() {
					taken = append(taken, m.Stage)
				}
			case "close":
				w.close()
			case "wait":
				s.waitFor(t, "a1", func(a *analysis.Analysis) bool { return a.Stage == analysis.StageBuildingModel })
				if held := w.take(); len(held) != 0 {
					t.Errorf("written and still held: %v", held)
				}
			}
			if !slices.Equal(taken, tt.wantTaken) {
				t.Errorf("taken %v, want %v", taken, tt.wantTaken)
			}
			// Once taken or closed, a stage is no longer written.
			if err := w.set(ctx, "a1", analysis.StageAnalyzing); err != nil {
				t.Fatal(err)
			}
			w.flush()
			a, err := s.repo.GetByID(ctx, "a1")
			if err != nil {
				t.Fatal(err)
			}
			if a.Stage != tt.wantRow {
				t.Errorf("row stage %q, want %q (log %q)", a.Stage, tt.wantRow, a.StagesLog)
			}
		})
	}
}

// builtinFake answers like fakeProvider under the built-in analyzer's
// name, whose stages the worker holds back.
type builtinFake struct{ fakeProvider }

func (builtinFake) Name() string { return providers.Builtin }

// TestStageHistoryKept: a completed analysis by the built-in analyzer,
// whose stages all ended at once, still has every stage in its history,
// in order, with the times they began.
func TestStageHistoryKept(t *testing.T) {
	t.Parallel()
	pl := &pipeline.Pipeline{
		Chooser: pipeline.ChooseFunc(func(context.Context, *analysis.Analysis) (llm.Provider, llm.Input, string, error) {
			return builtinFake{}, llm.Input{}, "system", nil
		}),
		Extractor: pipeline.ExtractFunc(func(_ context.Context, _ string, data []byte, _ bool) (*pipeline.Extracted, error) {
			return &pipeline.Extracted{Text: string(data), Format: "txt"}, nil
		}),
		Analyzer: pipeline.AnalyzeFunc(func(ctx context.Context, p llm.Provider, in llm.Input) (*llm.Result, error) {
			return p.Analyze(ctx, in)
		}),
	}
	s := newStack(t, Config{}, pl)
	s.add(t, "a1", analysis.TypeDocument, "order.txt", 100)
	if err := s.q.EnqueueProcess(context.Background(), "a1"); err != nil {
		t.Fatal(err)
	}
	a := s.waitFor(t, "a1", completed)
	var got []string
	var last time.Time
	for _, m := range a.ParseStages() {
		got = append(got, m.Stage)
		if m.At.Before(last) {
			t.Errorf("%s at %s, before the stage ahead of it (%s)", m.Stage, m.At, last)
		}
		last = m.At
	}
	want := []string{analysis.StageQueued, analysis.StageExtractingText, analysis.StageAnalyzing, analysis.StageBuildingModel, analysis.StageCompleted}
	if !slices.Equal(got, want) {
		t.Errorf("stages %v, want %v (log %q)", got, want, a.StagesLog)
	}
}
