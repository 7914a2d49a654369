package main

import (
	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
	"github.com/spade-bpmn/spade/pkg/llm/providers"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/versions"
)

// newVersions builds the service behind the version, edit and refine
// routes. Refinements use the built-in command grammar; with a language
// model configured, instructions the grammar does not fully understand go
// to the model (system key) through structured output.
func newVersions(a *App, convert func([]byte) (*process.Model, error)) *versions.Service {
	var planner versions.Planner = versions.GrammarPlanner{}
	if a.Cfg.LLMProvider != providers.Builtin && a.Cfg.LLMProvider != "" {
		p, err := providers.New(pipeline.SystemProviderConfig(a.Cfg, a.Log), nil)
		if r, ok := p.(versions.Refiner); err == nil && ok {
			planner = versions.LLMPlanner{Refiner: r}
		}
	}
	return &versions.Service{
		Repo:    versions.NewRepo(a.DB.DB),
		Convert: convert,
		Build:   bpmn.Build,
		Render:  pipeline.RenderModel,
		Planner: planner,
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
