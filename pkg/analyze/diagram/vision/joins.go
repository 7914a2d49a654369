package vision

import (
	"image"
)

// joinAcrossRows joins pieces across removed horizontal lines; a
// frame's line is crossed by slanted arrows too, whose ink goes on a
// little to the side.
func (t *flowTracer) joinAcrossRows() {
	w, h := t.w, t.h
	for li, r := range t.all {
		if r.Dx() < r.Dy() {
			continue
		}
		slant := 0
		if li >= len(t.lines) {
			slant = r.Dy() + 2
		}
		r = r.Intersect(t.bounds)
		reach := 4 * (t.stroke + 2)
		for x := r.Min.X; x < r.Max.X; x++ {
			// the neighbouring lane's border is removed too: look past it
			above, below := r.Min.Y-1, r.Max.Y
			for above >= 0 && t.removed[above*w+x] && r.Min.Y-above < reach {
				above--
			}
			for below < h && t.removed[below*w+x] && below-r.Max.Y < reach {
				below++
			}
			if above < 0 || below >= h {
				continue
			}
			a := t.ls.lab[above*w+x]
			if a == 0 {
				continue
			}
			for dx := range 2*slant + 1 {
				bx := x + (dx+1)/2*(1-2*(dx%2)) // x, x+1, x-1, x+2 …
				if bx < 0 || bx >= w {
					continue
				}
				if b := t.ls.lab[below*w+bx]; b != 0 {
					t.union(a, b)
					break
				}
			}
		}
	}
}

// joinAcrossLabels joins a line interrupted by its label (Mermaid
// draws an edge's label on the line, over a box of its own): from each
// end of a piece that runs out straight into open paper, it looks on
// along the line, past the label's letters, for a piece going on the
// same way. Only when letters lie in the gap: two lines that merely
// line up stay apart, and a shape or a lane line ends the look.
func (t *flowTracer) joinAcrossLabels() {
	w := t.w
	reach := 12*t.stroke + 60
	// a letter: small, and no dash of a dashed line (a stroke thin)
	small := func(l int32) bool {
		b := t.ls.comps[l].box
		return b.Dx() <= 3*t.stroke+24 && b.Dy() <= 3*t.stroke+24 && !t.straight(b)
	}
	for l := int32(1); l < int32(len(t.ls.comps)); l++ {
		b := t.ls.comps[l].box
		if max(b.Dx(), b.Dy()) < 3*t.stroke+6 {
			continue // a letter or a speck
		}
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			p, ok := t.stubEnd(l, b, d)
			if !ok {
				continue
			}
			// the label's letters start and end close to the line's
			// two stubs and sit across it, centred on it
			first, last := 0, 0
			var lbox image.Rectangle
			pad := 4*t.stroke + 8
			for k := 1; k <= reach; k++ {
				x, y := p.X+d[0]*k, p.Y+d[1]*k
				if x < 0 || y < 0 || x >= w || y >= t.h || t.removed[y*w+x] || t.halo[y*w+x] != 0 {
					break
				}
				o := t.ls.lab[y*w+x]
				if o == 0 || o == l {
					continue
				}
				if small(o) {
					if first == 0 {
						first = k
					}
					last = k
					lbox = lbox.Union(t.ls.comps[o].box)
					continue
				}
				across := lbox.Min.Y + lbox.Max.Y - 2*p.Y
				if d[0] == 0 {
					across = lbox.Min.X + lbox.Max.X - 2*p.X
				}
				if first > 0 && first <= pad && k-last <= pad && absDiff(across, 0) <= 2*t.stroke+6 &&
					t.runsOn(o, image.Pt(x, y), d) && t.find(o) != t.find(l) {
					t.union(l, o)
				}
				break
			}
		}
	}
}

// runsOn reports whether piece o goes on from p along d for a while:
// a line continuing the one interrupted, not one crossing it.
func (t *flowTracer) runsOn(o int32, p image.Point, d [2]int) bool {
	for k := 1; k <= 2*t.stroke+4; k++ {
		x, y := p.X+d[0]*k, p.Y+d[1]*k
		if x < 0 || y < 0 || x >= t.w || y >= t.h || t.ls.lab[y*t.w+x] != o {
			return false
		}
	}
	return true
}

// stubEnd finds where piece l (box b) ends at its side facing d in a
// straight stub along d: a line's end, not a corner or a letter.
func (t *flowTracer) stubEnd(l int32, b image.Rectangle, d [2]int) (image.Point, bool) {
	w := t.w
	at := func(x, y int) bool {
		return x >= 0 && y >= 0 && x < w && y < t.h && t.ls.lab[y*w+x] == l
	}
	var ends []image.Point
	switch {
	case d[0] != 0:
		x := b.Min.X
		if d[0] > 0 {
			x = b.Max.X - 1
		}
		for y := b.Min.Y; y < b.Max.Y; y++ {
			if at(x, y) {
				ends = append(ends, image.Pt(x, y))
			}
		}
	default:
		y := b.Min.Y
		if d[1] > 0 {
			y = b.Max.Y - 1
		}
		for x := b.Min.X; x < b.Max.X; x++ {
			if at(x, y) {
				ends = append(ends, image.Pt(x, y))
			}
		}
	}
	if len(ends) == 0 || len(ends) > t.stroke+1 {
		return image.Point{}, false
	}
	p := ends[len(ends)/2]
	// the stub runs back along the line for a while
	for k := 1; k <= 2*t.stroke+4; k++ {
		if !at(p.X-d[0]*k, p.Y-d[1]*k) {
			return image.Point{}, false
		}
	}
	return p, true
}

// joinAcrossColumns joins pieces across a frame's upright sides.
func (t *flowTracer) joinAcrossColumns() {
	w, h := t.w, t.h
	for _, r := range t.cross {
		if r.Dx() >= r.Dy() {
			continue
		}
		r = r.Intersect(t.bounds)
		reach := 4 * (t.stroke + 2)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			left, right := r.Min.X-1, r.Max.X
			for left >= 0 && t.removed[y*w+left] && r.Min.X-left < reach {
				left--
			}
			for right < w && t.removed[y*w+right] && right-r.Max.X < reach {
				right++
			}
			if left < 0 || right >= w {
				continue
			}
			a := t.ls.lab[y*w+left]
			if a == 0 {
				continue
			}
			for dy := range 2*(r.Dx()+2) + 1 {
				by := y + (dy+1)/2*(1-2*(dy%2)) // y, y+1, y-1, y+2 …
				if by < 0 || by >= h {
					continue
				}
				if b := t.ls.lab[by*w+right]; b != 0 {
					t.union(a, b)
					break
				}
			}
		}
	}
}

// straight reports whether a piece's box is a stroke thin.
func (t *flowTracer) straight(b image.Rectangle) bool {
	return min(b.Dx(), b.Dy()) <= t.stroke+1
}

// joinCrossings lets two lines crossing go straight on: it joins the
// pieces left and right of a crossing, and above and below it, but not
// across.
func (t *flowTracer) joinCrossings() {
	w, h, cut := t.w, t.h, t.cut
	join := func(a, b int) {
		if la, lb := t.ls.lab[a], t.ls.lab[b]; la != 0 && lb != 0 {
			t.union(la, lb)
		}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if !cut[y*w+x] {
				continue
			}
			if x == 0 || !cut[y*w+x-1] { // the block's left edge: look across it
				r := x
				for r < w && cut[y*w+r] {
					r++
				}
				if x > 0 && r < w {
					join(y*w+x-1, y*w+r)
				}
			}
			if y == 0 || !cut[(y-1)*w+x] {
				b := y
				for b < h && cut[b*w+x] {
					b++
				}
				if y > 0 && b < h {
					join((y-1)*w+x, b*w+x)
				}
			}
		}
	}
}

// dashGap is how far a straight dash reaches along its line to the
// next: one and a half times its own length and a stroke or two.
func dashGap(b image.Rectangle, stroke int) int {
	return max(b.Dx(), b.Dy())*3/2 + stroke + 2
}

// inLine reports whether dash b lies ahead of the straight dash a on
// a's own line, within a gap: along its line a dash reaches further than
// sideways, as bpmn-js leaves gaps longer than its message flows' dashes
// (10 on, 12 off).
func inLine(a, b image.Rectangle, stroke int, straight bool) bool {
	if !straight {
		return false
	}
	g := dashGap(a, stroke)
	if a.Dx() >= a.Dy() {
		return image.Rect(a.Min.X-g, a.Min.Y-stroke, a.Max.X+g, a.Max.Y+stroke).Overlaps(b)
	}
	return image.Rect(a.Min.X-stroke, a.Min.Y-g, a.Max.X+stroke, a.Max.Y+g).Overlaps(b)
}

// cornerGap is how far apart two dashes meeting at a bend may be: the
// gap of the longer, split between its two legs.
func cornerGap(a, b image.Rectangle, stroke int) int {
	return max(dashGap(a, stroke), dashGap(b, stroke)) * 2 / 3
}

// aligned reports whether two dashes lie on one straight line: both
// horizontal on the same rows or both vertical on the same columns.
func aligned(a, b image.Rectangle, stroke int) bool {
	switch {
	case a.Dx() > a.Dy() && b.Dx() > b.Dy():
		return absDiff(a.Min.Y+a.Max.Y, b.Min.Y+b.Max.Y) <= 2*stroke
	case a.Dy() > a.Dx() && b.Dy() > b.Dx():
		return absDiff(a.Min.X+a.Max.X, b.Min.X+b.Max.X) <= 2*stroke
	}
	return false
}

// corner reports whether a horizontal and a vertical dash meet at a
// bend: an end of one is within reach of an end of the other.
func corner(a, b image.Rectangle, reach int) bool {
	if (a.Dx() > a.Dy()) == (b.Dx() > b.Dy()) {
		return false
	}
	return a.Inset(-reach).Overlaps(b)
}

func sq(a int) int { return a * a }

func absDiff(a, b int) int {
	if a > b {
		return a - b
	}
	return b - a
}
