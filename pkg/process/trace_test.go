package process

import (
	"fmt"
	"math"
	"reflect"
	"testing"
)

func TestTraceSources(t *testing.T) {
	t.Parallel()
	text := "Invoice approval\nThe clerk  receives the invoice by e-mail. The manager reviews it! Nobody knows why.\nÜbergabe an das Archiv."
	m := &Model{
		Activities: []Activity{
			{ID: "a1", Name: "Receive invoice", Source: "The clerk receives the invoice by e-mail."},
			{ID: "a2", Name: "Review invoice", Source: "the manager reviews it"},
			{ID: "a3", Name: "Archive", Source: "Übergabe an das Archiv"},
			{ID: "a4", Name: "Invented", Source: "This sentence is not in the text."},
		},
		Gateways: []Gateway{{ID: "g1", Name: "OK?"}},
	}
	tr := TraceSources(m, text)
	var got [][]string
	var texts []string
	for _, s := range tr.Sentences {
		got = append(got, s.Elements)
		texts = append(texts, s.Text)
		if text[s.Start:s.End] != s.Text {
			t.Errorf("span %v does not cut %q", s.Span, s.Text)
		}
	}
	// The title is no sentence: left out, and not counted as missed.
	wantTexts := []string{"The clerk  receives the invoice by e-mail.", "The manager reviews it!", "Nobody knows why.", "Übergabe an das Archiv."}
	if !reflect.DeepEqual(texts, wantTexts) {
		t.Fatalf("sentences = %q", texts)
	}
	want := [][]string{{"a1"}, {"a2"}, {}, {"a3"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("elements per sentence = %v, want %v", got, want)
	}
	if tr.Coverage != 0.75 || !reflect.DeepEqual(tr.Unplaced, []string{"a4"}) {
		t.Errorf("coverage %v, unplaced %v", tr.Coverage, tr.Unplaced)
	}
	if len(m.Activities[0].Spans) != 0 {
		t.Error("TraceSources changed the model")
	}
}

// Numbering, titles, headings and captions are not sentences: they are
// neither listed as missed nor counted in the coverage (issue 25: "1.",
// "2." and the title made a 37 % coverage and a junk task); steps written
// as list items, transcript turns and sentences stay.
func TestTraceSourcesLeavesOutNonSentences(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		text string
		// covered sources become activities; the rest of the text is uncovered.
		covered  []string
		want     []string
		coverage float64
	}{
		{
			name:     "numbered steps keep their number and are one sentence each",
			text:     "Order handling\n1. The clerk receives the order. 2. The clerk checks the stock.\n3. The clerk ships the goods.",
			covered:  []string{"The clerk receives the order.", "The clerk checks the stock."},
			want:     []string{"1. The clerk receives the order.", "2. The clerk checks the stock.", "3. The clerk ships the goods."},
			coverage: 2.0 / 3,
		},
		{
			name:     "a number on its own line",
			text:     "1.\nThe clerk receives the order.\n2.\nThe clerk ships it.",
			covered:  []string{"The clerk receives the order."},
			want:     []string{"The clerk receives the order.", "The clerk ships it."},
			coverage: 0.5,
		},
		{
			name: "headings and captions",
			text: "INVOICE APPROVAL PROCEDURE\n1 Purpose and Scope\nThis procedure covers supplier invoices.\nSteps:\n" +
				"- The clerk enters the invoice\n- Manager approves\nFigure 1: The approval flow\nTable 2 – Approval limits\n## Archiving\nThe accountant archives the invoice.",
			covered: []string{"The clerk enters the invoice"},
			want: []string{"This procedure covers supplier invoices.", "- The clerk enters the invoice", "- Manager approves",
				"The accountant archives the invoice."},
			coverage: 0.25,
		},
		{
			name:     "a heading an element came from stays",
			text:     "Invoice Approval\nThe clerk checks the invoice.",
			covered:  []string{"Invoice Approval"},
			want:     []string{"Invoice Approval", "The clerk checks the invoice."},
			coverage: 0.5,
		},
		{
			name:     "transcript turns and unpunctuated lines after the first are sentences",
			text:     "Call notes.\nAgent: I check the customer record\nthen the agent opens a ticket",
			want:     []string{"Agent: I check the customer record", "then the agent opens a ticket"},
			coverage: 0,
		},
		{
			name:     "a first line with a full stop that names the process is its title",
			text:     "Invoice approval procedure.\nThe clerk checks the invoice.\nThe manager approves it.",
			covered:  []string{"The clerk checks the invoice."},
			want:     []string{"The clerk checks the invoice.", "The manager approves it."},
			coverage: 0.5,
		},
		{
			name:     "a title with a dash",
			text:     "Travel expenses – how to claim.\nThe employee submits the claim.",
			covered:  []string{"The employee submits the claim."},
			want:     []string{"The employee submits the claim."},
			coverage: 1,
		},
		{
			name:     "a first line that reads as a step stays a sentence",
			text:     "Check the invoice.\nThe manager approves it.",
			want:     []string{"Check the invoice.", "The manager approves it."},
			coverage: 0,
		},
		{
			name:     "a short line with a full stop after the first is a sentence",
			text:     "Invoice approval\nManager approves.\nThe clerk pays it.",
			want:     []string{"Manager approves.", "The clerk pays it."},
			coverage: 0,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := &Model{}
			for i, src := range tt.covered {
				m.Activities = append(m.Activities, Activity{ID: fmt.Sprintf("a%d", i), Source: src})
			}
			tr := TraceSources(m, tt.text)
			var texts []string
			for _, s := range tr.Sentences {
				texts = append(texts, s.Text)
			}
			if !reflect.DeepEqual(texts, tt.want) {
				t.Errorf("sentences = %q, want %q", texts, tt.want)
			}
			if math.Abs(tr.Coverage-tt.coverage) > 1e-9 {
				t.Errorf("coverage = %v, want %v", tr.Coverage, tt.coverage)
			}
		})
	}
}

func FuzzTraceSources(f *testing.F) {
	f.Add("A. B! C?\nD", "B")
	f.Add("ÄÖ\u00a0x. y", "äö x")
	f.Fuzz(func(t *testing.T, text, src string) {
		m := &Model{Activities: []Activity{{ID: "a", Source: src}}}
		tr := TraceSources(m, text)
		for _, s := range tr.Sentences {
			if s.Start < 0 || s.End > len(text) || s.Start >= s.End {
				t.Fatalf("bad span %v of %d bytes", s.Span, len(text))
			}
		}
	})
}
