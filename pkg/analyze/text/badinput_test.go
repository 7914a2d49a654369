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

// TestEmailFrame checks that an e-mail's greeting, requests about the
// mail itself and its closing formula with the signature make no steps.
func TestEmailFrame(t *testing.T) {
	tests := []struct {
		name string
		text string
		bad  []string
	}{
		{"kind regards on its own line", "Subject: Key handover\nFrom: Facilities\n\nDear colleagues,\n\nplease read this carefully. The receptionist hands out the key and the guard records the number.\n\nKind regards,\nPeter Brown\nFacilities Manager", []string{"peter", "regard", "read", "facilities manager"}},
		{"joined signature", "Hi team,\n\nThe buyer checks the quote and the manager signs the order.\n\nThanks and regards, Lucia Ferri Head of Purchasing", []string{"lucia", "thank", "regard"}},
		{"best and a first name", "Hello all,\n\nThe driver loads the van. The dispatcher confirms the route. Please let me know if anything is unclear.\n\nBest,\nMarek", []string{"marek", "best", "know"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			if len(m.Activities) < 2 {
				t.Fatalf("steps lost:%s", describe(m))
			}
			for _, a := range m.Activities {
				for _, b := range tt.bad {
					if strings.Contains(strings.ToLower(a.Name), b) {
						t.Errorf("step %q from the e-mail's frame:%s", a.Name, describe(m))
					}
				}
			}
			for _, p := range m.Participants {
				for _, b := range tt.bad {
					if strings.Contains(strings.ToLower(p.Name), b) {
						t.Errorf("lane %q from the signature", p.Name)
					}
				}
			}
		})
	}
}
