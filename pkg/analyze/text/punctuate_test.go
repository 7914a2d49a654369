package text

import (
	"context"
	"testing"
)

func TestPunctuateSpoken(t *testing.T) {
	tests := []struct {
		name, line, want string
	}{
		{"a punctuated line stays",
			"The clerk scans the label. Then the clerk opens the parcel and the inspector inspects the item and writes it all down in the log book today",
			"The clerk scans the label. Then the clerk opens the parcel and the inspector inspects the item and writes it all down in the log book today"},
		{"a short line stays", "the clerk scans the label", "the clerk scans the label"},
		{"fillers end sentences and a condition ends before the role acting",
			"ok so the customer sends the parcel back um the receiving clerk scans the label if the item is damaged the inspector rejects the return and the agent emails the customer",
			"The customer sends the parcel back. The receiving clerk scans the label. If the item is damaged, the inspector rejects the return and the agent emails the customer."},
		{"then opens a sentence, at the same time joins two roles",
			"the inspector approves the return and then the stock clerk puts the item back on the shelf and at the same time the agent issues the refund to the customer right away",
			"The inspector approves the return. Then the stock clerk puts the item back on the shelf and at the same time, the agent issues the refund to the customer right away."},
		{"then closes a condition; a role acting without a conjunction opens the next",
			"if the date is free then she sends a quote to the office manager the bookkeeper sends the invoice after the event and that's it for the order really",
			"If the date is free, she sends a quote to the office manager. The bookkeeper sends the invoice after the event. For the order really."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := punctuateSpoken(tt.line); got != tt.want {
				t.Errorf("punctuateSpoken(%q)\n got %q\nwant %q", tt.line, got, tt.want)
			}
		})
	}
}

func TestCheckDoneAgainIsTheLoop(t *testing.T) {
	tests := []struct{ text, step string }{
		{"The assistant logs the submission.\nThe assistant checks the submission for the statement of values.\n- Statement missing: assistant returns the submission to the broker for correction; the broker corrects it and resubmits; the assistant checks it again.\n\nThe underwriter rates the risk.", "Check submission again"},
		{"The clerk checks the form. If the form is wrong, the clerk calls the customer and tries again. The clerk files the form.", "Try again"},
	}
	for _, tt := range tests {
		m := Analyze(context.Background(), tt.text, "")
		for _, a := range m.Activities {
			if a.Name == tt.step {
				t.Errorf("%q is a step of its own, want it to be the loop back: %v", tt.step, names(m))
			}
		}
	}
}

func TestOutlineSectionTitles(t *testing.T) {
	tests := []struct{ name, text string }{
		{"indented", "1. Intake\n   a. Underwriting assistant logs the submission from the broker.\n   b. Underwriting assistant checks the submission.\n2. Risk assessment\n   a. Underwriter orders a survey.\n   b. Underwriter rates the risk.\n3. Check the documents\n   - passport\n"},
		{"as extraction writes it, without the indents", "1. Intake\na. Underwriting assistant logs the submission from the broker.\nb. Underwriting assistant checks the submission.\n2. Risk assessment\na. Underwriter orders a survey.\n3. Check the documents\n- passport\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var headings []string
			for _, bl := range segment(context.Background(), tt.text) {
				if bl.kind == blockHeading {
					headings = append(headings, bl.text)
				}
			}
			// a step with its details under it stays a step
			if len(headings) != 2 || headings[0] != "Intake" || headings[1] != "Risk assessment" {
				t.Errorf("headings %q, want Intake and Risk assessment", headings)
			}
		})
	}
}

func TestSentenceEnds(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"I send the candidate a polite no. The manager interviews the candidate.", 2},
		{"See form no. 12 for the details.", 1},
		{"The clerk checks the form e.g. the date. The manager signs it.", 2},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := sentences(tt.in); len(got) != tt.want {
				t.Errorf("sentences(%q) = %q, want %d", tt.in, got, tt.want)
			}
		})
	}
}

func TestTranscriptNumberedPoint(t *testing.T) {
	text := "[09:12] Priya (Talent Partner): 1) I screen the CVs from the job board\n[09:13] Priya (Talent Partner): 2) if the CV fits I schedule a phone screen, if not I send the candidate a polite no\n[09:14] Marco (Hiring Manager): then I do the tech interview.\n"
	m := Analyze(context.Background(), text, "")
	found := false
	for _, a := range m.Activities {
		found = found || a.Name == "Schedule phone screen"
	}
	if !found {
		t.Errorf("no step Schedule phone screen: %v", names(m))
	}
}

func TestCompanyNameIsAPool(t *testing.T) {
	// a name with a company's legal form is another organisation, and
	// "Ltd." before a capital ends the sentence
	m := Analyze(context.Background(), "The buyer orders the parts from Acme Ltd. Acme Ltd confirms the order and ships the parts. The clerk checks the delivery and pays the invoice.", "")
	pool := ""
	for _, p := range m.Pools {
		if p.Name == "Acme Ltd" {
			pool = p.ID
		}
	}
	if pool == "" {
		t.Fatalf("no pool Acme Ltd: %+v", m.Pools)
	}
	for _, a := range m.Activities {
		if a.Name == "Confirm order" && a.Pool == pool {
			return
		}
	}
	t.Errorf("no step Confirm order in the pool of Acme Ltd: %v", names(m))
}
