package analysis_test

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/db"
	"github.com/spade-bpmn/spade/pkg/membership"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// openRepo opens the database at url, migrated, for the test's lifetime.
func openRepo(t *testing.T, url string) *analysis.Repo {
	t.Helper()
	d, err := db.Open(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Close() })
	if err := d.Migrate(context.Background(), slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	return analysis.NewRepo(d.DB)
}

func TestRepo(t *testing.T) {
	for name, url := range testenv.Databases(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			r := openRepo(t, url)
			a := &analysis.Analysis{ID: "a1", AccountID: "acc", AnalyzerType: analysis.TypeDocument, OriginalFilename: "x.txt", BlobKey: "a1"}
			if err := r.Create(ctx, a); err != nil {
				t.Fatal(err)
			}
			for _, st := range []string{analysis.StageExtractingText, analysis.StageAnalyzing} {
				if err := r.SetStage(ctx, "a1", st); err != nil {
					t.Fatal(err)
				}
			}
			if err := r.Run("a1", "").SetStages(ctx, nil); err != nil {
				t.Fatal(err)
			}
			// A stage the worker held back goes with the result.
			held := []analysis.StageMark{{Stage: analysis.StageBuildingModel, At: time.Now()}}
			if err := r.Complete(ctx, "a1", analysis.Result{ProcessName: "P", ModelJSON: `{"process_name":"P"}`, Stages: held}); err != nil {
				t.Fatal(err)
			}
			if err := r.SetGraph(ctx, "a1", analysis.GraphCompleted, "<definitions/>", ""); err != nil {
				t.Fatal(err)
			}
			full, err := r.Get(ctx, "acc", "a1")
			if err != nil || full.BPMNXML == "" || full.ModelJSON == "" {
				t.Fatalf("Get = %+v, %v", full, err)
			}
			view, err := r.GetView(ctx, "acc", "a1")
			if err != nil || view.BPMNXML != "" || view.ModelJSON != "" || view.ProcessName != "P" || view.GraphStatus != analysis.GraphCompleted {
				t.Fatalf("GetView = %+v, %v", view, err)
			}
			var stages []string
			for _, m := range view.ParseStages() {
				stages = append(stages, m.Stage)
			}
			if got := filepath.Join(stages...); got != "queued/extracting_text/analyzing/building_model/completed" {
				t.Errorf("stages = %s", got)
			}
			if _, err := r.Get(ctx, "other", "a1"); !errors.Is(err, analysis.ErrNotFound) {
				t.Errorf("other account: err = %v, want ErrNotFound", err)
			}
			if _, err := r.GetView(ctx, "other", "a1"); !errors.Is(err, analysis.ErrNotFound) {
				t.Errorf("other account view: err = %v, want ErrNotFound", err)
			}
		})
	}
}

// TestCompleteLargeColumns: a result with columns of a MB and more is
// written a column per statement in one transaction; the row ends the same
// as after a small result's single statement.
func TestCompleteLargeColumns(t *testing.T) {
	big := func(c string) string { return strings.Repeat(c, 1<<20+1) }
	for name, url := range testenv.Databases(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			r := openRepo(t, url)
			for _, tc := range []struct {
				name string
				res  analysis.Result
				// bpmn is the diagram stored before the result.
				bpmn string
			}{
				{"small", analysis.Result{ProcessName: "P", ModelJSON: "{}", FormattedText: "text", BPMNXML: "<d/>", SourceText: "src"}, ""},
				{"all large", analysis.Result{ProcessName: "P", ModelJSON: big("m"), FormattedText: big("f"), BPMNXML: big("b"), SourceText: big("s")}, ""},
				{"some large", analysis.Result{ProcessName: "P", ModelJSON: big("m"), FormattedText: "text", SourceText: "src"}, "<kept/>"},
			} {
				t.Run(tc.name, func(t *testing.T) {
					id := strings.ReplaceAll(tc.name, " ", "-")
					if err := r.Create(ctx, &analysis.Analysis{ID: id, AccountID: "acc", AnalyzerType: analysis.TypeBPMN, OriginalFilename: "x.bpmn", BlobKey: id}); err != nil {
						t.Fatal(err)
					}
					if tc.bpmn != "" {
						if err := r.SetGraph(ctx, id, analysis.GraphNone, tc.bpmn, ""); err != nil {
							t.Fatal(err)
						}
					}
					if err := r.Complete(ctx, id, tc.res); err != nil {
						t.Fatal(err)
					}
					a, err := r.Get(ctx, "acc", id)
					if err != nil {
						t.Fatal(err)
					}
					if a.SourceText, err = r.SourceText(ctx, "acc", id); err != nil {
						t.Fatal(err)
					}
					wantXML := tc.res.BPMNXML
					if wantXML == "" {
						wantXML = tc.bpmn
					}
					if a.Status != analysis.StatusCompleted || a.ProcessName != "P" || a.ModelJSON != tc.res.ModelJSON ||
						a.FormattedText != tc.res.FormattedText || a.BPMNXML != wantXML || a.SourceText != tc.res.SourceText {
						t.Errorf("row after Complete: status %s, name %q, sizes model %d, text %d, xml %d (want %d), source %d",
							a.Status, a.ProcessName, len(a.ModelJSON), len(a.FormattedText), len(a.BPMNXML), len(wantXML), len(a.SourceText))
					}
				})
			}
			// An unknown analysis: not found, and nothing written.
			err := r.Complete(ctx, "missing", analysis.Result{ModelJSON: big("m")})
			if !errors.Is(err, analysis.ErrNotFound) {
				t.Errorf("Complete of a missing analysis: %v, want ErrNotFound", err)
			}
		})
	}
}

// TestRunFence: of two runs of one analysis, the one that began last
// holds the row: the other's stages, wait texts, result and failure change
// nothing (ErrSuperseded); a takeover (Supersede) fences the old run even
// before a new one begins; a run that begins after another completed is
// refused; a run without a token (a reprocess) writes as before. On
// SQLite and PostgreSQL.
func TestRunFence(t *testing.T) {
	for name, url := range testenv.Databases(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			r := openRepo(t, url)
			for _, id := range []string{"f1", "f2"} {
				if err := r.Create(ctx, &analysis.Analysis{ID: id, AccountID: "acc", AnalyzerType: analysis.TypeDocument, OriginalFilename: "x.txt", BlobKey: id}); err != nil {
					t.Fatal(err)
				}
			}
			old, next := r.Run("f1", "old"), r.Run("f1", "next")
			if err := old.Begin(ctx, analysis.StageExtractingText); err != nil {
				t.Fatal(err)
			}
			if err := old.SetStageText(ctx, analysis.StageWaitingProvider, "waiting"); err != nil {
				t.Fatal(err)
			}
			// The old run's worker froze; its run was taken over.
			if err := r.Supersede(ctx, "f1", "old"); err != nil {
				t.Fatal(err)
			}
			if err := old.SetStages(ctx, []analysis.StageMark{{Stage: analysis.StageAnalyzing, At: time.Now()}}); !errors.Is(err, analysis.ErrSuperseded) {
				t.Errorf("old run's stages after the takeover: %v, want ErrSuperseded", err)
			}
			if err := next.Begin(ctx, analysis.StageExtractingText); err != nil {
				t.Fatal(err)
			}
			// A takeover of the old holder found late leaves the new run be.
			if err := r.Supersede(ctx, "f1", "old"); err != nil {
				t.Fatal(err)
			}
			for name, write := range map[string]func() error{
				"stages": func() error {
					return old.SetStages(ctx, []analysis.StageMark{{Stage: analysis.StageAnalyzing, At: time.Now()}})
				},
				"stage text": func() error { return old.SetStageText(ctx, analysis.StageWaitingProvider, "old waits") },
				"result":     func() error { return old.Complete(ctx, analysis.Result{ProcessName: "old"}) },
				"failure":    func() error { return old.Fail(ctx, "old failed") },
				"graph":      func() error { return old.SetGraph(ctx, analysis.GraphCompleted, "<old/>", "") },
			} {
				if err := write(); !errors.Is(err, analysis.ErrSuperseded) {
					t.Errorf("old run's %s: %v, want ErrSuperseded", name, err)
				}
			}
			if err := old.SetWaitText(ctx, "old waits"); err != nil {
				t.Error(err)
			}
			if err := next.Complete(ctx, analysis.Result{ProcessName: "next", ModelJSON: "{}"}); err != nil {
				t.Fatal(err)
			}
			// A run that read the row before it completed.
			if err := old.Begin(ctx, analysis.StageExtractingText); !errors.Is(err, analysis.ErrSuperseded) {
				t.Errorf("Begin after completion: %v, want ErrSuperseded", err)
			}
			a, err := r.GetByID(ctx, "f1")
			if err != nil {
				t.Fatal(err)
			}
			if a.Status != analysis.StatusCompleted || a.ProcessName != "next" || a.Attempt != 2 || a.BPMNXML != "" ||
				strings.Contains(a.StagesLog, analysis.StageAnalyzing) || strings.Contains(a.CurrentStage, "old") {
				t.Errorf("row = status %s, name %q, attempt %d, bpmn %q, current %q, stages %q; want only the new run's writes",
					a.Status, a.ProcessName, a.Attempt, a.BPMNXML, a.CurrentStage, a.StagesLog)
			}
			if err := r.Run("gone", "t").Begin(ctx, analysis.StageExtractingText); !errors.Is(err, analysis.ErrNotFound) {
				t.Errorf("Begin of a deleted analysis: %v, want ErrNotFound", err)
			}
			if err := r.Run("gone", "t").Fail(ctx, "x"); !errors.Is(err, analysis.ErrNotFound) {
				t.Errorf("Fail of a deleted analysis: %v, want ErrNotFound", err)
			}
			// No token: a reprocess writes whatever run began.
			if err := r.Run("f2", "some run").Begin(ctx, analysis.StageExtractingText); err != nil {
				t.Fatal(err)
			}
			if err := r.Complete(ctx, "f2", analysis.Result{ProcessName: "reprocessed"}); err != nil {
				t.Errorf("Complete without a token: %v", err)
			}
		})
	}
}

// TestGraphRunFence: a graph task's run (the diagram drawn after the
// analysis) puts the row in its hands; once another graph run took over,
// the old run's diagram writes are refused, and a graph run begins only
// on a completed analysis.
func TestGraphRunFence(t *testing.T) {
	for name, url := range testenv.Databases(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			r := openRepo(t, url)
			if err := r.Create(ctx, &analysis.Analysis{ID: "g1", AccountID: "acc", AnalyzerType: analysis.TypeDocument, OriginalFilename: "x.txt", BlobKey: "g1"}); err != nil {
				t.Fatal(err)
			}
			old, next := r.Run("g1", "graph-old"), r.Run("g1", "graph-next")
			if err := old.BeginGraph(ctx); !errors.Is(err, analysis.ErrSuperseded) {
				t.Errorf("graph run of an unfinished analysis: %v, want ErrSuperseded", err)
			}
			if err := r.Complete(ctx, "g1", analysis.Result{ProcessName: "p", ModelJSON: "{}"}); err != nil {
				t.Fatal(err)
			}
			if err := old.BeginGraph(ctx); err != nil {
				t.Fatal(err)
			}
			// The old graph run's worker froze; its run was taken over.
			if err := r.Supersede(ctx, "g1", "graph-old"); err != nil {
				t.Fatal(err)
			}
			if err := next.BeginGraph(ctx); err != nil {
				t.Fatal(err)
			}
			if err := old.SetGraph(ctx, analysis.GraphCompleted, "<old/>", ""); !errors.Is(err, analysis.ErrSuperseded) {
				t.Errorf("old graph run's diagram: %v, want ErrSuperseded", err)
			}
			if err := old.SetGraph(ctx, analysis.GraphFailed, "", ""); !errors.Is(err, analysis.ErrSuperseded) {
				t.Errorf("old graph run's failure: %v, want ErrSuperseded", err)
			}
			if err := next.SetGraph(ctx, analysis.GraphCompleted, "<next/>", ""); err != nil {
				t.Fatal(err)
			}
			a, err := r.GetByID(ctx, "g1")
			if err != nil {
				t.Fatal(err)
			}
			if a.BPMNXML != "<next/>" || a.GraphStatus != analysis.GraphCompleted {
				t.Errorf("diagram %q (%s), want only the new graph run's", a.BPMNXML, a.GraphStatus)
			}
			if err := r.Run("gone", "t").BeginGraph(ctx); !errors.Is(err, analysis.ErrNotFound) {
				t.Errorf("graph run of a deleted analysis: %v, want ErrNotFound", err)
			}
			if err := r.Run("g1", "").BeginGraph(ctx); err != nil {
				t.Errorf("graph run without a token: %v", err)
			}
		})
	}
}

// TestFailAndRefund: the refund of an analysis' daily call goes with the
// failure write, in one transaction: given back once when the failure
// lands, never by a run that was taken over or on an analysis finished
// meanwhile, and undone with the failure when it cannot be made.
func TestFailAndRefund(t *testing.T) {
	for name, url := range testenv.Databases(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			d, err := db.Open(url)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = d.Close() })
			if err := d.Migrate(ctx, slog.New(slog.DiscardHandler)); err != nil {
				t.Fatal(err)
			}
			r, ledger := analysis.NewRepo(d.DB), membership.NewLedger(d.DB)
			const subject, day = "user:u1", "2026-11-29"
			for _, id := range []string{"r1", "r2", "r3"} {
				if err := r.Create(ctx, &analysis.Analysis{ID: id, AccountID: "acc", AnalyzerType: analysis.TypeDocument, OriginalFilename: "x.txt", BlobKey: id}); err != nil {
					t.Fatal(err)
				}
				if err := ledger.Take(ctx, subject, day, 0, id); err != nil {
					t.Fatal(err)
				}
			}
			used := func() int {
				n, err := ledger.Used(ctx, subject, day)
				if err != nil {
					t.Fatal(err)
				}
				return n
			}
			refund := func(id string) func(tx *gorm.DB) error {
				return func(tx *gorm.DB) error {
					_, err := ledger.RefundIn(ctx, tx, id)
					return err
				}
			}
			status := func(id string) string {
				a, err := r.GetByID(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				return a.Status
			}

			// r1: the old run was taken over before its failure write.
			old, next := r.Run("r1", "old"), r.Run("r1", "next")
			if err := old.Begin(ctx, analysis.StageExtractingText); err != nil {
				t.Fatal(err)
			}
			if err := r.Supersede(ctx, "r1", "old"); err != nil {
				t.Fatal(err)
			}
			if err := next.Begin(ctx, analysis.StageExtractingText); err != nil {
				t.Fatal(err)
			}
			if err := old.FailAnd(ctx, "old failed", refund("r1")); !errors.Is(err, analysis.ErrSuperseded) {
				t.Errorf("failure of a run taken over: %v, want ErrSuperseded", err)
			}
			if n := used(); n != 3 || status("r1") != analysis.StatusRunning {
				t.Errorf("after a refused failure: %d calls used, status %s; want 3, running", n, status("r1"))
			}
			if err := next.FailAnd(ctx, "failed", refund("r1")); err != nil {
				t.Fatal(err)
			}
			if n := used(); n != 2 || status("r1") != analysis.StatusFailed {
				t.Errorf("after the failure: %d calls used, status %s; want 2, failed", n, status("r1"))
			}
			// A second failure write of the same analysis finds it finished.
			if err := next.FailAnd(ctx, "failed again", refund("r1")); !errors.Is(err, analysis.ErrSuperseded) {
				t.Errorf("second failure: %v, want ErrSuperseded", err)
			}

			// r2: finished by another run; a failure without a token (the
			// retries used up) is refused and gives nothing back.
			if err := r.Complete(ctx, "r2", analysis.Result{ProcessName: "done"}); err != nil {
				t.Fatal(err)
			}
			if err := r.Run("r2", "").FailAnd(ctx, "late", refund("r2")); !errors.Is(err, analysis.ErrSuperseded) {
				t.Errorf("failure of a completed analysis: %v, want ErrSuperseded", err)
			}

			// r3: the refund cannot be made; the failure is undone with it.
			broken := errors.New("ledger down")
			if err := r.Run("r3", "").FailAnd(ctx, "failed", func(*gorm.DB) error { return broken }); !errors.Is(err, broken) {
				t.Errorf("failure whose refund fails: %v, want %v", err, broken)
			}
			if st := status("r3"); st == analysis.StatusFailed {
				t.Errorf("r3 is %s after its refund failed; want it unfinished", st)
			}
			if err := r.Run("r3", "").FailAnd(ctx, "failed", nil); err != nil {
				t.Fatal(err)
			}
			if n := used(); n != 2 || status("r2") != analysis.StatusCompleted || status("r3") != analysis.StatusFailed {
				t.Errorf("%d calls used, r2 %s, r3 %s; want 2, completed, failed", n, status("r2"), status("r3"))
			}
			if err := r.Run("gone", "").FailAnd(ctx, "x", nil); !errors.Is(err, analysis.ErrNotFound) {
				t.Errorf("failure of a deleted analysis: %v, want ErrNotFound", err)
			}
		})
	}
}
