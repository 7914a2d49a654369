package vision

import "image"

// labels is a connected-component labelling: lab[i] is the component of
// pixel i (0 for pixels outside the set), and comps holds each
// component's statistics (index 0 unused).
type labels struct {
	w, h  int
	lab   []int32
	comps []comp
}

// comp is one connected component.
type comp struct {
	area int
	box  image.Rectangle // inclusive-exclusive bounding box
}

// label finds the 4- or 8-connected components of the pixels where in is
// true, with a two-pass union-find scan (no recursion, so a component as
// large as the image costs no stack).
func label(w, h int, in func(i int) bool, eight bool) *labels {
	lab := make([]int32, w*h)
	parent := []int32{0}
	find := func(a int32) int32 {
		for parent[a] != a {
			parent[a] = parent[parent[a]]
			a = parent[a]
		}
		return a
	}
	union := func(a, b int32) int32 {
		ra, rb := find(a), find(b)
		if ra == rb {
			return ra
		}
		if ra < rb {
			parent[rb] = ra
			return ra
		}
		parent[ra] = rb
		return rb
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			if !in(i) {
				continue
			}
			var l int32
			take := func(j int) {
				if lj := lab[j]; lj != 0 {
					if l == 0 {
						l = lj
					} else if l != lj {
						l = union(l, lj)
					}
				}
			}
			if x > 0 {
				take(i - 1)
			}
			if y > 0 {
				take(i - w)
				if eight {
					if x > 0 {
						take(i - w - 1)
					}
					if x+1 < w {
						take(i - w + 1)
					}
				}
			}
			if l == 0 {
				l = int32(len(parent))
				parent = append(parent, l)
			}
			lab[i] = l
		}
	}
	// compact the roots to 1..n
	id := make([]int32, len(parent))
	n := int32(0)
	for i := 1; i < len(parent); i++ {
		r := find(int32(i))
		if id[r] == 0 {
			n++
			id[r] = n
		}
		id[i] = id[r]
	}
	out := &labels{w: w, h: h, lab: lab, comps: make([]comp, n+1)}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			if lab[i] == 0 {
				continue
			}
			l := id[lab[i]]
			lab[i] = l
			c := &out.comps[l]
			if c.area == 0 {
				c.box = image.Rect(x, y, x+1, y+1)
			} else {
				c.box = c.box.Union(image.Rect(x, y, x+1, y+1))
			}
			c.area++
		}
	}
	return out
}

// spanFill is the share of the component's bounding box covered by the
// row spans of the component (from its leftmost to its rightmost pixel
// on each row): about 1 for a rectangle, π/4 for a circle, 1/2 for a
// diamond, whatever lies inside (text, markers) included.
func (ls *labels) spanFill(l int32) float64 {
	c := ls.comps[l]
	if c.box.Empty() {
		return 0
	}
	var filled int
	for y := c.box.Min.Y; y < c.box.Max.Y; y++ {
		lo, hi := -1, -1
		row := ls.lab[y*ls.w : (y+1)*ls.w]
		for x := c.box.Min.X; x < c.box.Max.X; x++ {
			if row[x] == l {
				if lo < 0 {
					lo = x
				}
				hi = x
			}
		}
		if lo >= 0 {
			filled += hi - lo + 1
		}
	}
	return float64(filled) / float64(c.box.Dx()*c.box.Dy())
}

// spanAt is the width of the component's row span (leftmost to rightmost
// pixel) on row y, 0 when the row misses it.
func (ls *labels) spanAt(l int32, y int) int {
	c := ls.comps[l]
	if y < c.box.Min.Y || y >= c.box.Max.Y {
		return 0
	}
	row := ls.lab[y*ls.w : (y+1)*ls.w]
	lo, hi := -1, -1
	for x := c.box.Min.X; x < c.box.Max.X; x++ {
		if row[x] == l {
			if lo < 0 {
				lo = x
			}
			hi = x
		}
	}
	if lo < 0 {
		return 0
	}
	return hi - lo + 1
}

// profile reports whether the component's row spans a quarter of its
// height from the top and from the bottom are both between lo and hi
// times its width, and the middle row spans nearly all of it: a diamond
// (a half) or an ellipse (√3/2) drawn wider than high, which a triangle
// or a lopsided region is not.
func (ls *labels) profile(l int32, lo, hi float64) bool {
	b := ls.comps[l].box
	w := float64(b.Dx())
	mid := float64(ls.spanAt(l, b.Min.Y+b.Dy()/2))
	for _, y := range []int{b.Min.Y + b.Dy()/4, b.Max.Y - 1 - b.Dy()/4} {
		s := float64(ls.spanAt(l, y)) / w
		if s < lo || s > hi {
			return false
		}
	}
	return mid >= 0.85*w
}
