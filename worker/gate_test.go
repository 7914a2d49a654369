package worker

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"math"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/blob"
	"github.com/spade-bpmn/spade/pkg/db"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/queue"
	"github.com/spade-bpmn/spade/pkg/tasks"
)

// TestHeavy: which tasks take a heavy slot.
func TestHeavy(t *testing.T) {
	t.Parallel()
	doc := func(name string, size int64) *analysis.Analysis {
		return &analysis.Analysis{AnalyzerType: analysis.TypeDocument, OriginalFilename: name, SizeBytes: size}
	}
	tests := []struct {
		name string
		typ  string
		a    *analysis.Analysis
		want bool
	}{
		{"small picture", tasks.TypeAnalysisProcess, &analysis.Analysis{AnalyzerType: analysis.TypeImage, SizeBytes: 58 << 10}, true},
		{"small PDF", tasks.TypeAnalysisProcess, doc("a.pdf", 300<<10), false},
		{"large PDF", tasks.TypeAnalysisProcess, doc("a.PDF", 10<<20), true},
		{"DOCX that may inflate", tasks.TypeAnalysisProcess, doc("a.docx", 1<<20), true},
		{"small DOCX", tasks.TypeAnalysisProcess, doc("a.docx", 200<<10), false},
		{"TXT of a million lines", tasks.TypeAnalysisProcess, doc("a.txt", 2<<20), true},
		{"short TXT", tasks.TypeAnalysisProcess, doc("a.txt", 1<<20), false},
		{"small BPMN file", tasks.TypeAnalysisProcess, &analysis.Analysis{AnalyzerType: analysis.TypeBPMN, SizeBytes: 40 << 10}, false},
		{"dense BPMN file", tasks.TypeAnalysisProcess, &analysis.Analysis{AnalyzerType: analysis.TypeBPMN, SizeBytes: 2400 << 10}, true},
		{"diagram of a small model", tasks.TypeAnalysisGraph, &analysis.Analysis{AnalyzerType: analysis.TypeImage, ModelJSON: `{}`}, false},
		{"diagram of a large model", tasks.TypeAnalysisGraph, &analysis.Analysis{AnalyzerType: analysis.TypeDocument, ModelJSON: strings.Repeat("x", heavyModelBytes)}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := heavy(tt.typ, tt.a); got != tt.want {
				t.Errorf("heavy = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestDefaultHeavySlots: one heavy task per core, within the memory limit.
func TestDefaultHeavySlots(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		cores    int
		memLimit int64
		want     int
	}{
		{"no memory limit", 2, math.MaxInt64, 2},
		{"many cores, no limit", 16, math.MaxInt64, 16},
		{"limit holds two", 8, 1 << 30, 2},
		{"limit below one heavy task", 4, 300 << 20, 1},
		{"limit above the cores", 2, 8 << 30, 2},
		{"no cores reported", 0, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DefaultHeavySlots(tt.cores, tt.memLimit); got != tt.want {
				t.Errorf("DefaultHeavySlots(%d, %d) = %d, want %d", tt.cores, tt.memLimit, got, tt.want)
			}
		})
	}
}

// stack is a worker on SQLite, a blob directory and the in-process Redis,
// with the pipeline's steps given by the test.
type stack struct {
	repo  *analysis.Repo
	blobs *blob.Store
	q     *queue.Queue
	w     *Worker
	db    *db.DB
}

// newStack starts the worker; refund, when given, is its Refunder.
func newStack(t *testing.T, cfg Config, pl *pipeline.Pipeline, refund ...Refunder) *stack {
	t.Helper()
	return newStackOn(t, "", cfg, pl, refund...)
}

// newStackOn is newStack on the Redis at redisURL ("": in-process).
func newStackOn(t *testing.T, redisURL string, cfg Config, pl *pipeline.Pipeline, refund ...Refunder) *stack {
	t.Helper()
	d, err := db.Open("sqlite://" + filepath.Join(t.TempDir(), "spade.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Close() })
	log := slog.New(slog.DiscardHandler)
	if err := d.Migrate(context.Background(), log); err != nil {
		t.Fatal(err)
	}
	blobs, err := blob.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	q, err := queue.Open(redisURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = q.Close() })
	if pl.Chooser == nil {
		pl.Chooser = pipeline.ChooseFunc(func(context.Context, *analysis.Analysis) (llm.Provider, llm.Input, string, error) {
			return fakeProvider{}, llm.Input{}, "system", nil
		})
	}
	if pl.Analyzer == nil {
		pl.Analyzer = pipeline.AnalyzeFunc(func(ctx context.Context, p llm.Provider, in llm.Input) (*llm.Result, error) {
			return p.Analyze(ctx, in)
		})
	}
	pl.Renderer = pipeline.RenderFunc(func(m *process.Model) (string, analysis.Metadata) { return m.ProcessName, analysis.Metadata{} })
	if pl.Builder == nil {
		pl.Builder = pipeline.BuildFunc(func(context.Context, *process.Model) ([]byte, error) { return []byte("<definitions/>"), nil })
	}
	if cfg.Concurrency == 0 {
		cfg.Concurrency = 4
	}
	if cfg.TaskCheckInterval == 0 {
		cfg.TaskCheckInterval = 10 * time.Millisecond
	}
	cfg.SweepInterval = time.Hour
	cfg.ShutdownTimeout = 5 * time.Second
	cfg.RetryDelay = func(int) time.Duration { return 20 * time.Millisecond }
	cfg.BusyDelay = 40 * time.Millisecond
	s := &stack{repo: analysis.NewRepo(d.DB), blobs: blobs, q: q, db: d}
	deps := Deps{Repo: s.repo, Blobs: blobs, Queue: q, Pipeline: pl, Log: log}
	if len(refund) > 0 {
		deps.Refunder = refund[0]
	}
	s.w = New(cfg, deps)
	if err := s.w.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.w.Shutdown)
	return s
}

// add stores an upload and its row, as the api does, without enqueuing.
func (s *stack) add(t *testing.T, id, typ, name string, size int) {
	t.Helper()
	ctx := context.Background()
	data := bytes.Repeat([]byte("a"), size)
	if err := s.blobs.Put(ctx, id, bytes.NewReader(data), int64(len(data))); err != nil {
		t.Fatal(err)
	}
	a := &analysis.Analysis{ID: id, AccountID: "acc", AnalyzerType: typ, OriginalFilename: name,
		SizeBytes: int64(size), BlobKey: id, Status: analysis.StatusQueued, Stage: analysis.StageQueued}
	if err := s.repo.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
}

// waitFor polls the row until done says so (the bound is a hang guard,
// not a timing assertion).
func (s *stack) waitFor(t *testing.T, id string, done func(*analysis.Analysis) bool) *analysis.Analysis {
	t.Helper()
	for range 3000 {
		a, err := s.repo.GetByID(context.Background(), id)
		if err == nil && done(a) {
			return a
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("analysis %s never got there", id)
	return nil
}

func completed(a *analysis.Analysis) bool {
	return a.Status == analysis.StatusCompleted && a.GraphStatus == analysis.GraphCompleted
}

type fakeProvider struct{}

func (fakeProvider) Name() string { return "fake" }
func (fakeProvider) Analyze(context.Context, llm.Input) (*llm.Result, error) {
	return &llm.Result{Model: process.Model{ProcessName: "Order handling"}}, nil
}

// gauge counts runs going on at once and their peak.
type gauge struct {
	now, peak, total atomic.Int32
}

func (g *gauge) enter() {
	g.total.Add(1)
	n := g.now.Add(1)
	for {
		p := g.peak.Load()
		if n <= p || g.peak.CompareAndSwap(p, n) {
			return
		}
	}
}

func (g *gauge) leave() { g.now.Add(-1) }

// TestDeadlineNeverOverlaps: asynq gives up on a task whose deadline fired
// and schedules its retry while the first run still goes on (here a slow
// step that never looks at its context). The retry finds the run lease
// held and is put back, without using up a retry, until the first run has
// returned; then it runs, once, and the analysis completes. Two runs of
// the analysis never overlap.
func TestDeadlineNeverOverlaps(t *testing.T) {
	t.Parallel()
	var runs gauge
	started := make(chan struct{}, 10)
	release := make(chan struct{})
	pl := &pipeline.Pipeline{Extractor: pipeline.ExtractFunc(func(ctx context.Context, _ string, data []byte, _ bool) (*pipeline.Extracted, error) {
		runs.enter()
		defer runs.leave()
		started <- struct{}{}
		<-release // slow, and deaf to ctx
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return &pipeline.Extracted{Text: string(data), Format: "txt"}, nil
	})}
	s := newStack(t, Config{}, pl)
	s.add(t, "a1", analysis.TypeDocument, "order.txt", 100)
	b, _ := json.Marshal(tasks.Payload{AnalysisID: "a1"})
	task := asynq.NewTask(tasks.TypeAnalysisProcess, b, asynq.TaskID(tasks.TaskID(tasks.TypeAnalysisProcess, "a1", "")),
		asynq.Queue(tasks.QueueAnalysis), asynq.MaxRetry(tasks.MaxRetry), asynq.Timeout(time.Second)) // asynq counts whole seconds
	if _, err := s.q.Client.Enqueue(task); err != nil {
		t.Fatal(err)
	}
	<-started
	// Wait until the deadline fired and a retry has been refused while the
	// first run goes on.
	id := tasks.TaskID(tasks.TypeAnalysisProcess, "a1", "")
	var refused int
	var last string
	for i := 0; refused == 0; i++ {
		if i == 3000 {
			t.Fatalf("no retry was refused; last error %q", last)
		}
		info, err := s.q.Inspector.GetTaskInfo(tasks.QueueAnalysis, id)
		if err == nil && info.LastErr != last {
			last = info.LastErr
			if strings.Contains(last, errBusy.Error()) {
				refused++
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	if n := runs.total.Load(); n != 1 {
		t.Fatalf("%d runs started while the first went on, want 1", n)
	}
	close(release)
	a := s.waitFor(t, "a1", completed)
	if p, n := runs.peak.Load(), runs.total.Load(); p != 1 || n != 2 {
		t.Errorf("peak %d runs at once over %d runs, want 1 at once over 2 (the one that timed out and its retry)", p, n)
	}
	if a.ProcessName != "Order handling" {
		t.Errorf("process name %q", a.ProcessName)
	}
}

// TestHeavySlots: with one heavy slot, two pictures run one after the
// other, while a light document goes through as they wait.
func TestHeavySlots(t *testing.T) {
	t.Parallel()
	var heavyRuns gauge
	release := make(chan struct{})
	started := make(chan struct{}, 10)
	pl := &pipeline.Pipeline{
		Extractor: pipeline.ExtractFunc(func(_ context.Context, _ string, data []byte, _ bool) (*pipeline.Extracted, error) {
			return &pipeline.Extracted{Text: string(data), Format: "txt"}, nil
		}),
		Analyzer: pipeline.AnalyzeFunc(func(ctx context.Context, p llm.Provider, in llm.Input) (*llm.Result, error) {
			if in.Kind == "image" {
				heavyRuns.enter()
				defer heavyRuns.leave()
				started <- struct{}{}
				<-release
			}
			return p.Analyze(ctx, in)
		}),
	}
	s := newStack(t, Config{Concurrency: 4, HeavySlots: 1}, pl)
	ctx := context.Background()
	for _, id := range []string{"p1", "p2"} {
		s.add(t, id, analysis.TypeImage, id+".png", 100)
		if err := s.q.EnqueueProcess(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	<-started
	s.add(t, "d1", analysis.TypeDocument, "order.txt", 100)
	if err := s.q.EnqueueProcess(ctx, "d1"); err != nil {
		t.Fatal(err)
	}
	s.waitFor(t, "d1", completed)
	if n := heavyRuns.total.Load(); n != 1 {
		t.Fatalf("%d pictures started with one heavy slot, want 1", n)
	}
	close(release)
	for _, id := range []string{"p1", "p2"} {
		s.waitFor(t, id, completed)
	}
	if p := heavyRuns.peak.Load(); p != 1 {
		t.Errorf("%d pictures ran at once, want 1", p)
	}
}

// TestReleaseHeavyFreesMemoryWhenLast: the heavy task that ends last hands
// memory back to the OS; one ending while another still runs does not.
func TestReleaseHeavyFreesMemoryWhenLast(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		running int // heavy tasks holding a slot before the releases
		release int
		frees   int
	}{
		{"the only one", 1, 1, 1},
		{"one of two ends", 2, 1, 0},
		{"both end", 2, 2, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			frees := 0
			g := &gate{slots: make(chan struct{}, 2), freeOS: func() { frees++ }}
			for range tt.running {
				g.slots <- struct{}{}
			}
			for range tt.release {
				g.releaseHeavy()
			}
			if frees != tt.frees {
				t.Errorf("%d frees, want %d", frees, tt.frees)
			}
		})
	}
}
