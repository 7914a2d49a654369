package text

import (
	"context"
	"strings"
	"testing"
)

// TestBadInput feeds texts with no process in them: each gives a short,
// honest model (its purpose says no steps were found, at most one step per
// heading) and a valid one.
func TestBadInput(t *testing.T) {
	words := strings.Repeat("buffalo ", 2<<20/8)
	tests := []struct {
		name     string
		text     string
		maxSteps int
	}{
		{"poem", "The river bends beneath the moon,\nthe willows sigh a quiet tune.\nNo clerk, no form, no ledger here,\njust silver water, cold and clear.", 1},
		{"numbers", "Quarter | Revenue | Cost\nQ1 | 1200 | 800\nQ2 | 1350 | 900\nQ3 | 1100 | 850", 1},
		{"one word, 2 MB", words, 1},
		{"headings only", "Quality Manual\n\n1 Introduction\n\n2 Scope\n\n3 Responsibilities\n\n4 Records", 4},
		{"mixed languages", "Der Kunde bestellt die Ware online. Danach wird die Rechnung erstellt. 顧客が商品を注文します。", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := Analyze(context.Background(), tt.text, "")
			if ps := m.Validate(); len(ps) > 0 {
				t.Fatalf("invalid model: %v", ps)
			}
			if n := len(m.Activities); n > tt.maxSteps {
				t.Errorf("%d steps, want at most %d: %v", n, tt.maxSteps, names(m))
			}
			if len(m.Activities) <= 1 && !strings.HasPrefix(m.ProcessPurpose, noStepsPurpose) && tt.maxSteps == 1 {
				t.Errorf("purpose %q, want it to say no steps were found", m.ProcessPurpose)
			}
		})
	}
}
