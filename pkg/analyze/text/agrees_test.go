package text

import "testing"

func TestAgreesWith(t *testing.T) {
	tests := []struct {
		pron, subject string
		want          bool
	}{
		{"they", "network team", true},
		{"they", "clerks", true},
		{"they", "clerk", false},
		{"she", "clerk", true},
		{"he", "network team", false},
		{"i", "clerk", false},
		{"", "network team", false},
	}
	for _, tt := range tests {
		if got := agreesWith(tt.pron, tt.subject); got != tt.want {
			t.Errorf("agreesWith(%q, %q) = %v, want %v", tt.pron, tt.subject, got, tt.want)
		}
	}
}
