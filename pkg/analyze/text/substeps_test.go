package text

import (
	"slices"
	"testing"
)

// TestStepKey: a numbered step is found by its whole number, so that
// 4.1 to 4.6 are six steps and not one.
func TestStepKey(t *testing.T) {
	tests := []struct {
		marker, parent, want string
	}{
		{"4.", "", "4"},
		{"(4)", "", "4"},
		{"4)", "", "4"},
		{"Step 4:", "", "4"},
		{"4.1", "", "4.1"},
		{"4.1.", "", "4.1"},
		{"4.1.2", "", "4.1.2"},
		{"4a", "", "4a"},
		{"4(b)", "", "4b"},
		{"4 (b)", "", "4b"},
		{"(b)", "4", "4b"},
		{"b)", "4.1", "4.1b"},
		{"B.", "4", "4b"},
		{"(b)", "", ""}, // a lettered list under no number
		{"•", "4", ""},
		{"iv.", "4", ""},
		{"-", "", ""},
	}
	for _, tt := range tests {
		if got := stepKey(tt.marker, tt.parent); got != tt.want {
			t.Errorf("stepKey(%q, %q) = %q, want %q", tt.marker, tt.parent, got, tt.want)
		}
	}
}

func TestStepParents(t *testing.T) {
	tests := []struct {
		key  string
		want []string
	}{
		{"4", nil},
		{"4.1", []string{"4"}},
		{"4.1.2", []string{"4.1", "4"}},
		{"4b", []string{"4"}},
		{"4.1b", []string{"4.1", "4"}},
	}
	for _, tt := range tests {
		if got := stepParents(tt.key); !slices.Equal(got, tt.want) {
			t.Errorf("stepParents(%q) = %q, want %q", tt.key, got, tt.want)
		}
	}
}

// TestModalAside: an aside between "shall" and its verb no longer loses
// the sentence; one that states a condition stays.
func TestModalAside(t *testing.T) {
	tests := []struct{ in, want string }{
		{"The load shall, without exception, be reprocessed.", "The load shall be reprocessed."},
		{"The assembly technician shall, in accordance with the tray list, inspect and assemble each set.", "The assembly technician shall inspect and assemble each set."},
		{"The clerk must, where required, obtain a second signature.", "The clerk must, where required, obtain a second signature."},
		{"The clerk checks the form, the date, and the stamp.", "The clerk checks the form, the date, and the stamp."},
	}
	for _, tt := range tests {
		if got := dropModalAsides(tt.in); got != tt.want {
			t.Errorf("dropModalAsides(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestInvertedModal: "Only upon X shall the technician release …" is
// the technician's step on condition X, and "…, whereupon the porter
// delivers …" the next step.
func TestInvertedModal(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Only upon a pass result shall the sterilisation technician release the load.", "Upon a pass result, the sterilisation technician shall release the load."},
		{"Only after approval may the clerk send the order.", "After approval, the clerk may send the order."},
		{"The technician releases the load, whereupon the porter delivers the sets.", "The technician releases the load and the porter delivers the sets."},
		{"Only the manager shall sign the order.", "Only the manager shall sign the order."},
		{"Only upon request shall copies of the contract be sent.", "Upon request, copies of the contract shall be sent."},
		// no verb before an object within five words: the subject is unclear
		{"Only after approval may the clerk send orders.", "Only after approval may the clerk send orders."},
	}
	for _, tt := range tests {
		if got := invertedModal(tt.in); got != tt.want {
			t.Errorf("invertedModal(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestJumpToSubStep: a jump to a numbered sub-step lands on that
// sub-step, a jump to a step whose sub-steps carry the work lands on the
// first of them, and a lettered item is a sub-step of the number above
// it.
func TestJumpToSubStep(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		loopFrom string // the step the jump is read after
		loopTo   string // where it lands
		notTo    string // where it must not land
	}{
		{
			name:     "go back to step 4.1",
			text:     "4.1 The technician washes the instruments.\n4.2 The assembler packs the tray.\n4.3 The operator runs the autoclave.\n4.4 If the indicator fails, go back to step 4.1.\n4.5 The porter delivers the tray.",
			loopFrom: "Run autoclave", loopTo: "Wash instruments", notTo: "Pack tray",
		},
		{
			name:     "go back to step 4.2",
			text:     "4.1 The technician washes the instruments.\n4.2 The assembler packs the tray.\n4.3 The operator runs the autoclave.\n4.4 If the seal is broken, go back to step 4.2.\n4.5 The porter delivers the tray.",
			loopFrom: "Run autoclave", loopTo: "Pack tray", notTo: "Wash instruments",
		},
		{
			name:     "reprocessed from 4.1, with an aside after shall",
			text:     "4.1 The technician washes the instruments.\n4.2 The assembler packs the tray.\n4.3 The operator runs the autoclave.\n4.4 Should the indicator show a failure, the load shall, without exception, be reprocessed from 4.1.\n4.5 The porter delivers the tray.",
			loopFrom: "Run autoclave", loopTo: "Wash instruments",
		},
		{
			name:     "a lettered sub-step under 2",
			text:     "1. The clerk receives the order.\n2. The clerk checks the order:\n(a) The clerk checks the price.\n(b) The clerk checks the stock.\n3. The buyer signs the order.\n4. If the stock is short, go back to step 2b.\n5. The clerk ships the order.",
			loopFrom: "Sign order", loopTo: "Check stock", notTo: "Check price",
		},
		{
			name:     "step 4 under a numbered heading lands on 4.1",
			text:     "Sterile supply\n\n3. Intake\n3.1 The porter collects the trays.\n3.2 The porter logs the trays.\n\n4. Cleaning\n4.1 The technician washes the instruments.\n4.2 The technician dries the instruments.\n4.3 The technician inspects the instruments.\n4.4 If stains remain, go back to step 4.\n4.5 The technician packs the tray.",
			loopFrom: "Inspect instruments", loopTo: "Wash instruments", notTo: "Dry instruments",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			from, ok := activity(m, tt.loopFrom)
			if !ok {
				t.Fatalf("no step %q:%s", tt.loopFrom, describe(m))
			}
			to, ok := activity(m, tt.loopTo)
			if !ok {
				t.Fatalf("no step %q:%s", tt.loopTo, describe(m))
			}
			if !reaches(m, from.ID, to.ID) {
				t.Errorf("%q does not loop back to %q:%s", tt.loopFrom, tt.loopTo, describe(m))
			}
			if tt.notTo == "" {
				return
			}
			if not, ok := activity(m, tt.notTo); ok && reachesAvoiding(m, from.ID, not.ID, to.ID) {
				t.Errorf("%q loops back to %q, not to %q:%s", tt.loopFrom, tt.notTo, tt.loopTo, describe(m))
			}
		})
	}
}
