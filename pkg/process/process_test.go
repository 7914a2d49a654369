package process

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// invoice is a small valid model with a decision, used by several tests.
func invoice() Model {
	return Model{
		ProcessName:    "Invoice Approval",
		ProcessPurpose: "Pay correct supplier invoices on time.",
		Participants:   []Participant{{Name: "Clerk", Description: "Accounts payable clerk"}, {Name: "Manager"}},
		Activities: []Activity{
			{ID: "a1", Name: "Receive invoice", Performer: "Clerk", SIPOC: SIPOC{Suppliers: []string{"Supplier"}, Inputs: []string{"Invoice"}, Outputs: []string{"Received invoice"}, Customers: []string{"Manager"}, Systems: []string{"Email"}}, WorkMinutes: 5},
			{ID: "a2", Name: "Approve invoice", Performer: "Manager", SIPOC: SIPOC{Suppliers: []string{"Clerk"}, Inputs: []string{"Received invoice"}, Outputs: []string{"Approved invoice"}, Systems: []string{"ERP"}}, WorkMinutes: 15, WaitMinutes: 2880, Source: "The manager approves the invoice within 2 days."},
			{ID: "a3", Name: "Return invoice", Performer: "Clerk", SIPOC: SIPOC{Inputs: []string{"invoice"}, Customers: []string{"Supplier"}, Systems: []string{"email"}}, WorkMinutes: 10},
			{ID: "a4", Name: "Pay invoice", Performer: "Clerk", SIPOC: SIPOC{Outputs: []string{"Payment"}, Customers: []string{"Supplier"}, Systems: []string{"ERP"}}, WorkMinutes: 30.5},
		},
		Gateways: []Gateway{
			{ID: "g1", Type: GatewayExclusive, Name: "Invoice correct?", Performer: "Clerk", Specification: "The amounts match the purchase order."},
			{ID: "g2", Type: GatewayExclusive},
		},
		Events: []Event{{ID: "s", Type: EventStart, Name: "Invoice arrives"}, {ID: "e", Type: EventEnd, Name: "Invoice settled"}},
		Flows: []Flow{
			{ID: "f1", Source: "s", Target: "a1"},
			{ID: "f2", Source: "a1", Target: "g1"},
			{ID: "f3", Source: "g1", Target: "a2", Condition: "Yes"},
			{ID: "f4", Source: "g1", Target: "a3", Condition: "No"},
			{ID: "f5", Source: "a2", Target: "a4"},
			{ID: "f6", Source: "a4", Target: "g2"},
			{ID: "f7", Source: "a3", Target: "g2"},
			{ID: "f8", Source: "g2", Target: "e"},
		},
	}
}

func codes(ps []Problem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Code)
	}
	return out
}

func hasCode(ps []Problem, code string) bool {
	for _, p := range ps {
		if p.Code == code {
			return true
		}
	}
	return false
}

func TestValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		mutate func(m *Model)
		want   []string // codes that must appear; nil means valid
	}{
		{"valid", func(m *Model) {}, nil},
		{"duplicate id", func(m *Model) { m.Activities[1].ID = "a1" }, []string{ProblemDuplicateID}},
		{"missing id", func(m *Model) { m.Activities[0].ID = "" }, []string{ProblemMissingID}},
		{"dangling flow", func(m *Model) { m.Flows = append(m.Flows, Flow{ID: "fx", Source: "a1", Target: "nowhere"}) }, []string{ProblemDanglingFlow}},
		{"no start", func(m *Model) { m.Events = m.Events[1:] }, []string{ProblemMissingStart}},
		{"no end", func(m *Model) { m.Events = m.Events[:1] }, []string{ProblemMissingEnd}},
		{"unreachable", func(m *Model) {
			m.Activities = append(m.Activities, Activity{ID: "a5", Name: "Archive", Performer: "Clerk"})
			m.Flows = append(m.Flows, Flow{ID: "f9", Source: "a5", Target: "e"})
		}, []string{ProblemUnreachable}},
		{"dead end", func(m *Model) { m.Flows = m.Flows[:len(m.Flows)-1] }, []string{ProblemDeadEnd}},
		{"unbalanced", func(m *Model) {
			m.Flows[5].Target = "e"  // a4 -> e
			m.Flows[6].Target = "a4" // a3 -> a4: branches meet at an activity
			m.Gateways = m.Gateways[:1]
			m.Flows = m.Flows[:7]
		}, []string{ProblemUnbalancedGateway}},
		{"no performer", func(m *Model) { m.Activities[0].Performer = " " }, []string{ProblemMissingPerformer}},
		{"no name", func(m *Model) { m.Activities[0].Name = "" }, []string{ProblemMissingName}},
		{"gateway type", func(m *Model) { m.Gateways[0].Type = "XOR" }, []string{ProblemUnknownGatewayType}},
		{"event type", func(m *Model) { m.Events = append(m.Events, Event{ID: "t", Type: "timer"}) }, []string{ProblemUnknownEventType}},
		{"no activities", func(m *Model) {
			m.Activities = nil
			m.Gateways = nil
			m.Flows = []Flow{{ID: "f", Source: "s", Target: "e"}}
		}, []string{ProblemNoActivities}},
		{"flow into start", func(m *Model) { m.Flows = append(m.Flows, Flow{ID: "f9", Source: "a1", Target: "s"}) }, []string{ProblemStartHasIncoming}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := invoice()
			tt.mutate(&m)
			ps := m.Validate()
			if tt.want == nil {
				if len(ps) != 0 {
					t.Fatalf("want valid, got %v", ps)
				}
				return
			}
			for _, c := range tt.want {
				if !hasCode(ps, c) {
					t.Errorf("want %s, got %v", c, codes(ps))
				}
			}
			for _, p := range ps {
				if p.Message == "" {
					t.Errorf("problem %s has no message", p.Code)
				}
			}
		})
	}
}

func TestRepair(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		model  Model
		check  func(t *testing.T, m Model)
		remain []string
	}{
		{
			name:  "no flows no events: chain in document order",
			model: Model{Participants: []Participant{{Name: "Clerk"}}, Activities: []Activity{{Name: "A"}, {Name: "B"}, {Name: "C", Performer: "clerk"}}},
			check: func(t *testing.T, m Model) {
				var names []string
				for _, s := range Ordered(&m) {
					names = append(names, s.Name)
				}
				if got := strings.Join(names, ","); got != "Start,A,B,C,End" {
					t.Errorf("order %s", got)
				}
				if m.Activities[0].Performer != DefaultPerformer || m.Activities[2].Performer != "Clerk" {
					t.Errorf("performers %+v", m.Activities)
				}
				if len(m.Participants) != 2 {
					t.Errorf("participants %+v", m.Participants)
				}
			},
		},
		{
			name: "duplicate ids and dangling flows",
			model: Model{
				Activities: []Activity{{ID: "x", Name: "A", Performer: "P"}, {ID: "x", Name: "B", Performer: "P"}},
				Events:     []Event{{ID: "x", Type: "StartEvent"}, {ID: "e", Type: "end_event"}},
				Flows:      []Flow{{ID: "f", Source: "ghost", Target: "x"}, {ID: "f", Source: "x", Target: "e"}, {Source: "x", Target: "e"}},
			},
			check: func(t *testing.T, m Model) {
				ids := map[string]bool{}
				for _, a := range m.Activities {
					if ids[a.ID] {
						t.Errorf("dup %s", a.ID)
					}
					ids[a.ID] = true
				}
				if m.Events[0].Type != EventStart || m.Events[1].Type != EventEnd {
					t.Errorf("events %+v", m.Events)
				}
			},
		},
		{
			name: "types normalised",
			model: func() Model {
				m := invoice()
				m.Gateways[0].Type = "XOR"
				m.Gateways[1].Type = "Exclusive Gateway"
				m.Events = append(m.Events, Event{ID: "t", Type: "timerEvent"})
				return m
			}(),
			check: func(t *testing.T, m Model) {
				if m.Gateways[0].Type != GatewayExclusive || m.Gateways[1].Type != GatewayExclusive {
					t.Errorf("gateways %+v", m.Gateways)
				}
				if m.Events[2].Type != EventIntermediate || m.Events[2].Trigger != TriggerTimer {
					t.Errorf("event %+v", m.Events[2])
				}
			},
		},
		{
			name: "unbalanced split gets a join",
			model: func() Model {
				m := invoice()
				m.Flows[5].Target = "e"
				m.Flows[6].Target = "a4"
				m.Gateways = m.Gateways[:1]
				m.Flows = m.Flows[:7]
				return m
			}(),
			check: func(t *testing.T, m Model) {
				if len(m.Gateways) != 2 || m.Gateways[1].Type != GatewayExclusive {
					t.Errorf("gateways %+v", m.Gateways)
				}
			},
		},
		{
			name: "flows naming nodes by name or other case",
			model: Model{
				Activities: []Activity{{ID: "a1", Name: "Check invoice", Performer: "Clerk"}, {ID: "a2", Name: "Pay invoice", Performer: "Clerk"}},
				Events:     []Event{{ID: "s", Type: "start"}, {ID: "e", Type: "end"}},
				Flows:      []Flow{{ID: "1", Source: "s", Target: "A1"}, {ID: "2", Source: "check invoice", Target: "Pay invoice"}, {ID: "3", Source: "a2", Target: "e"}},
			},
			check: func(t *testing.T, m Model) {
				if len(m.Flows) != 3 || m.Flows[0].Target != "a1" || m.Flows[1].Source != "a1" || m.Flows[1].Target != "a2" {
					t.Errorf("flows %+v", m.Flows)
				}
			},
		},
		{
			name:   "empty model keeps no_activities",
			model:  Model{},
			remain: []string{ProblemNoActivities},
		},
		{
			name: "unreachable cycle",
			model: Model{
				Activities: []Activity{{ID: "a", Name: "A", Performer: "P"}, {ID: "b", Name: "B", Performer: "P"}, {ID: "c", Name: "C", Performer: "P"}},
				Events:     []Event{{ID: "s", Type: "start"}, {ID: "e", Type: "end"}},
				Flows:      []Flow{{ID: "1", Source: "s", Target: "a"}, {ID: "2", Source: "a", Target: "e"}, {ID: "3", Source: "b", Target: "c"}, {ID: "4", Source: "c", Target: "b"}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := tt.model
			ps := Repair(&m)
			if got, want := codes(ps), tt.remain; !reflect.DeepEqual(got, want) {
				t.Fatalf("remaining %v, want %v (%v)", got, want, ps)
			}
			if tt.check != nil {
				tt.check(t, m)
			}
			assertIdempotent(t, m)
		})
	}
}

func assertIdempotent(t *testing.T, m Model) {
	t.Helper()
	before, _ := json.Marshal(m)
	Repair(&m)
	after, _ := json.Marshal(m)
	if string(before) != string(after) {
		t.Errorf("repair not idempotent:\n%s\n%s", before, after)
	}
}

func TestFormatDuration(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0 min"}, {-3, "0 min"}, {0.5, "30 s"}, {45, "45 min"}, {60, "1 h"}, {150, "2 h 30 min"},
		{1440, "1 d"}, {4320 + 90, "3 d 1 h 30 min"}, {30.4, "30 min"},
	}
	for _, tt := range tests {
		if got := FormatDuration(tt.in); got != tt.want {
			t.Errorf("FormatDuration(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSIPOCTableAndTotals(t *testing.T) {
	t.Parallel()
	m := invoice()
	s := SIPOCTable(&m)
	want := SIPOCSummary{
		Suppliers: []string{"Supplier", "Clerk"},
		Inputs:    []string{"Invoice", "Received invoice"},
		Processes: []string{"Receive invoice", "Approve invoice", "Pay invoice", "Return invoice"},
		Outputs:   []string{"Received invoice", "Approved invoice", "Payment"},
		Customers: []string{"Manager", "Supplier"},
		Systems:   []string{"Email", "ERP"},
	}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("SIPOC\n got %+v\nwant %+v", s, want)
	}
	work, wait := Totals(&m)
	if work != 60.5 || wait != 2880 {
		t.Errorf("totals %v %v", work, wait)
	}
}

func TestOrdered(t *testing.T) {
	t.Parallel()
	m := invoice()
	var got []string
	for _, s := range Ordered(&m) {
		got = append(got, s.Kind+":"+s.ID)
	}
	want := "start:s,activity:a1,gateway:g1,activity:a2,activity:a4,activity:a3,gateway:g2,end:e"
	if strings.Join(got, ",") != want {
		t.Errorf("got %s", strings.Join(got, ","))
	}
}

func TestFormattedTextGolden(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		model Model
	}{
		{"invoice", invoice()},
		{"parallel", func() Model {
			m := Model{ProcessName: "Onboarding", Activities: []Activity{
				{ID: "a", Name: "Sign contract", Performer: "HR"},
				{ID: "b", Name: "Order laptop", Performer: "IT", WaitMinutes: 4320},
				{ID: "c", Name: "Create account", Performer: "IT", WorkMinutes: 20},
				{ID: "d", Name: "Welcome employee", Performer: "Manager"},
			}, Gateways: []Gateway{{ID: "p1", Type: GatewayParallel}, {ID: "p2", Type: GatewayParallel}},
				Flows: []Flow{{Source: "a", Target: "p1"}, {Source: "p1", Target: "b"}, {Source: "p1", Target: "c"}, {Source: "b", Target: "p2"}, {Source: "c", Target: "p2"}, {Source: "p2", Target: "d"}}}
			Repair(&m)
			return m
		}()},
		{"empty", Model{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := FormattedText(&tt.model)
			for _, h := range Sections {
				if !strings.Contains(got, h+"\n") {
					t.Errorf("missing section %s", h)
				}
			}
			testenv.Golden(t, filepath.Join("testdata", tt.name+".golden"), []byte(got))
		})
	}
}
