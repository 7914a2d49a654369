package text

import (
	"slices"
	"testing"
)

// TestPartiesAfter covers the parties joined to one a sentence names.
func TestPartiesAfter(t *testing.T) {
	tests := []struct {
		src, p string
		want   []string
	}{
		{"asks the fire department and the environmental agency for their opinions", "fire department", []string{"environmental agency"}},
		{"sends it to the carrier, the customer or the broker", "carrier", nil},
		{"sends it to the carrier and the customer as well as the broker.", "carrier", []string{"customer", "broker"}},
		{"sends it to the carrier and then closes the job", "carrier", nil},
		{"sends it to the carrier and closes the job", "carrier", nil},
		{"sends it to the carrier.", "carrier", nil},
	}
	for _, tt := range tests {
		if got := partiesAfter(tt.src, tt.p); !slices.Equal(got, tt.want) {
			t.Errorf("partiesAfter(%q, %q) = %q, want %q", tt.src, tt.p, got, tt.want)
		}
	}
}

// TestCoordinatedParties covers whole steps: each outside party of "X
// and Y" gets a pool and a message; a unit of ours joined to it does not.
func TestCoordinatedParties(t *testing.T) {
	tests := []struct {
		text  string
		pools []string
	}{
		{"The clerk checks the form. The planning officer asks the fire department and the environmental agency for their opinions. The clerk closes the file.",
			[]string{"Environmental Agency", "Fire Department"}},
		{"The clerk checks the form. The clerk sends the notice to the carrier and the warehouse team. The clerk closes the file.",
			[]string{"Carrier"}},
	}
	for _, tt := range tests {
		m := analyze(t, tt.text)
		var got []string
		for _, p := range m.Pools[min(1, len(m.Pools)):] {
			got = append(got, p.Name)
		}
		if !slices.Equal(got, tt.pools) {
			t.Errorf("pools %q, want %q%s", got, tt.pools, describe(m))
		}
	}
}
