package text

import (
	"slices"
	"strings"
	"testing"
)

// TestPassiveAgent covers who a passive's "by" names: a role, a company
// written with a capital inside, a courier with an article; never a
// channel ("by courier", "by e-mail") or a thing.
func TestPassiveAgent(t *testing.T) {
	tests := []struct {
		text, want string
	}{
		{"is collected by GreenCycle.", "GreenCycle"},
		{"is collected by the courier.", "Courier"},
		{"is sent by courier.", ""},
		{"is sent by e-mail.", ""},
		{"is checked by the finance manager.", "Finance Manager"},
		{"are uploaded to the portal by the referees themselves.", "Referees"},
		{"is closed by Monday.", ""},
	}
	for _, tt := range tests {
		ws := strings.Fields(tt.text)
		if got := byAgent(ws[2:]); got != tt.want {
			t.Errorf("byAgent(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestOwnedOrganisations covers an organisation named as an outside
// party's own: "the customer's bank" is a party of its own; "the
// company's bank" and "the customer's account manager" are not read.
func TestOwnedOrganisations(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"We send the offer to the customer's bank.", []string{"customer's bank", "bank"}},
		{"The patient's insurer returns the estimate.", []string{"patient's insurer", "insurer"}},
		{"The company's bank pays.", nil},
		{"The customer's account manager calls.", nil},
	}
	for _, tt := range tests {
		if got := ownedOrganisations(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("ownedOrganisations(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	m := analyze(t, "The planner checks the order. The planner sends the signed offer to the customer's bank and the bank confirms the loan to us. The planner closes the file.")
	if len(m.Pools) < 2 || m.Pools[1].Name != "Bank" {
		t.Errorf("want a pool Bank for the customer's bank, got %v%s", m.Pools, describe(m))
	}
}
