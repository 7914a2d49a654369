package text

import "testing"

// TestPassiveState: an "un-" state right after a passive's verb is kept
// in the step's object, so that the negative step is told from the
// positive one.
func TestPassiveState(t *testing.T) {
	tests := []struct{ in, object string }{
		{"the vehicle is returned unrepaired", "vehicle unrepaired"},
		{"the device is sent back unrepaired", "device unrepaired"},
		{"the invoice is returned unpaid", "invoice unpaid"},
		{"the form is sent back to the applicant", "form"},
		{"the parcel is returned under the old label", "parcel"},
	}
	for _, tt := range tests {
		cs := parseClause(tt.in, "")
		if len(cs) == 0 || cs[0].objectText() != tt.object {
			t.Errorf("parseClause(%q) = %+v, want object %q", tt.in, cs, tt.object)
		}
	}
	logic := []logicCase{{
		name:  "returned unrepaired never reaches the repair",
		text:  "The technician inspects the device. If the customer refuses the quote, the device is sent back unrepaired and the case is closed. Otherwise the technician repairs the device.",
		never: [][2]pattern{{{"send", "unrepair"}, {"repair", "device"}}},
	}}
	for _, tt := range logic {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
