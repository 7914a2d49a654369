package text

import (
	"context"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

func TestOwnClause(t *testing.T) {
	tests := []struct {
		text, name string
		want       bool
	}{
		{"the officer offers a place,", "Offer place", true},
		{"The officer refuses the application.", "Refuse application", true},
		{"Restore from the snapshot on the file server.", "Restore", false},
		{"the scheme's dispute portal", "Use portal", false},
		{"Email the customer a link.", "Email customer", false},
		{"approved: the clerk sends the contract to the applicant.", "Send contract", true},
	}
	for _, tt := range tests {
		if got := ownClause(tt.text, tt.name); got != tt.want {
			t.Errorf("ownClause(%q, %q) = %v, want %v", tt.text, tt.name, got, tt.want)
		}
	}
}

func TestChoiceQuestion(t *testing.T) {
	tests := []struct{ lead, want string }{
		{"There are three possible outcomes:", "Which outcome?"},
		{"The review has two results:", "Which outcome?"},
		{"Use one of the following methods:", "Which method?"},
		{"The employee has 2 options here:", "Which method?"},
	}
	for _, tt := range tests {
		if got := choiceQuestion(tt.lead); got != tt.want {
			t.Errorf("choiceQuestion(%q) = %q, want %q", tt.lead, got, tt.want)
		}
	}
}

// TestOutcomeList: a list announced as "three possible outcomes" is one
// exclusive choice whose branches are the items' steps, named as the
// items say them.
func TestOutcomeList(t *testing.T) {
	tests := []struct {
		name, text string
		branches   []string
	}{
		{"clauses with commas", "The officer ranks the applications.\nThere are three possible outcomes:\n- the officer offers a place,\n- the officer puts the pupil on the waiting list,\n- the officer refuses the application.\n\nThe office sends the welcome pack.\n",
			[]string{"Offer place", "Put pupil on waiting list", "Refuse application"}},
		{"two results", "The assessor inspects the car.\nThe inspection has two results:\n- The assessor approves the repair.\n- The assessor writes off the car.\n\nThe clerk closes the file.\n",
			[]string{"Approve repair", "Write off car"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := Analyze(context.Background(), tt.text, "x.txt")
			var split *process.Gateway
			for i, g := range m.Gateways {
				if g.Name == "Which outcome?" {
					split = &m.Gateways[i]
				}
			}
			if split == nil {
				t.Fatalf("no \"Which outcome?\" split; gateways %+v", m.Gateways)
			}
			name := map[string]string{}
			for _, a := range m.Activities {
				name[a.ID] = a.Name
			}
			for _, want := range tt.branches {
				if !branchReaches(m, split.ID, want, name) {
					t.Errorf("no branch of %q reaches %q", split.Name, want)
				}
			}
		})
	}
}

// branchReaches reports whether a node named want follows the gateway
// within two flows (a branch may open with its own decision).
func branchReaches(m process.Model, from, want string, name map[string]string) bool {
	next := map[string][]string{}
	for _, f := range m.Flows {
		next[f.Source] = append(next[f.Source], f.Target)
	}
	for _, a := range next[from] {
		if name[a] == want {
			return true
		}
		for _, b := range next[a] {
			if name[b] == want {
				return true
			}
		}
	}
	return false
}
