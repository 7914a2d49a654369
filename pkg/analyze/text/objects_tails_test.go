package text

import "testing"

// TestTailWriteTo: a coordinated "writes to …" with no object is kept as
// a step, for it names a letter and whom it goes to; other verbs left
// without an object after the join stay dropped.
func TestTailWriteTo(t *testing.T) {
	tests := []struct {
		in    string
		verbs []string
	}{
		{"The clerk declines the claim and writes to the customer", []string{"decline", "write"}},
		{"we decline the claim and write to the owner to explain why", []string{"decline", "write"}},
		{"The clerk declines the claim and replies to the customer", []string{"decline"}},
		{"The pilot checks the radio and is set to local CTAF", []string{"check"}},
	}
	for _, tt := range tests {
		cs := parseClause(tt.in, "")
		var got []string
		for _, c := range cs {
			got = append(got, c.verb)
		}
		if len(got) != len(tt.verbs) {
			t.Errorf("parseClause(%q) verbs = %v, want %v", tt.in, got, tt.verbs)
			continue
		}
		for i := range got {
			if got[i] != tt.verbs[i] {
				t.Errorf("parseClause(%q) verbs = %v, want %v", tt.in, got, tt.verbs)
				break
			}
		}
	}
}
