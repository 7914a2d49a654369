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
	minLen, minH, ok := taskMedians(shapes)
	if !ok {
		return nil
	}
	tol := 2*stroke + 2
	segs := thinSegments(horizontalSegments(bm, minLen, tol), stroke)
	return innermost(framePairs(bm, segs, shapes, minH, stroke))
}

// taskMedians is the median task's width and height (false with no
// task): a frame's lines are at least a task wide, its sides a task
// high.
func taskMedians(shapes []Shape) (w, h int, ok bool) {
	var ws, hs []int
	for _, s := range shapes {
		if s.Kind == Task {
			ws = append(ws, s.Box.Dx())
			hs = append(hs, s.Box.Dy())
		}
	}
	if len(ws) == 0 {
		return 0, 0, false
	}
	sort.Ints(ws)
	sort.Ints(hs)
	return ws[len(ws)/2], hs[len(hs)/2], true
}

// horizontalSegments finds the horizontal ink runs at least minLen
// long, over gaps of a pixel or two (anti-aliasing), each merged with
// the same run (ends within tol) on the rows below.
func horizontalSegments(bm *bitmap, minLen, tol int) []segment {
	var segs []segment
	var open []int // indexes into segs still growing downwards
	for y := 0; y < bm.h; y++ {
		var next []int
		for _, run := range rowRuns(bm.pix[y*bm.w:(y+1)*bm.w], minLen) {
			k := growSegment(segs, open, y, run[0], run[1], tol)
			if k < 0 {
				segs = append(segs, segment{x0: run[0], x1: run[1], y0: y, y1: y})
				k = len(segs) - 1
			}
			next = append(next, k)
		}
		open = next
	}
	return segs
}

// rowRuns lists a row's ink runs (start, end exclusive) at least
// minLen long, bridging gaps of up to two pixels.
func rowRuns(row []bool, minLen int) [][2]int {
	var out [][2]int
	run, gap, start := 0, 0, 0
	for x := 0; x <= len(row); x++ {
		if x < len(row) && row[x] {
			if run == 0 {
				start = x
			}
			run, gap = x-start+1, 0
			continue
		}
		if run > 0 {
			gap++
			if gap > 2 || x == len(row) {
				if run >= minLen {
					out = append(out, [2]int{start, start + run})
				}
				run, gap = 0, 0
			}
		}
	}
	return out
}

// growSegment extends the open segment that the run start..end on row y
// continues (it ended on the row above, its ends within tol) and gives
// its index, or -1 when none does.
func growSegment(segs []segment, open []int, y, start, end, tol int) int {
	for _, k := range open {
		s := &segs[k]
		if s.y1 == y-1 && absDiff(s.x0, start) <= tol && absDiff(s.x1, end) <= tol {
			s.y1 = y
			s.x0, s.x1 = min(s.x0, start), max(s.x1, end)
			return k
		}
	}
	return -1
}

// thinSegments drops the thick lines: a frame is drawn in the thin
// stroke.
func thinSegments(segs []segment, stroke int) []segment {
	kept := segs[:0]
	for _, s := range segs {
		if s.y1-s.y0 <= 2*stroke+1 {
			kept = append(kept, s)
		}
	}
	return kept
}

// frameColumn reports whether column x (or the stroke's columns right
// of it) is inked on nearly every row from y0 to y1: a frame's side.
func frameColumn(bm *bitmap, x, y0, y1, stroke int) bool {
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

// framePairs pairs each top line with the lines below it of the same
// extent, at least a task high lower, joined by a side at both ends,
// into frames round at least one node.
func framePairs(bm *bitmap, segs []segment, shapes []Shape, minH, stroke int) []image.Rectangle {
	tol := 2*stroke + 2
	var out []image.Rectangle
	for i, t := range segs {
		for _, b := range segs[i+1:] {
			if (b.y0-t.y1)*4 < minH*5 || absDiff(t.x0, b.x0) > tol || absDiff(t.x1, b.x1) > tol {
				continue
			}
			x0, x1 := min(t.x0, b.x0), max(t.x1, b.x1)
			if !frameColumn(bm, x0, t.y1+1, b.y0, stroke) || !frameColumn(bm, x1-stroke, t.y1+1, b.y0, stroke) {
				continue
			}
			r := image.Rect(x0, t.y0, x1, b.y1+1)
			if holdsNode(r, shapes, stroke, tol) {
				out = append(out, r)
			}
		}
	}
	return out
}

// holdsNode reports whether frame r holds a node and is not a node's
// own outline.
func holdsNode(r image.Rectangle, shapes []Shape, stroke, tol int) bool {
	holds := false
	for _, s := range shapes {
		if s.Box.In(r.Inset(stroke)) {
			holds = true
		}
		if absDiff(s.Box.Min.X, r.Min.X) <= tol && absDiff(s.Box.Max.X, r.Max.X) <= tol &&
			absDiff(s.Box.Min.Y, r.Min.Y) <= tol && absDiff(s.Box.Max.Y, r.Max.Y) <= tol {
			return false // the frame is a node's own outline
		}
	}
	return holds
}

// innermost keeps the frames holding no other frame (the lanes), one
// of a frame's lines found twice (its top at two rows of a thick line),
// sorted top to bottom, then left to right.
func innermost(out []image.Rectangle) []image.Rectangle {
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
