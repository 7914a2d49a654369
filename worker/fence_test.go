package worker

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/queue"
	"github.com/spade-bpmn/spade/pkg/tasks"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// TestFencedRun: two runs of one analysis. The first run's lease is taken
// over while it waits for the LLM (its worker froze; simulated by
// rewriting the lease's value as a takeover leaves it). At its next
// extension the run learns it: its context ends with queue.ErrLeaseLost,
// its token leaves the row, so that its later writes are refused, and its
// task ends without a retry although its step goes on after its context
// ended. The run that took over completes, and the analysis has exactly
// one result, the second run's. On the in-process Redis and on a real one.
func TestFencedRun(t *testing.T) {
	for _, tc := range testenv.RedisBackends() {
		t.Run(tc.Name, func(t *testing.T) {
			started, unblock := make(chan struct{}), make(chan struct{})
			cause := make(chan error, 1)
			var calls atomic.Int32
			pl := &pipeline.Pipeline{
				Extractor: pipeline.ExtractFunc(func(_ context.Context, _ string, data []byte, _ bool) (*pipeline.Extracted, error) {
					return &pipeline.Extracted{Text: string(data), Format: "txt"}, nil
				}),
				Analyzer: pipeline.AnalyzeFunc(func(ctx context.Context, _ llm.Provider, _ llm.Input) (*llm.Result, error) {
					if calls.Add(1) > 1 {
						return &llm.Result{Model: process.Model{ProcessName: "second"}}, nil
					}
					close(started)
					<-ctx.Done()
					cause <- context.Cause(ctx)
					// A step that goes on after its context ended (a
					// frozen process that wakes up) and has a result.
					<-unblock
					return &llm.Result{Model: process.Model{ProcessName: "first"}}, nil
				}),
			}
			s := newStackOn(t, tc.URL(t), Config{RunLease: 300 * time.Millisecond}, pl)
			ctx := context.Background()
			const id = "fenced"
			s.add(t, id, analysis.TypeDocument, "order.txt", 100)
			if err := s.q.EnqueueProcess(ctx, id); err != nil {
				t.Fatal(err)
			}
			<-started
			key := leaseKey(tasks.TypeAnalysisProcess + ":" + id)
			v, err := s.q.Redis.Get(ctx, key).Result()
			if err != nil {
				t.Fatal(err)
			}
			first := strings.Fields(v)[0]
			if got := runTokenOf(t, s, id); got != first {
				t.Fatalf("the row names run %q, want the first run's %q", got, first)
			}
			if err := s.q.Redis.Set(ctx, key, "taken "+first, time.Minute).Err(); err != nil {
				t.Fatal(err)
			}
			select {
			case err := <-cause:
				if !errors.Is(err, queue.ErrLeaseLost) {
					t.Fatalf("the first run's context ended with %v, want ErrLeaseLost", err)
				}
			case <-time.After(time.Minute): // a hang guard, not a timing assertion
				t.Fatal("the first run never learnt that its lease was taken over")
			}
			// The first run fenced itself: its writes are refused.
			for start := time.Now(); runTokenOf(t, s, id) == first; time.Sleep(10 * time.Millisecond) {
				if time.Since(start) > time.Minute {
					t.Fatal("the first run's token stayed on the row")
				}
			}
			if err := s.repo.Run(id, first).Complete(ctx, analysis.Result{ProcessName: "first"}); !errors.Is(err, analysis.ErrSuperseded) {
				t.Errorf("a write of the first run: %v, want ErrSuperseded", err)
			}

			// The run that took over completes while the first still runs.
			next, err := tasks.NewAnalysisProcessTask(id, tasks.Options{Kind: "after-" + first})
			if err != nil {
				t.Fatal(err)
			}
			if err := s.q.Enqueue(ctx, next); err != nil {
				t.Fatal(err)
			}
			s.waitFor(t, id, completed)
			close(unblock)
			plain := tasks.TaskID(tasks.TypeAnalysisProcess, id, "")
			for start := time.Now(); ; time.Sleep(10 * time.Millisecond) {
				live, err := s.q.Live(ctx, plain)
				if err != nil {
					t.Fatal(err)
				}
				if !live {
					break
				}
				if time.Since(start) > time.Minute {
					t.Fatal("the first run's task never ended (or is retried)")
				}
			}
			a, err := s.repo.GetByID(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(a.StagesLog, analysis.StageCompleted+"@"); a.ProcessName != "second" || a.Status != analysis.StatusCompleted || n != 1 || calls.Load() != 2 {
				t.Errorf("row: %s %q, completed %d times, %d LLM calls; want the second run's one result:\n%s",
					a.Status, a.ProcessName, n, calls.Load(), a.StagesLog)
			}
		})
	}
}

// runTokenOf is the run token on analysis id's row.
func runTokenOf(t *testing.T, s *stack, id string) string {
	t.Helper()
	var token string
	if err := s.db.Raw(`SELECT run_token FROM analyses WHERE id = ?`, id).Scan(&token).Error; err != nil {
		t.Fatal(err)
	}
	return token
}

// waitEnded waits until no task of type typ on analysis id is live.
func waitEnded(t *testing.T, s *stack, typ, id string) {
	t.Helper()
	for start := time.Now(); ; time.Sleep(10 * time.Millisecond) {
		live, err := s.q.Live(context.Background(), tasks.TaskID(typ, id, ""))
		if err != nil {
			t.Fatal(err)
		}
		if !live {
			return
		}
		if time.Since(start) > time.Minute { // a hang guard, not a timing assertion
			t.Fatalf("the %s task never ended (or is retried)", typ)
		}
	}
}

// leaseToken is the token of the run lease of task typ on analysis id.
func leaseToken(t *testing.T, s *stack, typ, id string) string {
	t.Helper()
	v, err := s.q.Redis.Get(context.Background(), leaseKey(typ+":"+id)).Result()
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(v)[0]
}

// TestFencedGraphRun: a graph task's run (the diagram of a completed
// analysis) writes its lease's token on the row; once its run is taken
// over (the takeover clears the token, analysis.Repo.Supersede), the
// diagram it still draws is refused, and its task ends without a retry.
func TestFencedGraphRun(t *testing.T) {
	for _, tc := range testenv.RedisBackends() {
		t.Run(tc.Name, func(t *testing.T) {
			started, unblock := make(chan struct{}), make(chan struct{})
			pl := &pipeline.Pipeline{
				Builder: pipeline.BuildFunc(func(context.Context, *process.Model) ([]byte, error) {
					close(started)
					<-unblock
					return []byte("<old/>"), nil
				}),
			}
			s := newStackOn(t, tc.URL(t), Config{}, pl)
			ctx := context.Background()
			const id = "fenced-graph"
			s.add(t, id, analysis.TypeDocument, "order.txt", 100)
			if err := s.repo.Complete(ctx, id, analysis.Result{ProcessName: "p", ModelJSON: `{"process_name":"p"}`}); err != nil {
				t.Fatal(err)
			}
			if err := s.q.EnqueueGraph(ctx, id); err != nil {
				t.Fatal(err)
			}
			<-started
			token := leaseToken(t, s, tasks.TypeAnalysisGraph, id)
			if got := runTokenOf(t, s, id); got != token {
				t.Fatalf("the row names run %q, want the graph run's %q", got, token)
			}
			if err := s.repo.Supersede(ctx, id, token); err != nil {
				t.Fatal(err)
			}
			close(unblock)
			waitEnded(t, s, tasks.TypeAnalysisGraph, id)
			a, err := s.repo.GetByID(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if a.BPMNXML != "" || a.GraphStatus != analysis.GraphPending {
				t.Errorf("diagram %q (%s) written by a graph run that was taken over", a.BPMNXML, a.GraphStatus)
			}
		})
	}
}

// TestFencedFailureRefundsNothing: a run that was taken over before it
// noticed (its lease's next extension is far off) and then fails through
// no fault of the user's gives back no daily call: its failure write is
// refused, and the refund goes only with a failure write that lands.
func TestFencedFailureRefundsNothing(t *testing.T) {
	for _, tc := range testenv.RedisBackends() {
		t.Run(tc.Name, func(t *testing.T) {
			started, unblock := make(chan struct{}), make(chan struct{})
			pl := &pipeline.Pipeline{
				// It fails in the first stage, before any stage write
				// after Begin could tell the run that it was taken over.
				Extractor: pipeline.ExtractFunc(func(context.Context, string, []byte, bool) (*pipeline.Extracted, error) {
					close(started)
					<-unblock
					return nil, fmt.Errorf("extract: %w", llm.ErrAuth)
				}),
			}
			r := &seenRefunder{}
			s := newStackOn(t, tc.URL(t), Config{}, pl, r)
			ctx := context.Background()
			const id = "fenced-refund"
			s.add(t, id, analysis.TypeDocument, "order.txt", 100)
			if err := s.q.EnqueueProcess(ctx, id); err != nil {
				t.Fatal(err)
			}
			<-started
			token := leaseToken(t, s, tasks.TypeAnalysisProcess, id)
			// What a takeover writes on the row; the run has not noticed.
			if err := s.repo.Supersede(ctx, id, token); err != nil {
				t.Fatal(err)
			}
			close(unblock)
			waitEnded(t, s, tasks.TypeAnalysisProcess, id)
			a, err := s.repo.GetByID(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if seen := r.statuses(); len(seen) != 0 || a.Status == analysis.StatusFailed {
				t.Errorf("a run taken over: %d refunds, row %s; want none, and the row not failed by it", len(seen), a.Status)
			}
		})
	}
}
