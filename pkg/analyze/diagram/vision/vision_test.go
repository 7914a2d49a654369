package vision

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"sort"
	"strings"
	"testing"
)

// canvas draws diagrams the way a modeller does: boxes, diamonds,
// circles and arrows with filled heads, in black on white.
type canvas struct {
	g *image.Gray
	s int // stroke
}

func newCanvas(w, h, stroke int) *canvas {
	g := image.NewGray(image.Rect(0, 0, w, h))
	draw.Draw(g, g.Bounds(), &image.Uniform{C: color.White}, image.Point{}, draw.Src)
	return &canvas{g: g, s: stroke}
}

func (c *canvas) dot(x, y int) {
	for dy := 0; dy < c.s; dy++ {
		for dx := 0; dx < c.s; dx++ {
			c.g.SetGray(x+dx-c.s/2, y+dy-c.s/2, color.Gray{})
		}
	}
}

func (c *canvas) line(x0, y0, x1, y1 int) {
	n := max(abs(x1-x0), abs(y1-y0))
	for t := 0; t <= n; t++ {
		c.dot(x0+(x1-x0)*t/max(n, 1), y0+(y1-y0)*t/max(n, 1))
	}
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// word is a blurred word: a low blob of ink, a stroke along its foot
// and short ticks above it.
func (c *canvas) word(x, y, w int) {
	c.line(x, y+4, x+w, y+4)
	for k := x; k <= x+w; k += 6 {
		c.line(k, y, k, y+4)
	}
}

// rect is a plain rectangle with square corners: a flowchart's frame.
func (c *canvas) rect(x, y, w, h int) {
	c.line(x, y, x+w, y)
	c.line(x, y+h, x+w, y+h)
	c.line(x, y, x, y+h)
	c.line(x+w, y, x+w, y+h)
}

// twoPools draws two pools, each with its header, one above the other
// (10–180 and 240–410).
func (c *canvas) twoPools() {
	c.rect(10, 10, 780, 170)
	c.line(40, 10, 40, 180)
	c.rect(10, 240, 780, 170)
	c.line(40, 240, 40, 410)
}

// collaboration is two pools (twoPools) with two tasks in each, a
// sequence flow between the upper two: the sender's task at 120–230,
// the lower pool's at 60–170 and 420–530.
func (c *canvas) collaboration() {
	c.twoPools()
	c.box(120, 60, 110, 70)
	c.box(560, 60, 110, 70)
	c.box(60, 290, 110, 70)
	c.box(420, 290, 110, 70)
	c.arrow(image.Pt(231, 95), image.Pt(559, 95))
}

// box is a task: a rectangle with corners cut round.
func (c *canvas) box(x, y, w, h int) image.Rectangle {
	return c.roundBox(x, y, w, h, 8)
}

// roundBox is a box whose corners are cut by r.
func (c *canvas) roundBox(x, y, w, h, r int) image.Rectangle {
	c.line(x+r, y, x+w-r, y)
	c.line(x+r, y+h, x+w-r, y+h)
	c.line(x, y+r, x, y+h-r)
	c.line(x+w, y+r, x+w, y+h-r)
	c.line(x, y+r, x+r, y)
	c.line(x+w-r, y, x+w, y+r)
	c.line(x, y+h-r, x+r, y+h)
	c.line(x+w-r, y+h, x+w, y+h-r)
	return image.Rect(x, y, x+w, y+h)
}

// diamond is a gateway centred at (x, y) with half-diagonal r and a
// marker: "x", "+", "o" or "".
func (c *canvas) diamond(x, y, r int, marker string) image.Rectangle {
	c.line(x-r, y, x, y-r)
	c.line(x, y-r, x+r, y)
	c.line(x+r, y, x, y+r)
	c.line(x, y+r, x-r, y)
	m := r / 3
	switch marker {
	case "x":
		c.line(x-m, y-m, x+m, y+m)
		c.line(x-m, y+m, x+m, y-m)
	case "+":
		c.line(x-m, y, x+m, y)
		c.line(x, y-m, x, y+m)
	case "o":
		c.circle(x, y, m+2, c.s)
	}
	return image.Rect(x-r, y-r, x+r, y+r)
}

// wideDiamond is a flowchart decision centred at (x, y), rx wide and ry
// high each way, with a row of letter-like strokes inside (its question).
func (c *canvas) wideDiamond(x, y, rx, ry int) {
	c.line(x-rx, y, x, y-ry)
	c.line(x, y-ry, x+rx, y)
	c.line(x+rx, y, x, y+ry)
	c.line(x, y+ry, x-rx, y)
	c.letters(x-rx/3, y-6, x+rx/3)
}

// letters draws letter-sized strokes from x0 to x1 on the row below y:
// text, as far as the recogniser is concerned.
func (c *canvas) letters(x0, y, x1 int) {
	for x := x0; x < x1; x += 9 {
		c.line(x, y, x, y+12)
		c.line(x, y+12, x+5, y+12)
	}
}

// ellipse is a flowchart terminal: an outline rx wide and ry high each
// way, with a word inside.
func (c *canvas) ellipse(x, y, rx, ry int) {
	for a := 0; a < 720; a++ {
		t := float64(a) * math.Pi / 360
		c.dot(x+int(math.Round(float64(rx)*math.Cos(t))), y+int(math.Round(float64(ry)*math.Sin(t))))
	}
	c.letters(x-rx/3, y-6, x+rx/3)
}

// dashedArrow draws an orthogonal connector in dashes of 10 with gaps
// of 6, with a filled head at the last point.
func (c *canvas) dashedArrow(pts ...image.Point) {
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		n := max(abs(b.X-a.X), abs(b.Y-a.Y))
		for t := 0; t < n; t += 16 {
			e := min(t+10, n)
			c.line(a.X+(b.X-a.X)*t/n, a.Y+(b.Y-a.Y)*t/n, a.X+(b.X-a.X)*e/n, a.Y+(b.Y-a.Y)*e/n)
		}
	}
	c.arrow(pts[len(pts)-1].Add(image.Pt(-sign(pts[len(pts)-1].X-pts[len(pts)-2].X)*12, -sign(pts[len(pts)-1].Y-pts[len(pts)-2].Y)*12)), pts[len(pts)-1])
}

// messageFlow draws a connector as bpmn-js draws a message flow: a
// small white circle at the first point (on the source's border), dashes
// of 10 with gaps of 12, an open arrowhead at the last point.
func (c *canvas) messageFlow(pts ...image.Point) {
	c.startCircle(pts[0], 5)
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		if i == 1 {
			a = a.Add(image.Pt(sign(b.X-a.X)*5, sign(b.Y-a.Y)*5))
		}
		n := max(abs(b.X-a.X), abs(b.Y-a.Y))
		for t := 0; t < n-12; t += 22 {
			e := min(t+10, n-12)
			c.line(a.X+(b.X-a.X)*t/n, a.Y+(b.Y-a.Y)*t/n, a.X+(b.X-a.X)*e/n, a.Y+(b.Y-a.Y)*e/n)
		}
	}
	c.openHead(pts[len(pts)-2], pts[len(pts)-1], 11, 5)
}

// smallMessageFlow draws a message flow as bpmn-js does at scale 0.75:
// a start circle of radius 4, dashes of 8 with gaps of 9 running on
// round the bends, an open head 7 long.
func (c *canvas) smallMessageFlow(pts ...image.Point) {
	c.startCircle(pts[0], 4)
	s := 0
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		n := max(abs(b.X-a.X), abs(b.Y-a.Y))
		for t := 0; t < n; t++ {
			p := image.Pt(a.X+(b.X-a.X)*t/n, a.Y+(b.Y-a.Y)*t/n)
			if s%17 < 8 && (i > 1 || t > 4) && (i < len(pts)-1 || t < n-7) {
				c.dot(p.X, p.Y)
			}
			s++
		}
	}
	c.openHead(pts[len(pts)-2], pts[len(pts)-1], 7, 4)
}

// startCircle is a message flow's start: a small white circle of radius
// r centred on the source's border.
func (c *canvas) startCircle(p image.Point, r int) {
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			d := math.Hypot(float64(dx), float64(dy))
			switch {
			case d <= float64(r) && d > float64(r-c.s):
				c.g.SetGray(p.X+dx, p.Y+dy, color.Gray{})
			case d <= float64(r):
				c.g.SetGray(p.X+dx, p.Y+dy, color.Gray{Y: 255})
			}
		}
	}
}

// openHead is a message flow's open arrowhead at b, coming from a: a
// triangle l long and w wide each way.
func (c *canvas) openHead(a, b image.Point, l, w int) {
	dx, dy := sign(b.X-a.X), sign(b.Y-a.Y)
	back := b.Sub(image.Pt(dx*l, dy*l))
	p, q := back.Add(image.Pt(dy*w, dx*w)), back.Sub(image.Pt(dy*w, dx*w))
	c.line(b.X, b.Y, p.X, p.Y)
	c.line(b.X, b.Y, q.X, q.Y)
	c.line(p.X, p.Y, q.X, q.Y)
}

// envelope is a message event's icon centred at (x, y): a box w wide
// and h high with its flap.
func (c *canvas) envelope(x, y, w, h int) {
	c.rect(x-w/2, y-h/2, w, h)
	c.line(x-w/2, y-h/2, x, y)
	c.line(x, y, x+w/2, y-h/2)
}

// clock is a timer event's icon: a face of radius r with two hands.
func (c *canvas) clock(x, y, r int) {
	c.circle(x, y, r, c.s)
	c.line(x, y, x, y-r*2/3)
	c.line(x, y, x+r/2, y)
}

// bolt is an error event's icon: a zigzag from the lower left up to the
// upper right, inside a box r each way.
func (c *canvas) bolt(x, y, r int) {
	c.line(x-r, y+r, x-r/3, y-r*2/3)
	c.line(x-r/3, y-r*2/3, x+r/4, y+r/4)
	c.line(x+r/4, y+r/4, x+r, y-r)
}

// circle is an event: a ring of width w.
func (c *canvas) circle(x, y, r, w int) image.Rectangle {
	for dy := -r - w; dy <= r+w; dy++ {
		for dx := -r - w; dx <= r+w; dx++ {
			d := math.Hypot(float64(dx), float64(dy))
			if d <= float64(r) && d > float64(r-w) {
				c.g.SetGray(x+dx, y+dy, color.Gray{})
			}
		}
	}
	return image.Rect(x-r, y-r, x+r, y+r)
}

// arrow draws an orthogonal connector through the points with a filled
// head at the last one.
func (c *canvas) arrow(pts ...image.Point) {
	for i := 1; i < len(pts); i++ {
		c.line(pts[i-1].X, pts[i-1].Y, pts[i].X, pts[i].Y)
	}
	a, b := pts[len(pts)-2], pts[len(pts)-1]
	dx, dy := sign(b.X-a.X), sign(b.Y-a.Y)
	const l, w = 12, 6
	for k := 0; k < l; k++ {
		half := w * (l - k) / l
		for o := -half; o <= half; o++ {
			x := b.X - dx*(l-k) + dy*o
			y := b.Y - dy*(l-k) + dx*o
			c.g.SetGray(x, y, color.Gray{})
		}
	}
}

func sign(a int) int {
	switch {
	case a > 0:
		return 1
	case a < 0:
		return -1
	}
	return 0
}

// describe names a shape by kind and position for comparisons.
func describe(s Shape) string {
	switch s.Kind {
	case Task:
		return "task@" + itoa(center(s.Box).X/100)
	case Gateway:
		return "gateway" + [...]string{"", "X", "+", "O", "E"}[s.Marker] + "@" + itoa(center(s.Box).X/100)
	case Event:
		return "event" + [...]string{"thin", "thick", "double"}[s.Ring] + [...]string{"", "/envelope", "/clock", "/lightning"}[s.Icon] + "@" + itoa(center(s.Box).X/100)
	}
	return "?"
}

func itoa(i int) string {
	return strings.TrimSpace(strings.Repeat(" ", 0) + string(rune('0'+i/10)) + string(rune('0'+i%10)))
}

func flowsOf(d Diagram) []string {
	var out []string
	for _, f := range d.Flows {
		out = append(out, describe(d.Shapes[f.From])+" → "+describe(d.Shapes[f.To]))
	}
	sort.Strings(out)
	return out
}

func TestRecognize(t *testing.T) {
	tests := []struct {
		name   string
		stroke int
		draw   func(c *canvas)
		shapes []string
		flows  []string
		traces int // connectors ending nowhere
		dashed int // flows drawn in dashes
		frames int // titled lanes (a flowchart's clusters)
	}{
		{
			name:   "decision with two branches",
			stroke: 2,
			draw: func(c *canvas) {
				c.circle(60, 200, 18, 2)
				c.box(150, 160, 110, 80)
				c.diamond(360, 200, 28, "x")
				c.box(450, 60, 110, 80)
				c.box(450, 260, 110, 80)
				c.circle(690, 100, 18, 5)
				c.circle(690, 300, 18, 5)
				c.arrow(image.Pt(79, 200), image.Pt(149, 200))
				c.arrow(image.Pt(261, 200), image.Pt(331, 200))
				c.arrow(image.Pt(360, 171), image.Pt(360, 100), image.Pt(449, 100))
				c.arrow(image.Pt(360, 229), image.Pt(360, 300), image.Pt(449, 300))
				c.arrow(image.Pt(561, 100), image.Pt(671, 100))
				c.arrow(image.Pt(561, 300), image.Pt(671, 300))
			},
			shapes: []string{"eventthick@06", "eventthick@06", "eventthin@00", "gatewayX@03", "task@02", "task@05", "task@05"},
			flows: []string{
				"eventthin@00 → task@02", "gatewayX@03 → task@05", "gatewayX@03 → task@05",
				"task@02 → gatewayX@03", "task@05 → eventthick@06", "task@05 → eventthick@06",
			},
		},
		{
			name:   "parallel split and a crossing",
			stroke: 2,
			draw: func(c *canvas) {
				c.diamond(100, 200, 28, "+")
				c.box(250, 60, 110, 80)
				c.box(250, 260, 110, 80)
				c.box(500, 160, 110, 80)
				c.arrow(image.Pt(100, 171), image.Pt(100, 100), image.Pt(249, 100))
				c.arrow(image.Pt(100, 229), image.Pt(100, 300), image.Pt(249, 300))
				// from the upper task down to the right one, crossing
				// the lower task's arrow
				c.arrow(image.Pt(361, 100), image.Pt(430, 100), image.Pt(430, 360), image.Pt(555, 360), image.Pt(555, 241))
				c.arrow(image.Pt(361, 300), image.Pt(470, 300), image.Pt(470, 200), image.Pt(499, 200))
			},
			shapes: []string{"gateway+@01", "task@03", "task@03", "task@05"},
			flows:  []string{"gateway+@01 → task@03", "gateway+@01 → task@03", "task@03 → task@05", "task@03 → task@05"},
		},
		{
			name:   "inclusive gateway and thin lines",
			stroke: 1,
			draw: func(c *canvas) {
				c.box(40, 60, 100, 80)
				c.diamond(250, 100, 26, "o")
				c.box(360, 60, 100, 80)
				c.arrow(image.Pt(141, 100), image.Pt(223, 100))
				c.arrow(image.Pt(277, 100), image.Pt(359, 100))
			},
			shapes: []string{"gatewayO@02", "task@00", "task@04"},
			flows:  []string{"gatewayO@02 → task@04", "task@00 → gatewayO@02"},
		},
		{
			name:   "flowchart: oval terminals, a wide diamond holding its question, thin lines",
			stroke: 1,
			draw: func(c *canvas) {
				c.ellipse(60, 200, 45, 22)
				c.box(150, 170, 110, 60)
				c.wideDiamond(400, 200, 90, 30)
				c.box(560, 60, 110, 60)
				c.box(560, 280, 110, 60)
				c.arrow(image.Pt(106, 200), image.Pt(149, 200))
				c.arrow(image.Pt(261, 200), image.Pt(309, 200))
				// exits from the diamond's slanted sides, heads on the boxes
				c.arrow(image.Pt(445, 184), image.Pt(500, 90), image.Pt(559, 90))
				c.arrow(image.Pt(445, 216), image.Pt(500, 310), image.Pt(559, 310))
			},
			shapes: []string{"eventthin@00", "gateway@04", "task@02", "task@06", "task@06"},
			flows:  []string{"eventthin@00 → task@02", "gateway@04 → task@06", "gateway@04 → task@06", "task@02 → gateway@04"},
		},
		{
			name:   "an arrowhead on a diamond's slanted side",
			stroke: 1,
			draw: func(c *canvas) {
				c.box(40, 170, 110, 60)
				c.wideDiamond(400, 200, 120, 30)
				c.box(600, 170, 110, 60)
				// from the box's corner up to the diamond's lower left side
				c.line(151, 229, 230, 229)
				c.arrow(image.Pt(230, 229), image.Pt(330, 219))
				c.arrow(image.Pt(521, 200), image.Pt(599, 200))
			},
			shapes: []string{"gateway@04", "task@00", "task@06"},
			flows:  []string{"gateway@04 → task@06", "task@00 → gateway@04"},
		},
		{
			name:   "a connector that ends nowhere is no flow",
			stroke: 2,
			draw: func(c *canvas) {
				c.box(40, 160, 110, 80)
				c.box(300, 160, 110, 80)
				c.arrow(image.Pt(151, 200), image.Pt(299, 200))
				// leaves the second box and stops in the open
				c.line(411, 200, 520, 200)
				c.line(520, 200, 520, 330)
			},
			shapes: []string{"task@00", "task@03"},
			flows:  []string{"task@00 → task@03"},
			traces: 1,
		},
		{
			name:   "a dashed connector with a bend is one dashed flow",
			stroke: 2,
			draw: func(c *canvas) {
				c.box(40, 40, 110, 80)
				c.box(400, 280, 110, 80)
				c.box(600, 40, 110, 80)
				c.dashedArrow(image.Pt(95, 121), image.Pt(95, 320), image.Pt(399, 320))
				c.arrow(image.Pt(151, 80), image.Pt(599, 80))
			},
			shapes: []string{"task@00", "task@04", "task@06"},
			flows:  []string{"task@00 → task@04", "task@00 → task@06"},
			dashed: 1,
		},
		{
			name:   "a message flow between two pools, dashes as long as their gaps, both ends a gap short",
			stroke: 2,
			draw: func(c *canvas) {
				// two pools with their headers
				c.twoPools()
				c.box(120, 60, 110, 70)
				c.box(400, 60, 110, 70)
				c.box(120, 290, 110, 70)
				c.box(400, 290, 110, 70)
				c.arrow(image.Pt(231, 95), image.Pt(399, 95))
				c.arrow(image.Pt(231, 325), image.Pt(399, 325))
				// from the upper left task's bottom down into the lower
				// right one's top, across both pools' borders
				c.messageFlow(image.Pt(175, 130), image.Pt(175, 200), image.Pt(455, 200), image.Pt(455, 289))
			},
			shapes: []string{"task@01", "task@01", "task@04", "task@04"},
			flows:  []string{"task@01 → task@04", "task@01 → task@04", "task@01 → task@04"},
			dashed: 1,
		},
		{
			// at scale 0.75 the open arrowhead touching a message start
			// event, and the event's name a few pixels below it, looked
			// like a second ring: the event was read as intermediate, its
			// box grew over the arrowhead, and the arrowhead's white
			// inside then passed for the start circle on its outline
			// (this drawing reads right either way; TestEventRing holds
			// the bpmn-js rendering that did not)
			name:   "message flow at scale 0.75 into a start event named just below it",
			stroke: 1,
			draw: func(c *canvas) {
				c.rect(10, 10, 780, 170)
				c.line(30, 10, 30, 180)
				c.rect(10, 240, 780, 170)
				c.line(30, 240, 30, 410)
				c.circle(300, 100, 13, 2)
				c.envelope(300, 100, 12, 8)
				c.letters(291, 116, 312)
				c.box(420, 70, 80, 60)
				c.arrow(image.Pt(314, 100), image.Pt(419, 100))
				c.box(100, 300, 80, 60)
				c.box(420, 300, 80, 60)
				c.arrow(image.Pt(181, 330), image.Pt(419, 330))
				c.smallMessageFlow(image.Pt(140, 299), image.Pt(140, 210), image.Pt(236, 210), image.Pt(236, 100), image.Pt(286, 100))
			},
			shapes: []string{"eventthin/envelope@03", "task@01", "task@04", "task@04"},
			flows:  []string{"eventthin/envelope@03 → task@04", "task@01 → eventthin/envelope@03", "task@01 → task@04"},
			dashed: 1,
		},
		{
			// bpmn-js draws a message flow's message as an envelope on
			// its line: a small box with a flap, no task (it was read as
			// one, and cut the line in two)
			name:   "envelope drawn on a message flow",
			stroke: 2,
			draw: func(c *canvas) {
				c.twoPools()
				c.box(120, 60, 110, 70)
				c.box(400, 60, 110, 70)
				c.box(120, 290, 110, 70)
				c.box(400, 290, 110, 70)
				c.arrow(image.Pt(231, 95), image.Pt(399, 95))
				c.arrow(image.Pt(231, 325), image.Pt(399, 325))
				c.messageFlow(image.Pt(455, 130), image.Pt(455, 289))
				// white inside, the dashes running into its top and bottom
				draw.Draw(c.g, image.Rect(443, 206, 468, 223), &image.Uniform{C: color.White}, image.Point{}, draw.Src)
				c.envelope(455, 214, 26, 18)
			},
			shapes: []string{"task@01", "task@01", "task@04", "task@04"},
			flows:  []string{"task@01 → task@04", "task@01 → task@04", "task@04 → task@04"},
			dashed: 1,
		},
		{
			// bpmn-js puts a message flow's start circle where a sequence
			// flow leaves the sender and runs its last leg along the
			// sequence flow entering the receiver: the dashes meet solid
			// lines at both ends
			name:   "message flow sharing its first and last legs with sequence flows",
			stroke: 2,
			draw: func(c *canvas) {
				c.collaboration()
				c.arrow(image.Pt(171, 345), image.Pt(330, 345), image.Pt(330, 315), image.Pt(419, 315))
				c.messageFlow(image.Pt(231, 95), image.Pt(290, 95), image.Pt(290, 315), image.Pt(419, 315))
			},
			shapes: []string{"task@01", "task@01", "task@04", "task@06"},
			flows:  []string{"task@01 → task@04", "task@01 → task@04", "task@01 → task@06"},
			dashed: 1,
		},
		{
			// a soft photo blurs the sequence flow's label into one low
			// blob, beside the message flow's last dashes, and it joins
			// them: the message flow still ends where its dashes meet the
			// solid line
			name:   "message flow along a sequence flow, a blurred label beside its last dashes",
			stroke: 2,
			draw: func(c *canvas) {
				c.collaboration()
				c.arrow(image.Pt(171, 325), image.Pt(370, 325), image.Pt(370, 315), image.Pt(419, 315))
				c.messageFlow(image.Pt(231, 95), image.Pt(370, 95), image.Pt(370, 315))
				c.word(376, 286, 30)
			},
			shapes: []string{"task@01", "task@01", "task@04", "task@06"},
			flows:  []string{"task@01 → task@04", "task@01 → task@04", "task@01 → task@06"},
			dashed: 1,
		},
		{
			// the dashes meet the sequence flow nearer its tail: the
			// message still goes where the line's head is (bpmn-js runs
			// the last leg along the flow into the receiver)
			name:   "message flow meeting a sequence flow near its tail",
			stroke: 2,
			draw: func(c *canvas) {
				c.collaboration()
				c.arrow(image.Pt(171, 325), image.Pt(419, 325))
				c.messageFlow(image.Pt(175, 131), image.Pt(175, 200), image.Pt(230, 200), image.Pt(230, 325))
			},
			shapes: []string{"task@01", "task@01", "task@04", "task@06"},
			flows:  []string{"task@01 → task@04", "task@01 → task@04", "task@01 → task@06"},
			dashed: 1,
		},
		{
			name:   "event icons: envelope, clock, lightning, none",
			stroke: 2,
			draw: func(c *canvas) {
				c.circle(60, 200, 20, 2)
				c.envelope(60, 200, 20, 13)
				c.box(110, 160, 110, 80)
				c.circle(300, 200, 20, 2)
				c.circle(300, 200, 16, 2)
				c.clock(300, 200, 9)
				c.box(360, 160, 110, 80)
				c.circle(550, 200, 20, 2)
				c.circle(550, 200, 16, 2)
				c.bolt(550, 200, 8)
				c.circle(700, 200, 20, 5)
				c.arrow(image.Pt(81, 200), image.Pt(109, 200))
				c.arrow(image.Pt(221, 200), image.Pt(279, 200))
				c.arrow(image.Pt(321, 200), image.Pt(359, 200))
				c.arrow(image.Pt(471, 200), image.Pt(529, 200))
				c.arrow(image.Pt(571, 200), image.Pt(679, 200))
			},
			shapes: []string{"eventdouble/clock@03", "eventdouble/lightning@05", "eventthick@07", "eventthin/envelope@00", "task@01", "task@04"},
			flows:  []string{"eventdouble/clock@03 → task@04", "eventdouble/lightning@05 → eventthick@07", "eventthin/envelope@00 → task@01", "task@01 → eventdouble/clock@03", "task@04 → eventdouble/lightning@05"},
		},
		{
			name:   "flowchart swimlanes: square frames around their boxes, arrows crossing them",
			stroke: 1,
			draw: func(c *canvas) {
				// two clusters side by side, as Graphviz draws them
				c.rect(20, 20, 330, 380)
				c.rect(400, 20, 370, 380)
				c.box(60, 90, 110, 60)
				c.box(60, 280, 110, 60)
				c.box(480, 90, 110, 60)
				c.box(600, 280, 110, 60)
				c.arrow(image.Pt(115, 151), image.Pt(115, 279))
				// straight across both frames' sides
				c.arrow(image.Pt(171, 120), image.Pt(479, 120))
				// slanted across them
				c.arrow(image.Pt(171, 310), image.Pt(600, 300))
				// out of the bottom frame line and back in through its side
				c.arrow(image.Pt(535, 151), image.Pt(535, 410), image.Pt(790, 410), image.Pt(790, 310), image.Pt(711, 310))
			},
			shapes: []string{"task@01", "task@01", "task@05", "task@06"},
			flows:  []string{"task@01 → task@01", "task@01 → task@05", "task@01 → task@06", "task@05 → task@06"},
			frames: 2,
		},
		{
			name:   "flowchart steps in wide boxes rounded by a third of their height",
			stroke: 2,
			draw: func(c *canvas) {
				c.roundBox(40, 180, 200, 46, 16)
				c.roundBox(320, 180, 200, 46, 16)
				c.roundBox(600, 180, 170, 46, 16)
				c.arrow(image.Pt(241, 203), image.Pt(319, 203))
				c.arrow(image.Pt(521, 203), image.Pt(599, 203))
			},
			shapes: []string{"task@01", "task@04", "task@06"},
			flows:  []string{"task@01 → task@04", "task@04 → task@06"},
		},
		{
			name:   "a connector running up across two lanes stays whole (the lane's inside it cuts off is no sub-process)",
			stroke: 2,
			draw: func(c *canvas) {
				// a pool with its header, three lanes with theirs
				c.rect(10, 10, 780, 400)
				c.line(40, 10, 40, 410)
				c.line(70, 10, 70, 410)
				c.line(40, 143, 790, 143)
				c.line(40, 276, 790, 276)
				c.box(150, 40, 110, 70)
				c.box(500, 40, 110, 70)
				c.box(600, 170, 110, 70)
				c.box(150, 310, 110, 70)
				c.arrow(image.Pt(261, 345), image.Pt(400, 345), image.Pt(400, 75), image.Pt(499, 75))
				c.arrow(image.Pt(261, 75), image.Pt(330, 75), image.Pt(330, 205), image.Pt(599, 205))
			},
			shapes: []string{"task@02", "task@02", "task@05", "task@06"},
			flows:  []string{"task@02 → task@05", "task@02 → task@06"},
		},
		{
			name:   "a short solid line with blurred words beside it is no dashed line",
			stroke: 2,
			draw: func(c *canvas) {
				c.circle(60, 200, 18, 2)
				c.box(110, 160, 110, 80)
				c.box(400, 160, 110, 80)
				c.arrow(image.Pt(79, 200), image.Pt(109, 200))
				c.arrow(image.Pt(221, 200), image.Pt(399, 200))
				// the event's name under the short line, as a blur leaves
				// words: low, thin blobs
				c.word(82, 205, 14)
				c.word(82, 215, 14)
			},
			shapes: []string{"eventthin@00", "task@01", "task@04"},
			flows:  []string{"eventthin@00 → task@01", "task@01 → task@04"},
		},
		{
			name:   "a rounded frame (an expanded sub-process) is no lane",
			stroke: 2,
			draw: func(c *canvas) {
				c.box(20, 20, 500, 360)
				c.box(60, 120, 110, 80)
				c.box(300, 120, 110, 80)
				c.arrow(image.Pt(171, 160), image.Pt(299, 160))
			},
			shapes: []string{"task@01", "task@03"},
			flows:  []string{"task@01 → task@03"},
		},
	}
	tests = append(tests, struct {
		name   string
		stroke int
		draw   func(c *canvas)
		shapes []string
		flows  []string
		traces int
		dashed int
		frames int
	}{
		// PlantUML: a filled start dot, steps stacked close with short
		// arrows, a hexagon decision whose exits leave its points, bullseye
		// ends, a thick swimlane line down the whole picture
		name:   "PlantUML activity",
		stroke: 1,
		draw: func(c *canvas) {
			c.disc(200, 20, 10)
			c.arrow(image.Pt(200, 31), image.Pt(200, 49))
			c.roundBox(140, 50, 120, 36, 10)
			c.arrow(image.Pt(200, 87), image.Pt(200, 105))
			c.roundBox(140, 106, 120, 36, 10)
			c.arrow(image.Pt(200, 143), image.Pt(200, 161))
			c.hexagon(200, 178, 60, 16)
			c.arrow(image.Pt(140, 178), image.Pt(110, 178), image.Pt(110, 229))
			c.arrow(image.Pt(260, 178), image.Pt(310, 178), image.Pt(310, 229))
			c.roundBox(50, 230, 120, 36, 10)
			c.roundBox(250, 230, 120, 36, 10)
			c.arrow(image.Pt(110, 267), image.Pt(110, 299))
			c.arrow(image.Pt(310, 267), image.Pt(310, 299))
			c.circle(110, 315, 15, 1)
			c.disc(110, 315, 8)
			c.circle(310, 315, 15, 1)
			c.disc(310, 315, 8)
			for x := 500; x < 503; x++ {
				c.line(x, 2, x, 417)
			}
		},
		shapes: []string{"eventthick@01", "eventthick@03", "eventthin@02", "gateway@02", "task@01", "task@02", "task@02", "task@03"},
		flows: []string{
			"eventthin@02 → task@02", "gateway@02 → task@01", "gateway@02 → task@03", "task@01 → eventthick@01",
			"task@02 → gateway@02", "task@02 → task@02", "task@03 → eventthick@03",
		},
	})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCanvas(800, 420, tt.stroke)
			tt.draw(c)
			d := Recognize(c.g)
			var shapes []string
			for _, s := range d.Shapes {
				shapes = append(shapes, describe(s))
			}
			sort.Strings(shapes)
			if strings.Join(shapes, ", ") != strings.Join(tt.shapes, ", ") {
				t.Errorf("shapes\n got %v\nwant %v", shapes, tt.shapes)
			}
			if got := flowsOf(d); strings.Join(got, ", ") != strings.Join(tt.flows, ", ") {
				t.Errorf("flows\n got %v\nwant %v", got, tt.flows)
			}
			dashed := 0
			for _, f := range d.Flows {
				if f.Dashed {
					dashed++
				}
			}
			if dashed != tt.dashed {
				t.Errorf("%d dashed flows, want %d", dashed, tt.dashed)
			}
			frames := 0
			for _, b := range d.Lanes {
				if b.Titled {
					frames++
				}
			}
			if frames != tt.frames {
				t.Errorf("%d frames %+v, want %d", frames, d.Lanes, tt.frames)
			}
			if len(d.Traces) != tt.traces {
				t.Errorf("%d unfinished connectors %+v, want %d", len(d.Traces), d.Traces, tt.traces)
			}
			if t.Failed() && os.Getenv("VISION_DUMP") != "" {
				f, _ := os.Create("/tmp/" + strings.ReplaceAll(tt.name, " ", "_") + ".png")
				_ = png.Encode(f, c.g)
				f.Close()
			}
		})
	}
}

func TestDeskew(t *testing.T) {
	c := newCanvas(900, 500, 2)
	c.box(60, 150, 120, 80)
	c.box(300, 150, 120, 80)
	c.box(540, 150, 120, 80)
	c.arrow(image.Pt(181, 190), image.Pt(299, 190))
	c.arrow(image.Pt(421, 190), image.Pt(539, 190))
	c.line(20, 40, 880, 40)
	c.line(20, 460, 880, 460)
	for _, deg := range []float64{-4, -2.5, 1.5, 3.5} {
		tilted := rotate(c.g, -deg)
		straight, got := Deskew(tilted)
		if math.Abs(got-deg) > 0.3 {
			t.Errorf("tilt %.1f°: estimated %.2f°", deg, got)
		}
		d := Recognize(straight)
		if len(d.Shapes) != 3 || len(d.Flows) != 2 {
			t.Errorf("tilt %.1f°: %d shapes, %d flows after deskewing, want 3 and 2", deg, len(d.Shapes), len(d.Flows))
		}
	}
}

func FuzzRecognize(f *testing.F) {
	f.Add(uint8(40), uint8(30), []byte{0, 255, 0, 255, 128})
	f.Add(uint8(8), uint8(8), []byte{})
	f.Fuzz(func(t *testing.T, w, h uint8, pix []byte) {
		// small images keep every input fast; the content repeats the
		// fuzzed bytes as grey levels
		g := image.NewGray(image.Rect(0, 0, int(w)%96+1, int(h)%96+1))
		for i := range g.Pix {
			if len(pix) > 0 {
				g.Pix[i] = pix[i%len(pix)]
			} else {
				g.Pix[i] = 255
			}
		}
		straight, _ := Deskew(g)
		d := Recognize(straight)
		for _, fl := range d.Flows {
			if fl.From < 0 || fl.From >= len(d.Shapes) || fl.To < 0 || fl.To >= len(d.Shapes) || fl.From == fl.To {
				t.Fatalf("flow %d→%d between %d shapes", fl.From, fl.To, len(d.Shapes))
			}
		}
	})
}

// BenchmarkRecognize reads an A4-sized rendering (MIWG B.2.0 drawn by
// bpmn-js at 1995 × 1474 pixels): deskewing and recognition, no OCR.
func BenchmarkRecognize(b *testing.B) {
	f, err := os.Open("../../../../bench/diagrams/testdata/miwg-B.2.0@1.png")
	if err != nil {
		b.Fatal(err)
	}
	src, err := png.Decode(f)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	g := image.NewGray(src.Bounds())
	draw.Draw(g, g.Bounds(), src, src.Bounds().Min, draw.Src)
	b.ResetTimer()
	for b.Loop() {
		straight, _ := Deskew(g)
		_ = Recognize(straight)
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/image")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(g.Rect.Dx()*g.Rect.Dy()), "ns/pixel")
}

// TestPhoto: a page photographed on a desk (grey around it), lit from
// one side (the far side a third darker) and seen from below (the top
// 6 % narrower) is evened out and its keystone taken out: its boxes and
// arrows are read as on the clean page, and a clean page is left as it
// is.
func TestPhoto(t *testing.T) {
	c := newCanvas(900, 500, 2)
	c.box(60, 60, 120, 80)
	c.box(300, 60, 120, 80)
	c.box(540, 60, 120, 80)
	c.box(540, 330, 120, 80)
	c.arrow(image.Pt(181, 100), image.Pt(299, 100))
	c.arrow(image.Pt(421, 100), image.Pt(539, 100))
	c.arrow(image.Pt(600, 141), image.Pt(600, 329))
	const k = 0.06
	w, h := 900.0, 500.0
	pg := image.NewGray(image.Rect(0, 0, 1000, 600))
	for y := range 600 {
		for x := range 1000 {
			light := 1 - 0.33*float64(x)/1000
			v := 140.0 // the desk
			py := float64(y - 50)
			s := 1 - k*(1-py/h)
			px := w/2 + (float64(x-50)-w/2)/s
			if py >= 0 && py < h && px >= 0 && px < w {
				v = float64(bilinear(c.g, px, py))
			}
			pg.Pix[y*pg.Stride+x] = uint8(v * light)
		}
	}
	for _, tc := range []struct {
		name string
		g    *image.Gray
	}{{"photo", pg}, {"clean", c.g}} {
		straight, _ := Deskew(tc.g)
		d := Recognize(straight)
		if len(d.Shapes) != 4 || len(d.Flows) != 3 {
			t.Errorf("%s: %d shapes, %d flows, want 4 and 3", tc.name, len(d.Shapes), len(d.Flows))
		}
	}
	if straight, _ := Deskew(c.g); straight != c.g {
		t.Error("a clean page was changed")
	}
}
