package process

import (
	"slices"
	"testing"
)

// TestValidationPhases runs each phase of Validate on its own, after the
// phases before it (whose problems are dropped), and checks that it
// reports exactly the problems it owns, in order.
func TestValidationPhases(t *testing.T) {
	t.Parallel()
	tests := []struct {
		phase  string
		name   string
		mutate func(m *Model)
		want   []string
	}{
		{"activities", "valid", func(*Model) {}, nil},
		{"activities", "none at all", func(m *Model) { m.Activities = nil }, []string{ProblemNoActivities}},
		{"activities", "name, performer, type and marker", func(m *Model) {
			m.Activities[0].Name = ""
			m.Activities[1].Performer = ""
			m.Activities[2].Type = "robot"
			m.Activities[3].Marker = "twice"
		}, []string{ProblemMissingName, ProblemMissingPerformer, ProblemUnknownActivityType, ProblemUnknownActivityType}},
		{"activities", "ids", func(m *Model) { m.Activities[0].ID = ""; m.Activities[2].ID = "a2" }, []string{ProblemMissingID, ProblemDuplicateID}},
		{"gateways", "type and an id an activity has", func(m *Model) { m.Gateways[0].Type = "XOR"; m.Gateways[1].ID = "a1" }, []string{ProblemUnknownGatewayType, ProblemDuplicateID}},
		{"events", "type and trigger", func(m *Model) { m.Events[0].Type = "timer"; m.Events[1].Trigger = "bell" }, []string{ProblemUnknownEventType, ProblemUnknownTrigger}},
		{"other ids", "pool, lane, data and annotation ids", func(m *Model) {
			m.Pools = []Pool{{ID: "a1", Name: "Company"}}
			m.Participants[0].ID = "L"
			m.Data = []Data{{ID: "L", Name: "Invoice"}}
			m.Annotations = []Annotation{{Text: "note"}}
		}, []string{ProblemDuplicateID, ProblemDuplicateID, ProblemMissingID}},
		{"pools", "unknown pool named twice, collapsed pool with a node", func(m *Model) {
			m.Pools = []Pool{{ID: "P", Name: "Company"}, {ID: "C", Name: "Bank", Collapsed: true}}
			m.Activities[0].Pool = "X"
			m.Activities[1].Pool = "X"
			m.Activities[2].Pool = "C"
		}, []string{ProblemUnknownPool, ProblemCollapsedPoolHasNodes}},
		{"nesting", "parent not a sub-process; start event in an ad-hoc sub-process", func(m *Model) {
			m.Activities[1].Parent = "a1"
			m.Activities[3].Type = ActivityAdHoc
			m.Events = append(m.Events, Event{ID: "s2", Type: EventStart, Parent: "a4"})
		}, []string{ProblemUnknownParent, ProblemAdHocStartEnd}},
		{"start and end", "no start, no end", func(m *Model) { m.Events = nil }, []string{ProblemMissingStart, ProblemMissingEnd}},
		{"sequence flows", "dangling, into a start, out of an end, duplicate id", func(m *Model) {
			m.Flows = append(m.Flows,
				Flow{ID: "f9", Source: "a1", Target: "nowhere"},
				Flow{ID: "f10", Source: "a1", Target: "s"},
				Flow{ID: "f1", Source: "e", Target: "a4"})
		}, []string{ProblemDanglingFlow, ProblemStartHasIncoming, ProblemDuplicateID, ProblemEndHasOutgoing}},
		{"sequence flows", "a default flow where none may be", func(m *Model) { m.Flows[0].Default = true }, []string{ProblemInvalidDefaultFlow}},
		{"message flows", "inside one pool, to a gateway", func(m *Model) {
			m.MessageFlows = []MessageFlow{{ID: "m1", Source: "a1", Target: "a2"}, {ID: "m2", Source: "a1", Target: "g1"}}
		}, []string{ProblemMessageFlowSamePool, ProblemDanglingMessageFlow}},
		{"boundary events", "attached to a gateway", func(m *Model) {
			m.Events = append(m.Events, Event{ID: "b", Type: EventBoundary, AttachedTo: "g1"})
		}, []string{ProblemBoundaryWithoutHost}},
		{"data associations", "between two activities; a missing id", func(m *Model) {
			m.Data = []Data{{ID: "d", Name: "Invoice"}}
			m.DataAssociations = []DataAssociation{{ID: "x", Source: "a1", Target: "a2"}, {Source: "d", Target: "a1"}}
		}, []string{ProblemDanglingDataAssociation, ProblemMissingID}},
		{"reachability", "an activity outside the flow", func(m *Model) {
			m.Activities = append(m.Activities, Activity{ID: "a5", Name: "Archive", Performer: "Clerk"})
		}, []string{ProblemUnreachable, ProblemDeadEnd}},
		{"gateway balance", "branches meet at an activity", func(m *Model) {
			m.Flows[5].Target = "e"
			m.Flows[6].Target = "a4"
			m.Gateways = m.Gateways[:1]
			m.Flows = m.Flows[:7]
		}, []string{ProblemUnbalancedGateway}},
	}
	tested := map[string]bool{}
	for _, tt := range tests {
		tested[tt.phase] = true
		t.Run(tt.phase+"/"+tt.name, func(t *testing.T) {
			t.Parallel()
			m := invoice()
			tt.mutate(&m)
			v := newValidation(&m)
			for _, p := range validationPhases {
				if p.name == tt.phase {
					v.ps = nil
					p.check(v)
					if got := codes(v.ps); !slices.Equal(got, tt.want) {
						t.Errorf("%s: codes = %v, want %v (%v)", tt.phase, got, tt.want, v.ps)
					}
					return
				}
				p.check(v)
			}
			t.Fatalf("no phase %q", tt.phase)
		})
	}
	for _, p := range validationPhases {
		if !tested[p.name] {
			t.Errorf("phase %q has no case", p.name)
		}
	}
}
