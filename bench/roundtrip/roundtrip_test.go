package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/bpmntest"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// floor is the lowest preserved share of every element kind the round
// trip may fall to, counted strictly (names exactly, flows by exact
// endpoints, added elements and names as losses), set from the measured
// figures: 100 % of every kind in both sets but pools, where a process
// its file drew in no pool beside pools that are (MIWG A.4.0, B.1.0,
// B.2.0, C.5.0), or a single process with lanes, comes back in a pool of
// its own (MIWG 23 of 29 with the added ones, own set 7 of 8).
const floor = 100.0

// poolFloor is the floor of pools.
const poolFloor = 79.0

// TestRoundTrip round-trips the 21 MIWG reference models and SPADE's own
// development models: every kind stays at or above its floor, every flow
// is drawn from its source's shape to its target's, and every
// round-tripped file is XSD-valid and imports into bpmn-moddle without
// warnings.
func TestRoundTrip(t *testing.T) {
	sets := map[string]string{
		"miwg": testenv.MIWGDir(t),
		"dev":  filepath.Join(testenv.RepoRoot(t), "bench", "roundtrip", "testdata"),
	}
	for name, dir := range sets {
		t.Run(name, func(t *testing.T) {
			files, err := collectFiles([]string{dir})
			if err != nil || len(files) < 5 {
				t.Fatalf("%s: %d files, %v", dir, len(files), err)
			}
			rs := Run(files, Options{Strict: true})
			docs := map[string][]byte{}
			for _, r := range rs {
				if r.Err != nil {
					t.Errorf("%s: %v", filepath.Base(r.File), r.Err)
					continue
				}
				docs[filepath.Base(r.File)] = r.XML
				for _, d := range r.Detached {
					t.Errorf("%s: %s", filepath.Base(r.File), d)
				}
			}
			var out bytes.Buffer
			Report(&out, name, rs, true)
			t.Log("\n" + out.String())
			for kind, c := range Totals(rs) {
				floor := floor
				if kind == "pools" {
					floor = poolFloor
				}
				if c.Percent() < floor {
					t.Errorf("%s: %d/%d preserved (%.1f %%), floor %.1f %%", kind, c.Preserved, c.Total, c.Percent(), floor)
				}
			}
			origs := map[string]string{}
			for _, f := range files {
				origs[filepath.Base(f)] = f
			}
			bpmntest.CheckRoundTrip(t, origs, docs)
		})
	}
}

// TestRoundTripDetectsLoss checks the comparison itself: a file compared
// with a copy that lost a task, a flow and a lane reports exactly those.
func TestRoundTripDetectsLoss(t *testing.T) {
	orig, err := os.ReadFile(filepath.Join(testenv.RepoRoot(t), "bench", "roundtrip", "testdata", "claim-boundary.bpmn"))
	if err != nil {
		t.Fatal(err)
	}
	damaged := bytes.Replace(orig, []byte(`<sendTask id="Task_Remind" name="Remind assessor"/>`), []byte(`<task id="Task_Remind" name="Remind assessor"/>`), 1)
	damaged = bytes.Replace(damaged, []byte(`<sequenceFlow id="F4" sourceRef="Task_Remind" targetRef="End_Reminded"/>`), nil, 1)
	damaged = bytes.Replace(damaged, []byte(`cancelActivity="false"`), nil, 1)
	a, b := mustParse(t, orig), mustParse(t, damaged)
	c := Compare(a, b, true)
	want := map[string][2]int{"activities": {6, 7}, "sequence flows": {12, 13}, "events": {5, 6}, "lane membership": {15, 15}}
	for kind, w := range want {
		got := c.Counts[kind]
		if got == nil || got.Preserved != w[0] || got.Total != w[1] {
			t.Errorf("%s = %+v, want %d/%d (lost %v)", kind, got, w[0], w[1], c.Lost[kind])
		}
	}
}

func mustParse(t *testing.T, data []byte) *parse.Definitions {
	t.Helper()
	d, err := parse.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestStrictCount checks what the strict count adds to the lenient one: a
// file drawn the way models from the analyzers are (gateways, events and
// labels added for bpmnlint) keeps every flow and node leniently, but a
// strict count reports the flows that only survive through added
// gateways, the added gateways and events, and the default labels.
func TestStrictCount(t *testing.T) {
	file := filepath.Join(testenv.RepoRoot(t), "bench", "roundtrip", "testdata", "modeller-shortcuts.bpmn")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		opt  Options
		// lossy lists kinds that must count losses or additions
		lossy []string
	}{
		{"verbatim, strict", Options{Strict: true}, nil},
		{"repaired, lenient", Options{Repaired: true}, nil},
		{"repaired, strict", Options{Strict: true, Repaired: true}, []string{"sequence flows", "gateways", "events", "conditions"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := RoundTrip(file, data, tt.opt)
			if r.Err != nil {
				t.Fatal(r.Err)
			}
			lossy := map[string]bool{}
			for _, k := range tt.lossy {
				lossy[k] = true
			}
			for _, k := range []string{"sequence flows", "gateways", "events", "activities", "conditions"} {
				c := r.Counts[k]
				whole := c == nil || (c.Preserved == c.Total && c.Added == 0)
				if whole == lossy[k] {
					t.Errorf("%s = %+v, lossy %v wanted (lost %v, added %v)", k, c, lossy[k], r.Lost[k], r.Added[k])
				}
			}
		})
	}
}
