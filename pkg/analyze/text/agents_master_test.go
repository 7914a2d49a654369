package text

import "testing"

func TestMasterRole(t *testing.T) {
	tests := []struct {
		np   string
		want bool
	}{
		{"cellar master", true},
		{"Harbour Master", true},
		{"scrum master", true},
		{"vendor master", false},
		{"material master", false},
		{"master", false},
		{"Head of Year", true},
		{"head of section", true},
		{"end of year", false},
	}
	for _, tt := range tests {
		if got := isAgent(tt.np); got != tt.want {
			t.Errorf("isAgent(%q) = %v, want %v", tt.np, got, tt.want)
		}
	}
}
