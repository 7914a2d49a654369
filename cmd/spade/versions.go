package main

import (
	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/versions"
)

// newVersions builds the service behind the version, edit and refine
// routes. Refinements use the built-in command grammar (no LLM call).
func newVersions(a *App, convert func([]byte) (*process.Model, error)) *versions.Service {
	return &versions.Service{
		Repo:    versions.NewRepo(a.DB.DB),
		Convert: convert,
		Build:   bpmn.Build,
		Render:  process.FormattedText,
		Planner: versions.GrammarPlanner{},
	}
}

// convertBPMN reads an edited diagram into a process model, repaired so
// that the formatted text, SIPOC and items render; the diagram itself is
// stored as the user drew it.
func convertBPMN(xml []byte) (*process.Model, error) {
	m, err := tomodel.FromXML(xml)
	if err != nil {
		return nil, err
	}
	process.Repair(m)
	return m, nil
}
