package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// noUnresolvedReferenceRule is no-unresolved-reference: a reference to an id
// the file does not hold (a flow to a deleted task, a message from another
// file) is lost on import by every modeller. bpmn-moddle reports these as
// import warnings, which bpmnlint's command line counts as errors.
func noUnresolvedReferenceRule() lint.Rule {
	return newRule("no-unresolved-reference", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		for _, r := range d.Unresolved {
			out = append(out, lint.Finding{ElementID: r.From, Message: "Reference " + r.Attr + " points to <" + r.To + ">, which is not in the file"})
		}
		return out
	})
}
