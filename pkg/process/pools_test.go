package process

import (
	"slices"
	"testing"
)

// TestNestLanes: a nested lane names a lane of its own pool, spelled as
// that lane is; missing parents, itself and cycles are cleared.
func TestNestLanes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lanes []Participant
		want  []string
	}{
		{"nested", []Participant{{Name: "Sales"}, {Name: "Clerk", Parent: "sales"}}, []string{"", "Sales"}},
		{"missing", []Participant{{Name: "Clerk", Parent: "Nobody"}}, []string{""}},
		{"itself", []Participant{{Name: "Clerk", Parent: "clerk"}}, []string{""}},
		{"other pool", []Participant{{Name: "Sales", Pool: "p2"}, {Name: "Clerk", Parent: "Sales"}}, []string{"", ""}},
		{"cycle", []Participant{{Name: "A", Parent: "B"}, {Name: "B", Parent: "A"}}, []string{"", "A"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ps := slices.Clone(tt.lanes)
			nestLanes("", ps)
			var got []string
			for _, p := range ps {
				got = append(got, p.Parent)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("parents = %q, want %q", got, tt.want)
			}
		})
	}
}
