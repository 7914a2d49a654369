package text

import "testing"

// TestTimerAbbreviatedUnits covers waits whose unit notes abbreviate
// ("after 8 wks"), beside the spelt-out ones and a work duration.
func TestTimerAbbreviatedUnits(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"no confirmation after 8 wks -> MO asks notary for status", "8 wks"},
		{"no answer within 48 hrs: call the customer", "48 hrs"},
		{"If the customer does not answer within 3 days, call.", "3 days"},
		{"wait 20 mins, then read the sensor", "20 mins"},
		{"The clerk works on it for a few minutes.", ""},
	}
	for _, tt := range tests {
		got := ""
		if m := timerRe.FindStringSubmatch(tt.in); m != nil {
			got = m[1]
		}
		if got != tt.want {
			t.Errorf("timerRe(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
