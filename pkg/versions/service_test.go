package versions_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/db"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/versions"
)

// chain is a model of n tasks in a row: 2n-1 elements.
func chain(n int) string {
	m := process.Model{ProcessName: "P"}
	for i := range n {
		m.Activities = append(m.Activities, process.Activity{ID: "a" + strconv.Itoa(i), Name: "Step " + strconv.Itoa(i)})
		if i > 0 {
			m.Flows = append(m.Flows, process.Flow{ID: "f" + strconv.Itoa(i), Source: "a" + strconv.Itoa(i-1), Target: "a" + strconv.Itoa(i)})
		}
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// TestRestore: a restore names its base like a save (ConflictError with
// both versions), never duplicates the latest version, and obeys the
// element cap of saves.
func TestRestore(t *testing.T) {
	d, err := db.Open("sqlite://" + t.TempDir() + "/v.db")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	if err := d.Migrate(ctx, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	ar := analysis.NewRepo(d.DB)
	a := &analysis.Analysis{ID: "r1", AccountID: "acc", AnalyzerType: analysis.TypeBPMN, OriginalFilename: "x.bpmn", BlobKey: "r1"}
	if err := ar.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	// Version 1 (generated) is over the cap; version 2 is small.
	if err := ar.Complete(ctx, "r1", analysis.Result{ProcessName: "P", ModelJSON: chain(2600), FormattedText: "big"}); err != nil {
		t.Fatal(err)
	}
	a, _ = ar.Get(ctx, "acc", "r1")
	r := versions.NewRepo(d.DB)
	if _, err := r.Save(ctx, a, 1, versions.Version{Source: versions.SourceEdit, ProcessName: "P", ModelJSON: chain(3), FormattedText: "small"}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Save(ctx, a, 2, versions.Version{Source: versions.SourceEdit, ProcessName: "P", ModelJSON: chain(4), FormattedText: "small"}); err != nil {
		t.Fatal(err)
	}
	a, _ = ar.Get(ctx, "acc", "r1")
	svc := &versions.Service{Repo: r, Render: func(*process.Model) (string, []analysis.LogicWarning) { return "text", nil }}
	for _, tc := range []struct {
		name    string
		n, base int
		check   func(error) bool
		detail  string
	}{
		{"old base", 2, 2, func(err error) bool {
			var ce *versions.ConflictError
			return errors.As(err, &ce) && ce.Base == 2 && ce.Latest == 3 && errors.Is(err, versions.ErrConflict)
		}, ""},
		{"latest itself", 3, 3, func(err error) bool { return errors.Is(err, versions.ErrSameVersion) }, "Version 3 is already the latest"},
		{"over the cap", 1, 3, func(err error) bool { return errors.Is(err, versions.ErrTooLarge) }, "Version 1 has 5199 elements; SPADE restores diagrams of up to 5000"},
		{"missing", 9, 3, func(err error) bool { return errors.Is(err, versions.ErrNotFound) }, ""},
	} {
		_, err := svc.Restore(ctx, a, tc.n, tc.base, "u")
		if !tc.check(err) {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if d, _ := failure.Detail(err); !strings.Contains(d, tc.detail) {
			t.Errorf("%s: detail %q, want %q", tc.name, d, tc.detail)
		}
	}
	saved, err := svc.Restore(ctx, a, 2, 3, "u")
	if err != nil || saved.Version != 4 {
		t.Fatalf("restore = %+v, %v", saved, err)
	}
}

// TestSaveOverLargeModel: a small diagram saved over a model beyond the
// cap (an uploaded BPMN file) is stored with a summary naming the size it
// replaced, not compared element by element (which listed every element of
// the large model as removed); over a model within the cap the changes
// are listed as before.
func TestSaveOverLargeModel(t *testing.T) {
	d, err := db.Open("sqlite://" + t.TempDir() + "/v.db")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	if err := d.Migrate(ctx, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	ar := analysis.NewRepo(d.DB)
	svc := &versions.Service{Repo: versions.NewRepo(d.DB),
		Convert: func([]byte) (*process.Model, error) { return process.Decode([]byte(chain(3))) },
		Render:  func(*process.Model) (string, []analysis.LogicWarning) { return "text", nil }}
	for _, tc := range []struct {
		name       string
		tasks      int
		prefix     string
		maxChanges int
	}{
		{"over the cap", 2600, "Replaced a diagram of 5199 elements: ", 5},
		{"within the cap", 10, "", 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id := "s" + strconv.Itoa(tc.tasks)
			a := &analysis.Analysis{ID: id, AccountID: "acc", AnalyzerType: analysis.TypeBPMN, OriginalFilename: "x.bpmn", BlobKey: id}
			if err := ar.Create(ctx, a); err != nil {
				t.Fatal(err)
			}
			if err := ar.Complete(ctx, id, analysis.Result{ProcessName: "P", ModelJSON: chain(tc.tasks), FormattedText: "big"}); err != nil {
				t.Fatal(err)
			}
			a, _ = ar.GetForEdit(ctx, "acc", id)
			saved, err := svc.SaveXML(ctx, a, 1, []byte("<definitions/>"), "me")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(saved.Summary, tc.prefix) || len(saved.Changes) > tc.maxChanges || (tc.prefix == "" && len(saved.Changes) == 0) {
				t.Errorf("summary %q with %d changes; want prefix %q and at most %d", saved.Summary, len(saved.Changes), tc.prefix, tc.maxChanges)
			}
		})
	}
}
