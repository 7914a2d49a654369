package vision

import (
	"image"
	"image/color"
	"testing"
)

// errorEnd is the error end event of MIWG B.2.0 drawn by bpmn-js at
// scale 1 (bench/diagrams/testdata), binarised: a thick ring round a
// filled bolt; its inside is (8, 6)-(36, 34).
var errorEnd = []string{
	"............................................",
	"............................................",
	".................##########.................",
	"..............################..............",
	".............##################.............",
	"...........######################...........",
	"..........#########......#########..........",
	".........#######............#######.........",
	"........######................######........",
	".......######..................######.......",
	".......#####.................##.#####.......",
	"......#####..................#...#####......",
	"......####........#.........##....####......",
	".....#####.......###........##....#####.....",
	".....####........####......###.....####.....",
	"....#####.......#####......##......#####....",
	"....#####.......######....###......#####....",
	"##..####........#######...###.......####....",
	"########.......#########.###........####....",
	"########.......#############........####....",
	"########......####..########........####....",
	"########......###....#######........####....",
	"##..####......###.....#####.........####....",
	"....#####....###.......####........#####....",
	"....#####....##........####........#####....",
	".....####...##..........###........####.....",
	".....#####..##...........#........#####.....",
	".....#####........................####......",
	"......#####......................#####......",
	".......#####....................#####.......",
	".......######..................######.......",
	"........######................######........",
	".........#######............#######.........",
	"..........#########......#########..........",
	"...........######################...........",
	".............##################.............",
	"..............################..............",
	".................##########.................",
	"............................................",
}

// TestWideBolt: bpmn-js's filled bolt in an error end event reaches its
// points further out than seven tenths of the inside's radius, and its
// middle stroke into the lower right quarter; looked at further out
// (a single ring has no inner ring to keep clear of) it is a bolt. A
// signal's triangle and an escalation's arrowhead, as far out, are not.
func TestWideBolt(t *testing.T) {
	bm := bitmapOf(errorEnd)
	in := image.Rect(8, 6, 36, 34)
	if got := iconInk(bm, in, 2); got != NoIcon {
		t.Errorf("bolt within seven tenths: %v, want none", got)
	}
	if got := iconInkWithin(bm, in, 2, 9); got != Lightning {
		t.Errorf("bolt within nine tenths: %v, want a bolt", got)
	}
	others := []struct {
		name string
		draw func(c *canvas)
	}{
		{"triangle", func(c *canvas) {
			c.line(41, 57, 50, 42)
			c.line(50, 42, 59, 57)
			c.line(41, 57, 59, 57)
		}},
		{"arrowhead", func(c *canvas) {
			c.line(42, 58, 50, 42)
			c.line(50, 42, 58, 58)
			c.line(42, 58, 50, 50)
			c.line(50, 50, 58, 58)
		}},
		{"cross", func(c *canvas) {
			c.line(42, 42, 58, 58)
			c.line(42, 58, 58, 42)
		}},
	}
	for _, tt := range others {
		c := newCanvas(100, 100, 3)
		tt.draw(c)
		if got := iconInkWithin(binarize(c.g, 128), image.Rect(36, 36, 64, 64), 2, 9); got == Lightning {
			t.Errorf("%s within nine tenths: read as a bolt", tt.name)
		}
	}
}

// outlinedBolt draws bpmn-js's error icon as a catching event draws it,
// outlined (its throwing and end events fill it), in a circle of
// diameter 36·scale whose corner is at (x, y): the zigzag's points as
// bpmn-js's path puts them.
func (c *canvas) outlinedBolt(x, y int, scale float64) {
	pts := [][2]float64{{7.3, 26}, {14, 17.2}, {20.9, 25.4}, {25.2, 8.8}, {19.9, 19.4}, {13.2, 10.7}}
	at := func(k int) (int, int) {
		p := pts[k%len(pts)]
		return x + int(p[0]*scale+0.5), y + int(p[1]*scale+0.5)
	}
	for k := range pts {
		x0, y0 := at(k)
		x1, y1 := at(k + 1)
		c.line(x0, y0, x1, y1)
	}
}

// TestOutlinedBolt: an error boundary (or catching) event draws its bolt
// outlined in a double ring; it is an error event where the rings stay
// apart from the bolt and where (at scale 0.75 with a 1-pixel stroke,
// or at scale 1 with a 2-pixel one) the bolt's points meet the inner
// ring and split the circle's inside into pieces.
func TestOutlinedBolt(t *testing.T) {
	for _, tt := range []struct {
		scale  float64
		stroke int
	}{{1, 1}, {1.5, 2}} {
		c := newCanvas(300, 200, tt.stroke)
		r := int(18 * tt.scale)
		x, y := 150, 100
		c.circle(x, y, r, tt.stroke)
		c.circle(x, y, r-int(3*tt.scale+0.5), tt.stroke)
		c.outlinedBolt(x-r, y-r, tt.scale)
		c.box(20, 60, 80, 80)
		c.arrow(image.Pt(101, 100), image.Pt(x-r-1, 100))
		d := Recognize(c.g)
		found := false
		for _, s := range d.Shapes {
			if s.Kind == Event {
				found = true
				if s.Icon != Lightning || s.Ring != Double {
					t.Errorf("scale %.2f stroke %d: ring %v icon %v, want a double ring round a bolt", tt.scale, tt.stroke, s.Ring, s.Icon)
				}
			}
		}
		if !found {
			t.Errorf("scale %.2f stroke %d: no event in %+v", tt.scale, tt.stroke, d.Shapes)
		}
	}
}

// errorBoundary is the error boundary event on "Assess claim" in
// rt-claim-boundary drawn by bpmn-js at scale 0.75
// (bench/diagrams/testdata), binarised at its Otsu cut: the task's left
// side and bottom border, the double ring, the outlined bolt touching
// the inner ring at both its points, the flow leaving downwards.
var errorBoundary = []string{
	"#................................................",
	"#................................................",
	"#................................................",
	"#................................................",
	"#................................................",
	"#................................................",
	"#.....................................#####......",
	"#......................########.....##.....##....",
	"#...................####......####..#.......#....",
	"#..................##...######...####.......##...",
	"#................###.#####..#####.###.......##...",
	"#...............##..##..........##..##......##...",
	"#...............#..##............##..##.....##...",
	"#..............##.##.............###.##.....#...#",
	"#.............##.##....##.......##.##.##...##..##",
	"#.............#.##.....##.......##..##.####....##",
	"##...........##.##....##.#.....##...##.##......#.",
	"##...........##.#.....#...#....##....#.##.....##.",
	".##..........####.....#...##..###....####.....#.#",
	"..###........#.##....#.....#..###....##.#.......#",
	"...###########.##....#.###..##.#.....##.#######.#",
	"......########.##...##.#.##..#.#.....##.#######..",
	".............#.##...#.#...#....#.....##.#.....#..",
	".............#.##...##.....#..##.....##.#.....##.",
	".............##.#..##.......#.#......#.##.....##.",
	"..............#.##.##........##.....##.#.......#.",
	"..............#.####..........#.....##.#.......#.",
	"..............##.##................##.##.........",
	"...............##.##..............##.##..........",
	"................#..##............##..#...........",
	"................##..###........###..##...........",
	".................##...####..####...##............",
	"...................##...######...##..............",
	"....................####......####...............",
	".......................########..................",
	"..........................##.....................",
	"..........................##.....................",
	"..........................##.....................",
	"..........................##.....................",
	"..........................##.....................",
	"..........................##.....................",
}

// TestSplitInside: the bolt touching the inner ring splits the event's
// inside into two pieces, neither round; together they are the inside
// of an intermediate event with a double ring (crossed along both axes
// by the task's border and the flow) round a bolt.
func TestSplitInside(t *testing.T) {
	c := newCanvas(120, 100, 2)
	for y, row := range errorBoundary {
		for x, ch := range row {
			if ch == '#' {
				c.g.SetGray(30+x, 20+y, color.Gray{})
			}
		}
	}
	d := Recognize(c.g)
	var events []Shape
	for _, s := range d.Shapes {
		if s.Kind == Event {
			events = append(events, s)
		}
	}
	if len(events) != 1 || events[0].Ring != Double || events[0].Icon != Lightning {
		t.Errorf("events %+v, want one double ring round a bolt", events)
	}
}
