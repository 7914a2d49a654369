package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/bpmn/scenario"
	"github.com/spade-bpmn/spade/pkg/process"
)

// scenarioCase is one behaviour scenario: NAME.txt and NAME.json.
type scenarioCase struct {
	name, text string
	spec       *scenario.Spec
}

// loadScenarios reads every NAME.txt with its NAME.json in dir, sorted by
// name; a text without checks (or checks without text) is an error, not a
// silently smaller set.
func loadScenarios(dir string) ([]*scenarioCase, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, fmt.Errorf("list scenarios: %w", err)
	}
	jsons, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, fmt.Errorf("list scenarios: %w", err)
	}
	if len(jsons) != len(paths) {
		return nil, fmt.Errorf("%s: %d texts but %d check files", dir, len(paths), len(jsons))
	}
	sort.Strings(paths)
	var out []*scenarioCase
	for _, p := range paths {
		text, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("read scenario: %w", err)
		}
		js, err := os.ReadFile(strings.TrimSuffix(p, ".txt") + ".json")
		if err != nil {
			return nil, fmt.Errorf("read scenario checks: %w", err)
		}
		spec, err := scenario.Parse(js)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		out = append(out, &scenarioCase{name: strings.TrimSuffix(filepath.Base(p), ".txt"), text: string(text), spec: spec})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no scenarios in %s", dir)
	}
	return out, nil
}

// checkModel makes the scenario's checks on the BPMN that SPADE draws for
// m (bpmn.Build, as the graph task does), read back with SPADE's reader:
// what is checked is what the user sees. A model that cannot be drawn
// fails every check.
func checkModel(m *process.Model, spec *scenario.Spec) []scenario.Result {
	var d *parse.Definitions
	b, err := bpmn.Build(m)
	if err == nil {
		d, err = parse.Parse(b)
	}
	if err != nil {
		d, _ = parse.Parse([]byte(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="empty"/>`))
		rs := scenario.Check(d, spec)
		for i := range rs {
			rs[i].Held, rs[i].Why = false, "no diagram: "+err.Error()
		}
		return rs
	}
	return scenario.Check(d, spec)
}

// checkTally counts held and made checks by kind.
type checkTally struct {
	held, total    map[string]int
	cases, allHeld int
}

func newCheckTally() *checkTally {
	return &checkTally{held: map[string]int{}, total: map[string]int{}}
}

func (t *checkTally) add(rs []scenario.Result) {
	t.cases++
	all := true
	for _, r := range rs {
		t.total[r.Kind]++
		if r.Held {
			t.held[r.Kind]++
		} else {
			all = false
		}
	}
	if all {
		t.allHeld++
	}
}

// sum is held and made checks over the kinds keep selects.
func (t *checkTally) sum(keep func(kind string) bool) (held, total int) {
	for k, n := range t.total {
		if keep(k) {
			held += t.held[k]
			total += n
		}
	}
	return held, total
}

// share is the held fraction of all checks.
func (t *checkTally) share() float64 {
	h, n := t.sum(func(string) bool { return true })
	return ratio(h, n)
}

// scenarioRun is the outcome of one scenario set: baseline and analyzer.
type scenarioRun struct {
	n        int
	base, an *checkTally
	// failed lists, per scenario, the analyzer's failed checks (empty for
	// a totals-only set).
	failed []string
}

// runScenarioSet checks the baseline's and the analyzer's models of every
// scenario in dir. A totals-only set keeps no per-case detail at all.
func runScenarioSet(pl *pipeline, dir string, rd reading) (*scenarioRun, error) {
	cases, err := loadScenarios(dir)
	if err != nil {
		return nil, err
	}
	base := newBaseline(wordnet.Load())
	run := &scenarioRun{base: newCheckTally(), an: newCheckTally()}
	for _, c := range cases {
		if rd.only != "" && !strings.Contains(c.name, rd.only) {
			continue
		}
		run.n++
		bm := base.model(c.text)
		run.base.add(checkModel(&bm, c.spec))
		m := pl.model(context.Background(), c.name, c.text)
		rs := checkModel(&m, c.spec)
		run.an.add(rs)
		if rd.totalsOnly {
			continue
		}
		var lines []string
		for _, r := range rs {
			if !r.Held {
				lines = append(lines, fmt.Sprintf("   %s %s: %s", r.Kind, r.Check, r.Why))
			}
		}
		if len(lines) > 0 {
			run.failed = append(run.failed, "== "+c.name+"\n"+strings.Join(lines, "\n"))
		}
	}
	return run, nil
}

// isBlind reports whether a set is read only in totals: its folder's
// name starts with blind (blind, blind3, blind4).
func isBlind(dir string) bool {
	return strings.HasPrefix(filepath.Base(filepath.Clean(dir)), "blind")
}

// printScenarios prints one scenario set: checks held by kind, "never"
// on its own line and all checks but "never", beside the baseline.
func printScenarios(w io.Writer, pl *pipeline, dir, only string, verbose bool) ([]summaryRow, error) {
	rd := readingOf(dir, only, verbose)
	run, err := runScenarioSet(pl, dir, rd)
	if err != nil {
		return nil, err
	}
	note := ""
	if rd.totalsOnly {
		note = " (totals only)"
	}
	fmt.Fprintf(w, "%d scenarios from %s%s\n\n", run.n, dir, note)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "scenario checks held\tbaseline\tbuilt-in\t")
	cell := func(h, n int) string {
		if n == 0 {
			return "-"
		}
		return fmt.Sprintf("%.0f %% (%d/%d)", 100*ratio(h, n), h, n)
	}
	for _, k := range scenario.Kinds() {
		if run.an.total[k] == 0 {
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t\n", k, cell(run.base.held[k], run.base.total[k]), cell(run.an.held[k], run.an.total[k]))
	}
	row := func(name string, keep func(string) bool) {
		bh, bn := run.base.sum(keep)
		ah, an := run.an.sum(keep)
		fmt.Fprintf(tw, "%s\t%s\t%s\t\n", name, cell(bh, bn), cell(ah, an))
	}
	row("all checks", func(string) bool { return true })
	row("all but never", func(k string) bool { return k != scenario.KindNever })
	row(`"never" checks`, func(k string) bool { return k == scenario.KindNever })
	fmt.Fprintf(tw, "scenarios with every check held\t%d of %d\t%d of %d\t\n", run.base.allHeld, run.n, run.an.allHeld, run.n)
	if err := tw.Flush(); err != nil {
		return nil, fmt.Errorf("write table: %w", err)
	}
	if rd.perCase {
		fmt.Fprintln(w)
		for _, f := range run.failed {
			fmt.Fprintln(w, f)
		}
	}
	bh, bn := run.base.sum(func(string) bool { return true })
	ah, an := run.an.sum(func(string) bool { return true })
	bnh, bnn := run.base.sum(func(k string) bool { return k == scenario.KindNever })
	anh, ann := run.an.sum(func(k string) bool { return k == scenario.KindNever })
	return []summaryRow{
		{dir, "scenario checks", cell(bh, bn), cell(ah, an)},
		{dir, `"never" checks`, cell(bnh, bnn), cell(anh, ann)},
	}, nil
}
