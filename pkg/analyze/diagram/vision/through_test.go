package vision

import (
	"image"
	"slices"
	"testing"
)

// TestThroughLabels: Mermaid draws an edge's label on its line, and at
// the Otsu cut the line breaks under the label, the letters touching
// the two ends left. Such a line is one flow; two lines merely in line
// with an empty gap, or two bends facing each other across a gap, are
// not joined.
func TestThroughLabels(t *testing.T) {
	// noLetter: the label's "N" and "o" drawn across the line's row
	// (horizontal) or column (vertical), the N touching the first
	// stub, the o the second
	noLetters := func(c *canvas, vertical bool, a0, a1, row int) {
		pt := func(a, off int) (int, int) {
			if vertical {
				return row + off, a
			}
			return a, row + off
		}
		line := func(a0, o0, a1, o1 int) {
			x0, y0 := pt(a0, o0)
			x1, y1 := pt(a1, o1)
			c.line(x0, y0, x1, y1)
		}
		line(a0, -8, a0, 4)
		line(a0, -8, a0+7, 4)
		line(a0+7, -8, a0+7, 4)
		line(a1-1, -3, a1-1, 3)
		line(a1-6, -3, a1-6, 3)
		line(a1-6, -3, a1-1, -3)
		line(a1-6, 3, a1-1, 3)
	}
	tests := []struct {
		name string
		draw func(c *canvas)
		want []string
	}{
		{"a label on a level line, touching both stubs", func(c *canvas) {
			c.box(40, 100, 120, 60)
			c.box(440, 100, 120, 60)
			c.line(161, 130, 290, 130)
			noLetters(c, false, 290, 306, 130)
			c.arrow(image.Pt(306, 130), image.Pt(439, 130))
		}, []string{"task@01 → task@05"}},
		{"a label on an upright line, touching both stubs", func(c *canvas) {
			c.box(240, 20, 120, 60)
			c.box(240, 330, 120, 60)
			c.line(300, 81, 300, 190)
			noLetters(c, true, 190, 206, 300)
			c.arrow(image.Pt(300, 206), image.Pt(300, 329))
		}, []string{"task@03 → task@03"}},
		{"two lines in line, paper between", func(c *canvas) {
			c.box(40, 100, 120, 60)
			c.box(440, 100, 120, 60)
			c.line(161, 130, 290, 130)
			c.arrow(image.Pt(306, 130), image.Pt(439, 130))
		}, nil},
		{"two bends facing each other across a gap", func(c *canvas) {
			c.box(240, 20, 120, 60)
			c.box(240, 330, 120, 60)
			c.box(20, 150, 120, 100)
			c.arrow(image.Pt(300, 81), image.Pt(300, 180), image.Pt(141, 180))
			c.arrow(image.Pt(300, 329), image.Pt(300, 220), image.Pt(141, 220))
		}, []string{"task@03 → task@00", "task@03 → task@00"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCanvas(600, 420, 2)
			tt.draw(c)
			got := flowsOf(Recognize(c.g))
			if !slices.Equal(got, tt.want) {
				t.Errorf("flows %q, want %q", got, tt.want)
			}
		})
	}
}
