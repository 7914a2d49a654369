// Package bpmntest checks generated BPMN in tests the way the reference
// tools see it: the OMG schema (xmllint), bpmn-moddle's import warnings and
// bpmnlint's recommended rules (tools/bpmncheck). Any package whose tests
// produce diagrams (the worker, the API) can call Check on them.
package bpmntest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// Result is one entry of tools/bpmncheck/check.mjs output.
type Result struct {
	File         string    `json:"file"`
	Warnings     []string  `json:"warnings"`
	LintErrors   int       `json:"lintErrors"`
	LintWarnings int       `json:"lintWarnings"`
	Findings     []Finding `json:"findings"`
	Error        string    `json:"error"`
}

// Finding is one bpmnlint report.
type Finding struct {
	Rule     string `json:"rule"`
	ID       string `json:"id"`
	Message  string `json:"message"`
	Category string `json:"category"`
}

// ModuleRoot is the directory holding go.mod.
func ModuleRoot(t testing.TB) string { return testenv.RepoRoot(t) }

// Check writes docs (name → BPMN XML) to a temporary directory and fails t
// on any schema error, bpmn-moddle warning or bpmnlint error; bpmnlint
// warnings are logged. A missing tool (xmllint from libxml2-utils, node
// with npm ci in tools/bpmncheck) fails t with its install hint, unless
// SPADE_TEST_ALLOW_SKIP=1 (testenv.Missing).
func Check(t testing.TB, docs map[string][]byte) []Result {
	t.Helper()
	if len(docs) == 0 {
		return nil
	}
	dir := t.TempDir()
	names := make([]string, 0, len(docs))
	for n := range docs {
		names = append(names, n)
	}
	sort.Strings(names)
	files := make([]string, 0, len(names))
	for i, n := range names {
		f := filepath.Join(dir, fmt.Sprintf("%03d-%s.bpmn", i, safe(n)))
		if err := os.WriteFile(f, docs[n], 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	root := ModuleRoot(t)
	ValidateXSD(t, filepath.Join(root, "..", "shared", "testdata", "xsd", "BPMN20.xsd"), files...)
	results := Reference(t, filepath.Join(root, "tools", "bpmncheck"), files...)
	for _, r := range results {
		name := filepath.Base(r.File)
		if r.Error != "" {
			t.Errorf("%s: %s", name, r.Error)
		}
		for _, w := range r.Warnings {
			t.Errorf("%s: bpmn-moddle warning: %s", name, w)
		}
		for _, f := range r.Findings {
			if f.Category == "error" {
				t.Errorf("%s: bpmnlint %s error on %s: %s", name, f.Rule, f.ID, f.Message)
			} else {
				t.Logf("%s: bpmnlint %s %s on %s: %s", name, f.Rule, f.Category, f.ID, f.Message)
			}
		}
	}
	return results
}

// CheckRoundTrip checks files redrawn from BPMN files: each of docs (by
// name) must be XSD-valid and import into bpmn-moddle without warnings,
// and must have no bpmnlint error its original (origs, same names, paths)
// does not have. A converted model is drawn as its file said, so what
// bpmnlint says about the modeller's implicit split or unnamed gateway
// stays; nothing new may appear.
func CheckRoundTrip(t testing.TB, origs map[string]string, docs map[string][]byte) {
	t.Helper()
	if len(docs) == 0 {
		return
	}
	dir := t.TempDir()
	names := make([]string, 0, len(docs))
	for n := range docs {
		names = append(names, n)
	}
	sort.Strings(names)
	var outs, ins []string
	key := map[string]string{} // written or original file → name
	for i, n := range names {
		f := filepath.Join(dir, fmt.Sprintf("%03d-%s.bpmn", i, safe(n)))
		if err := os.WriteFile(f, docs[n], 0o644); err != nil {
			t.Fatal(err)
		}
		outs = append(outs, f)
		key[f] = n
		if o, ok := origs[n]; ok {
			ins = append(ins, o)
			key[o] = n
		}
	}
	root := ModuleRoot(t)
	ValidateXSD(t, filepath.Join(root, "..", "shared", "testdata", "xsd", "BPMN20.xsd"), outs...)
	tool := filepath.Join(root, "tools", "bpmncheck")
	before := map[string]bool{}
	if len(ins) > 0 {
		for _, r := range Reference(t, tool, ins...) {
			for _, f := range r.Findings {
				if f.Category == "error" {
					before[key[r.File]+" "+f.Rule+" "+f.ID] = true
				}
			}
		}
	}
	for _, r := range Reference(t, tool, outs...) {
		name := key[r.File]
		if r.Error != "" {
			t.Errorf("%s: %s", name, r.Error)
		}
		for _, w := range r.Warnings {
			t.Errorf("%s: bpmn-moddle warning: %s", name, w)
		}
		for _, f := range r.Findings {
			if f.Category == "error" && !before[name+" "+f.Rule+" "+f.ID] {
				t.Errorf("%s: bpmnlint %s error on %s the original does not have: %s", name, f.Rule, f.ID, f.Message)
			}
		}
	}
}

func safe(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			b[i] = '_'
		}
	}
	if len(b) > 60 {
		b = b[:60]
	}
	return string(b)
}

// ValidateXSD runs xmllint with the schema over files and fails t on any
// error.
func ValidateXSD(t testing.TB, schema string, files ...string) {
	t.Helper()
	xmllint := testenv.LookPath(t, "xmllint", testenv.HintXmllint)
	testenv.Require(t, schema, "the BPMN 2.0 schema: "+testenv.HintSharedData)
	out, err := exec.Command(xmllint, append([]string{"--noout", "--schema", schema}, files...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("xmllint: %v\n%s", err, out)
	}
}

// Reference runs tools/bpmncheck/check.mjs over files. Missing node or npm
// packages fail t with the install hint (testenv.Missing).
func Reference(t testing.TB, tool string, files ...string) []Result {
	t.Helper()
	testenv.Require(t, filepath.Join(tool, "node_modules"), testenv.HintBpmncheck)
	node := testenv.LookPath(t, "node", testenv.HintNode)
	cmd := exec.Command(node, append([]string{filepath.Join(tool, "check.mjs")}, files...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("check.mjs: %v\n%s", err, stderr.String())
	}
	var results []Result
	if err := json.Unmarshal(out, &results); err != nil {
		t.Fatalf("check.mjs output: %v\n%s", err, out)
	}
	if len(results) != len(files) {
		t.Fatalf("check.mjs: %d results for %d files", len(results), len(files))
	}
	return results
}
