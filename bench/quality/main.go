// Command quality measures the built-in analyzer against the development
// set in testdata: activity precision, recall and F1 (one-to-one matching
// of task names by content-word overlap), lane/pool F1, branch placement,
// rework loops, timer / message event / message flow recall and label
// hygiene, each beside the one-task-per-sentence baseline computed the
// same way. It runs the analyzer in-process and uploads nothing.
//
// By default it prints each set on its own: the development set
// (testdata, tuned on), fresh (written after tuning), holdout2 (written
// before the analyzer ever read it, then used to find failures), blind
// (written with holdout2, read only in totals) and blind2 (textbook-style
// exercises, written later, also read only in totals). The dev figures
// alone overstate what the rules do on text they were not fitted to.
//
// It then checks the behaviour scenarios (scenarios/dev, scenarios/blind,
// scenarios/blind3 and scenarios/blind4, the last three in totals only,
// the format of ../shared/testdata/scenarios/README.md) on the BPMN drawn
// for each model, by check kind, "never" checks on their own line.
//
// With -gateways it lists instead the named gateways of the scenario
// models, flagging names that read badly (gateways.go).
//
//	go run ./bench/quality [-gateways] [-dir bench/quality/testdata,bench/quality/holdout2] [-scenarios bench/quality/scenarios/dev] [-v] [-case 03]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
)

func main() {
	dirs := flag.String("dir", "bench/quality/testdata,bench/quality/fresh,bench/quality/holdout2,bench/quality/blind,bench/quality/blind2", "comma-separated folders of cases (text, ---, reference), each scored on its own")
	verbose := flag.Bool("v", false, "print every case's figures and the built-in model's tasks (never for a set whose folder is named blind*)")
	scenarios := flag.String("scenarios", "bench/quality/scenarios/dev,bench/quality/scenarios/blind,bench/quality/scenarios/blind3,bench/quality/scenarios/blind4", "comma-separated folders of behaviour scenarios (NAME.txt + NAME.json); a folder whose name starts with blind is reported in totals only")
	only := flag.String("case", "", "run only cases whose name contains this (ignored for a set whose folder is named blind*)")
	gateways := flag.Bool("gateways", false, "list the named gateways of the scenario models with the reasons their names read badly, then stop")
	flag.Parse()
	if *gateways {
		runGateways(*scenarios, *only)
		return
	}
	first := true
	var summary []summaryRow
	each := func(list string, fn func(w io.Writer, dir, only string, verbose bool) ([]summaryRow, error)) {
		for dir := range strings.SplitSeq(list, ",") {
			if dir = strings.TrimSpace(dir); dir == "" {
				continue
			}
			if !first {
				fmt.Println()
			}
			first = false
			rows, err := fn(os.Stdout, dir, *only, *verbose)
			if err != nil {
				fmt.Fprintln(os.Stderr, "quality:", err)
				os.Exit(1)
			}
			summary = append(summary, rows...)
		}
	}
	each(*dirs, run)
	if strings.TrimSpace(*scenarios) != "" {
		pl, err := newPipeline()
		if err != nil {
			fmt.Fprintln(os.Stderr, "quality:", err)
			os.Exit(1)
		}
		each(*scenarios, func(w io.Writer, dir, only string, verbose bool) ([]summaryRow, error) {
			return printScenarios(w, pl, dir, only, verbose)
		})
		if err := pl.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "quality:", err)
		}
	}
	if err := printSummary(os.Stdout, summary); err != nil {
		fmt.Fprintln(os.Stderr, "quality:", err)
		os.Exit(1)
	}
}

// totals sums the scores of one analyzer over the set.
type totals struct {
	activities, lanes, performers, branches, loops, timers, messages counts
	messageFlows                                                     counts
	badLabels, fallbacks, placeholders, honest, emptyRef, invalid    int
	elapsed                                                          time.Duration
}

func (t *totals) add(s score) {
	t.activities.add(s.activities)
	t.lanes.add(s.lanes)
	t.performers.add(s.performers)
	t.branches.add(s.branches)
	t.loops.add(s.loops)
	t.timers.add(s.timers)
	t.messages.add(s.messages)
	t.messageFlows.add(s.messageFlows)
	t.badLabels += len(s.badLabels)
	if s.fallback {
		t.fallbacks++
	}
	if s.placeholder {
		t.placeholders++
	}
	if s.emptyRef {
		t.emptyRef++
		if s.honest {
			t.honest++
		}
	}
}

func run(w io.Writer, dir, only string, verbose bool) ([]summaryRow, error) {
	cases, err := loadCases(dir)
	if err != nil {
		return nil, err
	}
	rd := readingOf(dir, only, verbose)
	sc := newScorer()
	base := newBaseline(wordnet.Load())
	prov := newAnalyzer()
	var bt, nt totals
	var bb, nb behaviourTotals
	n := 0
	for _, c := range cases {
		if rd.only != "" && !strings.Contains(c.name, rd.only) {
			continue
		}
		n++
		bm := base.model(c.text)
		bt.add(sc.evaluate(c, &bm))
		start := time.Now()
		res, err := prov.Analyze(context.Background(), llm.Input{Kind: llm.KindDocument, Text: c.text, Filename: c.name + ".txt"})
		nt.elapsed += time.Since(start)
		var m process.Model
		if err == nil {
			m = res.Model
		}
		s := sc.evaluate(c, &m)
		nt.add(s)
		if rm := refModel(c); len(rm.Activities) > 0 {
			ref, _ := modelTraces(&rm)
			bts, btr := modelTraces(&bm)
			bb.add(sc.traceScore(ref, bts), btr)
			nts, ntr := modelTraces(&m)
			nb.add(sc.traceScore(ref, nts), ntr)
		}
		if ps := m.Validate(); len(ps) > 0 {
			nt.invalid++
			if rd.perCase {
				fmt.Fprintf(w, "== %s: invalid model: %v\n", c.name, process.Messages(ps))
			}
		}
		if rd.perCase {
			printCase(w, c, &m, s)
		}
	}
	note := ""
	if rd.totalsOnly {
		note = " (totals only)"
	}
	fmt.Fprintf(w, "%d cases from %s%s\n\n", n, dir, note)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "measure\tbaseline\tbuilt-in\t")
	row := func(name string, f func(t totals) string) {
		fmt.Fprintf(tw, "%s\t%s\t%s\t\n", name, f(bt), f(nt))
	}
	row("activity P", func(t totals) string { return pct(t.activities.precision()) })
	row("activity R", func(t totals) string { return pct(t.activities.recall()) })
	row("activity F1", func(t totals) string { return pct(t.activities.f1()) })
	row("lane/pool P", func(t totals) string { return pct(t.lanes.precision()) })
	row("lane/pool R", func(t totals) string { return pct(t.lanes.recall()) })
	row("lane/pool F1", func(t totals) string { return pct(t.lanes.f1()) })
	row("right performer (matched tasks)", func(t totals) string { return frac(t.performers) })
	row("branch recall", func(t totals) string { return frac(t.branches) })
	row("rework loops", func(t totals) string { return frac(t.loops) })
	brow := func(name string, f func(t behaviourTotals) float64) {
		fmt.Fprintf(tw, "%s\t%.2f\t%.2f\t\n", name, f(bb), f(nb))
	}
	brow("trace fitness", behaviourTotals.meanFitness)
	brow("trace precision", behaviourTotals.meanPrecision)
	brow("trace F", behaviourTotals.f)
	fmt.Fprintf(tw, "trace sets cut at a cap\t%d of %d\t%d of %d\t\n", bb.truncated, bb.n, nb.truncated, nb.n)
	row("timers", func(t totals) string { return found(t.timers) })
	row("message events", func(t totals) string { return found(t.messages) })
	row("message flows", func(t totals) string { return found(t.messageFlows) })
	row("labels with pronouns/fillers", func(t totals) string {
		return fmt.Sprintf("%d of %d", t.badLabels, t.activities.cand)
	})
	row(`"Review <file>" fallbacks`, func(t totals) string { return fmt.Sprintf("%d of %d", t.fallbacks, n) })
	row(`only "Process Owner" lane`, func(t totals) string { return fmt.Sprintf("%d of %d", t.placeholders, n) })
	row("models failing validation", func(t totals) string { return fmt.Sprintf("%d of %d", t.invalid, n) })
	row("no-process texts answered honestly", func(t totals) string { return fmt.Sprintf("%d of %d", t.honest, t.emptyRef) })
	if err := tw.Flush(); err != nil {
		return nil, fmt.Errorf("write table: %w", err)
	}
	fmt.Fprintf(w, "\nbuilt-in analysis time: %v for %d cases\n", nt.elapsed.Round(time.Millisecond), n)
	return []summaryRow{
		{dir, "activity F1", pct(bt.activities.f1()), pct(nt.activities.f1())},
		{dir, "lane/pool F1", pct(bt.lanes.f1()), pct(nt.lanes.f1())},
		{dir, "trace fitness / precision / F", fmt.Sprintf("%.2f / %.2f / %.2f", bb.meanFitness(), bb.meanPrecision(), bb.f()),
			fmt.Sprintf("%.2f / %.2f / %.2f", nb.meanFitness(), nb.meanPrecision(), nb.f())},
	}, nil
}

// summaryRow is one line of the closing overview: a set, a measure and
// the baseline's and the built-in analyzer's figure.
type summaryRow struct{ set, measure, base, builtin string }

func printSummary(w io.Writer, rows []summaryRow) error {
	fmt.Fprintln(w, "\nsummary")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "set\tmeasure\tbaseline\tbuilt-in")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.set, r.measure, r.base, r.builtin)
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write table: %w", err)
	}
	return nil
}

func pct(f float64) string { return fmt.Sprintf("%.0f %%", 100*f) }

func frac(c counts) string {
	return fmt.Sprintf("%.0f %% (%d/%d)", 100*c.recall(), c.hit, c.ref)
}

// found is frac with how many the model holds: recall by count alone
// would hide a model that sprinkles events everywhere.
func found(c counts) string {
	return fmt.Sprintf("%s, %d found", frac(c), c.cand)
}

func printCase(w io.Writer, c *testCase, m *process.Model, s score) {
	fmt.Fprintf(w, "== %s: activities %d/%d (cand %d), lanes %d/%d (cand %d), branches %d/%d, loops %d/%d, timers %d/%d, messages %d/%d, flows %d/%d\n",
		c.name, s.activities.hit, s.activities.ref, s.activities.cand, s.lanes.hit, s.lanes.ref, s.lanes.cand,
		s.branches.hit, s.branches.ref, s.loops.hit, s.loops.ref, s.timers.hit, s.timers.ref,
		s.messages.hit, s.messages.ref, s.messageFlows.hit, s.messageFlows.ref)
	var lanes []string
	for _, p := range m.Participants {
		lanes = append(lanes, p.Name)
	}
	for _, p := range m.Pools {
		lanes = append(lanes, "pool:"+p.Name)
	}
	fmt.Fprintf(w, "   lanes: %s\n", strings.Join(lanes, ", "))
	for _, a := range tasks(m) {
		fmt.Fprintf(w, "   %-28s %s\n", a.Performer, a.Name)
	}
	if len(s.missed) > 0 {
		fmt.Fprintf(w, "   missed: %s\n", strings.Join(s.missed, "; "))
	}
	for _, f := range s.modelFlows {
		fmt.Fprintf(w, "   message flow: %s\n", f)
	}
	for _, f := range s.missedFlows {
		fmt.Fprintf(w, "   missed message flow: %s\n", f)
	}
	for _, l := range s.wrongPerformer {
		fmt.Fprintf(w, "   wrong performer: %s\n", l)
	}
	for _, l := range s.badLabels {
		fmt.Fprintf(w, "   bad label: %s\n", l)
	}
}
