package vision

import (
	"image"
	"image/color"
	"sort"
	"strings"
	"testing"
)

// softBar is a fork or join bar drawn thin and anti-aliased, as
// Graphviz draws its 0.06 in bar at 72 dpi: a black core with a grey
// line along each long side (ink at the Otsu cut, paper at the core
// cut).
func (c *canvas) softBar(r image.Rectangle) {
	c.bar(r)
	for x := r.Min.X; x < r.Max.X; x++ {
		c.g.SetGray(x, r.Min.Y-1, color.Gray{Y: 110})
		c.g.SetGray(x, r.Max.Y, color.Gray{Y: 110})
	}
}

// lightBar is Mermaid's fork shape: a 2 px grey outline round a light
// grey fill.
func (c *canvas) lightBar(r image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			v := uint8(239)
			if y < r.Min.Y+2 || y >= r.Max.Y-2 || x < r.Min.X+2 || x >= r.Max.X-2 {
				v = 150
			}
			c.g.SetGray(x, y, color.Gray{Y: v})
		}
	}
}

// bar is a fork or join bar: a solid black rectangle.
func (c *canvas) bar(r image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c.g.SetGray(x, y, color.Gray{})
		}
	}
}

func TestFindBars(t *testing.T) {
	tests := []struct {
		name     string
		draw     func(c *canvas)
		vertical bool
		want     []image.Rectangle
	}{
		{"horizontal bar with connectors", func(c *canvas) {
			c.bar(image.Rect(50, 100, 350, 108))
			c.line(200, 40, 200, 99)
			c.line(80, 108, 80, 180)
			c.line(320, 108, 320, 180)
		}, false, []image.Rectangle{image.Rect(50, 100, 350, 108)}},
		{"vertical bar", func(c *canvas) { c.bar(image.Rect(200, 20, 208, 180)) }, true, []image.Rectangle{image.Rect(200, 20, 208, 180)}},
		{"a line is too thin", func(c *canvas) { c.line(20, 100, 380, 100) }, false, nil},
		{"a block is too thick", func(c *canvas) { c.bar(image.Rect(50, 60, 350, 140)) }, false, nil},
		{"too short for its thickness", func(c *canvas) { c.bar(image.Rect(100, 100, 140, 110)) }, false, nil},
		{"a blot's edge has ink beside it", func(c *canvas) {
			c.bar(image.Rect(50, 100, 350, 108))
			c.bar(image.Rect(50, 109, 350, 111))
			for x := 50; x < 350; x += 2 {
				c.line(x, 111, x, 199)
			}
		}, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCanvas(400, 200, 2)
			tt.draw(c)
			got := findBars(binarize(c.g, 128), 2, tt.vertical)
			if len(got) != len(tt.want) {
				t.Fatalf("bars %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("bar %v, want %v", got[i], tt.want[i])
				}
			}
		})
	}
}

// levelForkJoin draws a chart running top to bottom: a box, a fork bar
// thick lines thick (edge grey lines beside it), two boxes side by side,
// a join bar, a box, with arrows between them.
func (c *canvas) levelForkJoin(bar func(r image.Rectangle), thick, edge int) {
	c.box(250, 20, 110, 60)
	c.box(80, 170, 110, 60)
	c.box(420, 170, 110, 60)
	c.box(250, 320, 110, 60)
	fork, join := image.Rect(100, 120, 600, 120+thick), image.Rect(100, 270, 600, 270+thick)
	bar(fork)
	bar(join)
	above := func(b image.Rectangle) int { return b.Min.Y - 1 - edge }
	below := func(b image.Rectangle) int { return b.Max.Y + 1 + edge }
	c.arrow(image.Pt(305, 81), image.Pt(305, above(fork)))
	c.arrow(image.Pt(135, below(fork)), image.Pt(135, 169))
	c.arrow(image.Pt(475, below(fork)), image.Pt(475, 169))
	c.arrow(image.Pt(135, 231), image.Pt(135, above(join)))
	c.arrow(image.Pt(475, 231), image.Pt(475, above(join)))
	c.arrow(image.Pt(305, below(join)), image.Pt(305, 319))
}

// levelShapes and levelFlows are what levelForkJoin's chart reads as.
var (
	levelShapes = []string{"gateway+@03", "gateway+@03", "task@01", "task@03", "task@03", "task@04"}
	levelFlows  = []string{
		"gateway+@03 → task@01", "gateway+@03 → task@03", "gateway+@03 → task@04",
		"task@01 → gateway+@03", "task@03 → gateway+@03", "task@04 → gateway+@03",
	}
)

func TestRecognizeBars(t *testing.T) {
	tests := []struct {
		name   string
		draw   func(c *canvas)
		shapes []string
		flows  []string
	}{
		{
			name:   "top to bottom: a fork and a join bar",
			draw:   func(c *canvas) { c.levelForkJoin(c.bar, 8, 0) },
			shapes: levelShapes,
			flows:  levelFlows,
		},
		{
			name:   "top to bottom: thin anti-aliased bars",
			draw:   func(c *canvas) { c.levelForkJoin(c.softBar, 4, 1) },
			shapes: levelShapes,
			flows:  levelFlows,
		},
		{
			name:   "top to bottom: Mermaid's outlined light bars",
			draw:   func(c *canvas) { c.levelForkJoin(c.lightBar, 12, 0) },
			shapes: levelShapes,
			flows:  levelFlows,
		},
		{
			name: "left to right: vertical bars",
			draw: func(c *canvas) {
				c.box(20, 170, 110, 60)
				c.bar(image.Rect(170, 60, 178, 340))
				c.box(230, 70, 110, 60)
				c.box(230, 270, 110, 60)
				c.bar(image.Rect(400, 60, 408, 340))
				c.box(460, 170, 110, 60)
				c.arrow(image.Pt(131, 200), image.Pt(169, 200))
				c.arrow(image.Pt(179, 100), image.Pt(229, 100))
				c.arrow(image.Pt(179, 300), image.Pt(229, 300))
				c.arrow(image.Pt(341, 100), image.Pt(399, 100))
				c.arrow(image.Pt(341, 300), image.Pt(399, 300))
				c.arrow(image.Pt(409, 200), image.Pt(459, 200))
			},
			shapes: []string{"gateway+@01", "gateway+@04", "task@00", "task@02", "task@02", "task@05"},
			flows: []string{
				"gateway+@01 → task@02", "gateway+@01 → task@02", "gateway+@04 → task@05",
				"task@00 → gateway+@01", "task@02 → gateway+@04", "task@02 → gateway+@04",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCanvas(700, 420, 2)
			tt.draw(c)
			d := Recognize(c.g)
			var shapes []string
			for _, s := range d.Shapes {
				shapes = append(shapes, describe(s))
			}
			sort.Strings(shapes)
			if got, want := strings.Join(shapes, ", "), strings.Join(tt.shapes, ", "); got != want {
				t.Errorf("shapes\n got %s\nwant %s", got, want)
			}
			if got, want := strings.Join(flowsOf(d), ", "), strings.Join(tt.flows, ", "); got != want {
				t.Errorf("flows\n got %s\nwant %s", got, want)
			}
		})
	}
}

func TestOutlinedBars(t *testing.T) {
	tests := []struct {
		name string
		draw func(c *canvas)
		want []image.Rectangle
	}{
		{"a horizontal light bar", func(c *canvas) { c.lightBar(image.Rect(100, 100, 170, 112)) },
			[]image.Rectangle{image.Rect(100, 100, 170, 112)}},
		{"a vertical light bar", func(c *canvas) { c.lightBar(image.Rect(200, 40, 212, 110)) },
			[]image.Rectangle{image.Rect(200, 40, 212, 110)}},
		{"too short", func(c *canvas) { c.lightBar(image.Rect(100, 100, 135, 112)) }, nil},
		{"too thick inside: a pool's header", func(c *canvas) { c.lightBar(image.Rect(20, 20, 50, 180)) }, nil},
		{"a word inside", func(c *canvas) {
			c.lightBar(image.Rect(100, 100, 200, 114))
			c.line(130, 106, 160, 106)
		}, nil},
		{"ink along a long side", func(c *canvas) {
			c.lightBar(image.Rect(100, 100, 170, 112))
			c.bar(image.Rect(100, 113, 170, 120))
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCanvas(400, 200, 2)
			c.box(300, 20, 80, 40)
			c.word(310, 35, 50)
			tt.draw(c)
			// Mermaid's ink is grey, its lines near the outline's
			// grey: the cut falls between them and the fill
			for i, v := range c.g.Pix {
				if v < 80 {
					c.g.Pix[i] = 80
				}
			}
			r := newRecognizer(normalise(c.g))
			got := r.outlinedBars()
			if len(got) != len(tt.want) {
				t.Fatalf("bars %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("bar %v, want %v", got[i], tt.want[i])
				}
			}
		})
	}
}
