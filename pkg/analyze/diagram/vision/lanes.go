package vision

import (
	"image"
	"sort"
)

// findLanes finds the pools' lanes and their lines or, with no BPMN
// pool, a flowchart's swimlanes: plain frames around their nodes, whose
// lines the arrows cross.
func (r *recognizer) findLanes() {
	r.d.Lanes, r.lines = bands(r.bm, r.cands, r.stroke)
	r.pooled = len(r.d.Lanes) > 0
	if r.pooled {
		return
	}
	fr := frames(r.bm, r.d.Shapes, r.stroke)
	r.d.Lanes = frameBands(fr, r.d.Shapes, r.stroke)
	if len(fr) == 0 {
		r.addColumns()
		return
	}
	k := r.stroke + 2
	for _, b := range fr {
		r.cross = append(r.cross,
			image.Rect(b.Min.X-1, b.Min.Y-1, b.Max.X+1, b.Min.Y+k-1),
			image.Rect(b.Min.X-1, b.Max.Y-k+1, b.Max.X+1, b.Max.Y+1),
			image.Rect(b.Min.X-1, b.Min.Y-1, b.Min.X+k-1, b.Max.Y+1),
			image.Rect(b.Max.X-k+1, b.Min.Y-1, b.Max.X+1, b.Max.Y+1))
	}
}

// addCollapsedPools adds the wide empty boxes outside every lane as
// collapsed pools, when the picture has pools: an empty lane's inside is
// as wide, and no flowchart frame holds a collapsed pool.
func (r *recognizer) addCollapsedPools() {
	if !r.pooled {
		return
	}
	for _, c := range r.collapsed {
		if !inBand(center(c.box), r.d.Lanes) {
			r.d.Shapes = append(r.d.Shapes, Shape{Kind: Pool, Inner: c.box, Box: c.box.Inset(-r.stroke - 1)})
		}
	}
}

// inBand reports whether p lies in the body of one of the lanes.
func inBand(p image.Point, lanes []Band) bool {
	for _, b := range lanes {
		if p.In(b.Body) {
			return true
		}
	}
	return false
}

// addContainerLines adds the outlines of containers, and of pool headers
// when there are pools, to the lines findFlows removes. A tall white
// strip is a pool's header only beside a pool: with none found it is a
// gap fenced by arrows, whose lines stay.
func (r *recognizer) addContainerLines() {
	k := r.stroke + 2
	for _, c := range r.cands {
		if !c.container && (!c.header || !r.pooled) {
			continue
		}
		b := c.box
		if c.container && lanePiece(b, r.d.Lanes, 2*k) {
			// a lane's white inside cut off by a connector running
			// across the lane: its side is that connector, which stays
			continue
		}
		r.lines = append(r.lines,
			image.Rect(b.Min.X-k, b.Min.Y-k, b.Max.X+k, b.Min.Y),
			image.Rect(b.Min.X-k, b.Max.Y, b.Max.X+k, b.Max.Y+k),
			image.Rect(b.Min.X-k, b.Min.Y, b.Min.X, b.Max.Y),
			image.Rect(b.Max.X, b.Min.Y, b.Max.X+k, b.Max.Y))
	}
}

// lanePiece reports whether a white region reaches from a lane's top to
// its bottom: a piece of the lane's inside, not a sub-process drawn in
// it.
func lanePiece(b image.Rectangle, lanes []Band, tol int) bool {
	for _, ln := range lanes {
		if ln.Pool && len(lanes) > 1 {
			continue // the pool's lanes follow, when it has any
		}
		if absDiff(b.Min.Y, ln.Body.Min.Y) <= tol && absDiff(b.Max.Y, ln.Body.Max.Y) <= tol {
			return true
		}
	}
	return false
}

// framed reports whether ink runs along most of all four sides of a
// white box (the middle three quarters of each; of a wide box's short
// sides, the middle half), as a task's border does (a message flow's little circle on
// the border leaves a gap); a region fenced in by arrows and the corners
// of diamonds leaves wide gaps along its box.
func framed(bm *bitmap, b image.Rectangle, stroke int) bool {
	side := func(x0, y0, dx, dy, n int) bool {
		lo, hi := n/8, n-n/8
		if dx == 0 && b.Dx() >= 2*b.Dy() {
			// a wide box's rounded corners (Graphviz rounds them by a
			// good part of the height) take more of its short sides
			lo, hi = n/4, n-n/4
		}
		ink, all := 0, 0
		for k := lo; k < hi; k++ {
			x, y := x0+dx*k, y0+dy*k
			all++
			for o := 1; o <= stroke+2; o++ {
				var px, py int
				switch {
				case dy == 0 && y0 < b.Min.Y+1: // top
					px, py = x, y-o+1
				case dy == 0: // bottom
					px, py = x, y+o-1
				case x0 < b.Min.X+1: // left
					px, py = x-o+1, y
				default: // right
					px, py = x+o-1, y
				}
				if bm.at(px, py) {
					ink++
					break
				}
			}
		}
		return all == 0 || ink*100 >= all*75
	}
	return side(b.Min.X, b.Min.Y-1, 1, 0, b.Dx()) && side(b.Min.X, b.Max.Y, 1, 0, b.Dx()) &&
		side(b.Min.X-1, b.Min.Y, 0, 1, b.Dy()) && side(b.Max.X, b.Min.Y, 0, 1, b.Dy())
}

// runsOn counts the sides of a white box whose border line runs on past
// a corner: a task's border turns at its corners, while a region fenced
// by a lane's border and arrows is bounded by lines that go on; tall
// marks the columns of lines down the whole picture.
func runsOn(bm *bitmap, b image.Rectangle, stroke int, tall []bool) int {
	d := 2*stroke + 4
	n := 0
	for o := 1; o <= stroke+1; o++ {
		for _, p := range [][2]int{
			{b.Min.X - d, b.Min.Y - o}, {b.Max.X - 1 + d, b.Min.Y - o}, // top
			{b.Min.X - d, b.Max.Y - 1 + o}, {b.Max.X - 1 + d, b.Max.Y - 1 + o}, // bottom
			{b.Min.X - o, b.Min.Y - d}, {b.Min.X - o, b.Max.Y - 1 + d}, // left
			{b.Max.X - 1 + o, b.Min.Y - d}, {b.Max.X - 1 + o, b.Max.Y - 1 + d}, // right
		} {
			// a line down the whole picture (a swimlane's, PlantUML's)
			// may pass a box's side: it is no border running on
			if bm.at(p[0], p[1]) && !tall[p[0]] {
				n++
			}
		}
		if n > 0 {
			return n
		}
	}
	return n
}

// bands reads the pools and lanes: a tall, narrow box is a pool's
// header (its name written upwards); the pool's top border runs right
// from it to the pool's end, and every line across the whole pool below
// it separates two lanes, each with its own name written upwards along
// its left edge. Arrows running from lane to lane cut the lanes' white
// insides into pieces, so the lanes are read from these lines, not from
// the white regions. A pool without separators is one band. It also
// returns the border and separator lines, for the arrows to be read
// across them.
func bands(bm *bitmap, cands []*candidate, stroke int) ([]Band, []image.Rectangle) {
	var (
		out   []Band
		lines []image.Rectangle
	)
	k := stroke + 2
	for _, hd := range cands {
		if !hd.header {
			continue
		}
		h := hd.box
		// the top border: follow the ink right of the header, over gaps
		// of a few pixels (anti-aliasing, a crossing arrow's gap)
		y := h.Min.Y - 1 - stroke/2
		right, gap := h.Max.X, 0
		for x := h.Max.X; x < bm.w && gap <= k; x++ {
			if bm.at(x, y) || bm.at(x, y-1) || bm.at(x, y+1) {
				right, gap = x, 0
			} else {
				gap++
			}
		}
		x0 := h.Max.X + 2*stroke + 2
		if right-x0 < 4*h.Dx() {
			continue // no pool to the right of it
		}
		pool := image.Rect(h.Max.X+stroke, h.Min.Y, right-stroke, h.Max.Y)
		// separators: rows inked across nearly the whole pool
		var cuts [][2]int // first and last row of each separator
		for y := h.Min.Y + stroke + 2; y < h.Max.Y-stroke-2; y++ {
			ink := 0
			for x := x0; x < right-stroke; x++ {
				if bm.pix[y*bm.w+x] {
					ink++
				}
			}
			if ink*100 < (right-stroke-x0)*95 {
				continue
			}
			if n := len(cuts); n > 0 && cuts[n-1][1] >= y-1 {
				cuts[n-1][1] = y
			} else {
				cuts = append(cuts, [2]int{y, y})
			}
		}
		out = append(out, Band{Header: h, Body: pool, Pool: true})
		lines = append(lines,
			image.Rect(pool.Min.X-k, pool.Min.Y-k, pool.Max.X+k, pool.Min.Y),
			image.Rect(pool.Min.X-k, pool.Max.Y, pool.Max.X+k, pool.Max.Y+k),
			image.Rect(pool.Max.X-1, pool.Min.Y, pool.Max.X+k, pool.Max.Y))
		top := pool.Min.Y
		for i := 0; i <= len(cuts); i++ {
			bottom := pool.Max.Y
			if i < len(cuts) {
				bottom = cuts[i][0]
				lines = append(lines, image.Rect(pool.Min.X, cuts[i][0]-1, pool.Max.X, cuts[i][1]+2))
			}
			if bottom-top > 2*stroke+4 {
				body := image.Rect(pool.Min.X, top, pool.Max.X, bottom)
				strip := image.Rect(body.Min.X, body.Min.Y, min(body.Max.X, body.Min.X+h.Dx()+stroke), body.Max.Y)
				out = append(out, Band{Header: strip, Body: body})
			}
			if i < len(cuts) {
				top = cuts[i][1] + 1
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Header.Min.Y != out[j].Header.Min.Y {
			return out[i].Header.Min.Y < out[j].Header.Min.Y
		}
		return out[i].Header.Min.X < out[j].Header.Min.X
	})
	return out, lines
}
