package lint_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/lint/rules"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

func miwgDir(t testing.TB) string { return testenv.MIWGDir(t) }

// TestMIWGFindings pins our findings per model and rule on the 21 MIWG
// reference models (testdata/miwg-findings.golden; -update rewrites it).
// The comparison with bpmnlint's figures is in the golden file's header.
func TestMIWGFindings(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join(miwgDir(t), "*.bpmn"))
	if err != nil || len(files) != 21 {
		t.Fatalf("want 21 MIWG models, got %d (%v)", len(files), err)
	}
	var b strings.Builder
	total := map[string]int{}
	dump := map[string]map[string][]string{}
	errs, warns := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		defs, err := parse.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		rep := lint.New(rules.All()...).Run(defs, lint.Recommended)
		if len(rep.RuleErrors) > 0 {
			t.Errorf("%s: rule errors %v", filepath.Base(f), rep.RuleErrors)
		}
		errs += rep.Errors
		warns += rep.Warnings
		name := filepath.Base(f)
		dump[name] = map[string][]string{}
		for _, fd := range rep.Findings {
			dump[name][fd.Rule] = append(dump[name][fd.Rule], fd.ElementID)
		}
		counts := rep.CountByRule()
		rules := make([]string, 0, len(counts))
		for r, n := range counts {
			rules = append(rules, r)
			total[r] += n
		}
		sort.Strings(rules)
		fmt.Fprintf(&b, "%s errors=%d warnings=%d", name, rep.Errors, rep.Warnings)
		for _, r := range rules {
			fmt.Fprintf(&b, " %s=%d", r, counts[r])
		}
		b.WriteString("\n")
	}
	rules := make([]string, 0, len(total))
	for r := range total {
		rules = append(rules, r)
	}
	sort.Strings(rules)
	fmt.Fprintf(&b, "TOTAL errors=%d warnings=%d\n", errs, warns)
	for _, r := range rules {
		fmt.Fprintf(&b, "TOTAL %s=%d\n", r, total[r])
	}
	if p := os.Getenv("SPADE_LINT_DUMP"); p != "" {
		j, _ := json.MarshalIndent(dump, "", " ")
		if err := os.WriteFile(p, j, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	testenv.Golden(t, filepath.Join("testdata", "miwg-findings.golden"), []byte(b.String()))
}
