package api

import (
	"regexp"
	"testing"
)

// TestRequestIDs: ids are UUID-shaped, never repeat within a server, and
// two servers' ids differ (each draws its own prefix).
func TestRequestIDs(t *testing.T) {
	t.Parallel()
	shape := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)
	tests := []struct {
		name    string
		servers int
		each    int
	}{
		{"one server", 1, 70000},
		{"two servers", 2, 1000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			seen := map[string]bool{}
			for range tt.servers {
				g := newRequestIDs()
				for range tt.each {
					id := g.next()
					if !shape.MatchString(id) {
						t.Fatalf("id %q is not UUID-shaped", id)
					}
					if seen[id] {
						t.Fatalf("id %q repeated", id)
					}
					seen[id] = true
				}
			}
		})
	}
}
