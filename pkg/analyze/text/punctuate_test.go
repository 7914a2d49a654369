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

func TestNegatesOtherDeeds(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"the applicant is admitted", "the applicant is not admitted", true},
		{"the customer pays", "the customer does not pay", true},
		{"the claim is within the policy", "the claim is not covered", true},
		{"the company cancels the event", "the company has not paid within 30 days", false},
		{"the supplier delivers late", "the supplier does not reply", false},
		{"the risk is high", "the risk is low", false},
	}
	for _, tt := range tests {
		t.Run(tt.a+" / "+tt.b, func(t *testing.T) {
			if got := negates(tt.a, tt.b); got != tt.want {
				t.Errorf("negates(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
			}
		})
	}
}

func TestTwoQuestionsOnOneSubject(t *testing.T) {
	// the steps between two conditions on one subject that name different
	// deeds run for every case, not only the first condition's
	text := "Lena books the chef.\n\nIf the company cancels the event, Lena cancels the booking.\n\nOn the day, the chef runs the course. Afterwards our bookkeeper sends the invoice to the company. If the company has not paid within 30 days, the bookkeeper sends a reminder. The bookkeeper books the payment."
	m := Analyze(context.Background(), text, "")
	ids := map[string]string{}
	for _, a := range m.Activities {
		ids[a.Name] = a.ID
	}
	for _, f := range m.Flows {
		if f.Source == ids["Cancel booking"] && f.Target == ids["Run course"] {
			t.Fatalf("the cancelled booking runs the course: %+v", m.Flows)
		}
	}
	if ids["Run course"] == "" || ids["Send invoice"] == "" {
		t.Fatalf("missing steps: %v", ids)
	}
}
