package text

import (
	"context"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// activityIDs maps each activity's name to its id.
func activityIDs(m process.Model) map[string]string {
	ids := map[string]string{}
	for _, a := range m.Activities {
		ids[a.Name] = a.ID
	}
	return ids
}

// TestConditionPairs: whether two conditions ask one question
// (sameQuestion), and one the other way round (negates).
func TestConditionPairs(t *testing.T) {
	tests := []struct {
		name string
		fn   func(a, b string) bool
		a, b string
		want bool
	}{
		{"negates", negates, "the applicant is admitted", "the applicant is not admitted", true},
		{"negates", negates, "the customer pays", "the customer does not pay", true},
		{"negates", negates, "the claim is within the policy", "the claim is not covered", true},
		{"negates", negates, "the company cancels the event", "the company has not paid within 30 days", false},
		{"negates", negates, "the supplier delivers late", "the supplier does not reply", false},
		{"negates", negates, "the risk is high", "the risk is low", false},
		{"negates", negates, "no-hire", "hire", true},
		{"negates", negates, "the part is non-compliant", "the part is compliant", true},
		{"sameQuestion", sameQuestion, "the investigator considers that no fraud is likely", "fraud is likely", true},
		{"sameQuestion", sameQuestion, "the panel decides that the risk is high", "the risk is low", true},
		{"sameQuestion", sameQuestion, "the investigator is available", "fraud is likely", false},
		{"sameQuestion", sameQuestion, "a physical inspection is ordered", "no inspection is ordered", true},
		{"sameQuestion", sameQuestion, "a physical inspection is ordered", "no inspection is planned", false},
	}
	for _, tt := range tests {
		t.Run(tt.name+" "+tt.a+" / "+tt.b, func(t *testing.T) {
			if got := tt.fn(tt.a, tt.b); got != tt.want {
				t.Errorf("%s(%q, %q) = %v, want %v", tt.name, tt.a, tt.b, got, tt.want)
			}
		})
	}
}

func TestTwoQuestionsOnOneSubject(t *testing.T) {
	// the steps between two conditions on one subject that name different
	// deeds run for every case, not only the first condition's
	text := "Lena books the chef.\n\nIf the company cancels the event, Lena cancels the booking.\n\nOn the day, the chef runs the course. Afterwards our bookkeeper sends the invoice to the company. If the company has not paid within 30 days, the bookkeeper sends a reminder. When the payment arrives, the bookkeeper books the payment."
	m := Analyze(context.Background(), text, "")
	ids := activityIDs(m)
	for _, f := range m.Flows {
		if f.Source == ids["Cancel booking"] && f.Target == ids["Run course"] {
			t.Fatalf("the cancelled booking runs the course: %+v", m.Flows)
		}
	}
	if ids["Run course"] == "" || ids["Send invoice"] == "" {
		t.Fatalf("missing steps: %v", ids)
	}
}

func TestThirdStateIsANewDecision(t *testing.T) {
	// "likely" and "not likely" are one question; "confirmed" after them
	// is the next one, and a case handed back "for settlement" goes on
	text := "The investigator reviews the referral. Where the investigator considers that no fraud is likely, the hold is released and the claims handler continues the settlement. Where fraud is likely, the investigator interviews the claimant. If fraud is confirmed, the claim is declined. If fraud is not confirmed, the claim returns to the claims handler for settlement. The handler records the decision."
	m := Analyze(context.Background(), text, "")
	ids := activityIDs(m)
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

// TestConditionRewrites: conditions written in other shapes become an
// "if": a question without its mark, a list item led by a state.
func TestConditionRewrites(t *testing.T) {
	tests := []struct {
		name     string
		fn       func(string) string
		in, want string
	}{
		{"invertedCondition", invertedCondition, "Are documents missing, so the clerk requests them from the owner.", "If documents are missing, the clerk requests them from the owner."},
		{"invertedCondition", invertedCondition, "Does the customer not pay within 14 days, the clerk sends a reminder.", "If the customer does not pay within 14 days, the clerk sends a reminder."},
		{"invertedCondition", invertedCondition, "Is the form incomplete, the clerk returns it.", "If the form is incomplete, the clerk returns it."},
		{"invertedCondition", invertedCondition, "Is the form complete?", "Is the form complete?"},
		{"invertedCondition", invertedCondition, "Are there questions, please call us.", "Are there questions, please call us."},
		{"ifComma", ifComma, "if the CV fits I schedule a phone screen, if not I send a polite no", "if the CV fits, I schedule a phone screen, if not I send a polite no"},
		{"ifComma", ifComma, "If the part is late we call the supplier", "If the part is late, we call the supplier"},
		{"ifComma", ifComma, "If the CV fits the role, I schedule a call", "If the CV fits the role, I schedule a call"},
		{"ifComma", ifComma, "When the scan is clean the packer seals the parcel", "When the scan is clean, the packer seals the parcel"},
		{"ifComma", ifComma, "Once the form is complete the clerk files it", "Once the form is complete, the clerk files it"},
		{"ifComma", ifComma, "When the form is complete, the clerk files it", "When the form is complete, the clerk files it"},
		{"stateLabel", stateLabel, "Statement missing: assistant returns the submission to the broker.", "If statement missing, assistant returns the submission to the broker."},
		{"stateLabel", stateLabel, "Seal broken: refuse the load.", "If seal broken, refuse the load."},
		{"stateLabel", stateLabel, "Note: the form is missing.", "Note: the form is missing."},
		{"stateLabel", stateLabel, "Assistant logs the submission.", "Assistant logs the submission."},
	}
	for _, tt := range tests {
		t.Run(tt.name+" "+tt.in, func(t *testing.T) {
			if got := tt.fn(tt.in); got != tt.want {
				t.Errorf("%s(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
			}
		})
	}
}

func TestUntilAfterDecisionLoopsItsLastBranch(t *testing.T) {
	text := "The clerk checks the calendar. If the date is free, the clerk sends a quote. If the date is taken, the clerk proposes other dates. Sometimes this goes back and forth a few times until a date fits. The chef runs the course."
	m := Analyze(context.Background(), text, "")
	ids := activityIDs(m)
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

func TestLegaleseDecision(t *testing.T) {
	// "shall A and shall B" are two steps; "the matter shall be deemed
	// closed" ends the branch and is no step; the case "in time" is the
	// other branch of the same question
	text := "Upon receipt of a notice, the Disputes Officer shall register the dispute and shall verify the date. Where the notice was submitted after said period, the Disputes Officer shall decline the dispute. In such case no credit shall be granted, and the matter shall be deemed closed. Where the notice was submitted in time, the Disputes Officer shall grant a provisional credit. The Disputes Officer shall close the file."
	m := Analyze(context.Background(), text, "")
	ids := activityIDs(m)
	for _, n := range []string{"Register dispute", "Verify date", "Decline dispute", "Grant provisional credit"} {
		if ids[n] == "" {
			t.Errorf("no step %q: %v", n, names(m))
		}
	}
	for n := range ids {
		if n == "Deem matter" {
			t.Errorf("a deeming is a step: %v", names(m))
		}
	}
	if decline, grant := ids["Decline dispute"], ids["Grant provisional credit"]; decline != "" && grant != "" && (reaches(m, decline, grant) || reaches(m, decline, ids["Close file"])) {
		t.Errorf("a declined dispute goes on: %v", names(m))
	}
}

func TestChatNoHireEnds(t *testing.T) {
	// a chat's sentence after a full stop in lower case is a sentence;
	// "no-hire" and "hire" are one question; "no offer ever goes out"
	// ends the rejecting branch
	text := "[09:16] Marco (Hiring Manager): I interview the candidate.\n[09:17] Marco (Hiring Manager): I decide. no-hire -> Priya sends the rejection, no offer ever goes out\n[09:18] Priya (Talent Partner): hire -> I draft the offer and send it to the candidate\n[09:19] Priya (Talent Partner): once signed, I create the employee record\n"
	m := Analyze(context.Background(), text, "")
	ids := activityIDs(m)
	reject, offer := ids["Send rejection"], ids["Send offer"]
	if reject == "" || offer == "" {
		t.Fatalf("missing steps: %v", names(m))
	}
	if reaches(m, reject, offer) || reaches(m, reject, ids["Create employee record"]) {
		t.Errorf("a rejected candidate goes on: %v", names(m))
	}
}
