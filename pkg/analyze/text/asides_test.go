package text

import "testing"

func TestDropListAsides(t *testing.T) {
	tests := []struct{ in, want string }{
		{"If the amount is wrong (booking fees, vouchers and so on), the officer recalculates it.", "If the amount is wrong, the officer recalculates it."},
		{"Upon evaluation (and audit, where required), the manager approves the supplier.", "Upon evaluation (and audit, where required), the manager approves the supplier."},
		{"The clerk sends it to PrintCo (the printer).", "The clerk sends it to PrintCo (the printer)."},
		{"(fees, vouchers)", "(fees, vouchers)"},
	}
	for _, tt := range tests {
		if got := dropListAsides(tt.in); got != tt.want {
			t.Errorf("dropListAsides(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
