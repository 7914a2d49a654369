package refine

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// rejection is a claim process whose rejected branch sends a letter and
// then, wrongly, goes on to the payment.
func rejection() *process.Model {
	m := &process.Model{
		ProcessName:  "Expense claim",
		Participants: []process.Participant{{Name: "Employee"}, {Name: "Manager"}, {Name: "Finance"}},
		Activities: []process.Activity{
			{ID: "a1", Name: "Submit claim", Performer: "Employee"},
			{ID: "a2", Name: "Check claim", Performer: "Manager"},
			{ID: "a3", Name: "Pay claim", Performer: "Finance"},
			{ID: "a4", Name: "Send rejection letter", Performer: "Manager"},
		},
		Gateways: []process.Gateway{{ID: "g", Type: process.GatewayExclusive, Name: "Approved?", Performer: "Manager"}},
		Events:   []process.Event{{ID: "s", Type: process.EventStart, Name: "Start"}, {ID: "e", Type: process.EventEnd, Name: "End"}},
		Flows: []process.Flow{
			{ID: "f1", Source: "s", Target: "a1"}, {ID: "f2", Source: "a1", Target: "a2"}, {ID: "f3", Source: "a2", Target: "g"},
			{ID: "f4", Source: "g", Target: "a3"}, {ID: "f5", Source: "g", Target: "a4"},
			{ID: "f6", Source: "a4", Target: "a3"}, {ID: "f7", Source: "a3", Target: "e"},
		},
	}
	process.Repair(m)
	return m
}

// reaches reports whether a path of sequence flows leads from one node to
// another.
func reaches(m *process.Model, from, to string) bool {
	seen := map[string]bool{from: true}
	todo := []string{from}
	for len(todo) > 0 {
		n := todo[0]
		todo = todo[1:]
		for _, f := range m.Flows {
			if f.Source == n && !seen[f.Target] {
				if f.Target == to {
					return true
				}
				seen[f.Target] = true
				todo = append(todo, f.Target)
			}
		}
	}
	return false
}

func TestParseWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want []Op
	}{
		{"end the process after Send rejection letter", []Op{{Op: OpEndAfter, Target: "Send rejection letter"}}},
		{"End the process after 'Send rejection letter'.", []Op{{Op: OpEndAfter, Target: "Send rejection letter"}}},
		{"the process ends after “Send rejection letter”", []Op{{Op: OpEndAfter, Target: "Send rejection letter"}}},
		{"after Send rejection letter, the process ends", []Op{{Op: OpEndAfter, Target: "Send rejection letter"}}},
		{"stop the branch after Send rejection letter", []Op{{Op: OpEndAfter, Target: "Send rejection letter"}}},
		// the decision form still wins when a condition is given
		{"after Check claim, if rejected, the process ends", []Op{{Op: OpAddDecision, Anchor: "Check claim", Condition: "rejected", BranchTo: EndOfProcess}}},
		{"name the flow from Approved? to Pay claim as Yes", []Op{{Op: OpNameCondition, Target: "Approved?", Other: "Pay claim", Condition: "Yes"}}},
		{`label the branch from "Approved?" to "Send rejection letter" "No"`, []Op{{Op: OpNameCondition, Target: "Approved?", Other: "Send rejection letter", Condition: "No"}}},
		{"name the flow from 'Approved?' to 'Send rejection letter' as 'Rejected'", []Op{{Op: OpNameCondition, Target: "Approved?", Other: "Send rejection letter", Condition: "Rejected"}}},
		{"label the flow from 'Approved?' to 'Pay and notify' with 'Approved and signed'", []Op{{Op: OpNameCondition, Target: "Approved?", Other: "Pay and notify", Condition: "Approved and signed"}}},
		{"name the flow from 'Approved?' to 'Pay claim': 'Amount within budget'", []Op{{Op: OpNameCondition, Target: "Approved?", Other: "Pay claim", Condition: "Amount within budget"}}},
		{"the condition from Approved? to Pay claim is approved", []Op{{Op: OpNameCondition, Target: "Approved?", Other: "Pay claim", Condition: "approved"}}},
		// quoted names keep their "and", full stops and semicolons
		{"rename 'Check claim' to 'Check and approve claim'", []Op{{Op: OpRename, Target: "Check claim", Name: "Check and approve claim"}}},
		{`rename "Pay claim" to "Pay and archive claim"; delete 'Submit claim'`, []Op{
			{Op: OpRename, Target: "Pay claim", Name: "Pay and archive claim"}, {Op: OpDelete, Target: "Submit claim"}}},
		{"rename 'Pay claim' to 'Pay approx. 50%; archive'", []Op{{Op: OpRename, Target: "Pay claim", Name: "Pay approx. 50%; archive"}}},
		{"make 'Check and sign' and 'Pay claim' parallel", []Op{{Op: OpMakeParallel, Target: "Check and sign", Other: "Pay claim"}}},
		{"rename 'Customer's order' to 'Order'", []Op{{Op: OpRename, Target: "Customer's order", Name: "Order"}}},
		{"move the manager's check to Finance", []Op{{Op: OpMove, Target: "the manager's check", Lane: "Finance"}}},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			t.Parallel()
			p := Parse(tc.in)
			if !reflect.DeepEqual(p.Operations, tc.want) || len(p.NotUnderstood) > 0 {
				t.Errorf("ops = %+v (not understood %q)\nwant %+v", p.Operations, p.NotUnderstood, tc.want)
			}
		})
	}
}

func TestApplyWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		instruction string
		check       func(t *testing.T, m *process.Model)
		refused     string
	}{
		{instruction: "end the process after Send rejection letter", check: func(t *testing.T, m *process.Model) {
			if flow(m, "a4", "a3") {
				t.Error("the rejected branch still goes on to the payment")
			}
			var end string
			for _, f := range m.Flows {
				if f.Source == "a4" {
					end = f.Target
				}
			}
			ok := false
			for _, e := range m.Events {
				if e.ID == end && e.Type == process.EventEnd {
					ok = true
				}
			}
			if !ok || !reaches(m, "g", "a3") || !flow(m, "a3", "e") || reaches(m, "a4", "a3") {
				t.Errorf("flows %+v", m.Flows)
			}
			if ps := m.Validate(); len(ps) > 0 {
				t.Errorf("problems: %v", ps)
			}
		}},
		{instruction: "name the flow from Approved? to Pay claim as Yes; name the flow from Approved? to Send rejection letter as No", check: func(t *testing.T, m *process.Model) {
			for _, f := range m.Flows {
				if f.Source == "g" && (f.Target == "a3" && f.Condition != "Yes" || f.Target == "a4" && f.Condition != "No") {
					t.Errorf("flow %+v", f)
				}
			}
		}},
		{instruction: "rename 'Check claim' to 'Check and approve claim'", check: func(t *testing.T, m *process.Model) {
			if id, _ := find(m, "Check and approve claim"); id != "a2" {
				t.Errorf("renamed id %q", id)
			}
		}},
		{instruction: "end the process after Approved?", refused: "is a decision"},
		{instruction: "end the process after Pay claim", refused: "already ends after"},
		{instruction: "name the flow from Submit claim to Pay claim as Paid", refused: "does not lead straight to"},
	}
	for _, tc := range tests {
		t.Run(tc.instruction, func(t *testing.T) {
			t.Parallel()
			p := Parse(tc.instruction)
			if len(p.NotUnderstood) > 0 || len(p.Operations) == 0 {
				t.Fatalf("not understood: %q", p.NotUnderstood)
			}
			got, err := Apply(rejection(), p.Operations)
			if tc.refused != "" {
				if !errors.Is(err, ErrRefused) || !strings.Contains(Detail(err), tc.refused) {
					t.Fatalf("err = %v, want refusal containing %q", err, tc.refused)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, got)
		})
	}
}

// TestSuggest: a sentence the grammar does not know is answered with at
// most three close forms, with the diagram's names it mentions, never the
// whole grammar.
func TestSuggest(t *testing.T) {
	t.Parallel()
	names, tasks := Names(rejection()), TaskNames(rejection())
	tests := []struct {
		in   string
		want []string // each must be one of the suggestions, the first first
	}{
		{"get rid of Send rejection letter", []string{"delete 'Send rejection letter'"}},
		{"Send rejection letter should stop everything", []string{"end the process after 'Send rejection letter'"}},
		{"Check claim and Pay claim at the same time please", []string{"make 'Check claim' and 'Pay claim' parallel"}},
		{"the Finance people handle Pay claim", []string{"move 'Pay claim' to the Finance lane"}},
		{"Submit claim needs a reminder after a week", []string{"add timer '2 days' after 'Submit claim'"}},
		{"xyzzy", []string{"rename '", "add step '"}},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			t.Parallel()
			got := Suggest(tc.in, names, tasks)
			if len(got) == 0 || len(got) > 3 {
				t.Fatalf("%d suggestions: %q", len(got), got)
			}
			for i, w := range tc.want {
				found := false
				for _, g := range got {
					found = found || strings.HasPrefix(g, w)
				}
				if !found || (i == 0 && !strings.HasPrefix(got[0], w)) {
					t.Errorf("suggestions %q lack %q first", got, w)
				}
			}
			for _, g := range got {
				if p := Parse(g); len(p.Operations) != 1 || len(p.NotUnderstood) > 0 {
					t.Errorf("suggestion %q is not itself understood: %+v", g, p)
				}
			}
		})
	}
}
