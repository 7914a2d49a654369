package main

import (
	"context"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/bpmn/quality"
	"github.com/spade-bpmn/spade/pkg/llm"
)

// init wires the BPMN Analyzer (pkg/bpmn/quality) into the pipeline,
// unless bpmnAnalyzer was set another way.
func init() {
	if bpmnAnalyzer == nil {
		bpmnAnalyzer = analyzeBPMNUpload
	}
}

// bpmnReportModel names the rule-based analyzer that writes BPMN reports.
const bpmnReportModel = "spade-bpmn-rules-1"

// analyzeBPMNUpload parses, lints and scores an uploaded .bpmn/.xml file
// or process-model .json. The report is deterministic and needs no LLM;
// the provider is not called (no tokens are used).
func analyzeBPMNUpload(ctx context.Context, filename string, data []byte, _ llm.Provider, _ llm.Input) (*analysis.Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	r, err := quality.AnalyzeFile(data, filename)
	if err != nil {
		return nil, err
	}
	res := &analysis.Result{
		ProcessName:    r.ProcessName,
		ProcessPurpose: r.ProcessPurpose,
		FormattedText:  r.FormattedText(),
		BPMNXML:        string(r.XML),
		Metadata: analysis.Metadata{
			Format:               "bpmn",
			Model:                bpmnReportModel,
			ModelName:            bpmnReportModel,
			ElementInventoryData: r.ElementInventoryData(),
			ProcessComplexity:    r.ProcessComplexityData(),
			Quality:              r.QualityData(),
		},
	}
	if r.FromModelJSON {
		res.Metadata.Format = "json"
		res.ModelJSON = string(data)
	}
	return res, nil
}
