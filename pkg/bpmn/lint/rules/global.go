package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// globalRule is global: global elements (errors, escalations, messages,
// signals) exist to be referenced by events, message flows and send/receive
// tasks; each is used, named, and named differently from others of its kind.
//
// As in bpmnlint, "missing name" is reported for a blank name attribute,
// while an element without any name shows up as "not unique" once two of its
// kind lack one.
func globalRule() lint.Rule {
	return newRule("global", func(d *parse.Definitions) []lint.Finding {
		refAttr := map[string]string{"error": "errorRef", "escalation": "escalationRef", "message": "messageRef", "signal": "signalRef"}
		used := map[*parse.Element]bool{}
		eachElement(d, func(e *parse.Element) {
			switch {
			case parse.IsEventDefinition(e.Kind), e.Kind == "messageFlow", e.Kind == "sendTask", e.Kind == "receiveTask":
				for _, a := range refAttr {
					if t := d.ByID(e.Attr(a)); t != nil {
						used[t] = true
					}
				}
			}
		})
		type key struct{ kind, name string }
		names := map[key]int{}
		var globals []*parse.Element
		for _, e := range d.Root.Children {
			if _, ok := refAttr[e.Kind]; ok {
				globals = append(globals, e)
				names[key{e.Kind, nameOrAbsent(e)}]++
			}
		}
		var out []lint.Finding
		for _, e := range globals {
			if e.HasAttr("name") && e.Label() == "" {
				out = append(out, at(e, "Global "+e.Kind+" has no name"))
			}
			if !used[e] {
				out = append(out, at(e, "Global "+e.Kind+" is not used by any event, message flow or task"))
			}
			if names[key{e.Kind, nameOrAbsent(e)}] > 1 {
				out = append(out, at(e, "Global "+e.Kind+" shares its name with another "+e.Kind))
			}
		}
		return out
	})
}

func nameOrAbsent(e *parse.Element) string {
	if !e.HasAttr("name") {
		return "\x00absent"
	}
	return e.Name
}
