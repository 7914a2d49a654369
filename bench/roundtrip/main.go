// Command roundtrip measures the fidelity of SPADE's BPMN round trip: each
// file is converted to the process model (pkg/bpmn/tomodel), drawn again
// (bpmn.Build) and parsed, and the two files are compared element by
// element (flow nodes by type and name, sequence flows by endpoints,
// message flows, lane and pool membership, boundary attachment,
// sub-process nesting, data associations, event definitions, default
// flows, conditions). It prints preserved/total per element kind as a
// strict judge counts (names exactly, sequence flows by their exact
// endpoints, every element or name the round trip added counted as a
// loss), beside the lenient figure (flows through gateways the builder
// added and default labels on unnamed nodes allowed), the
// files below 100 %, whether each round-tripped file is XSD-valid
// (xmllint) and imports into bpmn-moddle without warnings
// (tools/bpmncheck), and what process.Repair would change on the
// converted model.
//
//	go run ./bench/roundtrip [-v] [-strict=false] [-repaired] [-out DIR] [files or dirs…]
//
// -repaired draws the converted models as models from the analyzers are
// drawn (gateways, events and labels added for bpmnlint), which is how
// every converted model was drawn before process.Model.Verbatim.
//
// Without arguments it reads ../shared/testdata/bpmn/miwg-reference and
// bench/roundtrip/testdata.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
	"github.com/spade-bpmn/spade/pkg/process"
)

// FileResult is the round trip of one file.
type FileResult struct {
	File string
	// Err is set when the file could not be converted or drawn; nothing
	// else is then measured.
	Err error
	// Comparison is what survived, counted strictly or leniently (Run's
	// strict); Lenient is always the lenient count.
	*Comparison
	Lenient *Comparison
	// Skipped is what the converter could not hold.
	Skipped string
	// Repair lists what process.Repair changes on the converted model.
	Repair []string
	// XML is the round-tripped file.
	XML []byte
	// XSD is the schema error ("" when valid or not checked); Moddle the
	// bpmn-moddle warnings.
	XSD    string
	Moddle []string
	// Detached lists the flows whose drawn line misses one of its ends.
	Detached []string
}

// Options say how Run draws and counts.
type Options struct {
	// Strict counts as a strict judge does (see Compare).
	Strict bool
	// Repaired draws the converted model as a model from the analyzers
	// (Verbatim off).
	Repaired bool
}

// RoundTrip converts, draws and compares one file.
func RoundTrip(name string, data []byte, opt Options) *FileResult {
	r := &FileResult{File: name}
	orig, err := parse.Parse(data)
	if err != nil {
		r.Err = fmt.Errorf("parse: %w", err)
		return r
	}
	conv, err := tomodel.Convert(orig)
	if err != nil {
		r.Err = fmt.Errorf("convert: %w", err)
		return r
	}
	r.Skipped = conv.Note()
	r.Repair = repairChanges(conv.Model)
	if opt.Repaired {
		conv.Model.Verbatim = false
	}
	out, err := bpmn.Build(conv.Model)
	if err != nil {
		r.Err = fmt.Errorf("build: %w", err)
		return r
	}
	r.XML = out
	again, err := parse.Parse(out)
	if err != nil {
		r.Err = fmt.Errorf("parse the round-tripped file: %w", err)
		return r
	}
	r.Comparison = Compare(orig, again, opt.Strict)
	r.Lenient = Compare(orig, again, false)
	r.Detached = DetachedEnds(again)
	return r
}

// repairChanges runs process.Repair on a copy of m and says what it
// changed: elements added, removed or altered, by kind.
func repairChanges(m *process.Model) []string {
	raw, err := json.Marshal(m)
	if err != nil {
		return []string{"cannot copy the model: " + err.Error()}
	}
	var cp process.Model
	if err := json.Unmarshal(raw, &cp); err != nil {
		return []string{"cannot copy the model: " + err.Error()}
	}
	process.Repair(&cp)
	var out []string
	diff := func(kind string, before, after map[string]string) {
		var added, removed, changed int
		for id, b := range before {
			a, ok := after[id]
			switch {
			case !ok:
				removed++
			case a != b:
				changed++
			}
		}
		for id := range after {
			if _, ok := before[id]; !ok {
				added++
			}
		}
		for _, p := range []struct {
			n    int
			verb string
		}{{added, "added"}, {removed, "removed"}, {changed, "changed"}} {
			if p.n > 0 {
				out = append(out, fmt.Sprintf("%s %s %d", kind, p.verb, p.n))
			}
		}
	}
	diff("activities", index(m.Activities, func(a process.Activity) string { return a.ID }), index(cp.Activities, func(a process.Activity) string { return a.ID }))
	diff("events", index(m.Events, func(a process.Event) string { return a.ID }), index(cp.Events, func(a process.Event) string { return a.ID }))
	diff("gateways", index(m.Gateways, func(a process.Gateway) string { return a.ID }), index(cp.Gateways, func(a process.Gateway) string { return a.ID }))
	diff("flows", index(m.Flows, func(a process.Flow) string { return a.ID }), index(cp.Flows, func(a process.Flow) string { return a.ID }))
	diff("lanes", index(m.Participants, func(a process.Participant) string { return a.Pool + "/" + a.Name }), index(cp.Participants, func(a process.Participant) string { return a.Pool + "/" + a.Name }))
	diff("message flows", index(m.MessageFlows, func(a process.MessageFlow) string { return a.ID }), index(cp.MessageFlows, func(a process.MessageFlow) string { return a.ID }))
	diff("data", index(m.Data, func(a process.Data) string { return a.ID }), index(cp.Data, func(a process.Data) string { return a.ID }))
	diff("data associations", index(m.DataAssociations, func(a process.DataAssociation) string { return a.ID }), index(cp.DataAssociations, func(a process.DataAssociation) string { return a.ID }))
	return out
}

func index[T any](xs []T, id func(T) string) map[string]string {
	out := make(map[string]string, len(xs))
	for i, x := range xs {
		b, _ := json.Marshal(x)
		k := id(x)
		if _, dup := out[k]; dup {
			k = fmt.Sprintf("%s#%d", k, i)
		}
		out[k] = string(b)
	}
	return out
}

// Totals adds the counts of several files.
func Totals(rs []*FileResult) map[string]*Count {
	return totals(rs, func(r *FileResult) *Comparison { return r.Comparison })
}

// LenientTotals adds the lenient counts of several files.
func LenientTotals(rs []*FileResult) map[string]*Count {
	return totals(rs, func(r *FileResult) *Comparison { return r.Lenient })
}

func totals(rs []*FileResult, pick func(*FileResult) *Comparison) map[string]*Count {
	t := map[string]*Count{}
	for _, k := range Kinds {
		t[k] = &Count{}
	}
	for _, r := range rs {
		c := pick(r)
		if c == nil {
			continue
		}
		for k, n := range c.Counts {
			if t[k] == nil {
				t[k] = &Count{}
			}
			t[k].Preserved += n.Preserved
			t[k].Total += n.Total
			t[k].Added += n.Added
		}
	}
	return t
}

// Percent is preserved/(total+added) in percent (100 when there is
// nothing): what the round trip added counts against it like a loss.
func (c Count) Percent() float64 {
	if c.Total+c.Added == 0 {
		return 100
	}
	return 100 * float64(c.Preserved) / float64(c.Total+c.Added)
}

// collectFiles expands directories into their .bpmn files, sorted.
func collectFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", a, err)
		}
		if !st.IsDir() {
			files = append(files, a)
			continue
		}
		ms, err := filepath.Glob(filepath.Join(a, "*.bpmn"))
		if err != nil {
			return nil, fmt.Errorf("list %s: %w", a, err)
		}
		sort.Strings(ms)
		files = append(files, ms...)
	}
	return files, nil
}

// moduleRoot walks up from the working directory to go.mod.
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return "."
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}

// checkTools writes the round-tripped files to dir and runs xmllint and
// tools/bpmncheck over them; a missing tool is reported once and skipped.
func checkTools(rs []*FileResult, dir, root string, log io.Writer) {
	var files []string
	byFile := map[string]*FileResult{}
	for i, r := range rs {
		if r.XML == nil {
			continue
		}
		f := filepath.Join(dir, fmt.Sprintf("%03d-%s", i, filepath.Base(r.File)))
		if err := os.WriteFile(f, r.XML, 0o644); err != nil {
			fmt.Fprintln(log, "write:", err)
			return
		}
		files = append(files, f)
		byFile[f] = r
	}
	if len(files) == 0 {
		return
	}
	schema := filepath.Join(root, "..", "shared", "testdata", "xsd", "BPMN20.xsd")
	if xmllint, err := exec.LookPath("xmllint"); err != nil {
		fmt.Fprintln(log, "xmllint not installed (Debian libxml2-utils): schema check skipped")
	} else if _, err := os.Stat(schema); err != nil {
		fmt.Fprintln(log, "schema not found at", schema, ": schema check skipped")
	} else {
		for _, f := range files {
			out, err := exec.Command(xmllint, "--noout", "--schema", schema, f).CombinedOutput()
			if err != nil {
				byFile[f].XSD = firstLines(string(out), 3)
			}
		}
	}
	tool := filepath.Join(root, "tools", "bpmncheck")
	node, err := exec.LookPath("node")
	if _, serr := os.Stat(filepath.Join(tool, "node_modules")); err != nil || serr != nil {
		fmt.Fprintln(log, "node or tools/bpmncheck/node_modules missing (npm ci there): bpmn-moddle check skipped")
		return
	}
	cmd := exec.Command(node, append([]string{filepath.Join(tool, "check.mjs")}, files...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		fmt.Fprintln(log, "check.mjs:", err, stderr.String())
		return
	}
	var results []struct {
		File     string   `json:"file"`
		Warnings []string `json:"warnings"`
		Error    string   `json:"error"`
	}
	if err := json.Unmarshal(out, &results); err != nil {
		fmt.Fprintln(log, "check.mjs output:", err)
		return
	}
	for _, res := range results {
		if r := byFile[res.File]; r != nil {
			r.Moddle = res.Warnings
			if res.Error != "" {
				r.Moddle = append(r.Moddle, "error: "+res.Error)
			}
		}
	}
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "…")
	}
	return strings.Join(lines, "\n")
}

// Report prints the per-kind totals, the files below 100 % and the tool
// checks.
func Report(w io.Writer, title string, rs []*FileResult, verbose bool) {
	fmt.Fprintf(w, "== %s: %d files ==\n", title, len(rs))
	printTotals(w, rs)
	printAllowances(w, rs)
	var checks toolChecks
	for _, r := range rs {
		checks.add(r)
		printFile(w, r, verbose)
	}
	fmt.Fprintf(w, "round-tripped files: %d failed, %d not XSD-valid, %d with bpmn-moddle warnings; %d flows drawn not ending at their nodes\n",
		checks.failed, checks.invalid, checks.moddle, checks.detached)
	printRepairs(w, rs)
}

// printTotals prints the table of per-kind totals, strict and lenient.
func printTotals(w io.Writer, rs []*FileResult) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "kind\tpreserved\ttotal\tadded\t%\tlenient %\t")
	t, lt := Totals(rs), LenientTotals(rs)
	for _, k := range Kinds {
		c := t[k]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.1f\t%.1f\t\n", k, c.Preserved, c.Total, c.Added, c.Percent(), lt[k].Percent())
	}
	_ = tw.Flush()
}

// printAllowances prints what the lenient count lets pass: flows through
// added gateways and default labels.
func printAllowances(w io.Writer, rs []*FileResult) {
	var via, named int
	for _, r := range rs {
		if r.Comparison != nil {
			via += r.Via
			named += r.Named
		}
	}
	fmt.Fprintf(w, "(allowances of the lenient count: %d sequence flows only through gateways the builder added for bpmnlint; %d unnamed events and gateways given the builder's default label)\n", via, named)
}

// toolChecks counts the files that failed, were not XSD-valid or drew
// bpmn-moddle warnings, and the flows drawn detached from their nodes.
type toolChecks struct{ failed, invalid, moddle, detached int }

func (c *toolChecks) add(r *FileResult) {
	if r.Err != nil {
		c.failed++
		return
	}
	if r.XSD != "" {
		c.invalid++
	}
	if len(r.Moddle) > 0 {
		c.moddle++
	}
	c.detached += len(r.Detached)
}

// printFile prints one file's line when it failed, lost or added
// something or a tool check found something (every file with verbose),
// and with verbose what was lost and added, skipped and repaired.
func printFile(w io.Writer, r *FileResult, verbose bool) {
	if r.Err != nil {
		fmt.Fprintf(w, "FAILED %s: %v\n", r.File, r.Err)
		return
	}
	below := belowFull(r)
	if len(below) > 0 || r.XSD != "" || len(r.Moddle) > 0 || len(r.Detached) > 0 || verbose {
		fmt.Fprintf(w, "%s: %s\n", filepath.Base(r.File), strings.Join(below, ", "))
		if r.XSD != "" {
			fmt.Fprintf(w, "  xsd: %s\n", strings.ReplaceAll(r.XSD, "\n", "\n       "))
		}
		for _, m := range r.Moddle {
			fmt.Fprintf(w, "  bpmn-moddle: %s\n", m)
		}
		for _, m := range r.Detached {
			fmt.Fprintf(w, "  drawn line misses its end: %s\n", m)
		}
	}
	if verbose {
		printDetails(w, r)
	}
}

// belowFull lists the kinds of r not preserved whole ("kind 2/3 +1
// added").
func belowFull(r *FileResult) []string {
	var below []string
	for _, k := range Kinds {
		if c := r.Counts[k]; c != nil && (c.Preserved < c.Total || c.Added > 0) {
			b := fmt.Sprintf("%s %d/%d", k, c.Preserved, c.Total)
			if c.Added > 0 {
				b += fmt.Sprintf(" +%d added", c.Added)
			}
			below = append(below, b)
		}
	}
	return below
}

// printDetails prints every element r lost or added, what the converter
// skipped and what process.Repair would change.
func printDetails(w io.Writer, r *FileResult) {
	for _, k := range Kinds {
		for _, l := range r.Lost[k] {
			fmt.Fprintf(w, "  lost %s: %s\n", k, l)
		}
		for _, l := range r.Added[k] {
			fmt.Fprintf(w, "  added %s: %s\n", k, l)
		}
	}
	if r.Skipped != "" {
		fmt.Fprintf(w, "  converter: %s\n", r.Skipped)
	}
	if len(r.Repair) > 0 {
		fmt.Fprintf(w, "  process.Repair would change: %s\n", strings.Join(r.Repair, ", "))
	}
}

// printRepairs prints, per kind of change process.Repair would make, the
// number of files it would make it in.
func printRepairs(w io.Writer, rs []*FileResult) {
	repairs := map[string]int{}
	for _, r := range rs {
		for _, c := range r.Repair {
			i := strings.LastIndexByte(c, ' ')
			repairs[c[:i]]++
		}
	}
	if len(repairs) == 0 {
		fmt.Fprintln(w, "process.Repair on the converted models: no change")
		return
	}
	parts := make([]string, 0, len(repairs))
	for _, k := range slices.Sorted(maps.Keys(repairs)) {
		parts = append(parts, fmt.Sprintf("%s in %d files", k, repairs[k]))
	}
	fmt.Fprintf(w, "process.Repair on the converted models: %s\n", strings.Join(parts, "; "))
}

// Run round-trips the files and returns the results.
func Run(files []string, opt Options) []*FileResult {
	rs := make([]*FileResult, 0, len(files))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			rs = append(rs, &FileResult{File: f, Err: err})
			continue
		}
		rs = append(rs, RoundTrip(f, data, opt))
	}
	return rs
}

func main() {
	verbose := flag.Bool("v", false, "list every element that was not preserved, what the converter skipped and what Repair would change")
	strict := flag.Bool("strict", true, "count as a strict judge does: names exactly, flows by exact endpoints, added elements and names as losses")
	repaired := flag.Bool("repaired", false, "draw converted models as models from the analyzers are drawn (bpmnlint repairs), as before Model.Verbatim")
	outDir := flag.String("out", "", "write the round-tripped files to this directory (default: a temporary one)")
	flag.Parse()
	root := moduleRoot()
	sets := [][2]string{}
	if flag.NArg() == 0 {
		sets = append(sets,
			[2]string{"MIWG reference models", filepath.Join(root, "..", "shared", "testdata", "bpmn", "miwg-reference")},
			[2]string{"SPADE development models", filepath.Join(root, "bench", "roundtrip", "testdata")})
	} else {
		for _, a := range flag.Args() {
			sets = append(sets, [2]string{a, a})
		}
	}
	dir := *outDir
	if dir == "" {
		d, err := os.MkdirTemp("", "roundtrip-")
		if err != nil {
			fmt.Fprintln(os.Stderr, "roundtrip:", err)
			os.Exit(1)
		}
		defer os.RemoveAll(d)
		dir = d
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "roundtrip:", err)
		os.Exit(1)
	}
	for i, s := range sets {
		files, err := collectFiles([]string{s[1]})
		if err != nil {
			fmt.Fprintln(os.Stderr, "roundtrip:", err)
			os.Exit(1)
		}
		rs := Run(files, Options{Strict: *strict, Repaired: *repaired})
		sub := filepath.Join(dir, fmt.Sprintf("set%d", i))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "roundtrip:", err)
			os.Exit(1)
		}
		checkTools(rs, sub, root, os.Stderr)
		if i > 0 {
			fmt.Println()
		}
		Report(os.Stdout, s[0], rs, *verbose)
	}
}
