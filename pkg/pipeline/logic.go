package pipeline

import (
	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/bpmn/quality"
	"github.com/spade-bpmn/spade/pkg/process"
)

// RenderModel writes a model's formatted text with its logic warnings
// (quality.CheckModel, the lint.Logic rules on the model drawn as BPMN)
// appended as their own section, and returns the warnings for the
// metadata. Document and image analyses (offline analyzer or LLM, through
// TextRenderer) and every saved version (edit, refinement, restore: the
// versions service's Render) render through it, so the checks run on
// every model whatever made it.
func RenderModel(m *process.Model) (string, []analysis.LogicWarning) {
	ws := quality.CheckModel(m)
	return process.FormattedText(m) + quality.LogicWarningsText(ws), analysisWarnings(ws)
}

// analysisWarnings converts the checker's warnings to the metadata's.
func analysisWarnings(ws []quality.LogicWarning) []analysis.LogicWarning {
	if len(ws) == 0 {
		return nil
	}
	out := make([]analysis.LogicWarning, len(ws))
	for i, w := range ws {
		out[i] = analysis.LogicWarning{Rule: w.Rule, Title: w.Title, Message: w.Message, ElementID: w.ElementID, Element: w.Element}
	}
	return out
}
