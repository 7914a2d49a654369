package resultcache_test

import (
	"context"
	"log/slog"
	"testing"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/db"
	"github.com/spade-bpmn/spade/pkg/resultcache"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

func TestStore(t *testing.T) {
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
			for _, id := range []string{"r1", "r2", "r3"} {
				if err := ar.Create(ctx, &analysis.Analysis{ID: id, AccountID: "acc", AnalyzerType: analysis.TypeDocument, OriginalFilename: "x.txt", BlobKey: id}); err != nil {
					t.Fatal(err)
				}
			}
			if err := ar.Complete(ctx, "r1", analysis.Result{ProcessName: "P", ModelJSON: `{"process_name":"P"}`, Metadata: analysis.Metadata{ModelName: "gpt-4o-mini"}}); err != nil {
				t.Fatal(err)
			}
			s := resultcache.New(d.DB)
			check := func(key, account, want string) {
				t.Helper()
				hit, err := s.Lookup(ctx, key, account)
				if err != nil {
					t.Fatal(err)
				}
				got := ""
				if hit != nil {
					got = hit.AnalysisID
				}
				if got != want {
					t.Errorf("Lookup(%s, %s) = %q, want %q", key, account, got, want)
				}
			}
			check("k", "acc", "")
			if err := s.Remember(ctx, "k", "acc", "r1"); err != nil {
				t.Fatal(err)
			}
			check("k", "acc", "r1")
			check("k", "other-account", "") // scoped to the account
			// A newer analysis of the same input replaces the entry, but an
			// unfinished one is no hit.
			if err := s.Remember(ctx, "k", "acc", "r2"); err != nil {
				t.Fatal(err)
			}
			check("k", "acc", "")
			if err := ar.Complete(ctx, "r2", analysis.Result{ProcessName: "P2", ModelJSON: `{"process_name":"P2"}`}); err != nil {
				t.Fatal(err)
			}
			check("k", "acc", "r2")
			// A deleted analysis takes its reuse with it.
			if err := d.DB.Exec("DELETE FROM analyses WHERE id = ?", "r2").Error; err != nil {
				t.Fatal(err)
			}
			check("k", "acc", "")
		})
	}
}
