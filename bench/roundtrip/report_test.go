package main

import (
	"bytes"
	"errors"
	"path/filepath"
	"testing"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// reportResults are three files: one that failed, one with every kind of
// finding, and one preserved whole.
func reportResults() []*FileResult {
	full := &Comparison{Counts: map[string]*Count{"activities": {Preserved: 3, Total: 3}, "lanes": {Preserved: 1, Total: 1}}}
	lossy := &Comparison{
		Counts: map[string]*Count{"activities": {Preserved: 2, Total: 3, Added: 1}, "sequence flows": {Preserved: 4, Total: 4, Added: 2}, "pools": {Preserved: 1, Total: 1}},
		Lost:   map[string][]string{"activities": {"t2 (Check): not found"}},
		Added:  map[string][]string{"activities": {"t9 (Extra)"}, "sequence flows": {"f8", "f9"}},
		Via:    2, Named: 1,
	}
	lenient := &Comparison{Counts: map[string]*Count{"activities": {Preserved: 3, Total: 3}}}
	return []*FileResult{
		{File: "dir/broken.bpmn", Err: errors.New("parse: bad XML")},
		{File: "dir/lossy.bpmn", Comparison: lossy, Lenient: lenient, Skipped: "a choreography", Repair: []string{"added end event 2", "named gateway 1"},
			XSD: "line 3: bad\nline 4: worse", Moddle: []string{"unknown attribute"}, Detached: []string{"f1 misses t2"}},
		{File: "dir/whole.bpmn", Comparison: full, Lenient: full, Repair: []string{"added end event 1"}},
	}
}

// TestReport pins the report's text: totals, the allowances, each file's
// findings (all of them with verbose) and the Repair summary.
func TestReport(t *testing.T) {
	tests := []struct {
		name    string
		rs      []*FileResult
		verbose bool
	}{
		{"quiet", reportResults(), false},
		{"verbose", reportResults(), true},
		{"no-repairs", []*FileResult{{File: "dir/whole.bpmn", Comparison: &Comparison{Counts: map[string]*Count{"events": {Preserved: 2, Total: 2}}}}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			Report(&out, "set", tt.rs, tt.verbose)
			testenv.Golden(t, filepath.Join("testdata", "report", tt.name+".txt"), out.Bytes())
		})
	}
}
