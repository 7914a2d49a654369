package layout

import "sort"

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
	sort.Slice(order, func(a, b int) bool { return shapes[order[a]].X < shapes[order[b]].X })
	const eps = 0.5
	for i, a := range order {
		ra := shapes[a]
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
	type seg struct {
		a, b Point
		edge int
	}
	var segs []seg
	for i, pts := range edges {
		if len(pts) > 2 {
			m.Bends += len(pts) - 2
		}
		for k := 0; k+1 < len(pts); k++ {
			segs = append(segs, seg{pts[k], pts[k+1], i})
		}
	}
	minX := func(s seg) float64 { return min(s.a.X, s.b.X) }
	maxX := func(s seg) float64 { return max(s.a.X, s.b.X) }
	sort.Slice(segs, func(i, j int) bool { return minX(segs[i]) < minX(segs[j]) })
	for i := range segs {
		s := segs[i]
		for j := i + 1; j < len(segs) && minX(segs[j]) <= maxX(s); j++ {
			t := segs[j]
			if s.edge != t.edge && properCross(s.a, s.b, t.a, t.b) {
				m.Crossings++
			}
		}
	}
	if ends != nil {
		for _, s := range segs {
			for k, r := range shapes {
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
