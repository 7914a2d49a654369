package main

import "testing"

func TestReadingOf(t *testing.T) {
	tests := []struct {
		dir, only string
		verbose   bool
		want      reading
	}{
		{"bench/quality/testdata", "", true, reading{perCase: true}},
		{"bench/quality/holdout2", "claim", true, reading{perCase: true, only: "claim"}},
		{"bench/quality/fresh", "claim", false, reading{only: "claim"}},
		{"bench/quality/scenarios/dev", "", false, reading{}},
		{"bench/quality/blind", "", true, reading{totalsOnly: true}},
		{"bench/quality/blind2", "", true, reading{totalsOnly: true}},
		{"bench/quality/blind2/", "claim", true, reading{totalsOnly: true}},
		{"bench/quality/scenarios/blind", "x", true, reading{totalsOnly: true}},
		{"bench/quality/scenarios/blind3", "", true, reading{totalsOnly: true}},
		{"blind3", "t17", false, reading{totalsOnly: true}},
		{"bench/quality/blind/../fresh", "", true, reading{perCase: true}},
		{"bench/quality/notblind", "", true, reading{perCase: true}},
	}
	for _, tt := range tests {
		if got := readingOf(tt.dir, tt.only, tt.verbose); got != tt.want {
			t.Errorf("readingOf(%q, %q, %v) = %+v, want %+v", tt.dir, tt.only, tt.verbose, got, tt.want)
		}
	}
}
