package text

import (
	"context"
	"testing"
)

// TestAskContent: after "asks <someone>" the "to <verb> …" is what is
// asked and stays in the step's name; after other verbs it is a purpose.
func TestAskContent(t *testing.T) {
	tests := []struct{ text, want string }{
		{"The agent asks the caller to sign in.", "Ask caller to sign"},
		{"The clerk asks the customer to send the receipt by e-mail within 5 days.", "Ask customer to send receipt"},
		{"The manager asks the supplier to fix the defect, and the buyer waits.", "Ask supplier to fix defect"},
		{"The clerk asks the customer for the receipt.", "Ask customer for receipt"},
		{"The clerk calls the customer to confirm the date.", "Call customer"},
	}
	for _, tt := range tests {
		m := Analyze(context.Background(), tt.text, "x.txt")
		if len(m.Activities) == 0 || m.Activities[0].Name != tt.want {
			t.Errorf("Analyze(%q) first step = %v, want %q", tt.text, m.Activities, tt.want)
		}
	}
}
