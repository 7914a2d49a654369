package text

import "testing"

func TestLightVerbs(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"The technician has a look at the quality.", "The technician checks the quality."},
		{"we take a quick look at the form", "we check the form"},
		{"If nothing came, we give the reference lab a call.", "If nothing came, we call the reference lab."},
		{"She gives the customer a ring.", "She calls the customer."},
		{"The clerk gives the customer a receipt.", "The clerk gives the customer a receipt."},
		{"The panel has a long list of criteria.", "The panel has a long list of criteria."},
	}
	for _, tt := range tests {
		if got := lightVerbPhrases(tt.in); got != tt.want {
			t.Errorf("lightVerbPhrases(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
