package vision

import (
	"image"
	"sort"
)

// segment is a horizontal ink line: rows y0..y1 (inclusive), columns
// x0..x1 (exclusive).
type segment struct{ x0, x1, y0, y1 int }

// frames finds the square-cornered rectangles drawn around nodes, as
// flowchart tools draw swimlanes and clusters (Graphviz: a plain
// rectangle with its name inside, at the top). Arrows crossing a frame
// split its white inside into pieces, so it is read from its four
// lines, not from a white region: two long horizontal lines of the same
// extent, joined at both ends by vertical lines, around at least one
// node. A rounded rectangle (an expanded sub-process) fails the
// vertical check at the horizontal line's ends, where its corners bend
// away. Frames holding another frame are dropped: the innermost are
// the lanes. The result is sorted top to bottom, then left to right.
func frames(bm *bitmap, shapes []Shape, stroke int) []image.Rectangle {
	var ws, hs []int
	for _, s := range shapes {
		if s.Kind == Task {
			ws = append(ws, s.Box.Dx())
			hs = append(hs, s.Box.Dy())
		}
	}
	if len(ws) == 0 {
		return nil
	}
	sort.Ints(ws)
	sort.Ints(hs)
	minLen, minH := ws[len(ws)/2], hs[len(hs)/2]
	tol := 2*stroke + 2
	// horizontal ink runs at least a task wide, over gaps of a pixel or
	// two (anti-aliasing), merged with the same run on the rows below
	var segs []segment
	var open []int // indexes into segs still growing downwards
	for y := 0; y < bm.h; y++ {
		var next []int
		run, gap, start := 0, 0, 0
		flush := func(end int) {
			if end-start < minLen {
				return
			}
			for _, k := range open {
				s := &segs[k]
				if s.y1 == y-1 && absDiff(s.x0, start) <= tol && absDiff(s.x1, end) <= tol {
					s.y1 = y
					s.x0, s.x1 = min(s.x0, start), max(s.x1, end)
					next = append(next, k)
					return
				}
			}
			segs = append(segs, segment{x0: start, x1: end, y0: y, y1: y})
			next = append(next, len(segs)-1)
		}
		row := bm.pix[y*bm.w : (y+1)*bm.w]
		for x := 0; x <= bm.w; x++ {
			if x < bm.w && row[x] {
				if run == 0 {
					start = x
				}
				run, gap = x-start+1, 0
				continue
			}
			if run > 0 {
				gap++
				if gap > 2 || x == bm.w {
					flush(start + run)
					run, gap = 0, 0
				}
			}
		}
		open = next
	}
	// thick lines are no frame's: a frame is drawn in the thin stroke
	kept := segs[:0]
	for _, s := range segs {
		if s.y1-s.y0 <= 2*stroke+1 {
			kept = append(kept, s)
		}
	}
	segs = kept
	column := func(x, y0, y1 int) bool {
		ink, all := 0, 0
		for y := y0; y < y1; y++ {
			all++
			for dx := -1; dx <= stroke; dx++ {
				if bm.at(x+dx, y) {
					ink++
					break
				}
			}
		}
		return all > 0 && ink*100 >= all*95
	}
	var out []image.Rectangle
	for i, t := range segs {
		for _, b := range segs[i+1:] {
			if (b.y0-t.y1)*4 < minH*5 || absDiff(t.x0, b.x0) > tol || absDiff(t.x1, b.x1) > tol {
				continue
			}
			x0, x1 := min(t.x0, b.x0), max(t.x1, b.x1)
			if !column(x0, t.y1+1, b.y0) || !column(x1-stroke, t.y1+1, b.y0) {
				continue
			}
			r := image.Rect(x0, t.y0, x1, b.y1+1)
			holds := false
			for _, s := range shapes {
				if s.Box.In(r.Inset(stroke)) {
					holds = true
				}
				if absDiff(s.Box.Min.X, r.Min.X) <= tol && absDiff(s.Box.Max.X, r.Max.X) <= tol &&
					absDiff(s.Box.Min.Y, r.Min.Y) <= tol && absDiff(s.Box.Max.Y, r.Max.Y) <= tol {
					holds = false // the frame is a node's own outline
					break
				}
			}
			if holds {
				out = append(out, r)
			}
		}
	}
	// the innermost frames are the lanes; a frame's lines found twice
	// (its top at two rows of a thick line) keep one
	var inner []image.Rectangle
	for i, a := range out {
		keep := true
		for j, b := range out {
			if i == j {
				continue
			}
			if b.In(a) && b != a {
				keep = false
				break
			}
			if b == a && j < i {
				keep = false
				break
			}
		}
		if keep {
			inner = append(inner, a)
		}
	}
	sort.Slice(inner, func(i, j int) bool {
		if inner[i].Min.Y != inner[j].Min.Y {
			return inner[i].Min.Y < inner[j].Min.Y
		}
		return inner[i].Min.X < inner[j].Min.X
	})
	return inner
}

// frameBands turns frames into lanes: the body is the frame, the
// header the strip inside its top line above the highest node it holds,
// where its name is written across (Titled).
func frameBands(rects []image.Rectangle, shapes []Shape, stroke int) []Band {
	var out []Band
	for _, r := range rects {
		top := r.Max.Y
		for _, s := range shapes {
			if s.Box.In(r) {
				top = min(top, s.Box.Min.Y)
			}
		}
		in := r.Inset(stroke + 1)
		hd := image.Rect(in.Min.X, in.Min.Y, in.Max.X, max(in.Min.Y, top-1))
		out = append(out, Band{Header: hd, Body: r, Titled: true})
	}
	return out
}
