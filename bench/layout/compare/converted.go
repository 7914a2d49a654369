package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
)

// runConverted lays out BPMN files converted into the process model
// (tomodel) and drawn again, the way an uploaded file without diagram
// interchange is: the MIWG reference models and SPADE's round-trip
// development models. Each set is drawn twice: verbatim, as a converted
// model is (implicit splits and merges, unnamed nodes as the file had
// them), and repaired, as a model from the analyzers is (gateways and
// labels added for bpmnlint), so that drawing the file as it was can be
// compared with the repaired drawing. One row per set and mode, summed
// over its files; time is the sum of the per-file medians.
func runConverted(root string) []row {
	sets := []struct{ name, dir string }{
		{"MIWG reference dev (A, B)", filepath.Join(root, "..", "shared", "testdata", "bpmn", "miwg-reference", "[AB].*.bpmn")},
		{"MIWG reference held back (C, totals only)", filepath.Join(root, "..", "shared", "testdata", "bpmn", "miwg-reference", "C.*.bpmn")},
		{"round-trip dev", filepath.Join(root, "bench", "roundtrip", "testdata", "*.bpmn")},
	}
	var rows []row
	for _, s := range sets {
		files, err := filepath.Glob(s.dir)
		if err != nil || len(files) == 0 {
			rows = append(rows, row{name: "converted " + s.name, err: fmt.Sprintf("no files in %s", s.dir)})
			continue
		}
		for _, verbatim := range []bool{true, false} {
			mode := "verbatim"
			if !verbatim {
				mode = "repaired"
			}
			sum := row{name: fmt.Sprintf("converted %s (%d files), %s", s.name, len(files), mode)}
			for _, f := range files {
				r, err := convertedRow(f, verbatim)
				if err != nil {
					sum.err = fmt.Sprintf("%s: %v", filepath.Base(f), err)
					break
				}
				sum.n += r.n
				sum.nodes += r.nodes
				sum.edges += r.edges
				sum.ms += r.ms
				sum.m.Overlaps += r.m.Overlaps
				sum.m.Crossings += r.m.Crossings
				sum.m.Bends += r.m.Bends
				sum.m.Through += r.m.Through
				sum.length += r.length
				sum.msgLen += r.msgLen
				sum.msgCross += r.msgCross
				sum.fit += r.fit
			}
			rows = append(rows, sum)
		}
	}
	return rows
}

// convertedRow converts one file and measures its drawing; n is the
// number of flow nodes in the model.
func convertedRow(file string, verbatim bool) (row, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return row{}, fmt.Errorf("read: %w", err)
	}
	var times []float64
	var out []byte
	var nodes int
	for i := 0; i < 3; i++ {
		m, err := tomodel.FromXML(data)
		if err != nil {
			return row{}, fmt.Errorf("convert: %w", err)
		}
		m.Verbatim = verbatim
		nodes = len(m.Activities) + len(m.Events) + len(m.Gateways)
		t0 := time.Now()
		out, err = bpmn.Build(m)
		times = append(times, float64(time.Since(t0).Microseconds())/1000)
		if err != nil {
			return row{}, fmt.Errorf("build: %w", err)
		}
	}
	slices.Sort(times)
	r := measureCollab(out)
	if r.err != "" {
		return row{}, fmt.Errorf("measure: %s", r.err)
	}
	r.n, r.ms = nodes, times[len(times)/2]
	w, h := extent(out)
	r.fit = min(stageWideW/max(w, 1), stageWideH/max(h, 1), 1)
	return r, nil
}
