package text

import "testing"

// TestSentenceRewrites: a bracketed list drops out of a condition, and a
// subject limited by what a check found is that case's condition.
func TestSentenceRewrites(t *testing.T) {
	tests := []struct {
		fn       func(string) string
		in, want string
	}{
		{dropListAsides, "If the amount is wrong (booking fees, vouchers and so on), the officer recalculates it.", "If the amount is wrong, the officer recalculates it."},
		{dropListAsides, "Upon evaluation (and audit, where required), the manager approves the supplier.", "Upon evaluation (and audit, where required), the manager approves the supplier."},
		{dropListAsides, "The clerk sends it to PrintCo (the printer).", "The clerk sends it to PrintCo (the printer)."},
		{dropListAsides, "(fees, vouchers)", "(fees, vouchers)"},
		{conditionalSubject, "Forms found incomplete are returned to us.", "If the forms are found incomplete, the forms are returned to us."},
		{conditionalSubject, "A crown found not to fit is sent back to the lab.", "If the crown is found not to fit, the crown is sent back to the lab."},
		{conditionalSubject, "The forms are found on the shelf.", "The forms are found on the shelf."},
	}
	for _, tt := range tests {
		if got := tt.fn(tt.in); got != tt.want {
			t.Errorf("rewrite(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestPassivePronounSubject: "they are completed by the arranger" works
// on what was named before, and the found-state rework loops back.
func TestPassivePronounSubject(t *testing.T) {
	m := analyze(t, "Forms\n\nThe arranger sends the forms to the crematorium. The forms are checked by the crematorium. Forms found incomplete are returned to us; they are completed by the arranger and sent to the crematorium again.\n\nThe funeral director conducts the service.")
	var complete string
	for _, a := range m.Activities {
		if a.Name == "Complete forms" {
			complete = a.ID
		}
	}
	if complete == "" {
		t.Fatalf("no step 'Complete forms':%s", describe(m))
	}
}
