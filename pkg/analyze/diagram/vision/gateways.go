package vision

import "image"

// gatewayMarker reads the symbol in a diamond: ink on the diagonals is an
// X, on the axes a +, a closed ring an O, rings in rings an event-based
// gateway. Its phases: the rings inside the diamond (closedInside), the
// ink on its diagonals and axes (markerInk), and the marker they make
// (markerOf).
func gatewayMarker(bm *bitmap, ws *labels, n *candidate) Marker {
	closed := closedInside(ws, n)
	diag, axis := markerInk(bm, n.box)
	return markerOf(closed, diag, axis)
}

// closedInside counts the closed white regions inside diamond n big
// enough to be a ring's inside. Those too small to be candidates still
// count: it looks at the labelled white components. A ring's inside is
// a good part of the diamond; the holes of the letters of a question
// written inside it (Mermaid) are not.
func closedInside(ws *labels, n *candidate) int {
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
	closed := 0
	for l := range seen {
		if c := ws.comps[l]; c.box.In(b) && c.area >= 4 && max(c.box.Dx(), c.box.Dy())*6 >= b.Dx() {
			closed++
		}
	}
	return closed
}

// markerInk counts the ink at two points on each half diagonal (diag)
// and each half axis (axis) of box b's centre, a fifth of its width out
// and half that.
func markerInk(bm *bitmap, b image.Rectangle) (diag, axis int) {
	cx, cy := (b.Min.X+b.Max.X)/2, (b.Min.Y+b.Max.Y)/2
	r := b.Dx() / 5
	for t := 1; t <= 2; t++ {
		for _, s := range [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
			if bm.at(cx+s[0]*r*t/2, cy+s[1]*r*t/2) {
				diag++
			}
		}
	}
	for t := 1; t <= 2; t++ {
		for _, p := range [][2]int{{r * t / 2, 0}, {-r * t / 2, 0}, {0, r * t / 2}, {0, -r * t / 2}} {
			if bm.at(cx+p[0], cy+p[1]) {
				axis++
			}
		}
	}
	return diag, axis
}

// markerOf is the marker of a diamond with closed rings inside and diag
// and axis inked points (markerInk).
func markerOf(closed, diag, axis int) Marker {
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
