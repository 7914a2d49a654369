package process

import (
	"maps"
	"slices"
	"testing"
)

func TestNodeIDs(t *testing.T) {
	tests := []struct {
		name  string
		model Model
		want  []string
	}{
		{"empty model", Model{}, nil},
		{
			"activities, gateways and events; pools, lanes, flows and data are no nodes",
			Model{
				Pools:        []Pool{{ID: "P"}},
				Participants: []Participant{{ID: "L"}},
				Activities:   []Activity{{ID: "A1"}, {ID: "A2"}},
				Gateways:     []Gateway{{ID: "G1"}},
				Events:       []Event{{ID: "S"}, {ID: "E"}},
				Flows:        []Flow{{ID: "F1", Source: "S", Target: "A1"}},
				Data:         []Data{{ID: "D"}},
			},
			[]string{"A1", "A2", "E", "G1", "S"},
		},
		{"a shared id counts once", Model{Activities: []Activity{{ID: "X"}}, Events: []Event{{ID: "X"}}}, []string{"X"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := slices.Sorted(maps.Keys(tt.model.NodeIDs()))
			if !slices.Equal(got, tt.want) {
				t.Errorf("NodeIDs() = %v, want %v", got, tt.want)
			}
		})
	}
}
