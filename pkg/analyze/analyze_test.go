package analyze

import (
	"context"
	"errors"
	"testing"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
)

func TestEmptyText(t *testing.T) {
	_, err := New(Options{}).Analyze(context.Background(), llm.Input{Kind: llm.KindDocument, Text: "  \n"})
	if !failure.IsPermanent(err) || !errors.Is(err, llm.ErrInvalidRequest) {
		t.Fatalf("got %v", err)
	}
}

func TestUsageAndNames(t *testing.T) {
	p := New(Options{})
	if p.Name() != "builtin" {
		t.Error(p.Name())
	}
	r, err := p.Analyze(context.Background(), llm.Input{Kind: llm.KindDocument, Text: "The clerk checks the invoice."})
	if err != nil {
		t.Fatal(err)
	}
	if r.ModelName != "spade-builtin-1" || r.Usage.InputTokens != 7 || r.Usage.TotalTokens != r.Usage.InputTokens+r.Usage.OutputTokens || r.Usage.OutputTokens == 0 {
		t.Errorf("result %+v", r.Usage)
	}
}

// TestImageErrors checks that the image path reaches the picture reader
// with the provider's options: a missing OCR binary is a permanent
// failure that says what to install.
func TestImageErrors(t *testing.T) {
	_, err := New(Options{Tesseract: "/nonexistent/tesseract"}).Analyze(context.Background(), llm.Input{Kind: llm.KindImage, Image: []byte("x")})
	if !failure.IsPermanent(err) {
		t.Fatalf("got %v", err)
	}
	if d, _ := failure.Detail(err); d == "" {
		t.Errorf("no detail in %v", err)
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := New(Options{}).Analyze(ctx, llm.Input{Kind: llm.KindDocument, Text: "The clerk checks the invoice."})
	if err == nil || failure.IsPermanent(err) || !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v", err)
	}
}
