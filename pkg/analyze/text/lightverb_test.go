package text

import "testing"

// TestLightDo covers "do" with a thing of work as its object, read as
// "carry out", and "do" as an auxiliary, which stays.
func TestLightDo(t *testing.T) {
	tests := []struct{ in, want string }{
		{"On the last day the inspector does the check-out inspection.", "On the last day the inspector carries out the check-out inspection."},
		{"Then we do a stock count and close the shop.", "Then we carry out a stock count and close the shop."},
		{"The lab did the final check, then it sends the report.", "The lab carried out the final check, then it sends the report."},
		{"The clerk does the booking.", "The clerk carries out the booking."},
		{"Only then does the manager sign the form.", "Only then does the manager sign the form."},
		{"How do the clerks check the invoices?", "How do the clerks check the invoices?"},
		{"Does the customer pay the invoice?", "Does the customer pay the invoice?"},
		{"The team does the paperwork.", "The team does the paperwork."},
		{"We do the rest.", "We do the rest."},
	}
	for _, tt := range tests {
		if got := lightDo(tt.in); got != tt.want {
			t.Errorf("lightDo(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
