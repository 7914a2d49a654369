package versions_test

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"testing"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/db"
	"github.com/spade-bpmn/spade/pkg/testenv"
	"github.com/spade-bpmn/spade/pkg/versions"
)

func TestMain(m *testing.M) { testenv.Main(m) }

func TestRepo(t *testing.T) {
	for name, url := range testenv.Databases(t) {
		t.Run(name, func(t *testing.T) {
			d, err := db.Open(url)
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			ctx := context.Background()
			if err := d.Migrate(ctx, slog.New(slog.DiscardHandler)); err != nil {
				t.Fatal(err)
			}
			ar := analysis.NewRepo(d.DB)
			a := &analysis.Analysis{ID: "v1", AccountID: "acc", AnalyzerType: analysis.TypeDocument, OriginalFilename: "x.txt", BlobKey: "v1"}
			if err := ar.Create(ctx, a); err != nil {
				t.Fatal(err)
			}
			generatedWarning := analysis.LogicWarning{Rule: "no-dead-end", Title: "Steps that cannot reach an end", Message: "loops for ever", ElementID: "Task_1", Element: "Remind"}
			if err := ar.Complete(ctx, "v1", analysis.Result{ProcessName: "P", ModelJSON: `{"process_name":"P"}`, FormattedText: "generated",
				Metadata: analysis.Metadata{Model: "builtin", Warnings: []analysis.LogicWarning{generatedWarning}}}); err != nil {
				t.Fatal(err)
			}
			if err := ar.SetGraph(ctx, "v1", analysis.GraphCompleted, "<definitions/>", ""); err != nil {
				t.Fatal(err)
			}
			a, _ = ar.Get(ctx, "acc", "v1")
			r := versions.NewRepo(d.DB)

			list, err := r.List(ctx, a)
			if err != nil || len(list) != 1 || list[0].Version != 1 || list[0].Source != versions.SourceAnalysis {
				t.Fatalf("List before any edit = %+v, %v", list, err)
			}

			// Two editors save on version 1 at once: exactly one wins.
			var wg sync.WaitGroup
			results := make([]error, 2)
			for i := range results {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, results[i] = r.Save(ctx, a, 1, versions.Version{Source: versions.SourceEdit, Author: "u", ProcessName: "P", ModelJSON: `{"process_name":"P2"}`, BPMNXML: "<edited/>", FormattedText: "edited"})
				}()
			}
			wg.Wait()
			wins, conflicts := 0, 0
			for _, err := range results {
				switch {
				case err == nil:
					wins++
				case errors.Is(err, versions.ErrConflict):
					conflicts++
				default:
					t.Fatalf("Save: %v", err)
				}
			}
			if wins != 1 || conflicts != 1 {
				t.Fatalf("concurrent saves: %d won, %d conflicts; want 1 and 1", wins, conflicts)
			}
			if _, err := r.Save(ctx, a, 1, versions.Version{Source: versions.SourceEdit}); !errors.Is(err, versions.ErrConflict) {
				t.Fatalf("save on an old base = %v, want ErrConflict", err)
			}
			cur, _ := ar.Get(ctx, "acc", "v1")
			if cur.Version != 2 || cur.BPMNXML != "<edited/>" || cur.FormattedText != "edited" || !cur.ToView().Edited {
				t.Fatalf("analysis after save = version %d, xml %q, text %q", cur.Version, cur.BPMNXML, cur.FormattedText)
			}
			// The edited model has no logic warnings: the generated model's
			// are gone, the rest of the metadata stays.
			if meta := cur.ParseMetadata(); len(meta.Warnings) != 0 || meta.Model != "builtin" {
				t.Fatalf("metadata after save = %+v, want no warnings and the model kept", meta)
			}
			v1, err := r.Get(ctx, cur, 1)
			if err != nil || v1.BPMNXML != "<definitions/>" || v1.FormattedText != "generated" {
				t.Fatalf("version 1 = %+v, %v", v1, err)
			}
			n, err := r.Save(ctx, cur, 2, versions.Version{Source: versions.SourceRestore, ProcessName: v1.ProcessName, BPMNXML: v1.BPMNXML, ModelJSON: v1.ModelJSON, FormattedText: v1.FormattedText,
				Warnings: []analysis.LogicWarning{generatedWarning}})
			if err != nil || n != 3 {
				t.Fatalf("restore = %d, %v", n, err)
			}
			restored, _ := ar.Get(ctx, "acc", "v1")
			if meta := restored.ParseMetadata(); len(meta.Warnings) != 1 || meta.Warnings[0] != generatedWarning || meta.Model != "builtin" {
				t.Fatalf("metadata after restore = %+v, want the warning back", meta)
			}
			list, _ = r.List(ctx, cur)
			if len(list) != 3 || list[2].Source != versions.SourceRestore {
				t.Fatalf("List = %+v", list)
			}
			if _, err := r.Get(ctx, cur, 9); !errors.Is(err, versions.ErrNotFound) {
				t.Fatalf("Get(9) = %v", err)
			}
			if _, err := ar.Delete(ctx, "acc", "v1"); err != nil {
				t.Fatal(err)
			}
			var left int64
			d.DB.Model(&versions.Version{}).Where("analysis_id = ?", "v1").Count(&left)
			if left != 0 {
				t.Fatalf("%d versions left after the analysis was deleted", left)
			}
		})
	}
}
