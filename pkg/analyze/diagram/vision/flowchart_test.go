package vision

import (
	"image"
	"image/color"
	"math"
	"sort"
	"strings"
	"testing"
)

// hexagon is PlantUML's decision centred at (x, y): rx wide and ry high
// each way, its ends pointed by ry, with its question inside.
func (c *canvas) hexagon(x, y, rx, ry int) {
	c.line(x-rx+ry, y-ry, x+rx-ry, y-ry)
	c.line(x-rx+ry, y+ry, x+rx-ry, y+ry)
	c.line(x-rx, y, x-rx+ry, y-ry)
	c.line(x-rx, y, x-rx+ry, y+ry)
	c.line(x+rx, y, x+rx-ry, y-ry)
	c.line(x+rx, y, x+rx-ry, y+ry)
	c.letters(x-rx/2, y-6, x+rx/2)
}

// disc is a filled dot of radius r: PlantUML's start.
func (c *canvas) disc(x, y, r int) {
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			if math.Hypot(float64(dx), float64(dy)) <= float64(r) {
				c.g.SetGray(x+dx, y+dy, color.Gray{})
			}
		}
	}
}

// triangle is a filled arrowhead pointing up with its tip at (x, y).
func (c *canvas) triangle(x, y, l int) {
	for k := 0; k < l; k++ {
		for o := -k / 2; o <= k/2; o++ {
			c.g.SetGray(x+o, y+k, color.Gray{})
		}
	}
}

func TestFlowchartShapes(t *testing.T) {
	tests := []struct {
		name string
		draw func(c *canvas)
		// what the helpers read at the drawing's centre (100, 60)
		hexagon, dot, bullseye bool
	}{
		{"hexagon", func(c *canvas) { c.hexagon(100, 60, 70, 16) }, true, false, false},
		{"wide diamond", func(c *canvas) { c.wideDiamond(100, 60, 70, 30) }, false, false, false},
		{"rounded box", func(c *canvas) { c.roundBox(30, 40, 140, 40, 10) }, false, false, false},
		{"ellipse", func(c *canvas) { c.ellipse(100, 60, 70, 20) }, false, false, false},
		{"dot", func(c *canvas) { c.disc(100, 60, 10) }, false, true, false},
		{"dot with a line leaving", func(c *canvas) { c.disc(100, 60, 10); c.line(100, 60, 100, 110) }, false, true, false},
		{"filled arrowhead", func(c *canvas) { c.triangle(100, 50, 22) }, false, false, false},
		// its dot is one, which addDots leaves to the event around it
		{"bullseye", func(c *canvas) { c.circle(100, 60, 16, 2); c.disc(100, 60, 8) }, false, true, true},
		{"clock", func(c *canvas) { c.circle(100, 60, 16, 2); c.clock(100, 60, 9) }, false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCanvas(200, 120, 2)
			tt.draw(c)
			bm := binarize(c.g, 128)
			ws := label(bm.w, bm.h, func(i int) bool { return !bm.pix[i] }, false)
			hex, bull := false, false
			for l := int32(1); l < int32(len(ws.comps)); l++ {
				b := ws.comps[l].box
				if b.Min.X == 0 || b.Min.Y == 0 || b.Dx() < 12 || !image.Pt(100, 60).In(b.Inset(-2)) {
					continue
				}
				hex = hex || ws.hexagon(l)
				bull = bull || bullseye(bm, b)
			}
			_, dot := solidDot(bm, image.Pt(100, 60), 5, 40)
			if dot {
				r, _ := solidDot(bm, image.Pt(100, 60), 5, 40)
				dot = roundDot(bm, image.Pt(100, 60), r)
			}
			if hex != tt.hexagon || dot != tt.dot || bull != tt.bullseye {
				t.Errorf("hexagon %v, dot %v, bullseye %v; want %v, %v, %v", hex, dot, bull, tt.hexagon, tt.dot, tt.bullseye)
			}
		})
	}
}

// TestWideDiamondKind checks candidates' reading of a decision drawn
// round its question: however long the question, a diamond is a
// gateway (Graphviz draws "Amount over limit?" six and a half times
// wider than high), and a box or an ellipse as wide is none; nor is a
// region as full as a diamond whose sides are not a diamond's.
func TestWideDiamondKind(t *testing.T) {
	checkCentreKinds(t, []centreKind{
		{"diamond 2:1", func(c *canvas) { c.wideDiamond(200, 60, 60, 30) }, Gateway, true},
		{"diamond 5:1", func(c *canvas) { c.wideDiamond(200, 60, 125, 25) }, Gateway, true},
		{"diamond 6.5:1", func(c *canvas) { c.wideDiamond(200, 60, 156, 24) }, Gateway, true},
		{"diamond 8:1", func(c *canvas) { c.wideDiamond(200, 60, 176, 22) }, Gateway, true},
		{"rounded box 7:1", func(c *canvas) { c.roundBox(40, 40, 320, 46, 10) }, Task, true},
		{"ellipse 7:1", func(c *canvas) { c.ellipse(200, 60, 161, 23) }, 0, false},
		{"BPMN diamond", func(c *canvas) { c.diamond(200, 60, 30, "x") }, Gateway, true},
		{"BPMN diamond, ring marker", func(c *canvas) { c.diamond(200, 60, 30, "o") }, Gateway, true},
		// as full as a diamond and as square, but its left side is
		// upright: a region fenced by lines, a bolt's inside
		{"triangle", func(c *canvas) { c.line(170, 30, 170, 90); c.line(170, 30, 230, 60); c.line(170, 90, 230, 60) }, 0, false},
	})
}

// TestFencedDiamond checks that paper fenced by connectors into a
// diamond's outline is no gateway when it holds a box: a diamond holds
// its question and a marker only.
func TestFencedDiamond(t *testing.T) {
	tests := []struct {
		name   string
		draw   func(c *canvas)
		shapes []string
	}{
		{"a wide diamond round its question", func(c *canvas) { c.wideDiamond(400, 150, 150, 60) }, []string{"gateway@04"}},
		{"a wide diamond round a box", func(c *canvas) {
			c.wideDiamond(400, 150, 150, 60)
			c.roundBox(350, 135, 100, 30, 4)
		}, []string{"task@04"}},
		{"an inclusive gateway's circle is its marker", func(c *canvas) { c.diamond(400, 150, 28, "o") }, []string{"gatewayO@04"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCanvas(800, 300, 1)
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

// widestAtCentre is the widest shape candidate of a 400×120 test canvas
// that holds its centre (200, 60), or nil.
func widestAtCentre(c *canvas) *candidate {
	var got *candidate
	for _, cd := range candidates(binarize(c.g, 128), 12) {
		if image.Pt(200, 60).In(cd.box) && (got == nil || cd.box.Dx() > got.box.Dx()) {
			got = cd
		}
	}
	return got
}

// centreKind is a drawing on a 400×120 test canvas and the kind of the
// widest candidate holding its centre (ok false: no candidate).
type centreKind struct {
	name string
	draw func(c *canvas)
	want Kind
	ok   bool
}

// checkCentreKinds draws each case and compares widestAtCentre's kind.
func checkCentreKinds(t *testing.T, tests []centreKind) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCanvas(400, 120, 2)
			tt.draw(c)
			got := widestAtCentre(c)
			if (got != nil) != tt.ok || got != nil && got.kind != tt.want {
				t.Fatalf("got %+v; want kind %v (found %v)", got, tt.want, tt.ok)
			}
		})
	}
}
