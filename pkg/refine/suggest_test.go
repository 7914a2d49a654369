package refine

import (
	"slices"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// TestSuggestPhases: the names a sentence mentions and the examples' X
// and Y that Suggest writes its forms with.
func TestSuggestPhases(t *testing.T) {
	t.Parallel()
	names := []string{"Check", "Check claim", "Pay claim", "Archive"}
	tests := []struct {
		name      string
		sentence  string // lower case, padded with spaces, as Suggest makes it
		names     []string
		mentioned []string
		rest      string
		x, y      string
	}{
		{"longest first, sentence order", " after pay claim do check claim ", names, []string{"Check claim", "Pay claim"}, " after   do   ", "Pay claim", "Check claim"},
		{"one mentioned", " archive it please ", names, []string{"Archive"}, "   it please ", "Archive", "Check"},
		{"none mentioned", " hello there ", names, nil, " hello there ", "Check", "Check claim"},
		{"no names", " hello ", nil, nil, " hello ", "Check claim", "Pay claim"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			mentioned, rest := mentionedNames(tt.sentence, tt.names)
			if !slices.Equal(mentioned, tt.mentioned) || rest != tt.rest {
				t.Errorf("mentionedNames = %q, %q; want %q, %q", mentioned, rest, tt.mentioned, tt.rest)
			}
			if x, y := exampleNames(tt.sentence, mentioned, tt.names); x != tt.x || y != tt.y {
				t.Errorf("exampleNames = %q, %q; want %q, %q", x, y, tt.x, tt.y)
			}
		})
	}
}

// TestSuggestExamplesNameTasks: the suggestions a person sees write their
// example steps with the diagram's tasks, never with a decision ("Amount
// exceeds 1000 EUR?") or an event.
func TestSuggestExamplesNameTasks(t *testing.T) {
	t.Parallel()
	m := &process.Model{
		Activities: []process.Activity{{ID: "a1", Name: "Check invoice"}, {ID: "a2", Name: "Approve invoice"}, {ID: "a3", Name: "Pay invoice"}},
		Gateways:   []process.Gateway{{ID: "g", Type: process.GatewayExclusive, Name: "Amount exceeds 1000 EUR?"}},
		Events:     []process.Event{{ID: "s", Type: process.EventStart, Name: "Invoice received"}, {ID: "e", Type: process.EventEnd, Name: "Invoice paid"}},
	}
	names, tasks := Names(m), TaskNames(m)
	tests := []struct {
		sentence string
		want     []string // every suggestion, in order
	}{
		{"xyzzy", []string{
			"rename 'Check invoice' to 'New name'",
			"add step 'Archive documents' after 'Check invoice'",
			"after 'Check invoice', if rejected, the process ends",
		}},
		{"do it at the same time", []string{"make 'Check invoice' and 'Approve invoice' parallel"}},
		{"Pay invoice needs a reminder", []string{"add timer '2 days' after 'Pay invoice'"}},
		{"Approve invoice goes to the archive", []string{"connect 'Approve invoice' to 'Check invoice'"}},
	}
	for _, tt := range tests {
		t.Run(tt.sentence, func(t *testing.T) {
			t.Parallel()
			got := Suggest(tt.sentence, names, tasks)
			if !slices.Equal(got[:min(len(got), len(tt.want))], tt.want) {
				t.Errorf("Suggest(%q) = %q, want it to start with %q", tt.sentence, got, tt.want)
			}
			for _, g := range got {
				if strings.Contains(g, "1000 EUR?") || strings.Contains(g, "Invoice received") || strings.Contains(g, "Invoice paid") {
					t.Errorf("suggestion %q names a decision or an event the sentence did not mention", g)
				}
			}
		})
	}
}
