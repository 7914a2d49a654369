package builtin

import (
	"context"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/process"
)

// label is one piece of text read from a diagram, with its box.
type label struct {
	text                  string
	left, top, right, bot int
}

func (p *Provider) ocr(ctx context.Context, img []byte) ([]label, error) {
	return nil, failure.Permanent("OCR is not available yet.", nil)
}

func diagramModel(labels []label, filename string) process.Model {
	return process.Model{}
}
