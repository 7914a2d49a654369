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
