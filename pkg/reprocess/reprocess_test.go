package reprocess

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/db"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/tasks"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// recorder is a queue that remembers what was enqueued.
type recorder struct {
	mu    sync.Mutex
	tasks []*asynq.Task
	at    []time.Time
	fail  bool
}

func (r *recorder) EnqueueContext(_ context.Context, t *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail {
		return nil, fmt.Errorf("redis down")
	}
	r.tasks = append(r.tasks, t)
	var at time.Time
	for _, o := range opts {
		if o.Type() == asynq.ProcessAtOpt {
			at = o.Value().(time.Time)
		}
	}
	r.at = append(r.at, at)
	return &asynq.TaskInfo{}, nil
}

func openDB(t *testing.T, url string) *db.DB {
	t.Helper()
	d, err := db.Open(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Close() })
	if err := d.Migrate(context.Background(), slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	return d
}

func seed(t *testing.T, d *db.DB) {
	t.Helper()
	base := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	if err := d.Exec(`INSERT INTO accounts (id, name, created_at, updated_at) VALUES ('acc1', 'acme', ?, ?), ('acc2', 'other', ?, ?)`, base, base, base, base).Error; err != nil {
		t.Fatal(err)
	}
	rows := []analysis.Analysis{
		{ID: "a1", AccountID: "acc1", AnalyzerType: "document", Status: "completed", ModelJSON: `{"process_name":"A"}`, BlobKey: "b1", MetadataJSON: `{"model":"builtin"}`, CreatedAt: base},
		{ID: "a2", AccountID: "acc1", AnalyzerType: "image", Status: "completed", ModelJSON: `{"process_name":"B"}`, BlobKey: "b2", MetadataJSON: `{"model":"gemini-2.0-flash"}`, CreatedAt: base.Add(24 * time.Hour)},
		{ID: "a3", AccountID: "acc2", AnalyzerType: "document", Status: "failed", BlobKey: "b3", MetadataJSON: `{}`, CreatedAt: base.Add(48 * time.Hour)},
		{ID: "a4", AccountID: "acc2", AnalyzerType: "bpmn", Status: "completed", ModelJSON: "", BlobKey: "b4", MetadataJSON: `{}`, CreatedAt: base.Add(72 * time.Hour)},
		{ID: "a5", AccountID: "acc1", AnalyzerType: "document", Status: "running", ModelJSON: `{}`, BlobKey: "b5", MetadataJSON: `{}`, CreatedAt: base},
	}
	for i := range rows {
		rows[i].Stage, rows[i].UpdatedAt = rows[i].Status, base
		if err := d.Create(&rows[i]).Error; err != nil {
			t.Fatal(err)
		}
	}
}

func day(s string) *time.Time {
	t, err := ParseDate(s)
	if err != nil {
		panic(err)
	}
	return &t
}

func TestReprocess(t *testing.T) {
	for name, url := range testenv.Databases(t) {
		t.Run(name, func(t *testing.T) {
			d := openDB(t, url)
			seed(t, d)
			q := &recorder{}
			s := New(d.DB, q, nil, "builtin/")

			for _, tc := range []struct {
				p    Params
				want int
			}{
				{Params{Stage: StageGraph}, 2},
				{Params{Stage: StageAnalysis}, 4},
				{Params{Stage: StageAnalysis, Analyzer: "document"}, 1 + 1},
				{Params{Stage: StageGraph, Account: "acme"}, 2},
				{Params{Stage: StageAnalysis, Account: "other"}, 2},
				{Params{Stage: StageAnalysis, Since: day("2026-03-02"), Until: day("2026-03-04")}, 2},
				{Params{Stage: StageGraph, Model: "gemini-2.0-flash"}, 1},
				{Params{Stage: StageGraph, Model: "gemini"}, 0},
			} {
				if tc.p.Stage == StageGraph && tc.p.Model == "" && tc.p.Account == "" {
					// An analysis a person edited is never replaced unless asked.
					if err := d.DB.Exec("UPDATE analyses SET version = 3 WHERE id = (SELECT MIN(id) FROM analyses WHERE status = 'completed' AND model_json <> '')").Error; err != nil {
						t.Fatal(err)
					}
					if m, _, _ := s.Plan(context.Background(), tc.p); m != tc.want-1 {
						t.Errorf("Plan with an edited analysis = %d, want %d", m, tc.want-1)
					}
					p := tc.p
					p.IncludeEdited = true
					if m, _, _ := s.Plan(context.Background(), p); m != tc.want {
						t.Errorf("Plan(include edited) = %d, want %d", m, tc.want)
					}
					d.DB.Exec("UPDATE analyses SET version = 1")
				}
				m, pend, err := s.Plan(context.Background(), tc.p)
				if err != nil {
					t.Fatal(err)
				}
				if m != tc.want || pend != tc.want {
					t.Errorf("Plan(%+v) = %d matched, %d pending; want %d", tc.p, m, pend, tc.want)
				}
			}

			run := func(p Params) *Run {
				r, err := s.Create(context.Background(), p, "ops@example.com")
				if err != nil {
					t.Fatal(err)
				}
				if err := s.Execute(context.Background(), r); err != nil {
					t.Fatal(err)
				}
				got, err := s.Get(context.Background(), r.ID)
				if err != nil {
					t.Fatal(err)
				}
				return got
			}

			r1 := run(Params{Stage: StageGraph, Rate: 2})
			if r1.Matched != 2 || r1.Enqueued != 2 || r1.Status != RunRunning || r1.Params.Rate != 2 {
				t.Fatalf("first run: %+v", r1)
			}
			if len(q.tasks) != 2 || q.tasks[0].Type() != tasks.TypeAnalysisGraph {
				t.Fatalf("enqueued %d tasks", len(q.tasks))
			}
			if gap := q.at[1].Sub(q.at[0]); gap != 500*time.Millisecond {
				t.Errorf("rate 2/s: tasks %s apart, want 500ms", gap)
			}
			// Running it again while the first is still queued enqueues nothing.
			r2 := run(Params{Stage: StageGraph})
			if r2.Enqueued != 0 || r2.Skipped != 2 || r2.Status != RunCompleted {
				t.Fatalf("second run: %+v", r2)
			}
			if _, pend, _ := s.Plan(context.Background(), Params{Stage: StageGraph}); pend != 0 {
				t.Errorf("dry run after a run: %d pending, want 0", pend)
			}

			// The worker finishes one task well and one badly.
			ok, bad := Kind(r1.ID), Kind(r1.ID)
			runOK, _ := RunOf(tasks.TaskID(tasks.TypeAnalysisGraph, "a1", ok))
			runBad, _ := RunOf(tasks.TaskID(tasks.TypeAnalysisGraph, "a2", bad))
			if err := s.Finish(context.Background(), runOK, StageGraph, "a1", nil); err != nil {
				t.Fatal(err)
			}
			if err := s.Finish(context.Background(), runOK, StageGraph, "a1", nil); err != nil { // duplicate delivery
				t.Fatal(err)
			}
			if err := s.Finish(context.Background(), runBad, StageGraph, "a2", failure.Permanent("The stored model is unreadable.", nil)); err != nil {
				t.Fatal(err)
			}
			r1, _ = s.Get(context.Background(), r1.ID)
			if r1.Done != 1 || r1.Failed != 1 || r1.Status != RunCompleted || r1.FinishedAt == nil {
				t.Fatalf("after finishing: %+v", r1)
			}
			// The failed one is taken again by the next run, the done one not.
			r3 := run(Params{Stage: StageGraph})
			if r3.Enqueued != 1 || r3.Skipped != 1 {
				t.Fatalf("third run: %+v", r3)
			}
			// A changed model is new work.
			if err := d.Exec(`UPDATE analyses SET model_json = '{"process_name":"A2"}' WHERE id = 'a1'`).Error; err != nil {
				t.Fatal(err)
			}
			if _, pend, _ := s.Plan(context.Background(), Params{Stage: StageGraph}); pend != 1 {
				t.Errorf("after a model change: %d pending, want 1", pend)
			}
			// A queue outage fails the run and gives the item back.
			q.fail = true
			r4, err := s.Create(context.Background(), Params{Stage: StageAnalysis}, "")
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Execute(context.Background(), r4); err == nil {
				t.Fatal("Execute with the queue down should fail")
			}
			r4, _ = s.Get(context.Background(), r4.ID)
			if r4.Status != RunFailed || r4.Detail == "" {
				t.Fatalf("run with the queue down: %+v", r4)
			}
			q.fail = false
			if _, pend, _ := s.Plan(context.Background(), Params{Stage: StageAnalysis}); pend != 4 {
				t.Errorf("after a failed enqueue: %d pending, want 4", pend)
			}
			runs, err := s.List(context.Background(), 10)
			if err != nil || len(runs) != 4 {
				t.Fatalf("List: %d runs, %v", len(runs), err)
			}
		})
	}
}

func TestMiddleware(t *testing.T) {
	d := openDB(t, "sqlite://"+t.TempDir()+"/db.sqlite")
	seed(t, d)
	s := New(d.DB, &recorder{}, nil, "")
	r, _ := s.Create(context.Background(), Params{Stage: StageAnalysis}, "")
	if err := s.Execute(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	calls := 0
	h := s.Middleware()(asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		calls++
		p, _ := tasks.ParsePayload(t.Payload())
		if p.AnalysisID == "a3" {
			return fmt.Errorf("%w: bad file", asynq.SkipRetry)
		}
		return nil
	}))
	for _, id := range []string{"a1", "a2", "a3", "a4"} {
		task, _ := tasks.NewAnalysisProcessTask(id, tasks.Options{Queue: tasks.QueueReprocess, Kind: Kind(r.ID)})
		// Outside a server the context has no task id: the middleware
		// must pass the task through without recording.
		_ = h.ProcessTask(context.Background(), task)
	}
	if calls != 4 {
		t.Fatalf("handler ran %d times", calls)
	}
	r, _ = s.Get(context.Background(), r.ID)
	if r.Done != 0 || r.Failed != 0 {
		t.Fatalf("recorded without a task id: %+v", r)
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		ok   bool
	}{{"", 0, true}, {"5", 5, true}, {"2/s", 2, true}, {"120/m", 2, true}, {"3600/h", 1, true}, {"x/s", 0, false}, {"1/d", 0, false}, {"-1", 0, false}} {
		got, err := ParseRate(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseRate(%q) = %v, %v", tc.in, got, err)
		}
	}
	if _, err := ParseDate("2026-13-01"); err == nil {
		t.Error("bad date accepted")
	}
	if d, err := ParseDate("2026-01-02"); err != nil || d.Day() != 2 {
		t.Errorf("ParseDate: %v %v", d, err)
	}
	for _, tc := range []struct {
		id, run string
		ok      bool
	}{{"a:graph:rp-123", "123", true}, {"a:graph", "", false}, {"a:process:rp-", "", false}} {
		got, ok := RunOf(tc.id)
		if got != tc.run || ok != tc.ok {
			t.Errorf("RunOf(%q) = %q %v", tc.id, got, ok)
		}
	}
	for _, p := range []Params{{Stage: "x"}, {Stage: "graph", Analyzer: "pdf"}, {Stage: "graph", Rate: -1}, {Stage: "graph", Since: day("2026-02-02"), Until: day("2026-02-01")}} {
		if err := p.Validate(); err == nil {
			t.Errorf("Validate(%+v) accepted", p)
		} else if _, ok := failure.Detail(err); !ok {
			t.Errorf("Validate(%+v): no detail", p)
		}
	}
}

func FuzzParseRate(f *testing.F) {
	for _, s := range []string{"", "1", "2/s", "3/m", "4/h", "1e3/s", "/", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRate(s)
		if err == nil && (r < 0 || r != r) {
			t.Fatalf("ParseRate(%q) = %v", s, r)
		}
	})
}

func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2026-01-02", "2026-01-02T03:04:05Z", "2026-01-02T03:04:05", "x", "", "2026-02-30"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDate(s)
		if err == nil && d.Location() != time.UTC {
			t.Fatalf("ParseDate(%q) not in UTC: %v", s, d)
		}
		if err != nil {
			if _, ok := failure.Detail(err); !ok {
				t.Fatalf("ParseDate(%q): error without a detail: %v", s, err)
			}
		}
	})
}
