package llm

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/process"
)

func TestContextTokens(t *testing.T) {
	tests := []struct {
		configured int
		model      string
		want       int
	}{
		{0, "gemini-2.0-flash", 1_048_576},
		{0, "models/gemini-1.5-pro-002", 2_097_152},
		{0, "gpt-4o-mini", 128_000},
		{0, "gpt-4.1-mini", 1_047_576},
		{0, "llama3.2:3b", 128_000},
		{0, "Qwen/Qwen2.5-7B-Instruct", 32_768},
		{0, "some-local-model", DefaultContextTokens},
		{32_000, "gemini-2.0-flash", 32_000},
	}
	for _, tc := range tests {
		if got := ContextTokens(tc.configured, tc.model); got != tc.want {
			t.Errorf("ContextTokens(%d, %q) = %d, want %d", tc.configured, tc.model, got, tc.want)
		}
	}
}

func TestEstimateTokens(t *testing.T) {
	// Published ratios: ~4 characters per token in English, ~1 per CJK
	// character. The estimate may be high, never far low.
	english := strings.Repeat("The clerk checks the invoice against the purchase order. ", 100)
	if got, floor := EstimateTokens(english), len(english)/4; got < floor || got > floor*3/2 {
		t.Errorf("English: %d tokens for %d characters, want %d..%d", got, len(english), floor, floor*3/2)
	}
	cjk := strings.Repeat("担当者が請求書を確認する。", 50)
	if got, runes := EstimateTokens(cjk), len([]rune(cjk)); got < runes {
		t.Errorf("CJK: %d tokens for %d characters, want at least one per character", got, runes)
	}
}

const longDoc = `# Purchase to pay

## 1. Requisition
An employee creates a purchase requisition in SAP. The team lead approves it.

## 2. Ordering
Purchasing selects a supplier and sends the purchase order.

## 3. Receiving
The warehouse receives the goods and posts the goods receipt.

## 4. Invoice
Accounts payable matches the invoice with the order and the receipt.

## 5. Payment
Treasury pays the invoice in the weekly payment run.
`

func TestSplitSections(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		budget int
		titles []string
	}{
		{name: "fits in one call", text: longDoc, budget: 10_000, titles: []string{""}},
		{name: "at headings, short ones packed", text: longDoc, budget: 35,
			titles: []string{"Purchase to pay", "2. Ordering", "3. Receiving", "4. Invoice", "5. Payment"}},
		{name: "numbered and capital headings", text: "INTAKE\nThe clerk registers the claim in the system of record today.\n\n2. Assessment\nThe assessor checks the photos and the estimate of the garage.\n", budget: 22,
			titles: []string{"INTAKE", "2. Assessment"}},
		{name: "no headings: by paragraphs", text: strings.Repeat("The clerk checks the invoice. The manager approves it.\n\n", 40), budget: 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := SplitSections(tc.text, tc.budget)
			var titles []string
			var all strings.Builder
			for _, s := range got {
				titles = append(titles, s.Title)
				all.WriteString(s.Text + " ")
				if len(got) > 1 && EstimateTokens(s.Text) > tc.budget {
					t.Errorf("section %q has %d tokens, budget %d", s.Title, EstimateTokens(s.Text), tc.budget)
				}
			}
			if tc.titles != nil && strings.Join(titles, "|") != strings.Join(tc.titles, "|") {
				t.Errorf("titles %q, want %q", titles, tc.titles)
			}
			if tc.titles == nil && len(got) < 2 {
				t.Errorf("%d sections, want several", len(got))
			}
			// Nothing is lost: every word arrives in some section.
			if a, b := strings.Fields(tc.text), strings.Fields(all.String()); len(a) != len(b) {
				t.Errorf("%d words in, %d out", len(a), len(b))
			}
		})
	}
}

// sectionModel answers each section with a small model of its own: one
// activity per sentence, a start and an end event, and the customer pool.
type sectionModel struct {
	mu     sync.Mutex
	inputs []Input
	// cutAbove answers ErrTruncated for texts longer than this many runes.
	cutAbove int
}

func (s *sectionModel) Name() string { return "sections" }

func (s *sectionModel) Analyze(_ context.Context, in Input) (*Result, error) {
	s.mu.Lock()
	s.inputs = append(s.inputs, in)
	s.mu.Unlock()
	if s.cutAbove > 0 && len([]rune(in.Text)) > s.cutAbove {
		return nil, failure.Permanent(DetailTruncated, fmt.Errorf("%w: %w", ErrInvalidRequest, ErrTruncated))
	}
	m := process.Model{ProcessName: "Part", Participants: []process.Participant{{Name: "Clerk"}},
		Pools: []process.Pool{{ID: "p_main", Name: "Company"}, {ID: "p_cust", Name: "Customer", Collapsed: true}}}
	m.Events = []process.Event{{ID: "e1", Type: "start", Trigger: "none", Name: "Start", Performer: "Clerk"}, {ID: "e2", Type: "end", Trigger: "none", Name: "End", Performer: "Clerk"}}
	prev := "e1"
	for i, sentence := range strings.Split(strings.TrimSpace(in.Text), ".") {
		sentence = strings.TrimSpace(strings.Trim(sentence, "#\n "))
		if sentence == "" {
			continue
		}
		id := fmt.Sprintf("a%d", i+1)
		m.Activities = append(m.Activities, process.Activity{ID: id, Name: sentence, Performer: "Clerk", Pool: "p_main",
			SIPOC: process.SIPOC{Suppliers: []string{}, Inputs: []string{}, Outputs: []string{}, Customers: []string{}, Systems: []string{}}})
		m.Flows = append(m.Flows, process.Flow{ID: "f" + id, Source: prev, Target: id})
		prev = id
	}
	m.Flows = append(m.Flows, process.Flow{ID: "fend", Source: prev, Target: "e2"})
	m.MessageFlows = []process.MessageFlow{{ID: "m1", Name: "Request", Source: "p_cust", Target: "a1"}}
	return &Result{Model: m, ModelName: "test-model", Usage: Usage{InputTokens: 100, OutputTokens: 50, TotalTokens: 150}}, nil
}

func TestAnalyzeDocumentInSections(t *testing.T) {
	p := &sectionModel{}
	res, err := AnalyzeDocument(context.Background(), p, Input{Kind: KindDocument, Text: longDoc}, LongOptions{ContextTokens: 4000, MaxSectionTokens: 35})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.inputs) != 5 {
		t.Fatalf("%d calls, want one per section (5)", len(p.inputs))
	}
	if p.inputs[1].Section != `part 2 of 5, "2. Ordering"` || !strings.Contains(UserPrompt(p.inputs[1]), "this is part 2 of 5") {
		t.Errorf("section label %q", p.inputs[1].Section)
	}
	m := res.Model
	subs := map[string]string{}
	for _, a := range m.Activities {
		if a.Type == process.ActivitySubProcess {
			subs[a.ID] = a.Name
		}
	}
	if len(subs) != 5 || subs["s2"] != "2. Ordering" || subs["s5"] != "5. Payment" {
		t.Errorf("sub-processes %v", subs)
	}
	seen := map[string]bool{}
	for _, a := range m.Activities {
		if seen[a.ID] {
			t.Errorf("duplicate id %s", a.ID)
		}
		seen[a.ID] = true
		if a.Type != process.ActivitySubProcess && !strings.HasPrefix(a.Parent, "s") {
			t.Errorf("activity %s %q is not inside a section sub-process", a.ID, a.Name)
		}
	}
	if len(m.Pools) != 2 || m.Pools[1].Name != "Customer" {
		t.Errorf("pools %+v, want the main pool and one shared Customer pool", m.Pools)
	}
	for _, f := range m.MessageFlows {
		if f.Source != m.Pools[1].ID {
			t.Errorf("message flow %s from %q, want the merged Customer pool %q", f.ID, f.Source, m.Pools[1].ID)
		}
	}
	if res.Usage.TotalTokens != 5*150 {
		t.Errorf("tokens %d, want the sum of the sections", res.Usage.TotalTokens)
	}
}

func TestAnalyzeDocumentSplitsACutOffSection(t *testing.T) {
	text := strings.Repeat("The clerk checks the invoice against the order.\n\n", 80) // ~3,900 runes, one section
	p := &sectionModel{cutAbove: 2500}
	res, err := AnalyzeDocument(context.Background(), p, Input{Kind: KindDocument, Text: text}, LongOptions{ContextTokens: 1_000_000})
	if err != nil {
		t.Fatalf("a cut-off answer failed the analysis: %v", err)
	}
	// whole (cut), whole compact (cut), then the two halves.
	if len(p.inputs) != 4 || !p.inputs[1].Compact {
		t.Fatalf("%d calls (compact retry %v), want 4", len(p.inputs), len(p.inputs) > 1 && p.inputs[1].Compact)
	}
	subs := 0
	for _, a := range res.Model.Activities {
		if a.Type == process.ActivitySubProcess {
			subs++
		}
	}
	if subs != 2 {
		t.Errorf("%d sub-processes, want the two halves", subs)
	}
}

func TestAnalyzeDocumentFitsInOneCall(t *testing.T) {
	b, err := os.ReadFile("testdata/claim.txt")
	if err != nil {
		t.Fatal(err)
	}
	p := &sectionModel{}
	if _, err := AnalyzeDocument(context.Background(), p, Input{Kind: KindDocument, Text: string(b)}, LongOptions{Model: "gpt-4o-mini"}); err != nil {
		t.Fatal(err)
	}
	if len(p.inputs) != 1 || p.inputs[0].Section != "" || p.inputs[0].Text != string(b) {
		t.Fatalf("%d calls, section %q: a document within the window is one call with the whole text", len(p.inputs), p.inputs[0].Section)
	}
}

func FuzzSplitSections(f *testing.F) {
	f.Add(longDoc, 45)
	f.Add("A\n\n\n\nB", 1)
	f.Add(strings.Repeat("x", 5000), 10)
	f.Add("# \n#\n1.\nABCD\n", 3)
	f.Fuzz(func(t *testing.T, text string, budget int) {
		if budget < 1 || budget > 1_000_000 || len(text) > 100_000 {
			t.Skip()
		}
		parts := SplitSections(text, budget)
		var words int
		for _, s := range parts {
			words += len(strings.Fields(s.Text))
		}
		if want := len(strings.Fields(text)); words < want {
			t.Fatalf("%d words in, %d out", want, words)
		}
	})
}
