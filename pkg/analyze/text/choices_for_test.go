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

func TestOptionText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Option A, a lump sum: the HR advisor pays the lump sum.", "The HR advisor pays the lump sum."},
		{"Option B: the HR advisor books the relocation company.", "The HR advisor books the relocation company."},
		{"Alternative 2) the clerk calls the customer.", "The clerk calls the customer."},
		{"Option to extend: the clerk adds a month.", "Option to extend: the clerk adds a month."},
		{"Pay the lump sum.", "Pay the lump sum."},
	}
	for _, tt := range tests {
		if got := optionText(tt.in); got != tt.want {
			t.Errorf("optionText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestOptionsLeadChoice(t *testing.T) {
	tests := []struct {
		lead string
		want bool
	}{
		{"The HR advisor explains the two options:", true},
		{"There are three alternatives:", true},
		{"The employee has 2 options here:", true},
		{"The HR advisor explains the options in detail:", false},
		{"Two things happen next:", false},
	}
	for _, tt := range tests {
		if got := choiceLeadRe.MatchString(tt.lead); got != tt.want {
			t.Errorf("choiceLeadRe(%q) = %v, want %v", tt.lead, got, tt.want)
		}
	}
}

func TestTwoOptionsBranches(t *testing.T) {
	text := "Relocation\n\n- The HR advisor calls the employee and explains the two options:\n  - Option A, a lump sum: the HR advisor pays the lump sum with the next salary.\n  - Option B, a managed move: the HR advisor books the relocation company.\n- The payroll team adjusts the tax withholding.\n"
	m := analyze(t, text)
	pay, ok1 := activity(m, "Pay lump sum with next salary")
	book, ok2 := activity(m, "Book relocation company")
	if !ok1 || !ok2 {
		t.Fatalf("options not read as steps: %v", m.Activities)
	}
	for _, f := range m.Flows {
		if f.Source == pay.ID && f.Target == book.ID {
			t.Errorf("option A flows into option B")
		}
	}
}
