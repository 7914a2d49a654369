package providers

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
)

// charsPerPage is a printed page of running text: about 500 words of
// about 6 characters with the space.
const charsPerPage = 3000

// BenchmarkPromptCost runs the fixed prompt on testdata/claim.txt against
// local servers answering with the recorded answer (testdata/
// claim-answer.json) in each vendor's wire format, and reports what one
// analysis costs per page of input, so that a change to the instruction or
// the schema shows its price in `go test -bench PromptCost`:
//   - fixed-tokens: the instruction and the schema, sent with every call;
//   - prompt-tokens/page: everything sent, per page of the document;
//   - document-tokens/page: the document alone (what each further page adds);
//   - output-tokens/page: the recorded answer, per page.
//
// Tokens are counted with llm.EstimateTokens (close to the vendors' own
// counts for English, a little high), because the recorded answers carry
// canned usage figures, not the vendor's count for today's prompt.
func BenchmarkPromptCost(b *testing.B) {
	model := claimModel(b)
	in := claimInput(b, "")
	pages := float64(len(in.Text)) / charsPerPage
	schema, _ := json.Marshal(process.JSONSchema())
	fixed := llm.EstimateTokens(llm.SystemInstruction()) + llm.EstimateTokens(string(schema))
	for _, v := range vendors {
		b.Run(v.name, func(b *testing.B) {
			fake := newFakeVendor(b, v, answer{model: model})
			p, err := v.provider(fake.URL, "system-key", 30*time.Second)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := llm.AnalyzeValidated(context.Background(), p, in); err != nil {
					b.Fatal(err)
				}
			}
			bodies := fake.requests()
			sent := llm.EstimateTokens(llm.SystemInstruction()) + llm.EstimateTokens(llm.UserPrompt(in)) + llm.EstimateTokens(string(schema))
			if len(bodies) != b.N {
				b.Fatalf("%d requests for %d analyses: a corrective round trip on the recorded answer", len(bodies), b.N)
			}
			b.ReportMetric(float64(fixed), "fixed-tokens")
			b.ReportMetric(float64(sent)/pages, "prompt-tokens/page")
			b.ReportMetric(float64(llm.EstimateTokens(in.Text))/pages, "document-tokens/page")
			b.ReportMetric(float64(llm.EstimateTokens(model))/pages, "output-tokens/page")
			b.ReportMetric(pages, "pages")
		})
	}
}
