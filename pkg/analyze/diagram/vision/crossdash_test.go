package vision

import (
	"image"
	"testing"
)

// TestCrossingMessageFlows: two message flows whose dashes cross join
// into one connector (here touching three of the tasks, one tail and two
// heads; in a soft photo often all four); which end sends to which is
// lost there, so none of the wrong pairs is read: only the two flows
// drawn, or nothing.
func TestCrossingMessageFlows(t *testing.T) {
	c := newCanvas(800, 420, 2)
	c.box(120, 60, 110, 70)
	c.box(560, 60, 110, 70)
	c.box(60, 290, 110, 70)
	c.box(420, 290, 110, 70)
	// A (120–230 × 60–130) to D (420–530 × 290–360)
	c.messageFlow(image.Pt(175, 130), image.Pt(175, 205), image.Pt(475, 205), image.Pt(475, 289))
	// B (560–670 × 60–130) to C (60–170 × 290–360), crossing it at (300, 205)
	c.messageFlow(image.Pt(600, 130), image.Pt(600, 160), image.Pt(300, 160), image.Pt(300, 230), image.Pt(115, 230), image.Pt(115, 289))
	d := Recognize(c.g)
	task := map[image.Point]int{}
	for i, s := range d.Shapes {
		if s.Kind == Task {
			task[s.Box.Min] = i
		}
	}
	at := func(x, y int) int {
		for p, i := range task {
			if absDiff(p.X, x) <= 4 && absDiff(p.Y, y) <= 4 {
				return i
			}
		}
		t.Fatalf("no task at (%d, %d): %+v", x, y, d.Shapes)
		return -1
	}
	a, b, cc, dd := at(120, 60), at(560, 60), at(60, 290), at(420, 290)
	right := map[[2]int]bool{{a, dd}: true, {b, cc}: true}
	for _, f := range d.Flows {
		if f.Dashed && !right[[2]int{f.From, f.To}] {
			t.Errorf("dashed flow %d → %d, drawn are %d → %d and %d → %d", f.From, f.To, a, dd, b, cc)
		}
	}
}
