package quality

import (
	"fmt"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/lint/rules"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
	"github.com/spade-bpmn/spade/pkg/process"
)

// SectionLogicWarnings heads the formatted text's logic warnings, written
// after the six process sections only when there are warnings.
const SectionLogicWarnings = "=== Logic Warnings ==="

// LogicWarning is one finding of a logic rule (lint.Logic), as the
// analysis results show it: what is wrong, with the element involved.
type LogicWarning struct {
	// Rule is the lint rule; Title its Quality Issue title.
	Rule  string `json:"rule"`
	Title string `json:"title"`
	// Message says what is wrong, naming the elements involved.
	Message string `json:"message"`
	// ElementID is the id of the element in the BPMN diagram, Element its
	// name (or kind when unnamed).
	ElementID string `json:"element_id,omitempty"`
	Element   string `json:"element,omitempty"`
}

// CheckModel runs the logic rules on a process model, whatever made it
// (the offline analyzer, an LLM, a converted upload, an edit): the model
// is drawn as BPMN with bpmn.Build, the same drawing the diagram shows, so
// that the checks exist once, on the parsed BPMN. A model that cannot be
// drawn yields no warnings (the graph stage reports that failure).
func CheckModel(m *process.Model) []LogicWarning {
	if m == nil {
		return nil
	}
	xml, err := bpmn.Build(m)
	if err != nil {
		return nil
	}
	return CheckXML(xml)
}

// CheckXML runs the logic rules on a BPMN document; one that cannot be
// parsed yields no warnings.
func CheckXML(xml []byte) []LogicWarning {
	defs, err := parse.Parse(xml)
	if err != nil {
		return nil
	}
	return logicWarnings(defs, lint.New(rules.All()...).Run(defs, lint.Logic))
}

// LogicWarnings returns the report's logic findings as warnings.
func (r *Report) LogicWarnings() []LogicWarning {
	if r.Definitions == nil {
		return nil
	}
	return logicWarnings(r.Definitions, r.Lint)
}

func logicWarnings(defs *parse.Definitions, rep lint.Report) []LogicWarning {
	var out []LogicWarning
	nm := tomodel.NewNamer()
	for _, f := range rep.Findings {
		if !lint.IsLogic(f.Rule) {
			continue
		}
		w := LogicWarning{Rule: f.Rule, Title: infoFor(f.Rule).title, Message: f.Message, ElementID: f.ElementID}
		if e := defs.ByID(f.ElementID); e != nil {
			w.Element = display(e, nm)
		}
		out = append(out, w)
	}
	return out
}

// LogicWarningsText is the formatted text's logic-warnings section ("" when
// there are none): one line per warning under its title.
func LogicWarningsText(ws []LogicWarning) string {
	if len(ws) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n" + SectionLogicWarnings + "\n")
	fmt.Fprintf(&b, "Check the model's logic (%d %s):\n",
		len(ws), plural(len(ws), "warning", "warnings"))
	for _, w := range ws {
		fmt.Fprintf(&b, "- %s: %s\n", w.Title, w.Message)
	}
	return b.String()
}
