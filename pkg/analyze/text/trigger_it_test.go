package text

import "testing"

func TestItStarts(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, want string }{
		{"It kicks off when the freight forwarder sends the arrival notice.", "The process starts when the freight forwarder sends the arrival notice."},
		{"It all starts with a call from the customer.", "The process starts with a call from the customer."},
		{"Everything begins once the order arrives.", "The process starts once the order arrives."},
		{"It starts when the operator presses the button.", "It starts when the operator presses the button."},
		{"The clerk kicks off the review when the file is in.", "The clerk kicks off the review when the file is in."},
	}
	for _, c := range cases {
		if got := itStarts(c.in); got != c.want {
			t.Errorf("itStarts(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
