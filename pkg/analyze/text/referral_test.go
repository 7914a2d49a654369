package text

import "testing"

// TestFamilyDoctorAndCityHospital covers a patient's family doctor and the
// city hospital as outside parties (a doctor of ours, a hospital of ours
// stay inside).
func TestFamilyDoctorAndCityHospital(t *testing.T) {
	tests := []struct {
		name     string
		external bool
	}{
		{"Family Doctor", true}, {"Family Physician", true}, {"City Hospital", true},
		{"Doctor", false}, {"Ward Doctor", false}, {"Hospital", false},
	}
	for _, tt := range tests {
		if got := isExternal(tt.name); got != tt.external {
			t.Errorf("isExternal(%q) = %v, want %v", tt.name, got, tt.external)
		}
	}
}

// TestSendsToNamedReceiver covers a letter sent "to the hospital": a
// message to the hospital's pool when it has one (a full stop after the
// name does not hide it), and no message to another party when it has
// none.
func TestSendsToNamedReceiver(t *testing.T) {
	tests := []struct {
		name, text, to string
	}{
		{"receiver has a pool", "The nurse examines the patient. The nurse writes the referral letter and the receptionist sends it to the city hospital. The receptionist sends the short report to the family doctor.", "City Hospital"},
		{"receiver has none", "The nurse examines the patient. The nurse writes the referral letter and the receptionist sends it to the ward. The receptionist sends the short report to the family doctor.", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			pools := map[string]string{}
			for _, p := range m.Pools {
				pools[p.ID] = p.Name
			}
			var letter string
			for _, a := range m.Activities {
				if a.Name == "Send referral letter" {
					letter = a.ID
				}
			}
			got := ""
			for _, f := range m.MessageFlows {
				if f.Source == letter {
					got = pools[f.Target]
				}
			}
			if letter == "" || got != tt.to {
				t.Errorf("letter %q sent to %q, want %q:%s", letter, got, tt.to, describe(m))
			}
		})
	}
}
