package refine

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

func claims() *process.Model {
	m := &process.Model{
		ProcessName:  "Expense claim",
		Participants: []process.Participant{{Name: "Employee"}, {Name: "Manager"}, {Name: "Finance"}},
		Activities: []process.Activity{
			{ID: "a1", Name: "Submit claim", Performer: "Employee"},
			{ID: "a2", Name: "Check claim", Performer: "Manager"},
			{ID: "a3", Name: "Pay claim", Performer: "Finance"},
		},
		Events: []process.Event{{ID: "s", Type: process.EventStart, Name: "Start"}, {ID: "e", Type: process.EventEnd, Name: "End"}},
		Flows: []process.Flow{
			{ID: "f1", Source: "s", Target: "a1"}, {ID: "f2", Source: "a1", Target: "a2"},
			{ID: "f3", Source: "a2", Target: "a3"}, {ID: "f4", Source: "a3", Target: "e"},
		},
	}
	process.Repair(m)
	return m
}

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want []Op
		not  []string
	}{
		{"rename 'Check' to 'Check receipts'", []Op{{Op: OpRename, Target: "Check", Name: "Check receipts"}}, nil},
		{"move the approval to the Finance lane", []Op{{Op: OpMove, Target: "the approval", Lane: "Finance"}}, nil},
		{`add step "Archive invoice" after payment`, []Op{{Op: OpAddActivity, Name: "Archive invoice", Position: After, Anchor: "payment"}}, nil},
		{"add step Call supplier before Pay claim in the Finance lane", []Op{{Op: OpAddActivity, Name: "Call supplier", Position: Before, Anchor: "Pay claim", Lane: "Finance"}}, nil},
		{"delete Check claim; make Submit claim and Pay claim parallel", []Op{
			{Op: OpDelete, Target: "Check claim"}, {Op: OpMakeParallel, Target: "Submit claim", Other: "Pay claim"}}, nil},
		{"loop back from Check claim to Submit claim if incomplete", []Op{{Op: OpLoopBack, Target: "Check claim", Other: "Submit claim", Condition: "incomplete"}}, nil},
		{"after Check claim, if rejected, the process ends", []Op{{Op: OpAddDecision, Anchor: "Check claim", Condition: "rejected", BranchTo: EndOfProcess}}, nil},
		{"add timer 2 days after Submit claim", []Op{{Op: OpAddEvent, Trigger: "timer", Name: "2 days", Position: After, Anchor: "Submit claim"}}, nil},
		{"sing a song. delete Pay claim", []Op{{Op: OpDelete, Target: "Pay claim"}}, []string{"sing a song"}},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			t.Parallel()
			p := Parse(tc.in)
			if !reflect.DeepEqual(p.Operations, tc.want) {
				t.Errorf("ops = %+v\nwant %+v", p.Operations, tc.want)
			}
			if tc.not == nil {
				tc.not = []string{}
			}
			if !reflect.DeepEqual(p.NotUnderstood, tc.not) {
				t.Errorf("not understood = %q, want %q", p.NotUnderstood, tc.not)
			}
		})
	}
}

func find(m *process.Model, name string) (string, string) {
	for _, a := range m.Activities {
		if a.Name == name {
			return a.ID, a.Performer
		}
	}
	return "", ""
}

func TestApply(t *testing.T) {
	t.Parallel()
	tests := []struct {
		instruction string
		check       func(t *testing.T, m *process.Model)
		refused     string
	}{
		{instruction: "rename Check to Check receipts", check: func(t *testing.T, m *process.Model) {
			if id, _ := find(m, "Check receipts"); id != "a2" {
				t.Errorf("renamed activity id = %q", id)
			}
		}},
		{instruction: "move Check claim to Finance", check: func(t *testing.T, m *process.Model) {
			if _, lane := find(m, "Check claim"); lane != "Finance" {
				t.Errorf("lane = %q", lane)
			}
		}},
		{instruction: "move Check claim to Audit", check: func(t *testing.T, m *process.Model) {
			if _, lane := find(m, "Check claim"); lane != "Audit" || len(m.Participants) != 4 {
				t.Errorf("lane = %q, participants %+v", lane, m.Participants)
			}
		}},
		{instruction: "add step Archive claim after Pay claim", check: func(t *testing.T, m *process.Model) {
			id, lane := find(m, "Archive claim")
			if id == "" || lane != "Finance" || !flow(m, "a3", id) || !flow(m, id, "e") || flow(m, "a3", "e") {
				t.Errorf("archive %q in %q, flows %+v", id, lane, m.Flows)
			}
		}},
		{instruction: "delete Check claim", check: func(t *testing.T, m *process.Model) {
			if id, _ := find(m, "Check claim"); id != "" || !flow(m, "a1", "a3") {
				t.Errorf("flows after delete: %+v", m.Flows)
			}
		}},
		{instruction: "make Check claim and Pay claim parallel", check: func(t *testing.T, m *process.Model) {
			if len(m.Gateways) != 2 || m.Gateways[0].Type != process.GatewayParallel || flow(m, "a2", "a3") {
				t.Errorf("gateways %+v flows %+v", m.Gateways, m.Flows)
			}
		}},
		{instruction: "loop back from Check claim to Submit claim if incomplete", check: func(t *testing.T, m *process.Model) {
			if len(m.Gateways) != 1 || !flow(m, m.Gateways[0].ID, "a1") || m.Gateways[0].Name != "Incomplete?" {
				t.Errorf("gateways %+v flows %+v", m.Gateways, m.Flows)
			}
		}},
		{instruction: "after Check claim, if rejected, the process ends", check: func(t *testing.T, m *process.Model) {
			ends := 0
			for _, e := range m.Events {
				if e.Type == process.EventEnd {
					ends++
				}
			}
			if len(m.Gateways) != 1 || ends != 2 {
				t.Errorf("gateways %+v, %d ends", m.Gateways, ends)
			}
			if ps := m.Validate(); len(ps) > 0 {
				t.Errorf("problems: %v", ps)
			}
		}},
		{instruction: "add timer 2 days after Submit claim", check: func(t *testing.T, m *process.Model) {
			var timer *process.Event
			for i := range m.Events {
				if m.Events[i].Trigger == process.TriggerTimer {
					timer = &m.Events[i]
				}
			}
			if timer == nil || timer.Timer != "2 days" || !flow(m, "a1", timer.ID) {
				t.Errorf("timer %+v", timer)
			}
		}},
		{instruction: "delete Approve budget", refused: `There is no step, decision or event called "Approve budget"`},
		{instruction: "rename claim to X", refused: "matches several elements"},
	}
	for _, tc := range tests {
		t.Run(tc.instruction, func(t *testing.T) {
			t.Parallel()
			before := claims()
			p := Parse(tc.instruction)
			if len(p.NotUnderstood) > 0 {
				t.Fatalf("not understood: %q", p.NotUnderstood)
			}
			got, err := Apply(before, p.Operations)
			if tc.refused != "" {
				if !errors.Is(err, ErrRefused) || !strings.Contains(Detail(err), tc.refused) {
					t.Fatalf("err = %v, want refusal containing %q", err, tc.refused)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(before, claims()) {
				t.Error("Apply changed its input model")
			}
			tc.check(t, got)
		})
	}
}

func flow(m *process.Model, from, to string) bool {
	for _, f := range m.Flows {
		if f.Source == from && f.Target == to {
			return true
		}
	}
	return false
}

func FuzzParseApply(f *testing.F) {
	for _, s := range []string{"rename a to b", "delete Check claim", "after Check claim, if x, go to Submit claim", "make Submit claim and Check claim parallel", "add step \"x\" before Start"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 2000 {
			return
		}
		p := Parse(in)
		if len(p.Operations) == 0 {
			return
		}
		m, err := Apply(claims(), p.Operations)
		if err != nil && !errors.Is(err, ErrRefused) {
			t.Fatalf("Apply error is not a refusal: %v", err)
		}
		if err == nil && m == nil {
			t.Fatal("nil model without an error")
		}
	})
}
