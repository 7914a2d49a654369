package vision

import "image"

// A fork or join bar (UML activity diagrams, PlantUML's fork … end
// fork): a solid black bar, several strokes thick and many times longer,
// with connectors leaving it on its long sides. It is a parallel
// gateway; whether it splits or joins is told by its flows (one in and
// many out, or many in).

// barRun is a run of ink along one line of the picture (a row for a
// horizontal bar, a column for a vertical one): u0..u1 exclusive.
type barRun struct{ u0, u1 int }

// barStack is the runs of consecutive lines lying over each other.
type barStack struct {
	v0, v1 int // lines v0..v1 exclusive
	runs   []barRun
	open   bool
}

// barAxis reads a bitmap along rows (horizontal bars) or columns.
type barAxis struct {
	bm       *bitmap
	vertical bool
}

func (a barAxis) lenU() int {
	if a.vertical {
		return a.bm.h
	}
	return a.bm.w
}

func (a barAxis) lenV() int {
	if a.vertical {
		return a.bm.w
	}
	return a.bm.h
}

func (a barAxis) at(u, v int) bool {
	if a.vertical {
		return a.bm.at(v, u)
	}
	return a.bm.at(u, v)
}

func (a barAxis) rect(u0, v0, u1, v1 int) image.Rectangle {
	if a.vertical {
		return image.Rect(v0, u0, v1, u1)
	}
	return image.Rect(u0, v0, u1, v1)
}

// barLimits are the thickness and length a bar may have, from the
// stroke: thicker than any line (a PlantUML lane's line is up to four
// strokes wide, so a bar's side must be paper), at least five times as
// long as thick.
func barLimits(stroke int) (thin, thick, long int) {
	return max(4, 2*stroke+1), 8*stroke + 12, 40
}

// findBars finds the solid bars along one axis of bm: stacks of long
// runs of ink on consecutive lines, each line's run spanning nearly the
// stack's length, between lines of mostly paper.
func findBars(bm *bitmap, stroke int, vertical bool) []image.Rectangle {
	thin, thick, long := barLimits(stroke)
	return findBarsWithin(bm, vertical, thin, thick, long)
}

// findBarsWithin is findBars for bars thin to thick lines thick and at
// least long.
func findBarsWithin(bm *bitmap, vertical bool, thin, thick, long int) []image.Rectangle {
	ax := barAxis{bm: bm, vertical: vertical}
	var stacks, done []*barStack
	for v := 0; v <= ax.lenV(); v++ {
		var runs []barRun
		if v < ax.lenV() {
			run := 0
			for u := 0; u <= ax.lenU(); u++ {
				if u < ax.lenU() && ax.at(u, v) {
					run++
					continue
				}
				if run >= long {
					runs = append(runs, barRun{u - run, u})
				}
				run = 0
			}
		}
		for _, s := range stacks {
			s.open = false
		}
		for _, rn := range runs {
			var on *barStack
			for _, s := range stacks {
				last := s.runs[len(s.runs)-1]
				if s.v1 == v && overlapShare(last, rn) >= 0.8 {
					on = s
					break
				}
			}
			if on == nil {
				on = &barStack{v0: v}
				stacks = append(stacks, on)
			}
			on.runs = append(on.runs, rn)
			on.v1, on.open = v+1, true
		}
		kept := stacks[:0]
		for _, s := range stacks {
			if s.open {
				kept = append(kept, s)
			} else {
				done = append(done, s)
			}
		}
		stacks = kept
	}
	var out []image.Rectangle
	for _, s := range done {
		if t := s.v1 - s.v0; t < thin || t > thick {
			continue
		}
		// the bar's length: the run of its middle line
		mid := s.runs[len(s.runs)/2]
		if mid.u1-mid.u0 < 5*(s.v1-s.v0) {
			continue
		}
		solid := 0
		for _, rn := range s.runs {
			if overlapShare(rn, mid) >= 0.9 {
				solid++
			}
		}
		if solid*4 < len(s.runs)*3 {
			continue
		}
		if !paperBeside(ax, mid, s.v0-2) || !paperBeside(ax, mid, s.v1+1) {
			continue
		}
		out = append(out, ax.rect(mid.u0, s.v0, mid.u1, s.v1))
	}
	return out
}

// overlapShare is how much of the shorter run the two runs share.
func overlapShare(a, b barRun) float64 {
	o := min(a.u1, b.u1) - max(a.u0, b.u0)
	if o <= 0 {
		return 0
	}
	return float64(o) / float64(max(1, min(a.u1-a.u0, b.u1-b.u0)))
}

// paperBeside reports whether line v is mostly paper along the run:
// connectors cross it, a bigger blot of ink does not leave it.
func paperBeside(ax barAxis, rn barRun, v int) bool {
	if v < 0 || v >= ax.lenV() {
		return true
	}
	ink := 0
	for u := rn.u0; u < rn.u1; u++ {
		if ax.at(u, v) {
			ink++
		}
	}
	return ink*10 <= (rn.u1-rn.u0)*3
}

// addBars adds the fork and join bars outside every shape as parallel
// gateways, horizontal ones (a chart drawn top to bottom) and vertical
// ones (left to right). A line running down nearly the whole picture is
// a lane's, not a bar.
func (r *recognizer) addBars() {
	// at the cut halfway to the ink's core, as for the dots: a drop
	// shadow does not thicken the bar
	bm := r.core()
	var found []image.Rectangle
	for _, vertical := range []bool{false, true} {
		for _, b := range r.coreBars(bm, vertical) {
			if vertical && b.Dy()*10 >= bm.h*7 {
				continue
			}
			if r.overlapsDot(b, found) {
				continue
			}
			found = append(found, b)
		}
	}
	for _, b := range r.outlinedBars() {
		if !r.overlapsDot(b, found) {
			found = append(found, b)
		}
	}
	for _, b := range found {
		// the box takes in a drop shadow (PlantUML's, offset down and
		// right by about half the bar's thickness)
		t := min(b.Dx(), b.Dy())
		box := image.Rect(b.Min.X-1, b.Min.Y-1, b.Max.X+t/2+2, b.Max.Y+t/2+2)
		r.d.Shapes = append(r.d.Shapes, Shape{Kind: Gateway, Marker: MarkerParallel, Bar: true, Box: box, Inner: b})
	}
}

// coreBars finds the bars on the core cut bm: those as thick as a bar
// there, and those up to two lines thinner where the Otsu cut finds a
// bar as thick as one. A thin bar's anti-aliased edges are grey, beyond
// the core cut, so the core may be a line short of a bar's thickness on
// each side (Graphviz's 0.06 in bar at 72 dpi: six lines at the Otsu
// cut, four at the core). A thinner one must end in paper and meet no
// bar across it: the sides of a thick outline (a call activity's) run
// on into each other.
func (r *recognizer) coreBars(bm *bitmap, vertical bool) []image.Rectangle {
	out := findBars(bm, r.stroke, vertical)
	if bm == r.bm {
		return out
	}
	thin, thick, long := barLimits(r.stroke)
	var otsu, across []image.Rectangle
	looked := false
	for _, b := range findBarsWithin(bm, vertical, thin-2, thick, long) {
		if overlapsAny(b, out) || !freeEnds(bm, b, vertical) {
			continue
		}
		if !looked {
			otsu = findBars(r.bm, r.stroke, vertical)
			across = findBarsWithin(bm, !vertical, thin-2, thick, long)
			looked = true
		}
		if overlapsAny(b, otsu) && !overlapsAny(b.Inset(-min(b.Dx(), b.Dy())-2), across) {
			out = append(out, b)
		}
	}
	return out
}

// overlapsAny reports whether box b overlaps one of boxes.
func overlapsAny(b image.Rectangle, boxes []image.Rectangle) bool {
	for _, o := range boxes {
		if b.Overlaps(o) {
			return true
		}
	}
	return false
}

// freeEnds reports whether the lines just beyond bar b's two ends are
// mostly paper across its thickness.
func freeEnds(bm *bitmap, b image.Rectangle, vertical bool) bool {
	ax := barAxis{bm: bm, vertical: vertical}
	u0, u1, v0, v1 := b.Min.X, b.Max.X, b.Min.Y, b.Max.Y
	if vertical {
		u0, u1, v0, v1 = b.Min.Y, b.Max.Y, b.Min.X, b.Max.X
	}
	for _, u := range []int{u0 - 2, u1 + 1} {
		ink := 0
		for v := v0; v < v1; v++ {
			if ax.at(u, v) {
				ink++
			}
		}
		if ink*10 > (v1-v0)*3 {
			return false
		}
	}
	return true
}

// outlinedBars finds the fork and join bars drawn as an outline round a
// light fill (Mermaid's fork shape: a 2 px outline round eight rows of
// 239 grey, about 70 px long): a closed white region at the Otsu cut,
// rectangular and clean inside (no letters), 2 px to 4 strokes + 6
// across, five times as long as the bar is thick and 40 px at least,
// with paper along both long sides but for the connectors. A pool's
// header is as long but wider and holds its name.
func (r *recognizer) outlinedBars() []image.Rectangle {
	_, thick, long := barLimits(r.stroke)
	ws := whiteRegions(r.bm)
	var out []image.Rectangle
	for l := int32(1); l < int32(len(ws.comps)); l++ {
		c := ws.comps[l]
		b := c.box
		in, length := min(b.Dx(), b.Dy()), max(b.Dx(), b.Dy())
		if in < 2 || in > 4*r.stroke+6 || b.Min.X == 0 || b.Min.Y == 0 || b.Max.X == r.bm.w || b.Max.Y == r.bm.h {
			continue
		}
		bar := b.Inset(-r.stroke)
		t := in + 2*r.stroke
		if t > thick || length < max(long, 5*t) {
			continue
		}
		if f := ws.spanFill(l); f < 0.9 || float64(c.area) < 0.97*f*float64(b.Dx()*b.Dy()) {
			continue
		}
		vertical := b.Dy() > b.Dx()
		ax := barAxis{bm: r.bm, vertical: vertical}
		rn, v0, v1 := barRun{b.Min.X, b.Max.X}, bar.Min.Y-2, bar.Max.Y+1
		if vertical {
			rn, v0, v1 = barRun{b.Min.Y, b.Max.Y}, bar.Min.X-2, bar.Max.X+1
		}
		if !paperBeside(ax, rn, v0) || !paperBeside(ax, rn, v1) {
			continue
		}
		out = append(out, bar)
	}
	return out
}
