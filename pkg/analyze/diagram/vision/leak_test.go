package vision

import (
	"image"
	"image/color"
	"testing"
)

// TestLeakedBoxes: at a cut of 180, a box whose one-pixel outline has a
// pixel lighter than the cut (Mermaid's anti-aliased rounded corner,
// mm-10) is taken from the lenient cut, also inside a frame round it;
// a gap as light as the paper is no outline and stays open, and a box
// the cut closes is not taken twice.
func TestLeakedBoxes(t *testing.T) {
	tests := []struct {
		name  string
		frame bool
		gap   uint8
		want  int // boxes of the three
	}{
		{"a corner a little lighter than the cut", false, 190, 3},
		{"inside a frame", true, 190, 3},
		{"a gap of paper", false, 255, 2},
		{"no gap", false, 140, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCanvas(700, 200, 1)
			if tt.frame {
				c.rect(20, 20, 660, 160)
			}
			for _, x := range []int{80, 280, 480} {
				for y := 71; y < 130; y++ {
					for k := x + 1; k < x+140; k++ {
						c.g.SetGray(k, y, color.Gray{Y: 239})
					}
				}
				c.box(x, 70, 140, 60)
				c.word(x+30, 95, 70)
			}
			c.arrow(image.Pt(221, 100), image.Pt(279, 100))
			c.arrow(image.Pt(421, 100), image.Pt(479, 100))
			for i, v := range c.g.Pix {
				if v < 140 {
					c.g.Pix[i] = 140
				}
			}
			c.g.SetGray(350, 70, color.Gray{Y: tt.gap})
			r := newRecognizer(c.g)
			r.cut, r.bm = 180, binarize(c.g, 180)
			r.gatherCandidates()
			boxes := 0
			for _, cd := range r.cands {
				if cd.kind == Task && cd.box.Dx() > 100 && cd.box.Dx() < 150 {
					boxes++
				}
			}
			if boxes != tt.want {
				t.Errorf("boxes %d, want %d", boxes, tt.want)
			}
		})
	}
}
