package vision

import (
	"image"
	"testing"
)

// TestDropMarkers checks one phase of Recognize on its own: circles and
// diamonds far smaller than the task boxes are markers, boxes under a
// third of their height are icons on a line.
func TestDropMarkers(t *testing.T) {
	box := func(k Kind, w, h int) *candidate {
		return &candidate{kind: k, box: image.Rect(0, 0, w, h)}
	}
	tests := []struct {
		name      string
		nodes     []*candidate
		wantKept  int
		wantIcons int
	}{
		{"no tasks: all kept", []*candidate{box(Event, 10, 10), box(Gateway, 12, 12)}, 2, 0},
		{"event as wide as a task's height is kept", []*candidate{box(Task, 100, 80), box(Event, 36, 36)}, 2, 0},
		{"tiny circle beside tasks is a marker", []*candidate{box(Task, 100, 80), box(Task, 100, 80), box(Event, 12, 12)}, 2, 0},
		{"flat box beside tasks is an icon", []*candidate{box(Task, 100, 80), box(Task, 100, 80), box(Task, 30, 20)}, 2, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &recognizer{stroke: 2, nodes: tt.nodes}
			r.dropMarkers()
			if len(r.nodes) != tt.wantKept || len(r.icons) != tt.wantIcons {
				t.Fatalf("kept %d, icons %d; want %d, %d", len(r.nodes), len(r.icons), tt.wantKept, tt.wantIcons)
			}
		})
	}
}

// TestBiggerFirst checks the order rankCandidates sorts by: area, then
// the top-left corner, then the label.
func TestBiggerFirst(t *testing.T) {
	c := func(l int32, x, y, w, h int) *candidate {
		return &candidate{l: l, box: image.Rect(x, y, x+w, y+h)}
	}
	tests := []struct {
		name string
		a, b *candidate
		want bool
	}{
		{"larger area first", c(2, 50, 50, 20, 20), c(1, 0, 0, 10, 10), true},
		{"smaller area later", c(1, 0, 0, 10, 10), c(2, 50, 50, 20, 20), false},
		{"same area: higher first", c(2, 90, 0, 10, 10), c(1, 0, 5, 10, 10), true},
		{"same area and row: left first", c(2, 0, 5, 10, 10), c(1, 9, 5, 10, 10), true},
		{"same box: lower label first", c(1, 0, 0, 10, 10), c(2, 0, 0, 10, 10), true},
		{"same box and label: not before", c(1, 0, 0, 10, 10), c(1, 0, 0, 10, 10), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := biggerFirst(tt.a, tt.b); got != tt.want {
				t.Fatalf("biggerFirst = %v, want %v", got, tt.want)
			}
		})
	}
}
