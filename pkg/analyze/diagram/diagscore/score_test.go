package diagscore

import (
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

func model(tasks []string, gateways []string, flows [][2]string) *process.Model {
	m := &process.Model{}
	for i, t := range tasks {
		m.Activities = append(m.Activities, process.Activity{ID: "t" + string(rune('1'+i)), Name: t})
	}
	for i, g := range gateways {
		m.Gateways = append(m.Gateways, process.Gateway{ID: "g" + string(rune('1'+i)), Name: g, Type: process.GatewayExclusive})
	}
	for _, f := range flows {
		m.Flows = append(m.Flows, process.Flow{Source: f[0], Target: f[1]})
	}
	return m
}

func TestCompare(t *testing.T) {
	ref := model([]string{"Receive order", "Check stock", "Ship goods", "Reject order"}, []string{"In stock?"},
		[][2]string{{"t1", "t2"}, {"t2", "g1"}, {"g1", "t3"}, {"g1", "t4"}})
	tests := []struct {
		name                 string
		got                  *process.Model
		tasks, flows, flows2 int // found
		gateways             int
		taskRight            int
	}{
		{"the same model", ref, 4, 4, 4, 1, 4},
		{
			"OCR slips and a missing branch",
			model([]string{"Receive ordor", "Check stock", "Ship goods", "Chek stok"}, []string{"In stock?"},
				[][2]string{{"t1", "t2"}, {"t2", "g1"}, {"g1", "t3"}}),
			// "Chek stok" matches nothing once "Check stock" is taken
			3, 3, 3, 1, 3,
		},
		{
			"a flow through an extra gateway",
			model([]string{"Receive order", "Check stock", "Ship goods", "Reject order"}, []string{"In stock?", ""},
				[][2]string{{"t1", "g2"}, {"g2", "t2"}, {"t2", "g1"}, {"g1", "t3"}, {"g1", "t4"}}),
			4, 3, 4, 1, 4,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Compare(ref, tt.got)
			if s.Tasks.Found != tt.tasks || s.Tasks.Right != tt.taskRight || s.Flows.Found != tt.flows || s.Flows2.Found != tt.flows2 || s.Gateways.Found != tt.gateways {
				t.Errorf("tasks %d (right %d), flows %d (≤2 %d), gateways %d; want %d (%d), %d (%d), %d\nmissed %q lost %q",
					s.Tasks.Found, s.Tasks.Right, s.Flows.Found, s.Flows2.Found, s.Gateways.Found,
					tt.tasks, tt.taskRight, tt.flows, tt.flows2, tt.gateways, s.Missed, s.Lost)
			}
			if s.Tasks.Refs != 4 || s.Flows.Refs != 4 || s.Gateways.Refs != 1 {
				t.Errorf("reference counts %+v", s)
			}
		})
	}
}

func TestEditSim(t *testing.T) {
	tests := []struct {
		a, b string
		min  float64
	}{
		{"Receive order", "Receive ordor", 0.9},
		{"Approve invoice", "Approve  invoice.", 1},
		{"Pay", "Archive", 0},
	}
	for _, tt := range tests {
		if got := editSim(tt.a, tt.b); got < tt.min || (tt.min == 0 && got > 0.5) {
			t.Errorf("editSim(%q, %q) = %.2f, want ≥ %.2f", tt.a, tt.b, got, tt.min)
		}
	}
}

func TestCompareKindsAndLanes(t *testing.T) {
	ref := model([]string{"Receive order", "Ship goods"}, []string{"In stock?"}, [][2]string{{"t1", "g1"}, {"g1", "t2"}})
	ref.Participants = []process.Participant{{Name: "Sales"}, {Name: "Warehouse"}}
	tests := []struct {
		name         string
		gwType       string
		names        []string
		kinds, lanes Counts
	}{
		{"kind and lanes right", process.GatewayExclusive, []string{"Sales", "Warehouse"}, Counts{Refs: 1, Found: 1}, Counts{Refs: 2, Found: 2, Cand: 2, Right: 2}},
		{"parallel for exclusive, one lane misread", process.GatewayParallel, []string{"Sales", "Wherever", "Finance"}, Counts{Refs: 1}, Counts{Refs: 2, Found: 1, Cand: 3, Right: 1}},
		{"one lane is no lane", process.GatewayExclusive, []string{"Sales"}, Counts{Refs: 1, Found: 1}, Counts{Refs: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := model([]string{"Receive order", "Ship goods"}, []string{""}, [][2]string{{"t1", "g1"}, {"g1", "t2"}})
			got.Gateways[0].Type = tt.gwType
			for _, l := range tt.names {
				got.Participants = append(got.Participants, process.Participant{Name: l})
			}
			s := Compare(ref, got)
			if s.Kinds != tt.kinds || s.Lanes != tt.lanes {
				t.Errorf("kinds %+v lanes %+v, want %+v %+v", s.Kinds, s.Lanes, tt.kinds, tt.lanes)
			}
		})
	}
}

// TestCompareLanesAndMessages: a matched task counts in its lane when
// the analysis names the reference's lane; message flows count by their
// matched ends.
func TestCompareLanesAndMessages(t *testing.T) {
	ref := model([]string{"Send invoice", "Pay invoice", "Book payment"}, nil, [][2]string{{"t1", "t3"}})
	ref.Participants = []process.Participant{{Name: "Supplier"}, {Name: "Customer"}}
	ref.Activities[0].Performer, ref.Activities[1].Performer, ref.Activities[2].Performer = "Supplier", "Customer", "Supplier"
	ref.MessageFlows = []process.MessageFlow{{ID: "m1", Source: "t1", Target: "t2"}, {ID: "m2", Source: "t2", Target: "pool9"}}
	tests := []struct {
		name             string
		perf             [3]string
		msgs             [][2]string
		members, memberP int // found, cand
		msgFound, msgP   int // found, cand
	}{
		{"all right", [3]string{"Supplier", "Customer", "Supplier"}, [][2]string{{"t1", "t2"}}, 3, 3, 1, 1},
		{"one in the wrong lane, one in none", [3]string{"Supplier", "Supplier", ""}, nil, 1, 2, 0, 0},
		{"a message flow the wrong way", [3]string{"Suplier", "Customer", "Supplier"}, [][2]string{{"t2", "t1"}}, 3, 3, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := model([]string{"Send invoice", "Pay invoice", "Book payment"}, nil, [][2]string{{"t1", "t3"}})
			got.Participants = ref.Participants
			for i := range got.Activities {
				got.Activities[i].Performer = tt.perf[i]
			}
			for _, m := range tt.msgs {
				got.MessageFlows = append(got.MessageFlows, process.MessageFlow{Source: m[0], Target: m[1]})
			}
			s := Compare(ref, got)
			if s.Members.Refs != 3 || s.Members.Found != tt.members || s.Members.Cand != tt.memberP {
				t.Errorf("members %+v, want found %d of 3, cand %d", s.Members, tt.members, tt.memberP)
			}
			if s.Messages.Refs != 1 || s.Messages.Found != tt.msgFound || s.Messages.Cand != tt.msgP {
				t.Errorf("messages %+v, want found %d of 1, cand %d", s.Messages, tt.msgFound, tt.msgP)
			}
		})
	}
}

// TestComparePoolsAndEvents: pools are found by name (only in a
// collaboration of two or more), matched events count when their
// position and trigger are the reference's, triggers on their own.
func TestComparePoolsAndEvents(t *testing.T) {
	ref := model([]string{"Send invoice", "Pay invoice"}, nil, [][2]string{{"e1", "t1"}, {"t1", "e2"}, {"e2", "t2"}})
	ref.Events = []process.Event{
		{ID: "e1", Type: process.EventStart, Trigger: process.TriggerMessage},
		{ID: "e2", Type: process.EventIntermediate, Trigger: process.TriggerTimer},
	}
	ref.Pools = []process.Pool{{ID: "p1", Name: "Supplier"}, {ID: "p2", Name: "Customer", Collapsed: true}}
	tests := []struct {
		name             string
		events           []process.Event
		pools            []process.Pool
		kinds, triggers  int // found of 2, of 2
		poolsR, poolsCan int
	}{
		{"all read", ref.Events, ref.Pools, 2, 2, 2, 2},
		{
			"a start read as intermediate, a timer lost, one pool",
			[]process.Event{{ID: "e1", Type: process.EventIntermediate, Trigger: process.TriggerMessage}, {ID: "e2", Type: process.EventIntermediate}},
			[]process.Pool{{ID: "x", Name: "Suplier"}},
			0, 1, 1, 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := model([]string{"Send invoice", "Pay invoice"}, nil, [][2]string{{"e1", "t1"}, {"t1", "e2"}, {"e2", "t2"}})
			got.Events, got.Pools = tt.events, tt.pools
			s := Compare(ref, got)
			if s.Events.Refs != 2 || s.Events.Found != tt.kinds || s.Triggers.Refs != 2 || s.Triggers.Found != tt.triggers {
				t.Errorf("events %+v triggers %+v, want %d and %d of 2", s.Events, s.Triggers, tt.kinds, tt.triggers)
			}
			if s.Pools.Refs != 2 || s.Pools.Found != tt.poolsR || s.Pools.Cand != tt.poolsCan {
				t.Errorf("pools %+v", s.Pools)
			}
		})
	}
}
