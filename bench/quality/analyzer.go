package main

import (
	"context"
	"fmt"

	"github.com/spade-bpmn/spade/pkg/analyze"
	"github.com/spade-bpmn/spade/pkg/extract"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
)

// newAnalyzer is the analyzer under measurement, called only through its
// provider entry point (Analyze), so that moving the built-in analyzer
// changes this one import.
func newAnalyzer() llm.Provider { return analyze.New(analyze.Options{}) }

// pipeline runs a description the way the product runs a TXT upload with
// the built-in analyzer: text extraction (decoding, normalisation), then
// analysis with validation and repair (llm.AnalyzeValidated, as
// cmd/spade's pipeline does for the built-in provider). Its model is the
// one the graph task draws.
type pipeline struct {
	ex   *extract.Extractor
	prov llm.Provider
}

func newPipeline() (*pipeline, error) {
	ex, err := extract.New(extract.Options{})
	if err != nil {
		return nil, fmt.Errorf("start text extraction: %w", err)
	}
	return &pipeline{ex: ex, prov: newAnalyzer()}, nil
}

// Close releases the extractor.
func (p *pipeline) Close() error { return p.ex.Close() }

// model is the analyzer's model of text; an empty model when the product
// would refuse the text (what the user sees is then no model at all).
func (p *pipeline) model(ctx context.Context, name, text string) process.Model {
	doc, err := p.ex.Extract(ctx, name+".txt", []byte(text))
	if err != nil {
		return process.Model{}
	}
	res, err := llm.AnalyzeValidated(ctx, p.prov, llm.Input{Kind: llm.KindDocument, Text: doc.Text, Filename: name + ".txt"})
	if err != nil {
		return process.Model{}
	}
	return res.Model
}
