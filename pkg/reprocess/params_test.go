package reprocess

import (
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// TestParseParams: the request the api and the CLI share becomes validated
// parameters, or an error whose detail tells the person what to fix.
func TestParseParams(t *testing.T) {
	t.Parallel()
	day := func(s string) *time.Time { v, _ := time.Parse("2006-01-02", s); return &v }
	tests := []struct {
		name    string
		req     Request
		want    Params
		wantErr string
	}{
		{"graph, trimmed names", Request{Stage: "graph", Account: " Acme ", Model: " m1 "}, Params{Stage: StageGraph, Account: "Acme", Model: "m1"}, ""},
		{"dates and rate", Request{Stage: "analysis", Analyzer: "image", Since: "2026-01-01", Until: "2026-02-01", Rate: "120/m", DryRun: true, IncludeEdited: true},
			Params{Stage: StageAnalysis, Analyzer: "image", Since: day("2026-01-01"), Until: day("2026-02-01"), Rate: 2, DryRun: true, IncludeEdited: true}, ""},
		{"unknown stage", Request{Stage: "everything"}, Params{}, "Unknown stage"},
		{"bad date", Request{Stage: "graph", Since: "yesterday"}, Params{}, "Cannot read the date"},
		{"bad rate", Request{Stage: "graph", Rate: "fast"}, Params{}, "Cannot read the rate"},
		{"end before start", Request{Stage: "graph", Since: "2026-02-01", Until: "2026-01-01"}, Params{}, "end date must be after"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseParams(tt.req)
			if tt.wantErr != "" {
				d, ok := failure.Detail(err)
				if !ok || !strings.Contains(d, tt.wantErr) {
					t.Fatalf("error %v (detail %q), want a detail with %q", err, d, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Stage != tt.want.Stage || got.Analyzer != tt.want.Analyzer || got.Account != tt.want.Account || got.Model != tt.want.Model ||
				got.Rate != tt.want.Rate || got.DryRun != tt.want.DryRun || got.IncludeEdited != tt.want.IncludeEdited ||
				!sameTime(got.Since, tt.want.Since) || !sameTime(got.Until, tt.want.Until) {
				t.Fatalf("params = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func sameTime(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Equal(*b)
}
