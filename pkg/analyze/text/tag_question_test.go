package text

import "testing"

func TestDropTagQuestion(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"We reject it - a rejected sample never goes out, okay?", "We reject it - a rejected sample never goes out."},
		{"Then you sign the form, right?", "Then you sign the form."},
		{"The driver waits at the gate - got it?", "The driver waits at the gate."},
		{"Is the invoice correct?", "Is the invoice correct?"},
		{"Okay?", "Okay?"},
	}
	for _, tt := range tests {
		if got := dropTagQuestion(tt.in); got != tt.want {
			t.Errorf("dropTagQuestion(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
