package vision

// gatewayMarker reads the symbol in a diamond: ink on the diagonals is an
// X, on the axes a +, a closed ring an O, rings in rings an event-based
// gateway.
func gatewayMarker(bm *bitmap, ws *labels, cands []*candidate, n *candidate) Marker {
	holes := 0
	for _, c := range cands {
		if c != n && c.box.In(n.box) {
			holes++
		}
	}
	// closed white regions inside the diamond that are too small to be
	// candidates still count: look at the labelled white components
	seen := map[int32]bool{}
	b := n.box
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			l := ws.lab[y*ws.w+x]
			if l == 0 || l == n.l || seen[l] {
				continue
			}
			seen[l] = true
		}
	}
	// a ring's inside is a good part of the diamond; the holes of the
	// letters of a question written inside it (Mermaid) are not
	closed := 0
	for l := range seen {
		if c := ws.comps[l]; c.box.In(b) && c.area >= 4 && max(c.box.Dx(), c.box.Dy())*6 >= b.Dx() {
			closed++
		}
	}
	cx, cy := (b.Min.X+b.Max.X)/2, (b.Min.Y+b.Max.Y)/2
	r := b.Dx() / 5
	ink := func(dx, dy int) int {
		k := 0
		for t := 1; t <= 2; t++ {
			for _, s := range [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
				if bm.at(cx+s[0]*dx*t/2, cy+s[1]*dy*t/2) {
					k++
				}
			}
		}
		return k
	}
	diag := ink(r, r)
	axis := 0
	for t := 1; t <= 2; t++ {
		for _, p := range [][2]int{{r * t / 2, 0}, {-r * t / 2, 0}, {0, r * t / 2}, {0, -r * t / 2}} {
			if bm.at(cx+p[0], cy+p[1]) {
				axis++
			}
		}
	}
	switch {
	case closed >= 2:
		return MarkerEventBased
	case closed == 1:
		return MarkerInclusive
	case diag >= 6 && diag > axis:
		return MarkerExclusive
	case axis >= 6 && axis > diag:
		return MarkerParallel
	case diag+axis >= 4:
		return MarkerExclusive
	}
	return MarkerNone
}
