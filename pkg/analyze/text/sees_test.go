package text

import "testing"

// TestSeesServed covers "see" with a served party as its object: the
// consultation is a step; "see" with anything else is not.
func TestSeesServed(t *testing.T) {
	tests := []struct {
		name, text, act string
		want            bool
	}{
		{"dentist", "The nurse reads the notes. If it is urgent, the dentist sees the patient the same day. The dentist writes the record.", "See patient", true},
		{"adviser", "The receptionist books the slot. The adviser sees the client and writes the plan.", "See client", true},
		{"error", "The clerk checks the form. The clerk sees the error and corrects it.", "See error", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			found := false
			for _, a := range m.Activities {
				if len(a.Name) >= len(tt.act) && a.Name[:len(tt.act)] == tt.act {
					found = true
				}
			}
			if found != tt.want {
				t.Errorf("step %q found %v, want %v:%s", tt.act, found, tt.want, describe(m))
			}
		})
	}
}
