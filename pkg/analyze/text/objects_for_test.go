package text

import (
	"context"
	"testing"
)

func TestForAThing(t *testing.T) {
	tests := []struct{ text, want string }{
		{"The registrar applies for an export licence at the ministry.", "Apply for export licence at ministry"},
		{"The customer asks for a refund.", "Ask for refund"},
		{"The clerk asks them for a deposit.", "Ask for deposit"},
	}
	for _, tt := range tests {
		m := Analyze(context.Background(), tt.text, "x.txt")
		if len(m.Activities) == 0 || m.Activities[0].Name != tt.want {
			t.Errorf("Analyze(%q) = %v, want first step %q", tt.text, m.Activities, tt.want)
		}
	}
	for _, tt := range []struct {
		article, w string
		want       bool
	}{{"an", "licence", true}, {"a", "week", false}, {"a", "while", false}, {"a", "few", false}, {"5", "samples", false}} {
		if got := articleThing(tt.article, tt.w); got != tt.want {
			t.Errorf("articleThing(%q, %q) = %v, want %v", tt.article, tt.w, got, tt.want)
		}
	}
}
