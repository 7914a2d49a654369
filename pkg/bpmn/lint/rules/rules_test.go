package rules_test

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/lint/rules"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// expectRe reads the ids an invalid fixture must be reported for, from a
// comment at its top: <!-- expect: Task_1 Flow_2 -->.
var expectRe = regexp.MustCompile(`<!-- expect:([^>]*)-->`)

// TestRuleFixtures runs each rule alone on its fixtures in
// testdata/<rule-name>/: valid-*.bpmn must give no finding, invalid-*.bpmn
// exactly the expected element ids (with repeats, in any order).
func TestRuleFixtures(t *testing.T) {
	t.Parallel()
	for _, name := range lint.New(rules.All()...).Names() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			files, _ := filepath.Glob(filepath.Join("testdata", name, "*.bpmn"))
			var valid, invalid int
			for _, f := range files {
				base := filepath.Base(f)
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				defs, err := parse.Parse(data)
				if err != nil {
					t.Fatalf("%s: %v", base, err)
				}
				rep := lint.New(rules.All()...).Run(defs, lint.Config{name: lint.Error})
				if len(rep.RuleErrors) > 0 {
					t.Fatalf("%s: %v", base, rep.RuleErrors)
				}
				var got []string
				for _, fd := range rep.Findings {
					got = append(got, fd.ElementID)
					if fd.Message == "" || fd.Rule != name {
						t.Errorf("%s: malformed finding %+v", base, fd)
					}
				}
				var want []string
				switch {
				case strings.HasPrefix(base, "valid-"):
					valid++
				case strings.HasPrefix(base, "invalid-"):
					invalid++
					m := expectRe.FindSubmatch(data)
					if m == nil {
						t.Fatalf("%s: no <!-- expect: … --> comment", base)
					}
					want = strings.Fields(string(m[1]))
					if len(want) == 0 {
						t.Fatalf("%s: expects nothing; name it valid-*", base)
					}
				default:
					t.Fatalf("%s: fixture names start with valid- or invalid-", base)
				}
				sort.Strings(got)
				sort.Strings(want)
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("%s: findings on %v, want %v (%v)", base, got, want, rep.Findings)
				}
			}
			if valid == 0 || invalid == 0 {
				t.Errorf("rule needs valid and invalid fixtures, has %d and %d", valid, invalid)
			}
		})
	}
}

func TestRecommendedNamesRegisteredRules(t *testing.T) {
	t.Parallel()
	for name := range lint.Recommended {
		if _, ok := lint.New(rules.All()...).Lookup(name); !ok {
			t.Errorf("recommended config names %q, which is not registered", name)
		}
	}
}
