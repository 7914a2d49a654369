package text

import "testing"

func TestSpokenLead(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Let me see... right, after baking the baker decorates the cake.", "Right, after baking the baker decorates the cake."},
		{"Let me check: the baker decorates the cake.", "The baker decorates the cake."},
		{"Let me just recap - the nurse takes the sample.", "The nurse takes the sample."},
		{"Let me see.", ""},
		{"Let me check the notes.", ""},
		{"Let me know when the baker is done.", "Let me know when the baker is done."},
		{"The baker decorates the cake.", "The baker decorates the cake."},
	}
	for _, tt := range tests {
		if got := spokenLead(tt.in); got != tt.want {
			t.Errorf("spokenLead(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestJoinLead(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Either way the counter assistant takes the payment.", "The counter assistant takes the payment."},
		{"Either way, the counter assistant takes the payment.", "The counter assistant takes the payment."},
		{"Whichever it is, the clerk files the form.", "The clerk files the form."},
		{"Either the clerk files the form or the manager does.", "Either the clerk files the form or the manager does."},
	}
	for _, tt := range tests {
		if got := joinLead(tt.in); got != tt.want {
			t.Errorf("joinLead(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
