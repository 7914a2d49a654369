package quality_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/quality"
	"github.com/spade-bpmn/spade/pkg/failure"
)

// FuzzAnalyzeFile feeds arbitrary bytes through parse, every lint rule and
// the analysis: a report or a user-facing error, never a panic, and a
// report always has its sections and no rule crashes.
func FuzzAnalyzeFile(f *testing.F) {
	f.Add(diamonds(2), "d.bpmn")
	f.Add([]byte(modelJSON), "m.json")
	f.Add([]byte(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p"><subProcess id="s" triggeredByEvent="true"><startEvent id="a"/></subProcess><boundaryEvent id="b" attachedToRef="s"/><sequenceFlow id="f" sourceRef="b" targetRef="b"/></process></definitions>`), "x.xml")
	if files, err := filepath.Glob(filepath.Join(miwgDir(f), "[AC].9.*.bpmn")); err == nil {
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b, filepath.Base(p))
			}
		}
	}
	// The logic rules' fixtures: pools with message flows, loops, link
	// events and sub-processes for the flow graph to open up.
	for _, dir := range []string{"no-message-deadlock", "no-negative-to-positive", "no-dead-end", "no-unreachable-node"} {
		files, _ := filepath.Glob(filepath.Join("..", "lint", "rules", "testdata", dir, "*.bpmn"))
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b, filepath.Base(p))
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		r, err := quality.AnalyzeFile(data, name)
		if err != nil {
			if _, ok := failure.Detail(err); !ok {
				t.Fatalf("error without a user-facing detail: %v", err)
			}
			return
		}
		if len(r.Lint.RuleErrors) > 0 {
			t.Fatalf("rule crashed: %v", r.Lint.RuleErrors)
		}
		text := r.FormattedText()
		for _, s := range quality.Sections {
			if !strings.Contains(text, "=== "+s+" ===") {
				t.Fatalf("section %q missing", s)
			}
		}
	})
}
