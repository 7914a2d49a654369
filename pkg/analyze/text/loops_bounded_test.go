package text

import "testing"

// TestBoundedRetries covers a retry with a bound and a way out: the
// decision on the count ends in the escalation, a failure before it goes
// back to the retried step and success goes on.
func TestBoundedRetries(t *testing.T) {
	tests := []logicCase{
		{
			name:  "retry at most three times, then escalate: after the third failed attempt",
			text:  "The clerk prepares the payment run. The payment system sends the payment file to the bank. On failure we retry, at most three times, then escalate: after the third failed attempt the treasury manager calls the bank's support desk. The clerk posts the payments in the ledger.",
			loop:  [][2]pattern{{{"send", "file"}, {"send", "file"}}},
			never: [][2]pattern{{{"call", "desk"}, {"post", "payment"}}},
			reach: [][2]pattern{{{"send", "file"}, {"post", "payment"}}, {{"send", "file"}, {"call", "desk"}}},
		},
		{
			name:  "a condition on the third failure: the others go back",
			text:  "The technician loads the autoclave. The technician runs the sterilisation cycle. Where the same load fails for a third time, the manager quarantines the load. The porter delivers the sets to theatre.",
			loop:  [][2]pattern{{{"run", "cycle"}, {"run", "cycle"}}},
			never: [][2]pattern{{{"quarantin", "load"}, {"deliver", "set"}}},
			reach: [][2]pattern{{{"run", "cycle"}, {"deliver", "set"}}},
		},
		{
			name:  "after three failed attempts, on the branch that failed",
			text:  "The driver takes the parcel to the delivery address. If nobody is home, the driver leaves a card. After three failed attempts, the depot clerk returns the parcel to the sender. The driver uploads the proof of delivery.",
			loop:  [][2]pattern{{{"take", "parcel"}, {"leav", "card"}}},
			never: [][2]pattern{{{"return", "parcel"}, {"upload", "proof"}}},
			reach: [][2]pattern{{{"take", "parcel"}, {"upload", "proof"}}},
		},
		{
			name:  "the text says where a failure returns: kept",
			text:  "The analyst runs the test. If the test fails for the third time, the analyst escalates the case. Otherwise the analyst runs the test again. The analyst files the report.",
			loop:  [][2]pattern{{{"run", "test"}, {"run", "test"}}},
			reach: [][2]pattern{{{"escalat", "case"}, {"file", "report"}}},
		},
		{
			name:   "no count: no retry drawn",
			text:   "The driver takes the parcel to the address. If nobody is home, the driver leaves a card. The driver uploads the proof of delivery.",
			reach:  [][2]pattern{{{"leav", "card"}, {"upload", "proof"}}},
			absent: []pattern{{"retry"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}

func TestBoundedRetryLead(t *testing.T) {
	tests := []struct{ in, want string }{
		{"On failure we retry, at most three times, then escalate: after the third failed attempt the treasury manager calls the bank.",
			"If the third attempt fails, the treasury manager calls the bank."},
		{"After two failed attempts we stop trying to deliver.", "If the second attempt fails, we stop trying to deliver."},
		{"After the 3rd unsuccessful attempt, the clerk returns the parcel.", "If the 3rd attempt fails, the clerk returns the parcel."},
		{"After the third attempt the clerk returns the parcel.", "After the third attempt the clerk returns the parcel."},
		{"We retry up to three times.", "We retry up to three times."},
		{"After two weeks the clerk sends a reminder.", "After two weeks the clerk sends a reminder."},
	}
	for _, tt := range tests {
		if got := boundedRetryLead(tt.in); got != tt.want {
			t.Errorf("boundedRetryLead(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
