package text

import "testing"

// TestSupplierRelative covers "X comes from NAME, who …": NAME's own
// step, the pronoun for the thing replaced and the verbs agreeing.
func TestSupplierRelative(t *testing.T) {
	tests := []struct {
		s, want string
		ok      bool
	}{
		{"Metal legs come from Forgeline, who weld them to our drawing and send them with their invoice.",
			"Forgeline welds the metal legs to our drawing and sends them with their invoice.", true},
		{"Our paper comes from Papyra, who cut it to size and deliver it on pallets.",
			"Papyra cuts the paper to size and delivers it on pallets.", true},
		{"The request comes from the manager, who signs it.", "", false},
		{"Metal legs come from Forgeline.", "", false},
		{"The parts come from Stores Clerk, who packs them.", "", false},
	}
	for _, tt := range tests {
		got, ok := supplierRelative(tt.s)
		if ok != tt.ok || got != tt.want {
			t.Errorf("supplierRelative(%q) = %q, %v, want %q, %v", tt.s, got, ok, tt.want, tt.ok)
		}
	}
}

// TestSupplierRelativeSteps covers the whole sentence: the supplier is a
// pool with its own steps.
func TestSupplierRelativeSteps(t *testing.T) {
	m := analyze(t, "The office manager orders the legs. Metal legs come from Forgeline, who weld them to our drawing and send them with their invoice. The joiner fits the legs.")
	found := false
	for _, act := range m.Activities {
		if act.Performer == "Forgeline" && act.Name == "Weld metal legs" {
			found = true
		}
	}
	if !found {
		t.Errorf("no step Weld metal legs by Forgeline%s", describe(m))
	}
}
