package text

import "testing"

// TestEveryCaseLead covers a lead before a colon that says the steps
// after it hold for every case: the lead goes, the steps stay.
func TestEveryCaseLead(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"starts the same way", "Every return starts the same way: the sales associate scans the receipt.", "The sales associate scans the receipt."},
		{"each case", "Each application: the clerk checks the form.", "The clerk checks the form."},
		{"list after the colon", "Every return needs: receipt, card.", "Every return needs: receipt, card."},
		{"no lead", "The clerk checks the form: name and date.", "The clerk checks the form: name and date."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := everyCaseLead(tt.in); got != tt.want {
				t.Errorf("everyCaseLead(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
	m := analyze(t, "Every return starts the same way: the sales associate scans the receipt. The clerk closes the till.")
	if len(nodesMatching(m, pattern{"scan", "receipt"})) == 0 {
		t.Errorf("no step scanning the receipt:%s", describe(m))
	}
}
