package text

import (
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// TestFullPoolNames covers a pool named by one word that the text names
// in full elsewhere: the pool, and its lane and steps, take the full
// name, unless the modifiers differ or are no part of a name ("the same
// supplier").
func TestFullPoolNames(t *testing.T) {
	tests := []struct {
		name, pool, text, want string
	}{
		{"full name elsewhere", "Brigade", "The officer from the fire brigade checks the exits. We ask the brigade by e-mail.", "Fire Brigade"},
		{"two modifiers", "Brigade", "The fire brigade and the city brigade check the exits. We ask the brigade by e-mail.", "Brigade"},
		{"no part of a name", "Supplier", "The buyer pays the same supplier. We ask the supplier by e-mail.", "Supplier"},
		{"no modifier", "Supplier", "We ask the supplier by e-mail.", "Supplier"},
		{"across a line break", "Carrier", "Claims desk | Registers the claim\nCarrier | Sends the receipt", "Carrier"},
		{"main pool kept", "", "The fire brigade checks the exits.", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := process.Model{Pools: []process.Pool{{ID: "Pool_main", Name: "Brigade"}}}
			if tt.pool != "" {
				m.Pools = append(m.Pools, process.Pool{ID: "Pool_1", Name: tt.pool})
				m.Participants = []process.Participant{{Name: tt.pool, Pool: "Pool_1"}}
				m.Activities = []process.Activity{{ID: "Activity_1", Name: "Send report", Performer: tt.pool, Pool: "Pool_1"}}
			}
			fullPoolNames(&m, tt.text)
			if tt.pool == "" {
				if m.Pools[0].Name != "Brigade" {
					t.Errorf("main pool renamed %q", m.Pools[0].Name)
				}
				return
			}
			if m.Pools[1].Name != tt.want || m.Participants[0].Name != tt.want || m.Activities[0].Performer != tt.want {
				t.Errorf("pool %q, lane %q, performer %q; want %q", m.Pools[1].Name, m.Participants[0].Name, m.Activities[0].Performer, tt.want)
			}
		})
	}
}
