package vision

import (
	"image"
	"image/color"
	"math"
	"sort"
	"strings"
	"testing"
)

// dashedCircle is a ring of radius r and width w drawn in dashes of
// on degrees with gaps of off, the first from phase degrees: a
// non-interrupting event's ring.
func (c *canvas) dashedCircle(x, y, r, w int, on, off, phase float64) {
	for dy := -r - w; dy <= r+w; dy++ {
		for dx := -r - w; dx <= r+w; dx++ {
			d := math.Hypot(float64(dx), float64(dy))
			a := math.Mod(math.Atan2(float64(dy), float64(dx))*180/math.Pi+720-phase, on+off)
			if d <= float64(r) && d > float64(r-w) && a < on {
				c.g.SetGray(x+dx, y+dy, color.Gray{})
			}
		}
	}
}

// whiteDisc clears the disc of radius r: an event drawn over what lies
// under it.
func (c *canvas) whiteDisc(x, y, r int) {
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			if math.Hypot(float64(dx), float64(dy)) <= float64(r) {
				c.g.SetGray(x+dx, y+dy, color.Gray{Y: 255})
			}
		}
	}
}

// dashedTimer is bpmn-js's non-interrupting timer at (x, y): two
// dashed rings, their dashes not in line, round a clock face.
func (c *canvas) dashedTimer(x, y int) {
	c.whiteDisc(x, y, 24)
	c.dashedCircle(x, y, 24, 2, 12, 10, 0)
	c.dashedCircle(x, y, 20, 2, 12, 10, 11)
	c.clock(x, y, 14)
}

// TestDashedTimer checks that a timer in dashed rings (bpmn-js's
// non-interrupting timer, face radius 0.6 of the event's) is read by its
// clock face, and that the task it sits on is found though the gaps
// join its inside to the paper.
func TestDashedTimer(t *testing.T) {
	tests := []struct {
		name   string
		draw   func(c *canvas)
		shapes []string
	}{
		{"a dashed timer on a task's border", func(c *canvas) {
			c.box(340, 120, 130, 90)
			c.dashedTimer(440, 210)
			c.box(140, 120, 130, 90)
		}, []string{"eventdouble/clock@04", "task@02", "task@04"}},
		{"a solid timer: its face is its icon", func(c *canvas) {
			c.box(340, 120, 130, 90)
			c.whiteDisc(440, 210, 24)
			c.circle(440, 210, 24, 2)
			c.circle(440, 210, 20, 2)
			c.clock(440, 210, 14)
			c.box(140, 120, 130, 90)
		}, []string{"eventdouble/clock@04", "task@02", "task@04"}},
		{"a small circle with a dot alone is no timer", func(c *canvas) {
			c.box(340, 120, 130, 90)
			c.circle(600, 160, 9, 2)
			c.disc(600, 160, 2)
			c.box(140, 120, 130, 90)
		}, []string{"task@02", "task@04"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCanvas(800, 320, 2)
			tt.draw(c)
			var got []string
			for _, s := range Recognize(c.g).Shapes {
				got = append(got, describe(s))
			}
			sort.Strings(got)
			if strings.Join(got, " ") != strings.Join(tt.shapes, " ") {
				t.Errorf("shapes %v, want %v", got, tt.shapes)
			}
		})
	}
}

func TestClockFace(t *testing.T) {
	tests := []struct {
		name string
		draw func(c *canvas)
		want bool
	}{
		{"clock in dashed rings", func(c *canvas) { c.dashedTimer(100, 100) }, true},
		{"clock alone", func(c *canvas) { c.clock(100, 100, 14) }, false},
		{"empty circle in dashed rings", func(c *canvas) {
			c.dashedCircle(100, 100, 24, 2, 12, 10, 0)
			c.dashedCircle(100, 100, 20, 2, 12, 10, 11)
			c.circle(100, 100, 14, 2)
		}, false},
		{"clock in a filled blob", func(c *canvas) {
			c.disc(100, 100, 27)
			for dy := -14; dy <= 14; dy++ {
				for dx := -14; dx <= 14; dx++ {
					if math.Hypot(float64(dx), float64(dy)) < 13 {
						c.g.SetGray(100+dx, 100+dy, color.Gray{Y: 255})
					}
				}
			}
			c.clock(100, 100, 14)
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCanvas(200, 200, 2)
			tt.draw(c)
			bm := binarize(c.g, 128)
			if got := clockFace(bm, image.Rect(88, 88, 113, 113), 2); got != tt.want {
				t.Errorf("clockFace = %v, want %v", got, tt.want)
			}
		})
	}
}
