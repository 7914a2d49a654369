package bpmn

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/spade-bpmn/spade/pkg/analyze"
	"github.com/spade-bpmn/spade/pkg/bpmn/bpmntest"
	"github.com/spade-bpmn/spade/pkg/extract"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
)

// corpusTexts are process descriptions in the styles users upload.
var corpusTexts = map[string]string{
	"invoice.txt": `The accounts payable clerk receives the invoice by email. The clerk checks the invoice against the purchase order in SAP.
If the amount is above 10,000 EUR, the finance manager approves the invoice. Otherwise the clerk approves it.
Meanwhile the buyer confirms the goods receipt. After approval the treasury pays the invoice within 2 days.
Finally the clerk archives the invoice.`,
	"onboarding.txt": `HR sends the contract to the new employee. The employee signs the contract and returns it.
In parallel, IT creates the user accounts and the facilities team prepares the desk.
On the first day the manager welcomes the employee. If the laptop is not ready, IT delivers a loaner.`,
	"transcript.txt": `Alice: So first the customer calls the support hotline.
Bob: Right, and the agent logs a ticket in Zendesk, that takes about 10 minutes.
Alice: If it's a defect, the engineer investigates it, otherwise the agent answers directly.
Bob: Then we wait for the customer to confirm, usually a day, and the agent closes the ticket.`,
}

// corpusModels runs the builtin analyzer over the corpus texts and the
// shared SOP documents (PDF and DOCX), the way the worker does.
func corpusModels(t *testing.T) map[string]*process.Model {
	t.Helper()
	ctx := context.Background()
	p := analyze.New(analyze.Options{})
	out := map[string]*process.Model{}
	analyze := func(name, text string) {
		r, err := p.Analyze(ctx, llm.Input{Kind: llm.KindDocument, Filename: name, Text: text})
		if err != nil {
			t.Logf("%s: builtin analyzer: %v", name, err)
			return
		}
		m := r.Model
		out[name] = &m
	}
	for name, text := range corpusTexts {
		analyze(name, text)
	}
	if testing.Short() {
		return out
	}
	docs := filepath.Join(moduleRoot(t), "..", "shared", "testdata", "docs", "appn")
	files, _ := filepath.Glob(filepath.Join(docs, "*.*"))
	if len(files) == 0 {
		return out
	}
	ex, err := extract.New(extract.Options{CacheDir: filepath.Join(os.TempDir(), "spade-test-pdfium")})
	if err != nil {
		t.Fatalf("extract: %v", err)
	}
	defer ex.Close()
	for _, f := range files {
		ext := filepath.Ext(f)
		if ext != ".pdf" && ext != ".docx" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := ex.Extract(ctx, filepath.Base(f), data)
		if err != nil {
			t.Logf("%s: extract: %v", filepath.Base(f), err)
			continue
		}
		analyze(filepath.Base(f), doc.Text)
	}
	return out
}

// TestBuiltinCorpus builds the diagram of every analysis the builtin
// analyzer makes of the corpus and checks it like TestReferenceTools:
// XSD-valid, no bpmn-moddle warning, no bpmnlint error.
func TestBuiltinCorpus(t *testing.T) {
	t.Parallel()
	models := corpusModels(t)
	if len(models) < len(corpusTexts) {
		t.Fatalf("builtin analyzed %d of %d texts", len(models), len(corpusTexts))
	}
	names := make([]string, 0, len(models))
	for name := range models {
		names = append(names, name)
	}
	sort.Strings(names)
	docs := map[string][]byte{}
	for _, name := range names {
		b, err := Build(models[name])
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		// checkDoc reads one flat process; the builtin analyzer's
		// collaborations and sub-processes are checked by bpmntest.Check
		// below (XSD, bpmn-moddle, bpmnlint)
		if flatModel(models[name]) {
			checkDoc(t, models[name], b)
		}
		docs[name] = b
		if d := os.Getenv("SPADE_BPMN_DUMP"); d != "" {
			_ = os.WriteFile(filepath.Join(d, name+".bpmn"), b, 0o644)
		}
	}
	t.Logf("%d diagrams: %v", len(docs), names)
	bpmntest.Check(t, docs)
}

// flatModel reports whether a model is one pool without sub-processes.
func flatModel(m *process.Model) bool {
	if len(m.Pools) > 1 {
		return false
	}
	for _, a := range m.Activities {
		if a.Parent != "" || process.IsSubProcess(a.Type) {
			return false
		}
	}
	return true
}
