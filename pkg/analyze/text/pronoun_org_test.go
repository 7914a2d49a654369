package text

import "testing"

// TestOrganisationName covers the names "he" and "she" cannot stand for.
func TestOrganisationName(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"Kestrel", true},
		{"Land Registry", true},
		{"Mrs Patel", false},
		{"Client", false},
		{"Office Manager", false},
	}
	for _, tt := range tests {
		if got := organisationName(tt.name); got != tt.want {
			t.Errorf("organisationName(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestPronounAfterOrganisationCondition covers "If Kestrel cannot supply
// …, she …": she is who acted last of ours, not the company; a person
// in the condition stays who "she" is.
func TestPronounAfterOrganisationCondition(t *testing.T) {
	tests := []struct {
		text, verb, performer string
	}{
		{"Kestrel delivers the oak boards. The office manager orders them from Kestrel. If Kestrel cannot supply the grade, she buys the boards from Fenwick Timber.", "Buy", "Office Manager"},
		{"Anna checks the form. The clerk files it. If Anna cannot sign it, she asks the director for a signature.", "Ask", "Anna"},
		{"The clerk checks the form. If the courier cannot find the address, he calls the customer.", "Call", "Courier"},
	}
	for _, tt := range tests {
		m := analyze(t, tt.text)
		got := ""
		for _, act := range m.Activities {
			if len(act.Name) >= len(tt.verb) && act.Name[:len(tt.verb)] == tt.verb {
				got = act.Performer
			}
		}
		if got != tt.performer {
			t.Errorf("%q: %s… by %q, want %q%s", tt.text, tt.verb, got, tt.performer, describe(m))
		}
	}
}
