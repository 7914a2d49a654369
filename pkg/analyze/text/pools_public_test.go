package text

import "testing"

// TestPublicBodies covers offices, services and registers run by a public
// body, named by its level or field (national, federal, state, county,
// municipal, community, social, heritage): outside parties; the same
// heads with a qualifier of ours stay inside.
func TestPublicBodies(t *testing.T) {
	tests := []struct {
		name     string
		external bool
	}{
		{"the community nursing service", true},
		{"the Heritage Office", true},
		{"the federal register", true},
		{"the national vehicle register", true},
		{"the county council", true},
		{"social services", true},
		{"the state agency", true},
		{"the municipal office", true},
		{"the register", false},
		{"the procurement office", false},
		{"the service desk", false},
		{"the internal social services", false},
		{"the customer service department", false},
	}
	for _, tt := range tests {
		if got := isExternal(tt.name); got != tt.external {
			t.Errorf("isExternal(%q) = %v, want %v", tt.name, got, tt.external)
		}
	}
	m := analyze(t, "The discharge coordinator plans the discharge. The coordinator sends a care request to the community nursing service. The nurse gives the patient the discharge letter.")
	found := false
	for _, p := range m.Pools {
		if p.Name == "Community Nursing Service" {
			found = true
		}
	}
	if !found {
		t.Errorf("no pool for the community nursing service%s", describe(m))
	}
}
