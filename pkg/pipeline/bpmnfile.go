package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/bpmn/quality"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
)

// bpmnReportModel names the rule-based analyzer that writes BPMN reports.
const bpmnReportModel = "spade-bpmn-rules-1"

// Values of metadata.extra.diagram: where the stored BPMN's layout comes
// from. The graph task keeps a file's own drawing and redraws SPADE's.
const (
	// DiagramFromFile marks a BPMN file drawn with its own diagram
	// interchange.
	DiagramFromFile = "file"
	// DiagramFromSpade marks a diagram drawn by SPADE's layout.
	DiagramFromSpade = "spade"
)

// BPMNFile is the BPMNAnalyzer: the rule-based analysis of an uploaded
// BPMN file.
type BPMNFile struct{}

// AnalyzeBPMN parses, lints and scores an uploaded .bpmn/.xml file
// or process-model .json, and converts the file into the process model so
// that it gets what documents get: the model (GET /api/graph), the
// formatted text with the six process sections (followed by the quality
// report's sections), SIPOC and Process Items. The report is deterministic
// and needs no LLM; the provider is not called (no tokens are used).
func (BPMNFile) AnalyzeBPMN(ctx context.Context, filename string, data []byte, _ llm.Provider, _ llm.Input) (*analysis.Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res, defs, name, fromJSON, err := reportBPMN(data, filename)
	if err != nil {
		return nil, err
	}
	// The quality report is written and dropped by now, and the parsed
	// file goes as soon as it is converted. The model's JSON and text are
	// written before the layout and the model is not used after it, so
	// that no two of the large stages' structures are alive at once: for
	// a file of 100,000 elements the parse tree is about 50 MB, the
	// layout's graph about 70 MB, the text's ordering about 50 MB and the
	// drawn XML 26 MB (a worker peaked at 350 MB with GOMEMLIMIT at
	// 300 MiB when they were alive together). Locals that are not used
	// again are no roots for the collector, so the order is what matters.
	var m *process.Model
	drawn := true
	if fromJSON {
		res.Metadata.Format = "json"
		res.Metadata.Extra["diagram"] = DiagramFromSpade
		if m, err = process.Decode(data); err != nil {
			// AnalyzeFile read it already; a model it drew is readable.
			return nil, fmt.Errorf("decode uploaded model: %w", err)
		}
	} else if conv, err := tomodel.Convert(defs); err == nil {
		m = conv.Model
		if note := conv.Note(); note != "" {
			res.Metadata.Extra["conversion_note"] = note
		}
		drawn = hasDiagram(defs)
	}
	// A file that holds pools but no process (tomodel refuses it) keeps
	// the quality report alone.
	if m == nil {
		return res, nil
	}
	if m.ProcessName == "" {
		m.ProcessName = name
	}
	modelJSON, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("encode converted model: %w", err)
	}
	res.ModelJSON = string(modelJSON)
	res.FormattedText = reportFirst(res.FormattedText, process.FormattedText(m))
	res.Metadata.WorkMinutes, res.Metadata.WaitMinutes = process.Totals(m)
	if drawn {
		return res, nil
	}
	// Without diagram interchange no viewer can draw the file: the stored
	// diagram is SPADE's layout of the converted model, the very model
	// stored as its JSON, so the graph task has nothing to redraw. The
	// task's context bounds the layout; a graph over its work budget is
	// drawn with the simple layout, and the note says so.
	laid, err := bpmn.BuildContext(ctx, m)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return res, nil
	}
	res.BPMNXML = string(laid.XML)
	res.Metadata.Extra["diagram"] = DiagramFromSpade
	if laid.Simplified {
		res.Metadata.Extra["layout_note"] = bpmn.SimplifiedNote
	}
	return res, nil
}

// reportBPMN parses, lints and scores the file and writes the result of
// its quality report. It returns the parsed file (for the conversion into
// the model) and the report's process name, but not the report: its lint
// findings and inventory are not needed once written, and the caller
// should not keep them alive through the conversion and the layout.
func reportBPMN(data []byte, filename string) (res *analysis.Result, defs *parse.Definitions, name string, fromJSON bool, err error) {
	r, err := quality.AnalyzeFile(data, filename)
	if err != nil {
		return nil, nil, "", false, err
	}
	res = &analysis.Result{
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
			// The logic rules ran on the file itself with the others; their
			// findings are Quality Issues and, as for documents, warnings.
			Warnings: analysisWarnings(r.LogicWarnings()),
			Extra:    map[string]any{"diagram": DiagramFromFile},
		},
	}
	return res, r.Definitions, r.ProcessName, r.FromModelJSON, nil
}

// reportLead names the quality report's sections that come before the
// converted model's text: a reader of a BPMN report wants the verdict
// first, not after hundreds of lines of SIPOC.
var reportLead = []string{"Process Overview", "Quality Score", "Quality Issues Found"}

// reportFirst orders a BPMN report's text: the overview, score and issues
// of the quality report, then the converted model's sections (purpose,
// participants, flow, SIPOC, gateways), then the rest of the quality
// report. Sections are found by their "=== Title ===" lines, the way the
// web app reads them.
func reportFirst(report, model string) string {
	type part struct{ title, text string }
	var parts []part
	for _, chunk := range strings.SplitAfter(report, "\n") {
		t := strings.TrimSpace(chunk)
		if strings.HasPrefix(t, "===") && strings.HasSuffix(t, "===") && len(t) > 6 {
			parts = append(parts, part{title: strings.TrimSpace(strings.Trim(t, "="))})
		}
		if len(parts) == 0 {
			parts = append(parts, part{})
		}
		parts[len(parts)-1].text += chunk
	}
	var lead, rest strings.Builder
	for _, want := range reportLead {
		for _, p := range parts {
			if p.title == want {
				lead.WriteString(strings.TrimRight(p.text, "\n") + "\n\n")
			}
		}
	}
	for _, p := range parts {
		if !slices.Contains(reportLead, p.title) {
			rest.WriteString(p.text)
		}
	}
	return lead.String() + strings.TrimRight(model, "\n") + "\n\n" + strings.TrimLeft(rest.String(), "\n")
}

// hasDiagram reports whether the file draws at least one element.
func hasDiagram(d *parse.Definitions) bool {
	for _, dg := range d.Diagrams {
		for _, s := range dg.Shapes {
			if s.Element != nil && s.Bounds != nil {
				return true
			}
		}
	}
	return false
}
