package layout

import (
	"cmp"
	"slices"
	"sort"
)

// Metrics are the quality figures of a drawing, used by tests and the
// layout benchmark to compare with other layouters.
type Metrics struct {
	// Overlaps counts pairs of shapes whose interiors intersect.
	Overlaps int
	// Crossings counts proper crossings between segments of different
	// edges.
	Crossings int
	// Bends counts waypoints other than the two ends of each edge.
	Bends int
	// Through counts edge segments that pass through the interior of a
	// shape other than their own source and target.
	Through int
}

// Measure computes Metrics. ends gives each edge's source and target shape
// index (may be nil, then Through is not computed).
func Measure(shapes []Rect, edges [][]Point, ends [][2]int) Metrics {
	var m Metrics
	order := make([]int, len(shapes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(shapes[a].X, shapes[b].X) })
	const eps = 0.5
	maxW := 0.0
	for i, a := range order {
		ra := shapes[a]
		maxW = max(maxW, ra.W)
		for _, b := range order[i+1:] {
			rb := shapes[b]
			if rb.X >= ra.X+ra.W-eps {
				break
			}
			if rb.Y < ra.Y+ra.H-eps && ra.Y < rb.Y+rb.H-eps {
				m.Overlaps++
			}
		}
	}
	segs := make([]mseg, 0, len(edges)*3)
	for i, pts := range edges {
		if len(pts) > 2 {
			m.Bends += len(pts) - 2
		}
		for k := 0; k+1 < len(pts); k++ {
			a, b := pts[k], pts[k+1]
			segs = append(segs, mseg{a, b, min(a.X, b.X), max(a.X, b.X), i})
		}
	}
	m.Crossings = crossings(segs)
	if ends != nil {
		// shapes by left side: a segment can only run through those
		// starting left of its right end and ending right of its left end
		for _, s := range segs {
			hi := sort.Search(len(order), func(k int) bool { return shapes[order[k]].X+eps >= s.x1 })
			for _, k := range order[:hi] {
				r := shapes[k]
				if r.X+maxW < s.x0 {
					continue
				}
				if k == ends[s.edge][0] || k == ends[s.edge][1] {
					continue
				}
				if segmentInRect(s.a, s.b, r) {
					m.Through++
				}
			}
		}
	}
	return m
}

// mseg is an edge segment Measure counts, with its x range.
type mseg struct {
	a, b   Point
	x0, x1 float64
	edge   int
}

// crossings counts the proper crossings between segments of different
// edges (sweeping by x; segs is sorted in place).
func crossings(segs []mseg) int {
	slices.SortStableFunc(segs, func(a, b mseg) int { return cmp.Compare(a.x0, b.x0) })
	n := 0
	for i := range segs {
		s := &segs[i]
		for j := i + 1; j < len(segs) && segs[j].x0 <= s.x1; j++ {
			t := &segs[j]
			if s.edge != t.edge && properCross(s.a, s.b, t.a, t.b) {
				n++
			}
		}
	}
	return n
}

func orient(a, b, c Point) float64 {
	return (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X)
}

// properCross reports whether segments ab and cd cross at a point inside
// both (touching ends and collinear overlaps do not count).
func properCross(a, b, c, d Point) bool {
	const e = 1e-9
	o1, o2 := orient(a, b, c), orient(a, b, d)
	o3, o4 := orient(c, d, a), orient(c, d, b)
	return ((o1 > e && o2 < -e) || (o1 < -e && o2 > e)) && ((o3 > e && o4 < -e) || (o3 < -e && o4 > e))
}

// segmentInRect reports whether an axis-parallel segment runs through the
// interior of r (diagonal segments are tested by their bounding box).
func segmentInRect(a, b Point, r Rect) bool {
	const e = 0.5
	x0, x1 := min(a.X, b.X), max(a.X, b.X)
	y0, y1 := min(a.Y, b.Y), max(a.Y, b.Y)
	return x0 < r.X+r.W-e && x1 > r.X+e && y0 < r.Y+r.H-e && y1 > r.Y+e
}
