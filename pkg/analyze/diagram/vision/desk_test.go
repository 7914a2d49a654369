package vision

import (
	"image"
	"math"
	"testing"
)

// onDesk lays a page, its ink lightened to ink and the insides of boxes
// tinted to fill (a pastel shape on paper, as Mermaid draws), on a grey
// desk with margin pixels all round, and softens it (3×3 box blur) as a
// phone camera does.
func onDesk(page *image.Gray, boxes []image.Rectangle, ink, fill, desk uint8, margin int) *image.Gray {
	w, h := page.Rect.Dx()+2*margin, page.Rect.Dy()+2*margin
	g := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			px, py := x-margin, y-margin
			v := desk
			if p := image.Pt(px, py); p.In(page.Rect) {
				v = 255
				for _, b := range boxes {
					if p.In(b) {
						v = fill
					}
				}
				if page.Pix[py*page.Stride+px] < 128 {
					v = ink
				}
			}
			g.Pix[y*g.Stride+x] = v
		}
	}
	soft := image.NewGray(g.Rect)
	for y := range h {
		for x := range w {
			sum, n := 0, 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if xx, yy := x+dx, y+dy; xx >= 0 && yy >= 0 && xx < w && yy < h {
						sum += int(g.Pix[yy*g.Stride+xx])
						n++
					}
				}
			}
			soft.Pix[y*soft.Stride+x] = uint8(sum / n)
		}
	}
	return soft
}

// TestClearDesk: the desk round a photographed page becomes paper once
// evened out, and the page's lines stay, one drawn close to its edge
// too; a picture that is mostly dark (a dark
// background, not a desk) is left as it is.
func TestClearDesk(t *testing.T) {
	c := newCanvas(400, 200, 2)
	c.box(40, 40, 120, 80)
	c.line(3, 30, 3, 170) // a pool's border close to the page's edge
	raw := onDesk(c.g, nil, 0, 255, 140, 40)
	photo := flatten(raw)
	clearDesk(raw, photo)
	for _, p := range []image.Point{{5, 5}, {470, 270}, {20, 150}, {460, 10}} {
		if v := photo.GrayAt(p.X, p.Y).Y; v != 255 {
			t.Errorf("desk at %v is %d, want paper", p, v)
		}
	}
	darkest := uint8(255)
	for y := 70; y < 170; y++ {
		for x := 70; x < 210; x++ {
			darkest = min(darkest, photo.GrayAt(x, y).Y)
		}
	}
	if darkest > 100 {
		t.Errorf("the box's darkest pixel is %d, want ink", darkest)
	}
	for y := 80; y < 200; y += 20 {
		if v := min(photo.GrayAt(42, y).Y, photo.GrayAt(43, y).Y, photo.GrayAt(44, y).Y); v > 128 {
			t.Errorf("the line by the page's edge at y %d is %d, want ink", y, v)
		}
	}

	dark := image.NewGray(image.Rect(0, 0, 300, 200))
	for i := range dark.Pix {
		dark.Pix[i] = 30
	}
	for y := 80; y < 120; y++ {
		for x := 100; x < 200; x++ {
			dark.Pix[y*dark.Stride+x] = 250
		}
	}
	clearDesk(dark, dark)
	if v := dark.GrayAt(5, 5).Y; v != 30 {
		t.Errorf("a dark background became %d", v)
	}
}

// TestPhotoPastel: thin light outlines round pastel boxes (Mermaid's
// look), photographed on a grey desk, are read as on the page: the desk
// would otherwise frame the page as one shape and draw the cut to its
// grey.
func TestPhotoPastel(t *testing.T) {
	c := newCanvas(900, 260, 1)
	boxes := []image.Rectangle{
		c.box(40, 90, 130, 60),
		c.box(260, 90, 130, 60),
		c.box(480, 90, 130, 60),
		c.box(700, 90, 130, 60),
	}
	for i := range boxes {
		boxes[i] = boxes[i].Inset(1)
	}
	c.arrow(image.Pt(171, 120), image.Pt(259, 120))
	c.arrow(image.Pt(391, 120), image.Pt(479, 120))
	c.arrow(image.Pt(611, 120), image.Pt(699, 120))
	for _, tc := range []struct {
		name   string
		margin int
	}{{"on a desk", 60}, {"page alone", 0}} {
		g := onDesk(c.g, boxes, 150, 232, 140, tc.margin)
		straight, _ := Deskew(g)
		d := Recognize(straight)
		if len(d.Shapes) != 4 || len(d.Flows) != 3 {
			t.Errorf("%s: %d shapes, %d flows, want 4 and 3", tc.name, len(d.Shapes), len(d.Flows))
		}
	}
}

// TestIconInkWord: in a soft photo a flowchart end's word ("End", its
// letters run together into a low solid strip) has an envelope's inked
// top and bottom rows; only a symbol a good part of the circle's height
// is read as one.
func TestIconInkWord(t *testing.T) {
	for _, tc := range []struct {
		name string
		draw func(c *canvas)
		want Icon
	}{
		{"envelope", func(c *canvas) { c.envelope(100, 100, 40, 28) }, Envelope},
		{"word run together", func(c *canvas) {
			for y := 93; y < 107; y++ {
				c.line(85, y, 115, y)
			}
		}, NoIcon},
	} {
		c := newCanvas(200, 200, 3)
		c.circle(100, 100, 50, 3)
		tc.draw(c)
		in := image.Rect(53, 53, 148, 148)
		if got := iconInk(binarize(c.g, 128), in, 3); got != tc.want {
			t.Errorf("%s: icon %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestBullseyeCore: a soft photo's bullseye (a flowchart's end), its
// paper between dot and ring grey enough to be ink at the Otsu cut, is
// found at the cut halfway to the ink's core.
func TestBullseyeCore(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 200, 200))
	for y := range 200 {
		for x := range 200 {
			d := math.Hypot(float64(x-100), float64(y-100))
			v := uint8(255)
			switch {
			case d <= 10, d > 19 && d <= 23:
				v = 0 // the dot and the ring
			case d <= 19:
				v = 110 // the softened paper between them
			}
			g.Pix[y*g.Stride+x] = v
		}
	}
	r := newRecognizer(g)
	in := image.Rect(78, 78, 122, 122)
	if bullseye(r.bm, in) {
		t.Fatalf("the gap is paper at the Otsu cut %d: the case is not shown", r.cut)
	}
	if !bullseye(r.core(), in) {
		t.Errorf("no bullseye at the core cut (Otsu %d)", r.cut)
	}
}

// TestCubic checks the sampling rotate and keystone use: exact on the
// pixels, flat paper stays paper between them, and a line a pixel wide
// moved by half a pixel stays darker than bilinear keeps it (bilinear
// averages the two pixels it falls between).
func TestCubic(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 20, 20))
	for i := range g.Pix {
		g.Pix[i] = 250
	}
	for y := range 20 {
		g.Pix[y*g.Stride+9] = 20
	}
	tests := []struct {
		name     string
		x, y     float64
		min, max uint8
	}{
		{"on a pixel of the line", 9, 5, 20, 20},
		{"on a pixel of paper", 3, 5, 250, 250},
		{"between paper pixels", 3.5, 5.5, 250, 250},
		{"half a pixel beside the line", 8.5, 5, 110, 130},
		{"at the edge of the picture", 0.5, 0.5, 200, 255},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if v := cubic(g, tt.x, tt.y); v < tt.min || v > tt.max {
				t.Fatalf("cubic(%v, %v) = %d, want %d to %d", tt.x, tt.y, v, tt.min, tt.max)
			}
		})
	}
	// the line moved by half a pixel: its darkest sample
	dark := func(f func(*image.Gray, float64, float64) uint8) uint8 {
		m := uint8(255)
		for x := 7.5; x < 12; x++ {
			m = min(m, f(g, x, 5))
		}
		return m
	}
	if c, b := dark(cubic), dark(bilinear); c >= b {
		t.Errorf("a line moved half a pixel: cubic's core %d, bilinear's %d; want cubic darker", c, b)
	}
}

// TestPhotoSmallTurn: a photo turned by a fifth of a degree is turned
// straight (across a page 1400 pixels wide its lines drift by five, and
// a lane's border is no longer followed to its end), while a rendering
// as little turned is left as it is.
func TestPhotoSmallTurn(t *testing.T) {
	c := newCanvas(1400, 400, 2)
	c.rect(20, 30, 1360, 300)
	c.line(50, 30, 50, 330)
	c.line(50, 180, 1380, 180)
	c.box(120, 70, 120, 80)
	c.box(600, 210, 120, 80)
	const deg = 0.2
	tilted := rotate(c.g, -deg)
	for _, tc := range []struct {
		name string
		g    *image.Gray
		want float64
	}{{"photo", onDesk(tilted, nil, 0, 255, 140, 40), deg}, {"rendering", tilted, 0}} {
		_, got := Deskew(tc.g)
		if math.Abs(got-tc.want) > 0.06 {
			t.Errorf("%s: turned %.2f°, want %.2f°", tc.name, got, tc.want)
		}
	}
}

// TestPhotoColumns: PlantUML's swimlanes, columns between lines a
// little thicker than the shapes', photographed on a desk: the lines
// run down the page, not the picture, and softened every line is as
// thick as they are, so they are found where only the ink's core is
// ink.
func TestPhotoColumns(t *testing.T) {
	c := newCanvas(700, 520, 2)
	for _, x := range []int{20, 340, 660} {
		c.line(x, 10, x, 510)
		c.line(x+1, 10, x+1, 510)
	}
	c.box(100, 120, 140, 60)
	c.box(420, 120, 140, 60)
	c.box(100, 320, 140, 60)
	c.box(420, 320, 140, 60)
	c.arrow(image.Pt(241, 150), image.Pt(419, 150))
	c.arrow(image.Pt(490, 181), image.Pt(490, 319))
	c.arrow(image.Pt(419, 350), image.Pt(241, 350))
	for _, tc := range []struct {
		name string
		g    *image.Gray
	}{{"page", c.g}, {"photo", onDesk(c.g, nil, 60, 255, 140, 70)}} {
		straight, _ := Deskew(tc.g)
		d := Recognize(straight)
		if len(d.Lanes) != 2 || len(d.Shapes) != 4 {
			t.Errorf("%s: %d lanes, %d shapes, want 2 and 4", tc.name, len(d.Lanes), len(d.Shapes))
		}
	}
}

// TestLevelBoxesLongArrow: a Graphviz chart drawn left to right, its
// boxes level and one long arrow running back under them a little off
// level (gv-12: 580 pixels at 0.66°), is left as it is, while the same
// chart turned by a degree and a half is turned straight; weakTurn
// keeps only slight, weak turns of renderings from being made.
func TestLevelBoxesLongArrow(t *testing.T) {
	c := newCanvas(1700, 260, 2)
	for _, x := range []int{20, 420, 820, 1220} {
		c.roundBox(x, 40, 170, 60, 10)
	}
	c.line(830, 180, 250, 187) // the long arrow back, 0.69° off level
	c.line(830, 100, 830, 180)
	c.line(250, 187, 250, 100)
	for _, tc := range []struct {
		name string
		g    *image.Gray
		want float64
	}{{"level", c.g, 0}, {"turned", rotate(c.g, -1.5), 1.5}} {
		_, got := Deskew(tc.g)
		if math.Abs(got-tc.want) > 0.11 {
			t.Errorf("%s: turned %.2f°, want %.2f°", tc.name, got, tc.want)
		}
	}
	for _, tc := range []struct {
		minTurn, best, gain float64
		want                bool
	}{
		{0.25, 0.8, 1.15, true},   // a rendering, slight and weak: a connector's slope
		{0.25, 0.8, 1.5, false},   // slight but the borders follow it
		{0.25, 1.5, 1.05, false},  // a degree and more: a turned scan
		{0.05, 0.3, 1.01, false},  // a photo: every turn counts
		{0.25, -0.6, 1.24, true},  // either way
		{0.25, -0.6, 1.25, false}, // the gain at the bound
	} {
		if got := weakTurn(tc.minTurn, tc.best, tc.gain); got != tc.want {
			t.Errorf("weakTurn(%.2f, %.2f, %.2f) = %v, want %v", tc.minTurn, tc.best, tc.gain, got, tc.want)
		}
	}
}
