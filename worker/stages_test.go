package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/llm/budget"
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
		// end: "take" hands the held marks over, "close" writes them.
		end       string
		wantTaken []string
		wantRow   string
	}{
		{"short stages go with the result", time.Hour, "take", []string{analysis.StageAnalyzing, analysis.StageBuildingModel}, analysis.StageQueued},
		{"a failed attempt keeps its stages", time.Hour, "close", nil, analysis.StageBuildingModel},
		{"a lasting stage is written", 0, "wait", nil, analysis.StageBuildingModel},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newStack(t, Config{}, &pipeline.Pipeline{})
			s.add(t, "a1", analysis.TypeDocument, "order.txt", 10)
			ctx := context.Background()
			w := newStageWriter(s.repo.Run("a1", ""), slog.New(slog.DiscardHandler), tt.delay, nil)
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
			// Once taken or closed, neither a stage nor a wait text is
			// written any more.
			if err := w.set(ctx, "a1", analysis.StageAnalyzing); err != nil {
				t.Fatal(err)
			}
			w.showWait(ctx, budget.WaitingText)
			a, err := s.repo.GetByID(ctx, "a1")
			if err != nil {
				t.Fatal(err)
			}
			if a.Stage != tt.wantRow || a.CurrentStage == budget.WaitingText {
				t.Errorf("row stage %q (%q), want %q (log %q)", a.Stage, a.CurrentStage, tt.wantRow, a.StagesLog)
			}
		})
	}
}

// TestStageMarkGivesWayToWaitText: a wait text written while a stage's
// mark is held (the shared rate budget's, the retry loop's) stays the
// row's text, whether the timer writes the mark before it, beside it or
// never; the mark is in the history under it. Run with -race: the timer's
// goroutine and the analysis' write meet on the writer's lock.
func TestStageMarkGivesWayToWaitText(t *testing.T) {
	t.Parallel()
	retryText := "The AI provider is busy (rate limit). Retry 1 of 5 in 2 s"
	tests := []struct {
		name  string
		delay time.Duration
		// retry: the retry loop's write (a stage of its own), else the
		// budget's (the text alone).
		retry     bool
		wantStage string
		wantText  string
	}{
		{"budget wait, timer at once", 0, false, analysis.StageAnalyzing, budget.WaitingText},
		{"budget wait, timer beside it", 50 * time.Microsecond, false, analysis.StageAnalyzing, budget.WaitingText},
		{"budget wait, timer later", time.Hour, false, analysis.StageAnalyzing, budget.WaitingText},
		{"retry wait, timer at once", 0, true, analysis.StageWaitingProvider, retryText},
		{"retry wait, timer beside it", 50 * time.Microsecond, true, analysis.StageWaitingProvider, retryText},
		{"retry wait, timer later", time.Hour, true, analysis.StageWaitingProvider, retryText},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newStack(t, Config{}, &pipeline.Pipeline{})
			ctx := context.Background()
			for i := range 10 {
				id := fmt.Sprintf("a%d", i)
				s.add(t, id, analysis.TypeDocument, "order.txt", 10)
				if err := s.repo.Run(id, "").Begin(ctx, analysis.StageExtractingText); err != nil {
					t.Fatal(err)
				}
				w := newStageWriter(s.repo.Run(id, ""), slog.New(slog.DiscardHandler), tt.delay, nil)
				if err := w.set(ctx, id, analysis.StageAnalyzing); err != nil {
					t.Fatal(err)
				}
				if tt.retry {
					w.note(ctx, func(ctx context.Context) error {
						return s.repo.Run(id, "").SetStageText(ctx, analysis.StageWaitingProvider, retryText)
					})
				} else {
					w.showWait(ctx, budget.WaitingText)
				}
				// Whatever the timer does from here finds nothing held.
				if held := w.take(); len(held) != 0 {
					t.Errorf("%s: still held after the wait text: %v", id, held)
				}
				a, err := s.repo.GetByID(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				if a.Stage != tt.wantStage || a.CurrentStage != tt.wantText {
					t.Errorf("%s: row stage %q %q, want %q %q", id, a.Stage, a.CurrentStage, tt.wantStage, tt.wantText)
				}
				var got []string
				for _, m := range a.ParseStages() {
					got = append(got, m.Stage)
				}
				if !slices.Contains(got, analysis.StageAnalyzing) {
					t.Errorf("%s: history %v lost the held mark", id, got)
				}
			}
		})
	}
}

// TestStageWriteOnDeletedRow: a held mark written after the analysis was
// deleted cancels the attempt (its work is for nobody) and the next stage
// returns the failure.
func TestStageWriteOnDeletedRow(t *testing.T) {
	t.Parallel()
	s := newStack(t, Config{}, &pipeline.Pipeline{})
	s.add(t, "a1", analysis.TypeDocument, "order.txt", 10)
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	w := newStageWriter(s.repo.Run("a1", ""), slog.New(slog.DiscardHandler), 0, cancel)
	if _, err := s.repo.Delete(ctx, "acc", "a1"); err != nil {
		t.Fatal(err)
	}
	if err := w.set(ctx, "a1", analysis.StageAnalyzing); err != nil {
		t.Fatal(err)
	}
	<-ctx.Done()
	if cause := context.Cause(ctx); !errors.Is(cause, analysis.ErrNotFound) {
		t.Errorf("attempt cancelled by %v, want the row gone", cause)
	}
	if err := w.set(ctx, "a1", analysis.StageBuildingModel); !errors.Is(err, analysis.ErrNotFound) {
		t.Errorf("next stage: %v, want the row gone", err)
	}
	w.close()
}

// waitingFake is a vendor whose call first waits for the shared rate
// budget: it shows the wait through the context's ShowWait (as the
// budget's wrapper does), says so on shown (closed without a ShowWait)
// and answers once release is closed.
type waitingFake struct{ shown, release chan struct{} }

func (waitingFake) Name() string { return "vendor" }

func (f waitingFake) Analyze(ctx context.Context, in llm.Input) (*llm.Result, error) {
	show := pipeline.ShowWaitOf(ctx)
	if show == nil {
		close(f.shown)
		return nil, errors.New("no ShowWait in the analysis' context")
	}
	show(ctx, budget.WaitingText)
	f.shown <- struct{}{}
	<-f.release
	return fakeProvider{}.Analyze(ctx, in)
}

// TestWaitTextAfterHeldStages: a vendor's call that waits for the shared
// rate budget at once finds its analyzing mark written before the wait
// text, so the row says analyzing with the budget's text (the held mark
// never comes after it).
func TestWaitTextAfterHeldStages(t *testing.T) {
	t.Parallel()
	f := waitingFake{shown: make(chan struct{}), release: make(chan struct{})}
	pl := &pipeline.Pipeline{
		Chooser: pipeline.ChooseFunc(func(context.Context, *analysis.Analysis) (llm.Provider, llm.Input, string, error) {
			return f, llm.Input{}, "system", nil
		}),
		Extractor: pipeline.ExtractFunc(func(_ context.Context, _ string, data []byte, _ bool) (*pipeline.Extracted, error) {
			return &pipeline.Extracted{Text: string(data), Format: "txt"}, nil
		}),
	}
	s := newStack(t, Config{}, pl)
	s.add(t, "a1", analysis.TypeDocument, "order.txt", 100)
	if err := s.q.EnqueueProcess(context.Background(), "a1"); err != nil {
		t.Fatal(err)
	}
	if _, ok := <-f.shown; !ok {
		t.Fatal("the provider's context carried no ShowWait")
	}
	a, err := s.repo.GetByID(context.Background(), "a1")
	close(f.release)
	if err != nil {
		t.Fatal(err)
	}
	if a.Stage != analysis.StageAnalyzing || a.CurrentStage != budget.WaitingText {
		t.Errorf("row while waiting: stage %q %q, want %q %q", a.Stage, a.CurrentStage, analysis.StageAnalyzing, budget.WaitingText)
	}
	s.waitFor(t, "a1", completed)
}

// TestStageHistoryKept: a completed analysis whose stages all ended at
// once (any analyzer: the built-in one, a cached answer), still has every stage in its history,
// in order, with the times they began.
func TestStageHistoryKept(t *testing.T) {
	t.Parallel()
	pl := &pipeline.Pipeline{
		Extractor: pipeline.ExtractFunc(func(_ context.Context, _ string, data []byte, _ bool) (*pipeline.Extracted, error) {
			return &pipeline.Extracted{Text: string(data), Format: "txt"}, nil
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
