package main

import (
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/llm/builtin"
)

// newAnalyzer is the analyzer under measurement, called only through its
// provider entry point (Analyze), so that moving the built-in analyzer
// changes this one import.
func newAnalyzer() llm.Provider { return builtin.New(builtin.Options{}) }
