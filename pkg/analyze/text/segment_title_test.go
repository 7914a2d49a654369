package text

import (
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// TestTitleLine: a document's first line above its body is its title when
// it names the process instead of saying who does what.
func TestTitleLine(t *testing.T) {
	const body = "The clerk receives the supplier invoice by email."
	tests := []struct {
		line, next string
		title      bool
	}{
		{"Invoice approval procedure.", body, true},
		{"Onboarding of new suppliers", body, true},
		{"Onboarding of new suppliers.", body, true},
		{"Travel expenses – how to claim", body, true},
		{"Travel expenses – how to claim.", body, true},
		{"Month-end close checklist", body, true},
		{"Invoice approval.", body, true},
		{"Purchase order handling.", body, true},
		{"Review invoices", body, true},               // the body is written in sentences
		{"Review invoices", "Approve payment", false}, // a list of steps without full stops
		{"Approve supplier invoices.", body, false},
		{"Check the invoice.", body, false},
		{"Request access to the data warehouse.", body, false},
		{"Clerk receives invoice.", body, false},  // a performer doing something
		{"Orders arrive daily.", body, false},     // opens with a verb's third person
		{"Suppliers send invoices.", body, false}, // a plural and its verb
		{"Employees submit claims monthly.", body, false},
		{"Customers order online", body, false},
		{"Payment runs weekly.", body, false}, // a third person after the first word
		{"The clerk checks the invoice", body, false},
		{"Steps:", body, false},
		{"Invoices must be approved", body, false},                                            // a modal
		{"Done. Next step", body, false},                                                      // two sentences
		{"Supplier invoice handling for the finance shared service centre team", body, false}, // too long
	}
	for _, tt := range tests {
		if got := titleLine(tt.line, tt.next); got != tt.title {
			t.Errorf("titleLine(%q, %q) = %v, want %v", tt.line, tt.next, got, tt.title)
		}
	}
}

// TestDocumentTitleIsNoTaskNorMissed: the title line is neither a task
// nor a sentence the source panel lists as missed; a first line that
// reads as a step is still one.
func TestDocumentTitleIsNoTaskNorMissed(t *testing.T) {
	body := strings.Join([]string{
		"The clerk receives the supplier invoice by email.",
		"The clerk enters the invoice in the ERP system.",
		"If the amount exceeds 1000 EUR, the manager approves the invoice.",
		"The accountant pays the invoice through the banking portal.",
		"The accountant archives the invoice.",
	}, "\n")
	tests := []struct {
		first string
		// task is the task the first line must give, "" for a title
		task string
	}{
		{"Invoice approval procedure.", ""},
		{"Onboarding of new suppliers", ""},
		{"Travel expenses – how to claim", ""},
		{"Travel expenses – how to claim.", ""},
		{"Month-end close checklist", ""},
		{"Invoice approval", ""},
		{"Invoice approval.", ""},
		{"Purchase order handling.", ""},
		{"Check the invoice.", "Check invoice"},
	}
	for _, tt := range tests {
		t.Run(tt.first, func(t *testing.T) {
			text := tt.first + "\n" + body
			m := analyze(t, text)
			var got []string
			for _, a := range m.Activities {
				got = append(got, a.Name)
			}
			want := []string{"Receive supplier invoice", "Enter invoice", "Approve invoice", "Pay invoice through banking portal", "Archive invoice"}
			if tt.task != "" {
				want = append([]string{tt.task}, want...)
			}
			if strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("tasks %q, want %q", got, want)
			}
			tr := process.TraceSources(&m, text)
			if tt.task == "" && len(tr.Sentences) > 0 && tr.Sentences[0].Text == tt.first {
				t.Errorf("the title %q is listed as a sentence (%d elements)", tt.first, len(tr.Sentences[0].Elements))
			}
		})
	}
}
