package export

import (
	"slices"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// TestModelTablesNameUnnamed: the documents' tables name an unnamed
// activity and gateway as the formatted text does, never with an empty
// cell or the modeller's id.
func TestModelTablesNameUnnamed(t *testing.T) {
	t.Parallel()
	m := &process.Model{
		Activities: []process.Activity{{ID: "Activity_1"}, {ID: "a2", Name: "Approve"}, {ID: "Activity_3"}, {ID: "Activity_4", Type: process.ActivityUser}},
		Gateways:   []process.Gateway{{ID: "Gateway_0x8f", Type: process.GatewayExclusive}, {ID: "g2", Type: process.GatewayParallel}},
		Flows: []process.Flow{{ID: "f1", Source: "Activity_1", Target: "Gateway_0x8f"}, {ID: "f2", Source: "Gateway_0x8f", Target: "a2"},
			{ID: "f3", Source: "Gateway_0x8f", Target: "Activity_3"}},
	}
	tests := []struct {
		table string
		col   int
		want  []string
	}{
		{"Activities", 1, []string{"the 1st unnamed task", "Approve", "the 2nd unnamed task", "the unnamed user task"}},
		{"Gateways", 0, []string{"the unnamed exclusive gateway", "the unnamed parallel gateway"}},
	}
	tables := modelTables(m)
	for _, tt := range tests {
		i := slices.IndexFunc(tables, func(tb table) bool { return tb.title == tt.table })
		if i < 0 {
			t.Fatalf("no %s table", tt.table)
		}
		var got []string
		for _, r := range tables[i].rows {
			got = append(got, r[tt.col])
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s names = %q, want %q", tt.table, got, tt.want)
		}
	}
	if m.Activities[0].Name != "" {
		t.Errorf("the model was renamed: %q", m.Activities[0].Name)
	}
}
