package vision

import (
	"image"
	"testing"
)

// arrowheadAndName is a message start event as bpmn-js draws it at
// scale 0.75 (q01 with lanes, binarised): a message flow's open
// arrowhead touches its ring on the left, its sequence flow leaves on
// the right, and its name sits three pixels below it. Its inside spans
// (16,4)-(42,29).
var arrowheadAndName = []string{
	"                                                            ",
	"                                                            ",
	"                          ######                            ",
	"                       ############                         ",
	"                     ####        ####                       ",
	"                    ###            ###                      ",
	"                   ##                ##                     ",
	"                  ##                  ##                    ",
	"                 ##                    ##                   ",
	"                ###                    ###                  ",
	"                ##                      ##                  ",
	"                #    ################    #                  ",
	"       #       ##    ####        ####    ##                 ",
	"      ####     ##    #  ##      #  ##    ##                 ",
	"      ######   ##    #    ##  ##   ##    ##                 ",
	"      ##   #####     #      ##     ##    ###                ",
	"###   ##     ###     #             ##    ###################",
	"      ##   #####     #             ##     ##                ",
	"      ######   ##    #             ##    ##                 ",
	"      ####     ##    #             ##    ##                 ",
	"       #       ##    ################    ##                 ",
	"               ##                        #                  ",
	"                ##                      ##                  ",
	"                ##                      ##                  ",
	"                 ##                    ##                   ",
	"                  ##                  ##                    ",
	"                   ##                ##                     ",
	"                    ###            ###                      ",
	"                     ####        ####                       ",
	"                       ############                         ",
	"                          ######                            ",
	"                                                            ",
	"                                                            ",
	"                                                            ",
	"                                #                           ",
	"                 #                                          ",
	"                 # ### #  # ### # ### ###                   ",
	"                 # # # # ###  # # # # #  #                  ",
	"                 # # # # # #  # ###   ####                  ",
	"                 # # #  ## #  # # #   #                     ",
	"                 # # #  ##  ### # ### ###                   ",
}

func bitmapOf(rows []string) *bitmap {
	bm := &bitmap{w: len(rows[0]), h: len(rows), pix: make([]bool, len(rows[0])*len(rows))}
	for y, r := range rows {
		for x, ch := range r {
			bm.pix[y*bm.w+x] = ch == '#'
		}
	}
	return bm
}

// TestEventRing: an intermediate event's second ring runs all round
// it; an arrowhead on one side and a name below are no second ring.
func TestEventRing(t *testing.T) {
	drawn := func(draw func(c *canvas)) *bitmap {
		c := newCanvas(120, 120, 1)
		draw(c)
		return binarize(c.g, 128)
	}
	tests := []struct {
		name  string
		bm    *bitmap
		inner image.Rectangle
		want  Ring
	}{
		{"open arrowhead on the left, name below (scale 0.75)", bitmapOf(arrowheadAndName), image.Rect(16, 4, 42, 29), Thin},
		{"double ring, flows in and out on the left and right", drawn(func(c *canvas) {
			c.circle(60, 60, 14, 2)
			c.circle(60, 60, 11, 2)
			c.line(0, 60, 45, 60)
			c.line(75, 60, 119, 60)
		}), image.Rect(51, 51, 70, 70), Double},
		{"double ring, name below", drawn(func(c *canvas) {
			c.circle(60, 60, 14, 2)
			c.circle(60, 60, 11, 2)
			c.letters(48, 78, 72)
		}), image.Rect(51, 51, 70, 70), Double},
		{"thin ring, name below", drawn(func(c *canvas) {
			c.circle(60, 60, 14, 2)
			c.letters(48, 78, 72)
			c.line(75, 60, 119, 60)
		}), image.Rect(47, 47, 74, 74), Thin},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, _ := eventRing(tt.bm, tt.inner, 1); got != tt.want {
				t.Errorf("ring %v, want %v", got, tt.want)
			}
		})
	}
}

// TestWideDoubleRing: Mermaid draws a double circle end as two
// one-pixel rings 9–10 px apart (mm-48-lr), further than a stroke of 1 allows
// between an intermediate event's rings; a large circle is double when
// the second ring is seen along two axes and all four diagonals, and
// its box is then the outer ring's. A single large circle with a name,
// an arrowhead or a subgraph's corner beside it stays single, and so
// does a stadium in a frame (mm-41-tb's photo read its start double).
func TestWideDoubleRing(t *testing.T) {
	drawn := func(draw func(c *canvas)) *bitmap {
		c := newCanvas(160, 170, 1)
		draw(c)
		return binarize(c.g, 128)
	}
	// the rings are one pixel anti-aliased: two at the cut along the
	// diagonals (a one-pixel digital circle lets a diagonal ray through)
	inner := image.Rect(45, 45, 116, 116) // the inside of the ring round (80,80)
	tests := []struct {
		name  string
		bm    *bitmap
		want  Ring
		outer int             // the box's width when double
		in    image.Rectangle // the inside when not the ring's
	}{
		{"two rings 10 px apart, flow in on the left, word inside", drawn(func(c *canvas) {
			c.circle(80, 80, 37, 2)
			c.circle(80, 80, 48, 2)
			c.line(0, 80, 32, 80)
			c.letters(64, 74, 96)
		}), Double, 95, image.Rectangle{}},
		{"two rings 10 px apart, flows in on the left and from below", drawn(func(c *canvas) {
			c.circle(80, 80, 37, 2)
			c.circle(80, 80, 48, 2)
			c.line(0, 80, 32, 80)
			c.line(80, 169, 80, 128)
		}), Double, 95, image.Rectangle{}},
		{"one ring, name below, flows left and right", drawn(func(c *canvas) {
			c.circle(80, 80, 37, 2)
			c.line(0, 80, 43, 80)
			c.line(117, 80, 159, 80)
			c.letters(60, 125, 100)
		}), Thin, 0, image.Rectangle{}},
		{"one ring, arrowhead on the left, name above", drawn(func(c *canvas) {
			c.circle(80, 80, 37, 2)
			c.line(0, 80, 43, 80)
			for d := 0; d < 6; d++ {
				c.line(37-d, 80-d, 37-d, 80+d)
			}
			c.letters(60, 20, 100)
		}), Thin, 0, image.Rectangle{}},
		{"a stadium in a wider frame (a photo's page edge)", drawn(func(c *canvas) {
			c.stadium(10, 58, 140, 44)
			c.rect(2, 50, 156, 60)
		}), Thin, 0, image.Rect(11, 59, 150, 102)},
		{"one ring in a subgraph's corner", drawn(func(c *canvas) {
			c.circle(80, 80, 37, 2)
			c.line(35, 35, 159, 35)
			c.line(35, 35, 35, 169)
		}), Thin, 0, image.Rectangle{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := inner
			if !tt.in.Empty() {
				in = tt.in
			}
			got, box := eventRing(tt.bm, in, 1)
			if got != tt.want {
				t.Fatalf("ring %v, want %v", got, tt.want)
			}
			if tt.outer > 0 && (box.Dx() < tt.outer-2 || box.Dx() > tt.outer+2) {
				t.Errorf("box %v, want about %d wide", box, tt.outer)
			}
		})
	}
}
