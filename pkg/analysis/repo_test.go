package analysis_test

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/db"
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
