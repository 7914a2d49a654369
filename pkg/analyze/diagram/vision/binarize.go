// Package vision recognises the structure of a process diagram in a
// picture: task boxes, gateway diamonds with their marker, event circles,
// swimlane bands and the arrows between shapes. It works on a grey image
// only (no text): the caller reads the words with OCR and places them on
// the shapes found here. Everything is plain Go, deterministic and
// bounded by the image size.
package vision

import (
	"image"
	"math"
)

// otsu returns the grey level that best separates ink from paper (Otsu's
// method on the histogram), clamped so that a blank page or a photo with
// little contrast still gets a sensible cut.
func otsu(g *image.Gray) uint8 {
	var hist [256]int
	b := g.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := g.Pix[(y-b.Min.Y)*g.Stride : (y-b.Min.Y)*g.Stride+b.Dx()]
		for _, v := range row {
			hist[v]++
		}
	}
	total := b.Dx() * b.Dy()
	if total == 0 {
		return 128
	}
	var sum float64
	for i, c := range hist {
		sum += float64(i * c)
	}
	var (
		sumB, best float64
		wB         int
		cut        = 128
	)
	for t := 0; t < 256; t++ {
		wB += hist[t]
		if wB == 0 {
			continue
		}
		wF := total - wB
		if wF == 0 {
			break
		}
		sumB += float64(t * hist[t])
		mB := sumB / float64(wB)
		mF := (sum - sumB) / float64(wF)
		between := float64(wB) * float64(wF) * (mB - mF) * (mB - mF)
		if between > best {
			best, cut = between, t
		}
	}
	// anti-aliased and blurred strokes are lighter than their core: cut a
	// little towards the paper so thin lines stay connected
	cut += (255 - cut) / 8
	if cut < 60 {
		cut = 60
	}
	if cut > 225 {
		cut = 225
	}
	return uint8(cut)
}

// bitmap is a binary image: true is ink.
type bitmap struct {
	w, h int
	pix  []bool
}

func (b *bitmap) at(x, y int) bool {
	return x >= 0 && y >= 0 && x < b.w && y < b.h && b.pix[y*b.w+x]
}

// binarize marks every pixel darker than the cut as ink.
func binarize(g *image.Gray, cut uint8) *bitmap {
	b := g.Bounds()
	out := &bitmap{w: b.Dx(), h: b.Dy(), pix: make([]bool, b.Dx()*b.Dy())}
	for y := 0; y < out.h; y++ {
		row := g.Pix[y*g.Stride : y*g.Stride+out.w]
		for x, v := range row {
			out.pix[y*out.w+x] = v < cut
		}
	}
	return out
}

// maxSkew is the largest rotation (degrees) Deskew looks for: a photo or
// scan held a little crooked, not a diagram drawn at an angle.
const maxSkew = 5.0

// Deskew estimates the rotation of the diagram from its long straight
// lines (box borders, lanes, arrows) and returns the image turned
// straight, with the angle found in degrees. Images that are straight
// within a quarter degree come back unchanged; a photo is turned by as
// little as a twentieth (a fifth of a degree drifts its lines by nine
// pixels across a page 2,900 wide, and a lane's border is no longer
// followed to its end).
//
// A photo (its corners not paper white: a desk, a shadow) is first
// evened out (flatten), the desk around the page made paper (clearDesk)
// and, once straight, its keystone taken out (a
// page seen from below is narrower at the top: keystone).
func Deskew(g *image.Gray) (*image.Gray, float64) {
	g = normalise(g)
	photo := darkCorners(g)
	if photo {
		flat := flatten(g)
		clearDesk(g, flat)
		g = flat
	}
	minTurn := 0.25
	if photo {
		minTurn = 0.05
	}
	g, angle := deskew(g, minTurn)
	if photo {
		g = keystone(g)
	}
	return g, angle
}

// maxPoints is how many ink points deskew and keystone score at most: a
// sample is enough and bounds the time.
const maxPoints = 200_000

// samplePoints thins pts, in place, to at most about maxPoints, keeping
// every n-th.
func samplePoints(pts []image.Point) []image.Point {
	if len(pts) <= maxPoints {
		return pts
	}
	step := len(pts)/maxPoints + 1
	k := 0
	for i := 0; i < len(pts); i += step {
		pts[k] = pts[i]
		k++
	}
	return pts[:k]
}

// sumSquares is the sum of the squared bin counts: highest when the ink
// falls into the fewest bins.
func sumSquares(bins []int32) float64 {
	var s float64
	for _, c := range bins {
		s += float64(c) * float64(c)
	}
	return s
}

// bestScore finds the value in [-lim, lim] that scores highest: a coarse
// pass in steps of step, then a fine one in steps of fineStep within
// ±fine of the coarse best. A value must beat the best so far by 0.01 %
// to replace it, so that noise keeps 0.
func bestScore(score func(float64) float64, lim, step, fine, fineStep float64) float64 {
	best, bestS := 0.0, score(0)
	for v := -lim; v <= lim+1e-9; v += step {
		if s := score(v); s > bestS*1.0001 {
			best, bestS = v, s
		}
	}
	for v := best - fine; v <= best+fine+1e-9; v += fineStep {
		if s := score(v); s > bestS*1.0001 {
			best, bestS = v, s
		}
	}
	return best
}

func deskew(g *image.Gray, minTurn float64) (*image.Gray, float64) {
	bm := binarize(g, otsu(g))
	// ink pixels that continue horizontally: the lines, not the letters
	var pts []image.Point
	for y := 0; y < bm.h; y++ {
		for x := 1; x < bm.w-1; x++ {
			if bm.pix[y*bm.w+x] && bm.pix[y*bm.w+x-1] && bm.pix[y*bm.w+x+1] {
				pts = append(pts, image.Point{X: x, Y: y})
			}
		}
	}
	if len(pts) < 50 {
		return g, 0
	}
	pts = samplePoints(pts)
	score := func(deg float64) float64 {
		t := math.Tan(deg * math.Pi / 180)
		off := int(math.Abs(t)*float64(bm.w)) + 2
		bins := make([]int32, bm.h+2*off)
		for _, p := range pts {
			i := int(math.Round(float64(p.Y)-float64(p.X)*t)) + off
			if i >= 0 && i < len(bins) {
				bins[i]++
			}
		}
		return sumSquares(bins)
	}
	best := bestScore(score, maxSkew, 0.25, 0.2, 0.05)
	if math.Abs(best) < minTurn-1e-9 || weakTurn(minTurn, best, score(best)/score(0)) {
		return g, 0
	}
	return rotate(g, best), best
}

// weakTurn reports whether a turn found in a rendering or a scan (not a
// photo: minTurn above a tenth of a degree) is too slight and gains too
// little over none to be the picture's: under a degree, a gain under a
// quarter comes from one long connector running a little off level (a
// Graphviz chart's 580-pixel arrow at 0.66°, its boxes level), not from
// the boxes' borders, and turning by it loses the boxes.
func weakTurn(minTurn, best, gain float64) bool {
	return minTurn > 0.1 && math.Abs(best) < 1 && gain < 1.25
}

// darkCorners reports whether the picture's corners are darker than
// paper: a photo of a page on a desk, or lit unevenly. A rendering or a
// scan has white corners.
func darkCorners(g *image.Gray) bool {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	cw, ch := max(w/20, 1), max(h/20, 1)
	if w < 40 || h < 40 {
		return false
	}
	dark := 0
	for _, c := range [][2]int{{0, 0}, {w - cw, 0}, {0, h - ch}, {w - cw, h - ch}} {
		sum := 0
		for y := c[1]; y < c[1]+ch; y++ {
			for x := c[0]; x < c[0]+cw; x++ {
				sum += int(g.Pix[y*g.Stride+x])
			}
		}
		if sum < 225*cw*ch {
			dark++
		}
	}
	return dark >= 3
}

// flatten evens out uneven light: each pixel is divided by the paper's
// brightness around it (the brightest pixel of its 24-pixel block and
// the blocks around, spread smoothly), so that paper is white and ink
// black all over the page, as a global cut needs.
func flatten(g *image.Gray) *image.Gray {
	const cell = 24
	w, h := g.Rect.Dx(), g.Rect.Dy()
	gw, gh := (w+cell-1)/cell, (h+cell-1)/cell
	blk := make([]float64, gw*gh)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := (y/cell)*gw + x/cell
			blk[i] = max(blk[i], float64(g.Pix[y*g.Stride+x]))
		}
	}
	// the brightest of each block's neighbours: a block inside a dark
	// area (a filled shape, thick letters) takes the paper beside it
	bg := make([]float64, gw*gh)
	for by := range gh {
		for bx := range gw {
			m := 0.0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if x, y := bx+dx, by+dy; x >= 0 && y >= 0 && x < gw && y < gh {
						m = max(m, blk[y*gw+x])
					}
				}
			}
			bg[by*gw+bx] = max(m, 32)
		}
	}
	out := image.NewGray(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		fy := float64(y)/cell - 0.5
		y0 := max(0, min(gh-1, int(math.Floor(fy))))
		y1 := min(gh-1, y0+1)
		ay := max(0, min(1, fy-float64(y0)))
		for x := 0; x < w; x++ {
			fx := float64(x)/cell - 0.5
			x0 := max(0, min(gw-1, int(math.Floor(fx))))
			x1 := min(gw-1, x0+1)
			ax := max(0, min(1, fx-float64(x0)))
			b := bg[y0*gw+x0]*(1-ax)*(1-ay) + bg[y0*gw+x1]*ax*(1-ay) + bg[y1*gw+x0]*(1-ax)*ay + bg[y1*gw+x1]*ax*ay
			out.Pix[y*out.Stride+x] = uint8(min(255, math.Round(float64(g.Pix[y*g.Stride+x])*255/b)))
		}
	}
	return out
}

// clearDesk turns the desk around a photographed page into paper in
// flat (g evened out). The desk is what is darker than the page (at g's
// Otsu cut, before evening out, which brightens a wide desk too) and
// joined to the picture's edge through solid ink (a deskWidth square
// all ink round each pixel), grown back by the square's half and a
// pixel of the page's soft edge: a line drawn close to the page's edge
// (a pool's border) that the softness joins to the desk stays. Left as
// flatten leaves it, the desk is a dark band round the page that frames
// it as one huge shape, inks every column and row to the edge (read as
// lane lines) and draws the Otsu cut towards its grey. When the desk is
// most of the picture (a dark background, not a desk), nothing changes.
func clearDesk(g, flat *image.Gray) {
	const half = deskWidth / 2
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if w <= deskWidth || h <= deskWidth {
		return
	}
	cut := otsu(g)
	ink := integral(w, h, func(x, y int) bool { return g.Pix[y*g.Stride+x] < cut })
	solid := func(x, y int) bool {
		x0, y0, x1, y1 := max(x-half, 0), max(y-half, 0), min(x+half+1, w), min(y+half+1, h)
		return ink.sum(x0, y0, x1, y1) == (x1-x0)*(y1-y0)
	}
	desk := make([]bool, w*h)
	var queue []int
	push := func(x, y int) {
		if i := y*w + x; !desk[i] && solid(x, y) {
			desk[i] = true
			queue = append(queue, i)
		}
	}
	for x := range w {
		push(x, 0)
		push(x, h-1)
	}
	for y := range h {
		push(0, y)
		push(w-1, y)
	}
	for k := 0; k < len(queue); k++ {
		x, y := queue[k]%w, queue[k]/w
		if x > 0 {
			push(x-1, y)
		}
		if x < w-1 {
			push(x+1, y)
		}
		if y > 0 {
			push(x, y-1)
		}
		if y < h-1 {
			push(x, y+1)
		}
	}
	if len(queue) == 0 || len(queue)*5 > w*h*3 {
		return
	}
	grown := integral(w, h, func(x, y int) bool { return desk[y*w+x] })
	const reach = half + 1
	for y := range h {
		for x := range w {
			if grown.sum(max(x-reach, 0), max(y-reach, 0), min(x+reach+1, w), min(y+reach+1, h)) > 0 {
				flat.Pix[y*flat.Stride+x] = 255
			}
		}
	}
}

// deskWidth is the side of the square of ink clearDesk takes for desk,
// not line: wider than a softened line.
const deskWidth = 9

// summed is a summed-area table: sum counts the set pixels of a
// rectangle in constant time.
type summed struct {
	w int
	s []int32
}

func integral(w, h int, set func(x, y int) bool) summed {
	t := summed{w: w + 1, s: make([]int32, (w+1)*(h+1))}
	for y := range h {
		var row int32
		for x := range w {
			if set(x, y) {
				row++
			}
			t.s[(y+1)*t.w+x+1] = t.s[y*t.w+x+1] + row
		}
	}
	return t
}

// sum is the number of set pixels in [x0, x1) × [y0, y1).
func (t summed) sum(x0, y0, x1, y1 int) int {
	return int(t.s[y1*t.w+x1] - t.s[y0*t.w+x1] - t.s[y1*t.w+x0] + t.s[y0*t.w+x0])
}

// maxKeystone is the largest keystone keystone looks for: the top of the
// page up to a tenth narrower (or wider) than its bottom.
const maxKeystone = 0.1

// keystone takes out the narrowing of a page photographed from below
// (or above): upright lines lean in towards the top on both sides. It
// finds the narrowing k that makes the upright lines' ink fall into the
// fewest columns, and widens each row by 1/(1 − k·(1 − y/h)) about the
// middle.
func keystone(g *image.Gray) *image.Gray {
	bm := binarize(g, otsu(g))
	w, h := bm.w, bm.h
	var pts []image.Point
	for y := 1; y < h-1; y++ {
		for x := 0; x < w; x++ {
			if bm.pix[y*w+x] && bm.pix[(y-1)*w+x] && bm.pix[(y+1)*w+x] {
				pts = append(pts, image.Point{X: x, Y: y})
			}
		}
	}
	if len(pts) < 50 {
		return g
	}
	pts = samplePoints(pts)
	cx := float64(w) / 2
	score := func(k float64) float64 {
		bins := make([]int32, 2*w)
		for _, p := range pts {
			s := 1 - k*(1-float64(p.Y)/float64(h))
			i := int(math.Round(cx+(float64(p.X)-cx)/s)) + w/2
			if i >= 0 && i < len(bins) {
				bins[i]++
			}
		}
		return sumSquares(bins)
	}
	best := bestScore(score, maxKeystone, 0.01, 0.008, 0.002)
	if math.Abs(best) < 0.01 {
		return g
	}
	out := image.NewGray(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		s := 1 - best*(1-float64(y)/float64(h))
		for x := 0; x < w; x++ {
			out.Pix[y*out.Stride+x] = cubic(g, cx+(float64(x)-cx)*s, float64(y))
		}
	}
	return out
}

// normalise returns the image with its origin at (0, 0), which the rest
// of the package assumes.
func normalise(g *image.Gray) *image.Gray {
	if g.Bounds().Min == (image.Point{}) {
		return g
	}
	out := image.NewGray(image.Rect(0, 0, g.Bounds().Dx(), g.Bounds().Dy()))
	for y := 0; y < out.Rect.Dy(); y++ {
		copy(out.Pix[y*out.Stride:y*out.Stride+out.Rect.Dx()], g.Pix[y*g.Stride:y*g.Stride+out.Rect.Dx()])
	}
	return out
}

// rotate turns the image so that lines at deg degrees (y growing with x
// for positive angles) become horizontal; uncovered corners are white.
func rotate(g *image.Gray, deg float64) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := image.NewGray(image.Rect(0, 0, w, h))
	sin, cos := math.Sincos(deg * math.Pi / 180)
	cx, cy := float64(w)/2, float64(h)/2
	for y := 0; y < h; y++ {
		dy := float64(y) - cy
		for x := 0; x < w; x++ {
			dx := float64(x) - cx
			sx := cx + dx*cos - dy*sin
			sy := cy + dx*sin + dy*cos
			out.Pix[y*out.Stride+x] = cubic(g, sx, sy)
		}
	}
	return out
}

func bilinear(g *image.Gray, x, y float64) uint8 {
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := x-float64(x0), y-float64(y0)
	px := func(x, y int) float64 {
		if x < 0 || y < 0 || x >= g.Rect.Dx() || y >= g.Rect.Dy() {
			return 255
		}
		return float64(g.Pix[y*g.Stride+x])
	}
	v := px(x0, y0)*(1-fx)*(1-fy) + px(x0+1, y0)*fx*(1-fy) + px(x0, y0+1)*(1-fx)*fy + px(x0+1, y0+1)*fx*fy
	return uint8(math.Round(v))
}

// cubic samples g at (x, y) with the Catmull-Rom kernel (paper white
// outside): bilinear averages neighbours, which at half-pixel offsets
// softens every line and letter as much as a blur of a pixel; a photo's
// letters, soft already, lost their shapes for OCR once turned straight.
func cubic(g *image.Gray, x, y float64) uint8 {
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := x-float64(x0), y-float64(y0)
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if x0 < 1 || y0 < 1 || x0 >= w-2 || y0 >= h-2 {
		return bilinear(g, x, y) // at the edge: the paper around comes in
	}
	wx, wy := catmullRom(fx), catmullRom(fy)
	v := 0.0
	for j := range 4 {
		row := g.Pix[(y0-1+j)*g.Stride+x0-1:]
		v += wy[j] * (wx[0]*float64(row[0]) + wx[1]*float64(row[1]) + wx[2]*float64(row[2]) + wx[3]*float64(row[3]))
	}
	return uint8(max(0, min(255, math.Round(v))))
}

// catmullRom is the weights of the four samples around an offset t in
// [0, 1) from the second.
func catmullRom(t float64) [4]float64 {
	t2, t3 := t*t, t*t*t
	return [4]float64{
		(-t3 + 2*t2 - t) / 2,
		(3*t3 - 5*t2 + 2) / 2,
		(-3*t3 + 4*t2 + t) / 2,
		(t3 - t2) / 2,
	}
}
