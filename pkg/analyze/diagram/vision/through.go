package vision

// joinThroughLabels joins a line that runs through its label. Mermaid
// draws an edge's label on the line, over a box that lets the line
// show through only faintly: at the Otsu cut the line breaks under the
// label, and the letters touch the two ends left, so that neither ends
// in the straight stub joinAcrossLabels looks from. Here each long
// straight run of ink (along a row or a column) looks on along its own
// row for the next long run, past letters only: the gap holds ink, all
// of it letters (small pieces) or the two lines' own, reaching across
// the line as letters do; no shape's surroundings, no lane line in it.
func (t *flowTracer) joinThroughLabels() {
	t.throughAlong(false)
	t.throughAlong(true)
}

// throughAlong runs joinThroughLabels along rows, or with vertical
// along columns.
func (t *flowTracer) throughAlong(vertical bool) {
	n, m := t.w, t.h // along, across
	if vertical {
		n, m = t.h, t.w
	}
	minRun := 4*t.stroke + 6
	for c := range m {
		a := 0
		for a < n {
			if t.along(vertical, a, c) == 0 {
				a++
				continue
			}
			e := a
			for e < n && t.along(vertical, e, c) != 0 {
				e++
			}
			if e-a >= minRun {
				t.lookThrough(vertical, e-1, c, minRun)
			}
			a = e
		}
	}
}

// along is the piece at (a, c): a along the line, c across it.
func (t *flowTracer) along(vertical bool, a, c int) int32 {
	x, y := a, c
	if vertical {
		x, y = c, a
	}
	if x < 0 || y < 0 || x >= t.w || y >= t.h {
		return 0
	}
	return t.ls.lab[y*t.w+x]
}

// blocked reports whether (a, c) is in a shape's surroundings, on a
// removed outline or line, or off the picture.
func (t *flowTracer) blocked(vertical bool, a, c int) bool {
	x, y := a, c
	if vertical {
		x, y = c, a
	}
	if x < 0 || y < 0 || x >= t.w || y >= t.h {
		return true
	}
	i := y*t.w + x
	return t.removed[i] || t.halo[i] != 0
}

// lookThrough looks on from a run's end at (e, c) for the next run of
// minRun along the same row (or the next), past a label's letters, and
// joins the two runs' pieces.
func (t *flowTracer) lookThrough(vertical bool, e, c, minRun int) {
	l := t.along(vertical, e, c)
	reach := 12*t.stroke + 60
	for k := 1; k <= reach; k++ {
		a := e + k
		if t.blocked(vertical, a, c) {
			return
		}
		o := t.along(vertical, a, c)
		if o == 0 {
			continue
		}
		if k == 1 || !t.runFrom(vertical, a, c, minRun) {
			continue
		}
		if t.find(o) != t.find(l) && t.lettersBetween(vertical, e+1, a, c, l, o) {
			t.union(l, o)
		}
		return
	}
}

// runFrom reports whether ink runs on from (a, c) for n along the row.
func (t *flowTracer) runFrom(vertical bool, a, c, n int) bool {
	for k := range n {
		if t.along(vertical, a+k, c) == 0 {
			return false
		}
	}
	return true
}

// lettersBetween reports whether the gap [a0, a1) of row c holds a
// label's letters: ink across the line, more than a stroke away from
// it, along at least half the gap (a rounded bend's ink lies at the
// gap's start only), every piece of it a letter or one of the two
// lines' own (letters touching the line) but for none of the lines'
// own running out of the letters' reach (two bends facing each other),
// and no shape's surroundings.
func (t *flowTracer) lettersBetween(vertical bool, a0, a1, c int, l, o int32) bool {
	rl, ro := t.find(l), t.find(o)
	first, last := -1, -1
	for a := a0; a < a1; a++ {
		for _, side := range []int{-1, 1} {
			far, ok := t.across(vertical, a, c, side, rl, ro)
			if !ok {
				return false
			}
			if far {
				if first < 0 {
					first = a
				}
				last = a
			}
		}
	}
	return first >= 0 && 2*(last-first+1) >= a1-a0
}

// across looks from the line's row c at a out to one side, as far as
// a letter reaches: far is ink more than a stroke away, ok false when
// the ink is no letter's (a piece too big, a shape's surroundings on
// the line, or the lines' own ink running on out of the letters' reach
// or into a shape: a bend's leg).
func (t *flowTracer) across(vertical bool, a, c, side int, rl, ro int32) (far, ok bool) {
	span := 3*t.stroke + 12
	own := false
	for k := 0; k <= span; k++ {
		if t.blocked(vertical, a, c+side*k) {
			return far, k > t.stroke+1 && !own
		}
		p := t.along(vertical, a, c+side*k)
		if p == 0 {
			own = false
			continue
		}
		r := t.find(p)
		own = r == rl || r == ro
		if !own && !t.letter(p) || own && k == span {
			return far, false
		}
		if k > t.stroke+1 {
			far = true
		}
	}
	return far, true
}

// letter reports whether piece p is small enough to be a letter and
// no dash (a stroke thin).
func (t *flowTracer) letter(p int32) bool {
	b := t.ls.comps[p].box
	return b.Dx() <= 3*t.stroke+24 && b.Dy() <= 3*t.stroke+24 && !t.straight(b)
}
