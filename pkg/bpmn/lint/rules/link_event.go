package rules

import (
	"sort"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// linkEventRule is link-event: link events are off-page connectors. Within
// one process or sub-process each link is named, each name has exactly one
// catching event and at least one throwing event.
func linkEventRule() lint.Rule {
	return newRule("link-event", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		eachElement(d, func(c *parse.Element) {
			if !parse.IsContainer(c.Kind) {
				return
			}
			byName := map[string][]*parse.Element{}
			for _, e := range c.Children {
				def := linkDefinition(e)
				if def == nil {
					continue
				}
				name := strings.TrimSpace(def.Name)
				if name == "" {
					out = append(out, at(e, "Link event has no link name"))
					continue
				}
				byName[name] = append(byName[name], e)
			}
			names := make([]string, 0, len(byName))
			for n := range byName {
				names = append(names, n)
			}
			sort.Strings(names)
			for _, name := range names {
				events := byName[name]
				if len(events) == 1 {
					missing := "throwing"
					if parse.IsThrowEvent(events[0].Kind) {
						missing = "catching"
					}
					out = append(out, at(events[0], "Link <"+name+"> has no "+missing+" link event in the same scope"))
					continue
				}
				var catches []*parse.Element
				for _, e := range events {
					if parse.IsCatchEvent(e.Kind) {
						catches = append(catches, e)
					}
				}
				switch {
				case len(catches) > 1:
					for _, e := range catches {
						out = append(out, at(e, "Link <"+name+"> is caught by more than one link event in the same scope"))
					}
				case len(catches) == 0:
					for _, e := range events {
						out = append(out, at(e, "Link <"+name+"> has no catching link event in the same scope"))
					}
				}
			}
		})
		return out
	})
}

func linkDefinition(e *parse.Element) *parse.Element {
	if !parse.IsEvent(e.Kind) {
		return nil
	}
	for _, d := range e.EventDefinitions {
		if d.Kind == "linkEventDefinition" {
			return d
		}
	}
	return nil
}
