package versions

import (
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

func base() *process.Model {
	return &process.Model{
		Participants: []process.Participant{{Name: "Clerk"}, {Name: "Finance"}},
		Activities: []process.Activity{
			{ID: "a1", Name: "Check invoice", Performer: "Clerk"},
			{ID: "a2", Name: "Approve invoice", Performer: "Clerk"},
			{ID: "a3", Name: "Pay invoice", Performer: "Finance"},
		},
		Gateways: []process.Gateway{{ID: "g1", Type: process.GatewayExclusive, Name: "OK?"}},
		Flows:    []process.Flow{{ID: "f1", Source: "a1", Target: "a2"}, {ID: "f2", Source: "a2", Target: "a3"}},
	}
}

func TestSummary(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		edit func(m *process.Model)
		want string
	}{
		{"nothing", func(*process.Model) {}, "No change to the process model"},
		{"added, moved, removed", func(m *process.Model) {
			m.Activities = append(m.Activities, process.Activity{ID: "a4", Name: "Archive", Performer: "Clerk"}, process.Activity{ID: "a5", Name: "Notify", Performer: "Clerk"})
			m.Activities[1].Performer = "Finance"
			m.Gateways = nil
			m.Flows = append(m.Flows, process.Flow{ID: "f3", Source: "a3", Target: "a4"})
		}, "+2 tasks, 1 task moved to Finance, 1 gateway removed"},
		{"renamed", func(m *process.Model) { m.Activities[0].Name = "Check receipts" }, "1 task renamed"},
		{"only flows", func(m *process.Model) { m.Flows = m.Flows[:1] }, "1 flow removed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			m := base()
			tc.edit(m)
			if got := Summary(Diff(base(), m)); got != tc.want {
				t.Errorf("Summary = %q, want %q", got, tc.want)
			}
		})
	}
}
