package text

import "testing"

// TestEndsObject: "ends" with an object of its own is a step; the end of
// the process, a day or a call is not rewritten.
func TestEndsObject(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"RM ends the business relationship, case closed.", "RM terminates the business relationship, case closed."},
		{"The landlord can end the lease.", "The landlord can terminate the lease."},
		{"This ends the process.", "This ends the process."},
		{"The agent ends the call.", "The agent ends the call."},
		{"The shift lead ends the shift.", "The shift lead ends the shift."},
		{"The process ends.", "The process ends."},
	} {
		if got := endsObject(tc.in); got != tc.want {
			t.Errorf("endsObject(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
