package rules_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/lint/rules"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// TestLogicRulesQuietOnReferenceModels runs the logic rules over the 21
// MIWG reference models, which are correct processes drawn by modelling
// experts: any finding there is a false positive.
func TestLogicRulesQuietOnReferenceModels(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join(testenv.MIWGDir(t), "*.bpmn"))
	if err != nil || len(files) != 21 {
		t.Fatalf("want 21 MIWG models, got %d (%v)", len(files), err)
	}
	l := lint.New(rules.All()...)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		defs, err := parse.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		rep := l.Run(defs, lint.Logic)
		if len(rep.RuleErrors) > 0 {
			t.Errorf("%s: rule errors %v", filepath.Base(f), rep.RuleErrors)
		}
		for _, fd := range rep.Findings {
			t.Errorf("%s: %s on %s: %s", filepath.Base(f), fd.Rule, fd.ElementID, fd.Message)
		}
	}
}

// TestLogicConfig keeps lint.Logic and the rules in step: every logic rule
// exists, is a warning, and stays out of Recommended (the bpmnlint mirror).
func TestLogicConfig(t *testing.T) {
	t.Parallel()
	l := lint.New(rules.All()...)
	for name, sev := range lint.Logic {
		if _, ok := l.Lookup(name); !ok {
			t.Errorf("lint.Logic names %q, which is not registered", name)
		}
		if sev != lint.Warn {
			t.Errorf("%s: severity %q, want warn", name, sev)
		}
		if _, in := lint.Recommended[name]; in {
			t.Errorf("%s is in Recommended, which mirrors bpmnlint", name)
		}
		if !lint.IsLogic(name) {
			t.Errorf("IsLogic(%q) = false", name)
		}
	}
	both := lint.Recommended.With(lint.Logic)
	if len(both) != len(lint.Recommended)+len(lint.Logic) {
		t.Errorf("Recommended.With(Logic) has %d rules, want %d", len(both), len(lint.Recommended)+len(lint.Logic))
	}
}
