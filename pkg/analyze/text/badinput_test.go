package text

import (
	"context"
	"fmt"
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

// TestBadInputNotes checks that input that is no single readable
// description gets a model whose purpose says so: a text without verbs, a
// table dump, a 1 MB wall without sentence breaks, more steps than a
// diagram holds, and two unrelated processes in one file.
func TestBadInputNotes(t *testing.T) {
	var many strings.Builder
	for i := range 400 {
		fmt.Fprintf(&many, "The clerk checks form %d. ", i)
	}
	tests := []struct {
		name string
		text string
		want string // in the purpose
		max  int    // activities at most
	}{
		{"no verbs", "Invoice. Supplier. Purchase order. Goods receipt. Payment. Bank. Ledger account.", noStepsPurpose, 1},
		{"table dump", "ID;Name;Amount;Date\n1;Acme;100;2026-01-01\n2;Beta;200;2026-01-02\n3;Gamma;300;2026-01-03", "table of data", 1},
		{"1 MB wall", strings.Repeat("the clerk checks the form and the manager signs the order and the buyer sends it ", 12_500), "without a sentence break", maxActivities},
		{"more steps than a diagram holds", many.String(), "more than a readable diagram holds", maxActivities},
		{"two unrelated processes", "Employee onboarding\n\nHR sends the contract to the new hire. The new hire signs the contract. IT prepares the laptop.\n\nWarehouse cycle count\n\nThe storekeeper prints the count list. The storekeeper counts the bin. The supervisor posts the differences.", "2 unrelated processes", maxActivities},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := Analyze(context.Background(), tt.text, "")
			if ps := m.Validate(); len(ps) > 0 {
				t.Fatalf("invalid model: %v", ps)
			}
			if !strings.Contains(m.ProcessPurpose, tt.want) {
				t.Errorf("purpose %q, want it to say %q", m.ProcessPurpose, tt.want)
			}
			if n := len(m.Activities); n > tt.max {
				t.Errorf("%d activities, want at most %d", n, tt.max)
			}
			if strings.Contains(m.ProcessName, ";") || strings.HasPrefix(m.ProcessName, "Review ") {
				t.Errorf("process name %q", m.ProcessName)
			}
		})
	}
	// one process told in two sections is no "unrelated processes" case
	m := Analyze(context.Background(), "Ordering\n\nThe buyer orders the parts. The supplier confirms the order.\n\nReceiving\n\nThe storekeeper receives the parts. The buyer closes the order.", "")
	if strings.Contains(m.ProcessPurpose, "unrelated") {
		t.Errorf("one process read as unrelated ones: %q", m.ProcessPurpose)
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
		{"shout if unclear", "Team,\n\nThe planner books the slot and the driver confirms it. Shout if anything is unclear.\n\nCheers,\nOla", []string{"shout", "ola", "cheer"}},
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
