package text

import "testing"

// TestUntilRe covers the sentences that close a cycle of the steps just
// read, including two numbered steps joined by "and".
func TestUntilRe(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"This is repeated until the customer is happy.", "the customer is happy"},
		{"Steps 5 and 6 are repeated until the customer approves the cake.", "the customer approves the cake"},
		{"Steps 3 to 5 are repeated until the test passes.", "the test passes"},
		{"Step 4 is repeated till the form is complete.", "the form is complete"},
		{"Steps 5 and the photo are repeated until approval.", ""},
		{"The customer approves the cake.", ""},
	}
	for _, tt := range tests {
		got := ""
		if m := untilRe.FindStringSubmatch(tt.in); m != nil {
			got = m[1]
		}
		if got != tt.want {
			t.Errorf("untilRe(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
