package text

import (
	"reflect"
	"testing"
)

func TestForCaseRuns(t *testing.T) {
	tests := []struct {
		name    string
		in, out []string
	}{
		{"two cases in a row",
			[]string{"The customer chooses.", "For a replacement, the agent orders a new card.", "For a closure, the agent cancels the account."},
			[]string{"The customer chooses.", "If the case is a replacement, the agent orders a new card.", "If the case is a closure, the agent cancels the account."}},
		{"two words and an",
			[]string{"For a small claim, the assistant pays.", "For an international claim, the adjuster reviews it."},
			[]string{"If the case is a small claim, the assistant pays.", "If the case is an international claim, the adjuster reviews it."}},
		{"a lone case is kept",
			[]string{"For a new employee, HR creates the account.", "IT hands out the laptop."},
			[]string{"For a new employee, HR creates the account.", "IT hands out the laptop."}},
		{"idioms are no case",
			[]string{"For a start, the clerk logs the call.", "For a while, nothing happens."},
			[]string{"For a start, the clerk logs the call.", "For a while, nothing happens."}},
		{"not in a row",
			[]string{"For a refund, the clerk pays.", "The clerk files it.", "For a credit, the clerk books it."},
			[]string{"For a refund, the clerk pays.", "The clerk files it.", "For a credit, the clerk books it."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := forCaseRuns(tt.in); !reflect.DeepEqual(got, tt.out) {
				t.Errorf("forCaseRuns = %q, want %q", got, tt.out)
			}
		})
	}
}
