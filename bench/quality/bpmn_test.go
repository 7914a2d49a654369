package main

import (
	"context"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/bpmn/bpmntest"
	"github.com/spade-bpmn/spade/pkg/llm"
)

// TestModelsMakeValidBPMN builds the diagram of the built-in analyzer's
// model of every case (pools, message flows, sub-processes, timers
// included) and checks it: XSD-valid, imported by bpmn-moddle without
// warnings, no bpmnlint error.
func TestModelsMakeValidBPMN(t *testing.T) {
	docs := map[string][]byte{}
	p := newAnalyzer()
	for _, dir := range []string{"testdata", "fresh", "holdout2", "blind"} {
		cases, err := loadCases(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			r, err := p.Analyze(context.Background(), llm.Input{Kind: llm.KindDocument, Text: c.text, Filename: c.name + ".txt"})
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if ps := r.Model.Validate(); len(ps) > 0 {
				t.Errorf("%s: invalid model: %v", c.name, ps)
			}
			b, err := bpmn.Build(&r.Model)
			if err != nil {
				t.Errorf("%s: build: %v", c.name, err)
				continue
			}
			docs[c.name+".bpmn"] = b
		}
	}
	bpmntest.Check(t, docs)
}
