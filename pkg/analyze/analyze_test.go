package analyze

import (
	"context"
	"errors"
	"strings"
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

// TestOtherLanguagesRefused checks that a description the English rules
// cannot read is refused with a detail that names the language and the
// way out, never read into a model without tasks; mostly English text is
// analysed.
func TestOtherLanguagesRefused(t *testing.T) {
	tests := []struct {
		name, text, language string
	}{
		{"spanish", "Proceso de reclamaciones. El cliente presenta la reclamación en el portal. El tramitador revisa la póliza y, si la póliza no está activa, rechaza la reclamación y envía una carta al cliente. Si está activa, el perito evalúa los daños y el departamento de finanzas paga al taller.", "Spanish"},
		{"german", "Der Kunde reicht die Schadensmeldung ein. Der Sachbearbeiter prüft die Police und wenn sie nicht aktiv ist, wird die Meldung abgelehnt. Danach bewertet der Gutachter den Schaden und die Buchhaltung zahlt die Werkstatt.", "German"},
		{"english", "The customer submits the claim on the portal. The claims handler checks the policy (\"póliza\" in the Spanish form) and pays the repair shop.", ""},
	}
	p := New(Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := p.Analyze(context.Background(), llm.Input{Kind: llm.KindDocument, Text: tt.text})
			if tt.language == "" {
				if err != nil || len(r.Model.Activities) < 2 {
					t.Fatalf("English text not analysed: %v", err)
				}
				return
			}
			if !failure.IsPermanent(err) || !errors.Is(err, llm.ErrInvalidRequest) {
				t.Fatalf("got %v", err)
			}
			d, _ := failure.Detail(err)
			for _, want := range []string{tt.language, "English", "API key", "Settings"} {
				if !strings.Contains(d, want) {
					t.Errorf("detail %q does not mention %q", d, want)
				}
			}
		})
	}
}
