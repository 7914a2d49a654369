package pipeline

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/llm/providers"
)

// TestNew builds the production pipeline on the built-in analyzer and runs
// a document through its steps in the worker's order; a provider the
// registry does not know is refused before anything starts.
func TestNew(t *testing.T) {
	t.Parallel()
	log := slog.New(slog.DiscardHandler)
	if _, err := New(Deps{Config: &config.Config{LLMProvider: "no-such-vendor"}, Log: log}); err == nil {
		t.Fatal("an unknown provider was accepted")
	}
	pl, err := New(Deps{Config: &config.Config{LLMProvider: providers.Builtin, ExtractCacheDir: t.TempDir()}, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pl.Close)
	ctx := context.Background()
	doc, err := pl.Extractor.Extract(ctx, "order.txt", []byte("The clerk receives the order. The clerk checks the stock. The warehouse ships the goods."), false)
	if err != nil {
		t.Fatal(err)
	}
	p, in, src, err := pl.Chooser.Choose(ctx, &analysis.Analysis{})
	if err != nil || p.Name() != providers.Builtin || src != llm.KeyBuiltin {
		t.Fatalf("chose %v source %q: %v", p, src, err)
	}
	in.Kind, in.Text = "document", doc.Text
	out, err := pl.Analyzer.Analyze(ctx, p, in)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := pl.Renderer.Render(&out.Model)
	if !strings.Contains(strings.ToLower(text), "ship") {
		t.Errorf("formatted text without the document's steps: %.400s", text)
	}
	xml, err := pl.Builder.BuildBPMN(ctx, &out.Model)
	if err != nil || !strings.Contains(string(xml), "BPMNShape") {
		t.Errorf("diagram: %v %.200s", err, xml)
	}
}
