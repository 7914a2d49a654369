package quality_test

import (
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/quality"
)

// rejoinJSON is the invoice approval of modelJSON drawn wrong the way
// models made from text go wrong: the rejection merges back into the main
// path and reaches the payment.
const rejoinJSON = `{
  "process_name": "Invoice approval",
  "participants": [{"name": "Clerk"}, {"name": "Manager"}],
  "activities": [
    {"id": "a1", "name": "Check invoice", "performer": "Clerk"},
    {"id": "a2", "name": "Approve invoice", "performer": "Manager"},
    {"id": "a4", "name": "Reject invoice", "performer": "Manager"},
    {"id": "a3", "name": "Pay invoice", "performer": "Clerk"}
  ],
  "gateways": [{"id": "g1", "type": "exclusive", "name": "Invoice correct?", "performer": "Clerk"},
               {"id": "g2", "type": "exclusive", "name": "", "performer": "Clerk"}],
  "events": [
    {"id": "s", "type": "start", "name": "Invoice received", "performer": "Clerk"},
    {"id": "e1", "type": "end", "name": "Invoice handled", "performer": "Clerk"}
  ],
  "flows": [
    {"id": "f1", "source": "s", "target": "a1"},
    {"id": "f2", "source": "a1", "target": "g1"},
    {"id": "f3", "source": "g1", "target": "a2", "condition": "yes"},
    {"id": "f4", "source": "g1", "target": "a4", "condition": "no"},
    {"id": "f5", "source": "a2", "target": "g2"},
    {"id": "f7", "source": "a4", "target": "g2"},
    {"id": "f8", "source": "g2", "target": "a3"},
    {"id": "f6", "source": "a3", "target": "e1"}
  ]
}`

// TestLogicWarningsInReport: a well-drawn model whose rejection reaches the
// payment gets the logic rule's Quality Issue (with the element named), a
// high-priority recommendation, and never the Excellent label; the same
// process drawn right keeps its score.
func TestLogicWarningsInReport(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		json      string
		wantIssue bool
	}{
		{"rejection rejoins", rejoinJSON, true},
		{"rejection ends", modelJSON, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, err := quality.AnalyzeFile([]byte(tt.json), "invoice.json")
			if err != nil {
				t.Fatal(err)
			}
			var issue *quality.Issue
			for i := range r.Issues {
				if r.Issues[i].Rule == "no-negative-to-positive" {
					issue = &r.Issues[i]
				}
			}
			if (issue != nil) != tt.wantIssue {
				t.Fatalf("no-negative-to-positive issue = %v, want %v (issues %+v)", issue != nil, tt.wantIssue, r.Issues)
			}
			logicDeduction := strings.Contains(r.FormattedText(), "metric:logic")
			if !tt.wantIssue {
				if r.Score.Label != quality.LabelExcellent || logicDeduction {
					t.Errorf("clean model scored %d %s", r.Score.Overall, r.Score.Label)
				}
				return
			}
			if len(issue.Elements) != 1 || !strings.Contains(issue.Elements[0], "Reject invoice") || issue.Severity != "warn" {
				t.Errorf("issue = %+v, want the rejection named", issue)
			}
			if len(issue.Findings) != 1 || !strings.Contains(issue.Findings[0], `leads on to "Pay invoice"`) ||
				!strings.Contains(r.FormattedText(), issue.Findings[0]) {
				t.Errorf("issue findings %q: want what the rejection leads to, in the report text", issue.Findings)
			}
			if r.Score.Label == quality.LabelExcellent || r.Score.Overall >= 80 {
				t.Errorf("model with a logic warning scored %d %s", r.Score.Overall, r.Score.Label)
			}
			if r.Score.Overall != 79 || !logicDeduction {
				t.Errorf("score %d: want 79 (just below Excellent) with a metric:logic deduction\n%s", r.Score.Overall, r.FormattedText())
			}
			high := false
			for _, rec := range r.Recommendations {
				high = high || (rec.Source == "no-negative-to-positive" && rec.Priority == "High")
			}
			if !high {
				t.Errorf("no high-priority recommendation for the logic issue: %+v", r.Recommendations)
			}
		})
	}
}

// TestCheckModelAndXML: the checks on a process model (drawn with
// bpmn.Build) and on a file agree, name the element, and render as a
// section only when there is something to say.
func TestCheckModelAndXML(t *testing.T) {
	t.Parallel()
	r, err := quality.AnalyzeFile([]byte(rejoinJSON), "invoice.json")
	if err != nil {
		t.Fatal(err)
	}
	fromReport := r.LogicWarnings()
	fromXML := quality.CheckXML(r.XML)
	if len(fromReport) != 1 || len(fromXML) != 1 || fromReport[0] != fromXML[0] {
		t.Fatalf("report %+v, file %+v: want the same single warning", fromReport, fromXML)
	}
	if w := fromXML[0]; w.Element != "Reject invoice" || w.Title != "Negative outcome reaches a positive completion" {
		t.Errorf("warning = %+v", w)
	}
	text := quality.LogicWarningsText(fromXML)
	if !strings.HasPrefix(text, "\n"+quality.SectionLogicWarnings+"\n") || !strings.Contains(text, fromXML[0].Message) {
		t.Errorf("section = %q", text)
	}
	tests := []struct {
		name string
		ws   []quality.LogicWarning
	}{
		{"unreadable file", quality.CheckXML([]byte("not xml"))},
		{"no model", quality.CheckModel(nil)},
	}
	for _, tt := range tests {
		if len(tt.ws) != 0 || quality.LogicWarningsText(tt.ws) != "" {
			t.Errorf("%s: warnings %+v", tt.name, tt.ws)
		}
	}
}
