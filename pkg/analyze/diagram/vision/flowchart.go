package vision

import (
	"image"
	"math"
	"sort"
)

// The shapes flowchart tools draw that BPMN does not: PlantUML's
// hexagon decisions (a box with pointed ends, its question inside), its
// start as a filled dot and its end as a bullseye (a ring round a filled
// dot).

// hexagon reports whether white component l is a hexagon drawn wider
// than high: its row spans shrink linearly from the middle row (nearly
// the whole width) to the top and bottom rows, which still span well
// over half of it. A rounded box keeps its full width at a quarter of its
// height, an ellipse or a stadium narrows faster towards its ends than
// near its middle, a diamond comes to a point.
func (ls *labels) hexagon(l int32) bool {
	b := ls.comps[l].box
	w, h := b.Dx(), b.Dy()
	if h < 8 || w*2 < h*3 {
		return false
	}
	mid := ls.spanAt(l, b.Min.Y+h/2)
	span := func(y int) int {
		return min(ls.spanAt(l, y), ls.spanAt(l, b.Max.Y-1-(y-b.Min.Y)))
	}
	q := span(b.Min.Y + h/4)
	e := span(b.Min.Y + h/8)
	d1, d2 := mid-q, q-e // along h/4, then along the next h/8
	if mid*100 < w*95 || d1*4 < h || d1*5 > h*4 {
		return false
	}
	// straight sides: the second step is about half the first
	if d2*10 < d1*3 || d2*10 > d1*8 || e*2 <= w {
		return false
	}
	// and every row's ends on both sides where straight sides put them,
	// which the stairs of a region fenced by arrows are not
	c := float64(b.Min.Y) + float64(h-1)/2
	slope := float64(d1) / 2 / (float64(h) / 4) // each side, per row
	tol := 2.0 + float64(h)/20
	bad := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		lo, hi := ls.rowEnds(l, y)
		in := slope * math.Abs(float64(y)-c)
		if lo < 0 || math.Abs(float64(lo-b.Min.X)-in) > tol || math.Abs(float64(b.Max.X-1-hi)-in) > tol {
			bad++
		}
	}
	return bad*10 <= h
}

// diamond reports whether white component l's row ends lie on the
// straight sides of the diamond its box holds (each row's half span
// shrinking linearly from the middle row to the top and bottom), on all
// but a tenth of its rows.
func (ls *labels) diamond(l int32) bool {
	b := ls.comps[l].box
	w, h := float64(b.Dx()), float64(b.Dy())
	if h < 8 {
		return false
	}
	cx, cy := float64(b.Min.X)+(w-1)/2, float64(b.Min.Y)+(h-1)/2
	tol := 2 + w/20 // a turn of a degree moves a flat diamond's sides along its rows
	bad := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		lo, hi := ls.rowEnds(l, y)
		half := w / 2 * (1 - math.Abs(float64(y)-cy)/(h/2))
		if lo < 0 || math.Abs(cx-half-float64(lo)) > tol || math.Abs(float64(hi)-cx-half) > tol {
			bad++
		}
	}
	return bad*10 <= b.Dy()
}

// ellipse reports whether white component l's row ends lie on the
// ellipse its box holds, on all but a few rows: an event's circle or a
// terminal's ellipse, not a region fenced by a loop's connectors whose
// spans happen to fill as much of its box.
func (ls *labels) ellipse(l int32) bool {
	b := ls.comps[l].box
	w, h := float64(b.Dx()), float64(b.Dy())
	cx, cy := float64(b.Min.X)+(w-1)/2, float64(b.Min.Y)+(h-1)/2
	tol := 2 + h/15
	bad := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		lo, hi := ls.rowEnds(l, y)
		t := (float64(y) - cy) / (h / 2)
		half := w / 2 * math.Sqrt(max(0, 1-t*t))
		if lo < 0 || math.Abs(cx-half-float64(lo)) > tol || math.Abs(float64(hi)-cx-half) > tol {
			bad++
		}
	}
	return bad*100 <= b.Dy()*15
}

// stadium reports whether white component l is a stadium: a box whose
// short ends are semicircles as high as the box (Mermaid's terminal,
// `([Start])`), its row ends on those half circles on all but a few
// rows. A task's rounded corners (bpmn-js, PlantUML, Graphviz) bend only
// near the top and bottom, so the rows between keep their ends on the
// box's sides, off the half circles.
func (ls *labels) stadium(l int32) bool {
	b := ls.comps[l].box
	w, h := float64(b.Dx()), float64(b.Dy())
	if h < 12 || w < 1.6*h {
		return false
	}
	rad, cy := h/2, float64(b.Min.Y)+(h-1)/2
	tol := 1 + h/30
	bad, curved, short := 0, 0, 0.0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		lo, hi := ls.rowEnds(l, y)
		t := (float64(y) - cy) / rad
		in := rad * (1 - math.Sqrt(max(0, 1-t*t)))
		if lo < 0 || math.Abs(float64(lo-b.Min.X)-in) > tol || math.Abs(float64(b.Max.X-1-hi)-in) > tol {
			bad++
		}
		if lo >= 0 && in >= 2 {
			curved += 2
			short += 2*in - float64(lo-b.Min.X) - float64(b.Max.X-1-hi)
		}
	}
	// a rounded box's corners run outside the half circles, by a
	// pixel or two along all their rows (PlantUML's activities)
	return bad*100 <= b.Dy()*12 && short <= float64(curved)*maxCapShortfall && capped(ls, l, rad)
}

// maxCapShortfall is how far, on average, a stadium's row ends may fall
// outside its half circles where they curve, in pixels: Mermaid's lie
// within half a pixel of them (a photo's up to 0.94), PlantUML's
// activity boxes (rounded by less than half their height) fall a pixel
// and a half outside.
const maxCapShortfall = 1.1

// capped reports whether white component l's top and bottom rows end
// well in from its box at both ends, as a half circle's of radius rad
// do (three quarters of it in): a box's corners cut or rounded by less
// than half its height end them nearer the sides, however close to a
// half circle the rows between come.
func capped(ls *labels, l int32, rad float64) bool {
	b := ls.comps[l].box
	for _, y := range []int{b.Min.Y, b.Max.Y - 1} {
		lo, hi := ls.rowEnds(l, y)
		if lo < 0 || float64(lo-b.Min.X) < 0.65*rad || float64(b.Max.X-1-hi) < 0.65*rad {
			return false
		}
	}
	return true
}

// rowEnds is the leftmost and the rightmost pixel of component l on row
// y, -1 when the row misses it.
func (ls *labels) rowEnds(l int32, y int) (lo, hi int) {
	b := ls.comps[l].box
	row := ls.lab[y*ls.w : (y+1)*ls.w]
	lo, hi = -1, -1
	for x := b.Min.X; x < b.Max.X; x++ {
		if row[x] == l {
			if lo < 0 {
				lo = x
			}
			hi = x
		}
	}
	return lo, hi
}

// solidDot reports whether the ink round c is a filled disc of radius
// between lo and hi: equal ink runs in eight directions, the disc inside
// them all ink. It returns the disc's radius.
func solidDot(bm *bitmap, c image.Point, lo, hi int) (int, bool) {
	if !bm.at(c.X, c.Y) {
		return 0, false
	}
	var runs []int
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
		n := 0
		for bm.at(c.X+d[0]*(n+1), c.Y+d[1]*(n+1)) && n <= 2*hi {
			n++
		}
		if d[0] != 0 && d[1] != 0 {
			n = int(math.Round(float64(n) * math.Sqrt2))
		}
		runs = append(runs, n)
	}
	sort.Ints(runs)
	// lines leaving the dot lengthen up to two runs; the others agree
	r := runs[2]
	if r < lo || r > hi || runs[5]*8 > r*9+8 || runs[0]*8+8 < r*7 {
		return 0, false
	}
	ink, all := 0, 0
	rr := float64(r) - 0.5
	for y := -r; y <= r; y++ {
		for x := -r; x <= r; x++ {
			if float64(x*x+y*y) <= rr*rr {
				all++
				if bm.at(c.X+x, c.Y+y) {
					ink++
				}
			}
		}
	}
	return r, ink*100 >= all*95
}

// roundDot reports whether the paper shows all round a disc of radius r
// at c, just outside it, but where a line or two leave it: a filled
// arrowhead's corners reach out there.
func roundDot(bm *bitmap, c image.Point, r int) bool {
	// round: just outside the disc the paper shows all round it but
	// where a line or two leave it (a filled arrowhead's corners reach
	// out there)
	out := 0
	for k := range 32 {
		sin, cos := math.Sincos(float64(k) * math.Pi / 16)
		d := float64(r) + 2.5 // clear of its anti-aliased edge
		if bm.at(c.X+int(math.Round(d*cos)), c.Y+int(math.Round(d*sin))) {
			out++
		}
	}
	return out <= 4
}

// bullseye reports whether an event's white inside surrounds a filled
// dot about half its size: PlantUML's end.
func bullseye(bm *bitmap, in image.Rectangle) bool {
	rad := min(in.Dx(), in.Dy()) / 2
	c := center(in)
	r, ok := solidDot(bm, c, max(3, rad/4), rad*3/4)
	if !ok || r*10 < rad*3 {
		return false
	}
	// paper between the dot and the ring, where a clock's face would be
	white := 0
	d := float64(r+rad) / 2
	for k := range 16 {
		sin, cos := math.Sincos(float64(k) * math.Pi / 8)
		if !bm.at(c.X+int(math.Round(d*cos)), c.Y+int(math.Round(d*sin))) {
			white++
		}
	}
	return white >= 13
}

// addDots adds the filled dots outside every shape as start events: a
// flowchart's start (PlantUML, UML activity diagrams). A dot's core is
// a square of ink wider than any line or letter stroke.
func (r *recognizer) addDots() {
	// at a cut halfway to the ink's core: a drop shadow (PlantUML's,
	// grey) does not make the dot lopsided
	bm := r.bm
	if ink := inkLevel(r.g); ink < r.cut {
		bm = binarize(r.g, ink+(r.cut-ink)/2)
	}
	k := max(3, 2*r.stroke+1) // rows looked at every k, runs of 2k+1 or more
	// larger than a filled arrowhead's inscribed circle
	lo, hi := max(5, 4*r.stroke), max(40, 12*r.stroke)
	// rows of ink runs at least 2k+1 long, looked at every k rows
	var found []image.Rectangle
	for y := k; y < bm.h-k; y += k {
		run := 0
		for x := 0; x <= bm.w; x++ {
			if x < bm.w && bm.pix[y*bm.w+x] {
				run++
				continue
			}
			if run >= 2*k+1 && run <= 2*hi+2 {
				// the disc's centre is within k rows of a row looked at:
				// the row through it has the longest chord
				best, at := 0, image.Point{}
				for dy := -k; dy <= k; dy++ {
					c := image.Pt(x-run/2-1, y+dy)
					l, rt := c.X, c.X
					for bm.at(l-1, c.Y) && c.X-l < 2*hi {
						l--
					}
					for bm.at(rt+1, c.Y) && rt-c.X < 2*hi {
						rt++
					}
					c.X = (l + rt) / 2
					// round where it is widest: a centre a row off
					// the middle has as long runs but sees the dot's
					// edge within its round of samples
					if rad, ok := solidDot(bm, c, lo, hi); ok && rad > best && roundDot(bm, c, rad) {
						best, at = rad, c
					}
				}
				if best > 0 {
					box := image.Rect(at.X-best, at.Y-best, at.X+best+1, at.Y+best+1)
					if !r.overlapsDot(box, found) {
						found = append(found, box)
					}
				}
			}
			run = 0
		}
	}
	for _, b := range found {
		// the box takes in a drop shadow (PlantUML's, offset by about a
		// third of the radius), which is no connector's ink
		r.d.Shapes = append(r.d.Shapes, Shape{Kind: Event, Ring: Thin, Inner: b, Box: b.Inset(-r.stroke - 2 - b.Dx()/4)})
	}
}

// overlapsDot reports whether a dot's box meets a shape found before or
// another dot: an event's bullseye or filled icon, a marker.
func (r *recognizer) overlapsDot(box image.Rectangle, found []image.Rectangle) bool {
	for _, s := range r.d.Shapes {
		if s.Box.Overlaps(box) {
			return true
		}
	}
	for _, c := range r.cands {
		if c.kind != Task && c.box.Overlaps(box) {
			return true
		}
	}
	for _, f := range found {
		if f.Overlaps(box) {
			return true
		}
	}
	return false
}

// addColumns reads a flowchart's swimlanes drawn as columns: lines
// thicker than the shapes' outlines running down nearly the whole
// page (PlantUML's), each lane between two of them with its name at
// the top. The lines are crossed by the arrows going from lane to lane.
// A soft photo thickens every line alike at the Otsu cut: the lines
// are then looked for again where only the ink's core is ink.
func (r *recognizer) addColumns() {
	kept := laneColumns(r.bm, r.stroke)
	if core := r.core(); len(kept) < 2 && core != r.bm {
		kept = laneColumns(core, strokeWidth(core))
	}
	if len(kept) < 2 {
		return
	}
	var lanes []Band
	for i := 1; i < len(kept); i++ {
		a, b := kept[i-1], kept[i]
		top, bottom := max(a.top, b.top), min(a.bottom, b.bottom)
		body := image.Rect(a.x1, top, b.x0, bottom)
		if body.Dx() < 4*r.minSide {
			return
		}
		first := bottom
		for _, s := range r.d.Shapes {
			if center(s.Box).In(body) {
				first = min(first, s.Box.Min.Y)
			}
		}
		lanes = append(lanes, Band{Header: image.Rect(body.Min.X, top, body.Max.X, max(top, first-1)), Body: body, Titled: true})
	}
	r.d.Lanes = lanes
	for _, s := range kept {
		r.cross = append(r.cross, image.Rect(s.x0-1, s.top-1, s.x1+1, s.bottom+1))
	}
}

// laneColumn is a swimlane's line: columns x0 to x1, rows top to
// bottom.
type laneColumn struct{ x0, x1, top, bottom int }

// laneColumns finds the lines running down nearly the whole page,
// thicker than the shapes' outlines (stroke) and no wider than a few.
func laneColumns(bm *bitmap, stroke int) []laneColumn {
	var seps []laneColumn
	page := pageHeight(bm)
	for x := 0; x < bm.w; x++ {
		// the longest run of ink down column x
		best, bt, run, rt := 0, 0, 0, 0
		for y := 0; y <= bm.h; y++ {
			if y < bm.h && bm.pix[y*bm.w+x] {
				if run == 0 {
					rt = y
				}
				run++
				continue
			}
			if run > best {
				best, bt = run, rt
			}
			run = 0
		}
		if best*20 < page*17 {
			continue
		}
		if n := len(seps); n > 0 && seps[n-1].x1 == x {
			seps[n-1].x1 = x + 1
			seps[n-1].top, seps[n-1].bottom = max(seps[n-1].top, bt), min(seps[n-1].bottom, bt+best)
			continue
		}
		seps = append(seps, laneColumn{x0: x, x1: x + 1, top: bt, bottom: bt + best})
	}
	kept := seps[:0]
	for _, s := range seps {
		if s.x1-s.x0 > stroke && s.x1-s.x0 <= 4*stroke+4 {
			kept = append(kept, s)
		}
	}
	return kept
}

// pageHeight is the height of the rows from the first to the last one
// with a little ink (a few strokes' worth, not a speck): the page's
// drawing, which in a photo lies on a desk made paper round it.
func pageHeight(bm *bitmap) int {
	first, last := -1, -1
	for y := range bm.h {
		n := 0
		for _, on := range bm.pix[y*bm.w : (y+1)*bm.w] {
			if on {
				n++
			}
		}
		if n >= 8 {
			if first < 0 {
				first = y
			}
			last = y
		}
	}
	if first < 0 {
		return bm.h
	}
	return last - first + 1
}

// tallColumns marks the columns whose longest run of ink reaches down
// nearly the whole page, in lines no wider than a few strokes: a
// swimlane's line (PlantUML's), not a photo's dark desk beside the page.
func tallColumns(bm *bitmap, stroke int) []bool {
	tall := make([]bool, bm.w+1)
	run, best := make([]int32, bm.w), make([]int32, bm.w)
	for y := 0; y < bm.h; y++ { // row by row, as the bitmap is stored
		row := bm.pix[y*bm.w : (y+1)*bm.w]
		for x, on := range row {
			if on {
				run[x]++
				best[x] = max(best[x], run[x])
			} else {
				run[x] = 0
			}
		}
	}
	h := pageHeight(bm)
	for x := range bm.w {
		tall[x] = int(best[x])*20 >= h*17
	}
	for x := 0; x < bm.w; {
		if !tall[x] {
			x++
			continue
		}
		e := x
		for e < bm.w && tall[e] {
			e++
		}
		if e-x > 4*stroke+4 {
			for k := x; k < e; k++ {
				tall[k] = false
			}
		}
		x = e
	}
	return tall
}
