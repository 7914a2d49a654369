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
