package providers

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
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

// BenchmarkPromptPerDocument reports the prompt tokens one analysis sends
// for a one-page and a 100-page document (the claim text repeated), on a
// model with a 32k window (sections of its budget) and on gemini-2.5-flash
// (sections of at most 30,000 tokens), as llm.AnalyzeDocument splits
// them: every call repeats the fixed instruction and schema, so a long
// document pays for it once per section.
//   - fixed-tokens: the instruction and the schema;
//   - calls: LLM calls for the document;
//   - prompt-tokens: everything sent over those calls.
func BenchmarkPromptPerDocument(b *testing.B) {
	claim := claimInput(b, "").Text
	schema, _ := json.Marshal(process.JSONSchema())
	fixed := llm.EstimateTokens(llm.SystemInstruction()) + llm.EstimateTokens(string(schema))
	doc := func(pages int) string {
		text := strings.Repeat(claim+"\n\n", pages*charsPerPage/len(claim)+1)
		return text[:pages*charsPerPage]
	}
	for _, tc := range []struct {
		name  string
		pages int
		model string
	}{
		{"1-page/32k-window", 1, "qwen2.5"},
		{"100-pages/32k-window", 100, "qwen2.5"},
		{"1-page/gemini-2.5-flash", 1, "gemini-2.5-flash"},
		{"100-pages/gemini-2.5-flash", 100, "gemini-2.5-flash"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			text := doc(tc.pages)
			var calls, sent int
			for b.Loop() {
				sections := llm.SplitSections(text, llm.SectionBudget(llm.LongOptions{Model: tc.model}))
				calls, sent = len(sections), 0
				for k, s := range sections {
					in := llm.Input{Kind: llm.KindDocument, Filename: "claim.txt", Text: s.Text}
					if len(sections) > 1 {
						in.Section = fmt.Sprintf("part %d of %d", k+1, len(sections))
					}
					sent += fixed + llm.EstimateTokens(llm.UserPrompt(in))
				}
			}
			b.ReportMetric(float64(fixed), "fixed-tokens")
			b.ReportMetric(float64(calls), "calls")
			b.ReportMetric(float64(sent), "prompt-tokens")
		})
	}
}
