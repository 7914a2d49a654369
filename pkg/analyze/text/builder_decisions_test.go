package text

import (
	"context"
	"testing"
)

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
	text := "Lena books the chef.\n\nIf the company cancels the event, Lena cancels the booking.\n\nOn the day, the chef runs the course. Afterwards our bookkeeper sends the invoice to the company. If the company has not paid within 30 days, the bookkeeper sends a reminder. When the payment arrives, the bookkeeper books the payment."
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

func TestSameQuestionBehindAJudge(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"the investigator considers that no fraud is likely", "fraud is likely", true},
		{"the panel decides that the risk is high", "the risk is low", true},
		{"the investigator is available", "fraud is likely", false},
		{"a physical inspection is ordered", "no inspection is ordered", true},
		{"a physical inspection is ordered", "no inspection is planned", false},
	}
	for _, tt := range tests {
		t.Run(tt.a+" / "+tt.b, func(t *testing.T) {
			if got := sameQuestion(tt.a, tt.b); got != tt.want {
				t.Errorf("sameQuestion(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
			}
		})
	}
}

func TestThirdStateIsANewDecision(t *testing.T) {
	// "likely" and "not likely" are one question; "confirmed" after them
	// is the next one, and a case handed back "for settlement" goes on
	text := "The investigator reviews the referral. Where the investigator considers that no fraud is likely, the hold is released and the claims handler continues the settlement. Where fraud is likely, the investigator interviews the claimant. If fraud is confirmed, the claim is declined. If fraud is not confirmed, the claim returns to the claims handler for settlement. The handler records the decision."
	m := Analyze(context.Background(), text, "")
	ids := map[string]string{}
	for _, a := range m.Activities {
		ids[a.Name] = a.ID
	}
	interview, release, decline, record := ids["Interview claimant"], ids["Release hold"], ids["Decline claim"], ids["Record decision"]
	if interview == "" || release == "" || decline == "" || record == "" {
		t.Fatalf("missing steps: %v", names(m))
	}
	if reaches(m, interview, release) || reaches(m, release, interview) {
		t.Errorf("interview and release should be apart: %v", names(m))
	}
	if !reaches(m, interview, decline) {
		t.Errorf("the interview should come before the question whether fraud is confirmed: %v", names(m))
	}
	if reaches(m, decline, record) || !reaches(m, interview, record) {
		t.Errorf("only a case not confirmed as fraud should reach the record: %v", names(m))
	}
}

func TestInvertedCondition(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Are documents missing, so the clerk requests them from the owner.", "If documents are missing, the clerk requests them from the owner."},
		{"Does the customer not pay within 14 days, the clerk sends a reminder.", "If the customer does not pay within 14 days, the clerk sends a reminder."},
		{"Is the form incomplete, the clerk returns it.", "If the form is incomplete, the clerk returns it."},
		{"Is the form complete?", "Is the form complete?"},
		{"Are there questions, please call us.", "Are there questions, please call us."},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := invertedCondition(tt.in); got != tt.want {
				t.Errorf("invertedCondition(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestUntilAfterDecisionLoopsItsLastBranch(t *testing.T) {
	text := "The clerk checks the calendar. If the date is free, the clerk sends a quote. If the date is taken, the clerk proposes other dates. Sometimes this goes back and forth a few times until a date fits. The chef runs the course."
	m := Analyze(context.Background(), text, "")
	ids := map[string]string{}
	for _, a := range m.Activities {
		ids[a.Name] = a.ID
	}
	check, quote, propose := ids["Check calendar"], ids["Send quote"], ids["Propose other dates"]
	if check == "" || quote == "" || propose == "" {
		t.Fatalf("missing steps: %v", names(m))
	}
	if !reaches(m, propose, check) {
		t.Errorf("proposing other dates should go back to the calendar: %v", names(m))
	}
	if reaches(m, quote, check) {
		t.Errorf("a quote sent for a free date should not go round again: %v", names(m))
	}
}
