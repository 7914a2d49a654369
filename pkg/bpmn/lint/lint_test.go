package lint_test

import (
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

type fakeRule struct {
	name string
	fn   func(*parse.Definitions) []lint.Finding
}

func (f fakeRule) Name() string                              { return f.name }
func (f fakeRule) Check(d *parse.Definitions) []lint.Finding { return f.fn(d) }

// testLinter has a rule that panics, one that finds one thing, and a name
// given twice.
func testLinter() *lint.Linter {
	dup := fakeRule{"test-dup", func(d *parse.Definitions) []lint.Finding { return nil }}
	return lint.New(
		fakeRule{"test-panics", func(d *parse.Definitions) []lint.Finding {
			var e *parse.Element
			return []lint.Finding{{ElementID: e.ID}} // nil dereference on purpose
		}},
		fakeRule{"test-one", func(d *parse.Definitions) []lint.Finding {
			return []lint.Finding{{ElementID: "x", Message: "one"}}
		}},
		dup, dup,
	)
}

func TestRunIsolatesRules(t *testing.T) {
	t.Parallel()
	defs, err := parse.Parse([]byte(`<definitions xmlns="` + parse.ModelNS + `"><process id="p"/></definitions>`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name           string
		cfg            lint.Config
		errs, warns    int
		ruleErrs       int
		ruleErrMention string
	}{
		{"panic becomes a rule error", lint.Config{"test-panics": lint.Error, "test-one": lint.Warn}, 0, 1, 1, "crashed"},
		{"unknown rule reported", lint.Config{"no-such-rule": lint.Error, "test-one": lint.Error}, 1, 0, 1, "not known"},
		{"a name given twice is reported, not run", lint.Config{"test-dup": lint.Error}, 0, 0, 1, "share"},
		{"off rules do not run", lint.Config{"test-panics": lint.Off, "test-one": lint.Off}, 0, 0, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rep := testLinter().Run(defs, tt.cfg)
			if rep.Errors != tt.errs || rep.Warnings != tt.warns || len(rep.RuleErrors) != tt.ruleErrs {
				t.Fatalf("report = %+v", rep)
			}
			if tt.ruleErrs > 0 && !strings.Contains(rep.RuleErrors[0].Message, tt.ruleErrMention) {
				t.Fatalf("rule error %q does not mention %q", rep.RuleErrors[0].Message, tt.ruleErrMention)
			}
			for _, f := range rep.Findings {
				if f.Rule != "test-one" || f.Severity != tt.cfg["test-one"] {
					t.Fatalf("finding not stamped with rule and severity: %+v", f)
				}
			}
		})
	}
}
