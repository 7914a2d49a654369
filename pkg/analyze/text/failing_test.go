package text

import "testing"

// TestFailingWhich covers the legal "…, failing which …": the duty
// denied opens the consequence's sentence.
func TestFailingWhich(t *testing.T) {
	tests := []struct{ in, want string }{
		{"The invoice must match the order, failing which the clerk rejects it.",
			"The invoice must match the order. If the invoice does not match the order, the clerk rejects it."},
		{"The agreement shall be returned within 30 days, failing which the award is withdrawn.",
			"The agreement shall be returned within 30 days. If the agreement is not returned within 30 days, the award is withdrawn."},
		{"The clerk files the form. Payment is made on time; failing that, a reminder is sent.",
			"The clerk files the form. Payment is made on time. If this is not the case, a reminder is sent."},
		{"The clerk files the form and sends it on.", "The clerk files the form and sends it on."},
	}
	for _, tt := range tests {
		if got := failingWhich(tt.in); got != tt.want {
			t.Errorf("failingWhich(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestFailingWhichBranch covers a whole description: the consequence is
// the branch where the duty was not met and never reaches the payment.
func TestFailingWhichBranch(t *testing.T) {
	checkLogic(t, logicCase{
		name:      "failing which rejects",
		text:      "The clerk checks the invoice. The invoice must match the order, failing which the clerk rejects the invoice and returns it to the supplier. The accountant books the invoice. The treasurer pays the invoice.",
		never:     [][2]pattern{{{"reject"}, {"pay"}}, {{"reject"}, {"book"}}},
		reach:     [][2]pattern{{{"check"}, {"pay"}}},
		exclusive: [][2]pattern{{{"reject"}, {"book"}}},
		absent:    []pattern{{"fail"}},
	})
}
