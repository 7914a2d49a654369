package vision

import (
	"image"
	"math"
	"sort"
)

// Flow is a connector between two shapes, directed by its arrowhead.
type Flow struct {
	// From and To index Diagram.Shapes.
	From, To int
	// Path samples the connector's ink, for placing labels beside it.
	Path []image.Point
	// Sure is false when no arrowhead told the direction and it was
	// guessed from the reading order.
	Sure bool
	// Dashed is true for a connector drawn in dashes: a message flow
	// between pools (or an association), not a sequence flow.
	Dashed bool
}

// Trace is a connector followed from a shape to nowhere: its other end
// touches no shape found (an arrow cut by a smudge, a shape not
// recognised). It is not drawn as a flow; the reader says it is there.
type Trace struct {
	// Node indexes Diagram.Shapes: the shape the connector leaves.
	Node int
	// End is the connector's ink farthest from that shape.
	End image.Point
	// Start is where the connector touches the shape.
	Start image.Point
	// Dashed is true for a connector drawn in dashes (an association to
	// a note or a data object, a message flow to a pool not read).
	Dashed bool
}

// contact is where a connector touches a shape's surroundings.
type contact struct {
	node      int
	sx, sy, n int
	// via is set for a dashed line's end found along the solid line its
	// last dash merges into
	via     bool
	x, y    int
	density float64
}

// findFlows removes the shapes and lane lines from the ink, collects the
// remaining line pieces that touch two or more shapes, and directs each
// by the filled arrowhead at its target end. Lines crossing a lane border
// are joined across it; cross are frame lines (a flowchart's swimlanes),
// removed too and joined across whichever way they run.
func findFlows(bm *bitmap, d *Diagram, lines, cross []image.Rectangle) []Flow {
	w, h := bm.w, bm.h
	stroke := d.Stroke
	removed := make([]bool, w*h)
	halo := make([]int32, w*h) // node index + 1
	order := make([]int, len(d.Shapes))
	for i := range order {
		order[i] = i
	}
	// big shapes first so that a boundary event on a task's border wins
	sort.SliceStable(order, func(a, b int) bool {
		ra, rb := d.Shapes[order[a]].Box, d.Shapes[order[b]].Box
		return ra.Dx()*ra.Dy() > rb.Dx()*rb.Dy()
	})
	bounds := image.Rect(0, 0, w, h)
	for _, i := range order {
		s := d.Shapes[i]
		hb := s.Box.Inset(-stroke - 3).Intersect(bounds)
		for y := hb.Min.Y; y < hb.Max.Y; y++ {
			for x := hb.Min.X; x < hb.Max.X; x++ {
				halo[y*w+x] = int32(i + 1)
			}
		}
	}
	for _, s := range d.Shapes {
		cb := s.Box.Inset(-1).Intersect(bounds)
		in := outline(s, stroke)
		for y := cb.Min.Y; y < cb.Max.Y; y++ {
			for x := cb.Min.X; x < cb.Max.X; x++ {
				if in(x, y) {
					removed[y*w+x] = true
				}
			}
		}
	}
	all := append(append([]image.Rectangle(nil), lines...), cross...)
	for _, r := range all {
		r = r.Intersect(bounds)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				removed[y*w+x] = true
			}
		}
	}
	cut := crossings(bm, removed, stroke)
	ls := label(w, h, func(i int) bool { return bm.pix[i] && !removed[i] && !cut[i] }, true)
	n := len(ls.comps)
	parent := make([]int32, n)
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(a int32) int32 {
		for parent[a] != a {
			parent[a] = parent[parent[a]]
			a = parent[a]
		}
		return a
	}
	// join pieces across removed horizontal lane lines; a frame's line
	// is crossed by slanted arrows too, whose ink goes on a little to
	// the side
	for li, r := range all {
		if r.Dx() < r.Dy() {
			continue
		}
		slant := 0
		if li >= len(lines) {
			slant = r.Dy() + 2
		}
		r = r.Intersect(bounds)
		reach := 4 * (stroke + 2)
		for x := r.Min.X; x < r.Max.X; x++ {
			// the neighbouring lane's border is removed too: look past it
			above, below := r.Min.Y-1, r.Max.Y
			for above >= 0 && removed[above*w+x] && r.Min.Y-above < reach {
				above--
			}
			for below < h && removed[below*w+x] && below-r.Max.Y < reach {
				below++
			}
			if above < 0 || below >= h {
				continue
			}
			a := ls.lab[above*w+x]
			if a == 0 {
				continue
			}
			for dx := range 2*slant + 1 {
				bx := x + (dx+1)/2*(1-2*(dx%2)) // x, x+1, x-1, x+2 …
				if bx < 0 || bx >= w {
					continue
				}
				if b := ls.lab[below*w+bx]; b != 0 {
					if ra, rb := find(a), find(b); ra != rb {
						parent[ra] = rb
					}
					break
				}
			}
		}
	}
	// and across a frame's upright sides
	for _, r := range cross {
		if r.Dx() >= r.Dy() {
			continue
		}
		r = r.Intersect(bounds)
		reach := 4 * (stroke + 2)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			left, right := r.Min.X-1, r.Max.X
			for left >= 0 && removed[y*w+left] && r.Min.X-left < reach {
				left--
			}
			for right < w && removed[y*w+right] && right-r.Max.X < reach {
				right++
			}
			if left < 0 || right >= w {
				continue
			}
			a := ls.lab[y*w+left]
			if a == 0 {
				continue
			}
			for dy := range 2*(r.Dx()+2) + 1 {
				by := y + (dy+1)/2*(1-2*(dy%2)) // y, y+1, y-1, y+2 …
				if by < 0 || by >= h {
					continue
				}
				if b := ls.lab[by*w+right]; b != 0 {
					if ra, rb := find(a), find(b); ra != rb {
						parent[ra] = rb
					}
					break
				}
			}
		}
	}
	// a dashed connector is a row of short straight pieces: join each
	// dash to the dashes just beyond its ends (along its line, or round
	// a bend), and remember the groups made of dashes
	// (two dashes meeting at a bend make one L-shaped piece: thin ink,
	// though its box is square)
	var dashes []int32
	// isDash marks the dashes that count towards calling a line dashed: an
	// L's arms are both dash-long, while a blurred word is a thin blob
	// too, but low (it is still joined, as a label beside its line)
	isDash := map[int32]bool{}
	stub := map[int32]bool{}
	straight := func(b image.Rectangle) bool { return min(b.Dx(), b.Dy()) <= stroke+1 }
	for l := int32(1); l < int32(n); l++ {
		c := ls.comps[l]
		long := max(c.box.Dx(), c.box.Dy())
		thin := c.area <= 2*long*(stroke+1)
		switch {
		case long >= 2*stroke+3 && long <= 12*stroke+10 && (straight(c.box) || thin):
			dashes = append(dashes, l)
			isDash[l] = straight(c.box) || min(c.box.Dx(), c.box.Dy()) >= 2*stroke+3
		case long >= stroke+2 && long < 2*stroke+3 && straight(c.box) && c.box.Dx() != c.box.Dy():
			// a dash cut short by a pool's border or at the line's end:
			// joined to a whole dash on its line, never counted as one
			dashes = append(dashes, l)
			stub[l] = true
		}
	}
	for i, a := range dashes {
		ba := ls.comps[a].box
		reach := max(ba.Dx(), ba.Dy())/2 + stroke + 2
		for _, b := range dashes[i+1:] {
			bb := ls.comps[b].box
			if bb.Min.Y > ba.Max.Y+dashGap(image.Rect(0, 0, 12*stroke+10, 1), stroke) {
				break // dashes are listed top to bottom by their first row
			}
			if stub[a] || stub[b] {
				if !stub[a] && inLine(ba, bb, stroke, straight(ba)) || !stub[b] && inLine(bb, ba, stroke, straight(bb)) ||
					!(stub[a] && stub[b]) && corner(ba, bb, cornerGap(ba, bb, stroke)) {
					if ra, rb := find(a), find(b); ra != rb {
						parent[ra] = rb
					}
				}
				continue
			}
			if inLine(ba, bb, stroke, straight(ba)) || inLine(bb, ba, stroke, straight(bb)) ||
				ba.Inset(-reach).Overlaps(bb) && (aligned(ba, bb, stroke) || !straight(ba) || !straight(bb)) ||
				straight(ba) && straight(bb) && corner(ba, bb, cornerGap(ba, bb, stroke)) {
				if ra, rb := find(a), find(b); ra != rb {
					parent[ra] = rb
				}
			}
		}
	}
	// two lines crossing go straight on: join the pieces left and right
	// of a crossing, and above and below it, but not across
	join := func(a, b int) {
		if a < 0 || b < 0 {
			return
		}
		la, lb := ls.lab[a], ls.lab[b]
		if la == 0 || lb == 0 {
			return
		}
		if ra, rb := find(la), find(lb); ra != rb {
			parent[ra] = rb
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
	dashCount := map[int32]int{}
	dashArea := map[int32]int{}
	// a piece that ends on a removed line (a frame's side a solid arrow
	// crosses) is cut there, not drawn as a dash
	cutShort := func(b image.Rectangle) bool {
		b = b.Inset(-2).Intersect(bounds)
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if removed[y*w+x] {
					return true
				}
			}
		}
		return false
	}
	// (and a title's letters beside a line are thin blobs too: only
	// straight dashes make a line dashed, an L at a bend adds its ink)
	for _, l := range dashes {
		if !isDash[l] {
			continue
		}
		if b := ls.comps[l].box; straight(b) && !cutShort(b) {
			dashCount[find(l)]++
		}
		dashArea[find(l)] += ls.comps[l].area
	}
	// contacts and sampled paths per joined component
	type group struct {
		contacts map[int]*contact
		path     []image.Point
		pixels   int
	}
	groups := map[int32]*group{}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			l := ls.lab[i]
			if l == 0 {
				continue
			}
			r := find(l)
			g := groups[r]
			if g == nil {
				g = &group{contacts: map[int]*contact{}}
				groups[r] = g
			}
			g.pixels++
			if g.pixels%4 == 1 {
				g.path = append(g.path, image.Point{X: x, Y: y})
			}
			if hn := halo[i]; hn != 0 {
				c := g.contacts[int(hn-1)]
				if c == nil {
					c = &contact{node: int(hn - 1)}
					g.contacts[int(hn-1)] = c
				}
				c.sx += x
				c.sy += y
				c.n++
			}
		}
	}
	// a dashed connector is dashes nearly all through; a solid line
	// that a blur, its crossings and its labels break into a few short
	// pieces is mostly one long stroke
	// (a long dashed line keeps its name when a label beside it joins
	// it: five straight dashes make it dashed with less than half the
	// ink, as no solid line breaks into so many)
	dashed := func(r int32) bool {
		return dashCount[r] >= 3 && dashArea[r]*10 >= groups[r].pixels*6 ||
			dashCount[r] >= 5 && dashArea[r]*10 >= groups[r].pixels*4
	}
	// a dashed connector's last dash may stop a gap short of the shape
	// it points at (an open arrowhead merged into an event's ring, a
	// start circle whose stub joins another line): look ahead of each
	// end dash, along its line, for a shape's halo
	for _, l := range dashes {
		r := find(l)
		b := ls.comps[l].box
		if !isDash[l] && !stub[l] || !straight(b) || groups[r] == nil || !dashed(r) {
			continue
		}
		g := dashGap(b, stroke)
		var aheads []image.Rectangle
		if b.Dx() >= b.Dy() {
			aheads = []image.Rectangle{image.Rect(b.Min.X-g, b.Min.Y-g/2, b.Min.X, b.Max.Y+g/2), image.Rect(b.Max.X, b.Min.Y-g/2, b.Max.X+g, b.Max.Y+g/2)}
		} else {
			aheads = []image.Rectangle{image.Rect(b.Min.X-g/2, b.Min.Y-g, b.Max.X+g/2, b.Min.Y), image.Rect(b.Min.X-g/2, b.Max.Y, b.Max.X+g/2, b.Max.Y+g)}
		}
		for _, a := range aheads {
			a = a.Intersect(bounds)
			own, node, best := false, -1, 0
			other, otherD := int32(-1), 0
			var at image.Point
			for y := a.Min.Y; y < a.Max.Y && !own; y++ {
				for x := a.Min.X; x < a.Max.X; x++ {
					i := y*w + x
					if lb := ls.lab[i]; lb != 0 && lb != l && find(lb) == r {
						own = true // the line goes on: no end
						break
					} else if lb != 0 && lb != l {
						dd := absDiff(x, (b.Min.X+b.Max.X)/2) + absDiff(y, (b.Min.Y+b.Max.Y)/2)
						if other < 0 || dd < otherD {
							other, otherD = find(lb), dd
						}
					}
					if hn := halo[i]; hn != 0 {
						dd := absDiff(x, (b.Min.X+b.Max.X)/2) + absDiff(y, (b.Min.Y+b.Max.Y)/2)
						if node < 0 || dd < best {
							node, best, at = int(hn-1), dd, image.Pt(x, y)
						}
					}
				}
			}
			viaSolid := false
			if !own && node < 0 && other >= 0 {
				viaSolid = true
				// the dashes end on a solid line instead: bpmn-js draws a
				// message flow's last bend along the sequence flow that
				// enters the same shape, so the dashes merge into it; the
				// message goes to that line's end nearest the last dash
				if og := groups[other]; og != nil && len(og.contacts) >= 2 && !dashed(other) {
					for _, c := range og.contacts {
						p := image.Pt(c.sx/c.n, c.sy/c.n)
						dd := absDiff(p.X, (b.Min.X+b.Max.X)/2) + absDiff(p.Y, (b.Min.Y+b.Max.Y)/2)
						if node < 0 || dd < best || dd == best && c.node < node {
							node, best, at = c.node, dd, p
						}
					}
				}
			}
			if own || node < 0 || groups[r].contacts[node] != nil {
				continue
			}
			groups[r].contacts[node] = &contact{node: node, sx: at.X, sy: at.Y, n: 1, via: viaSolid}
		}
	}
	roots := make([]int32, 0, len(groups))
	var loose []int32
	for r, g := range groups {
		switch {
		case len(g.contacts) >= 2:
			roots = append(roots, r)
		case len(g.contacts) == 1:
			loose = append(loose, r)
		}
	}
	sort.Slice(loose, func(i, j int) bool { return loose[i] < loose[j] })
	d.Traces = d.Traces[:0]
	for _, r := range loose {
		if t, ok := unfinished(groups[r].path, groups[r].pixels, groups[r].contacts, stroke); ok && t.End.In(bounds.Inset(2*stroke+2)) {
			// (a line running off the picture is a frame's or a cut)
			t.Dashed = dashed(r)
			d.Traces = append(d.Traces, t)
		}
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i] < roots[j] })
	radius := 4*stroke + 4
	var flows []Flow
	for _, r := range roots {
		g := groups[r]
		var cs []*contact
		for _, c := range g.contacts {
			c.x, c.y = c.sx/c.n, c.sy/c.n
			cs = append(cs, c)
		}
		sort.Slice(cs, func(i, j int) bool { return cs[i].node < cs[j].node })
		for _, c := range cs {
			k := 0
			for y := c.y - radius; y <= c.y+radius; y++ {
				for x := c.x - radius; x <= c.x+radius; x++ {
					if x >= 0 && y >= 0 && x < w && y < h {
						if l := ls.lab[y*w+x]; l != 0 && find(l) == r {
							k++
						}
					}
				}
			}
			c.density = float64(k) / float64(radius*max(stroke, 1))
		}
		lo, hi := cs[0].density, cs[0].density
		for _, c := range cs {
			if c.density < lo {
				lo = c.density
			}
			if c.density > hi {
				hi = c.density
			}
		}
		path := g.path
		if len(path) > 400 {
			step := len(path)/400 + 1
			var p []image.Point
			for i := 0; i < len(path); i += step {
				p = append(p, path[i])
			}
			path = p
		}
		if dashed(r) && len(cs) > 2 {
			// dashes that merge into a sequence flow at both ends (its
			// start circle sits where a sequence flow leaves the same
			// shape): the ringed end sends the message to the end found
			// along the solid line, and the rest of the ink is the
			// sequence flow leaving the sender
			var src, via *contact
			rings := 0
			for _, c := range cs {
				switch {
				case c.via:
					via = c
				case ringNear(bm, c.x, c.y, stroke, onOutline(d.Shapes[c.node], stroke)):
					src = c
					rings++
				}
			}
			if via != nil && rings == 1 {
				flows = append(flows, Flow{From: src.node, To: via.node, Path: path, Sure: true, Dashed: true})
				for _, c := range cs {
					if c != src && c != via {
						flows = append(flows, Flow{From: src.node, To: c.node, Path: path, Sure: true})
					}
				}
				continue
			}
		}
		if dashed(r) && len(cs) == 2 {
			// a message flow starts at a small circle on its source's
			// border and ends in an open arrowhead: the circle says
			// which end is which where the ink around the ends cannot
			a, b := cs[0], cs[1]
			ra := ringNear(bm, a.x, a.y, stroke, onOutline(d.Shapes[a.node], stroke))
			rb := ringNear(bm, b.x, b.y, stroke, onOutline(d.Shapes[b.node], stroke))
			if ra != rb {
				if rb {
					a, b = b, a
				}
				flows = append(flows, Flow{From: a.node, To: b.node, Path: path, Sure: true, Dashed: true})
				continue
			}
		}
		if hi < lo*1.3 {
			// no arrowhead to go by: read left to right, top to bottom
			if len(cs) != 2 {
				continue
			}
			a, b := cs[0], cs[1]
			if b.x < a.x || (b.x == a.x && b.y < a.y) {
				a, b = b, a
			}
			flows = append(flows, Flow{From: a.node, To: b.node, Path: path, Dashed: dashed(r)})
			continue
		}
		var srcs, dsts []*contact
		for _, c := range cs {
			if c.density >= hi*0.75 {
				dsts = append(dsts, c)
			} else {
				srcs = append(srcs, c)
			}
		}
		if len(srcs) == 0 {
			// every end looks like a head (one is a head cut short by
			// the shape it points at): the thinnest end is the tail
			k := 0
			for i, c := range dsts {
				if c.density < dsts[k].density {
					k = i
				}
			}
			srcs = []*contact{dsts[k]}
			dsts = append(dsts[:k:k], dsts[k+1:]...)
		}
		for _, s := range srcs {
			for _, t := range dsts {
				flows = append(flows, Flow{From: s.node, To: t.node, Path: path, Sure: true, Dashed: dashed(r)})
			}
		}
	}
	return flows
}

// onOutline reports whether a point lies on a shape's outline, within
// a stroke or two: where a message flow's start circle is centred (an
// open arrowhead's white inside lies off it, beyond the arrow's tip).
func onOutline(s Shape, stroke int) func(p image.Point) bool {
	b := s.Box.Inset(1)
	tol := stroke + 2
	return func(p image.Point) bool {
		switch s.Kind {
		case Event:
			c := center(b)
			r := float64(b.Dx()+b.Dy()) / 4
			return math.Abs(math.Hypot(float64(p.X-c.X), float64(p.Y-c.Y))-r) <= float64(tol)
		case Task, Pool:
			if !p.In(b.Inset(-tol)) {
				return false
			}
			return min(absDiff(p.X, b.Min.X), absDiff(p.X, b.Max.X-1), absDiff(p.Y, b.Min.Y), absDiff(p.Y, b.Max.Y-1)) <= tol
		}
		return false
	}
}

// ringNear reports whether a small ring (a message flow's start
// circle, white inside) lies near a point, centred where at says: ink
// all round a white centre at one radius, in at least 14 of 16
// directions.
func ringNear(bm *bitmap, x0, y0, stroke int, at func(image.Point) bool) bool {
	reach := 3*stroke + 6
	var dirs [16][2]float64
	for k := range dirs {
		a := float64(k) * math.Pi / 8
		dirs[k] = [2]float64{math.Cos(a), math.Sin(a)}
	}
	for y := y0 - reach; y <= y0+reach; y++ {
		for x := x0 - reach; x <= x0+reach; x++ {
			if bm.at(x, y) || x < 0 || y < 0 || x >= bm.w || y >= bm.h || !at(image.Pt(x, y)) {
				continue
			}
			for r := stroke + 2; r <= 3*stroke+6; r++ {
				hits := 0
				for _, d := range dirs {
					// white inside the ring, ink on it
					in := image.Pt(x+int(math.Round(d[0]*float64(r-stroke-1))), y+int(math.Round(d[1]*float64(r-stroke-1))))
					if bm.at(in.X, in.Y) {
						break
					}
					for o := -1; o <= 1; o++ {
						if bm.at(x+int(math.Round(d[0]*float64(r+o))), y+int(math.Round(d[1]*float64(r+o)))) {
							hits++
							break
						}
					}
				}
				if hits >= 14 {
					return true
				}
			}
		}
	}
	return false
}

// unfinished reads a line piece that touches one shape: it is a
// connector left unfinished when it is long and thin (a line, not a
// word or an icon: at most three strokes of ink per pixel of its
// extent) and reaches well away from the shape.
func unfinished(path []image.Point, pixels int, contacts map[int]*contact, stroke int) (Trace, bool) {
	var c *contact
	for _, x := range contacts {
		c = x
	}
	if c == nil || len(path) == 0 {
		return Trace{}, false
	}
	cx, cy := c.sx/c.n, c.sy/c.n
	box := image.Rectangle{Min: path[0], Max: path[0].Add(image.Pt(1, 1))}
	far, farD := path[0], -1
	for _, p := range path {
		box = box.Union(image.Rectangle{Min: p, Max: p.Add(image.Pt(1, 1))})
		if d := (p.X-cx)*(p.X-cx) + (p.Y-cy)*(p.Y-cy); d > farD {
			far, farD = p, d
		}
	}
	reach := 25 * max(stroke, 1)
	extent := box.Dx() + box.Dy()
	if farD < reach*reach || pixels > 3*max(stroke, 1)*extent {
		return Trace{}, false
	}
	return Trace{Node: c.node, End: far, Start: image.Pt(cx, cy)}, true
}

// crossings marks the ink where a horizontal and a vertical line cross:
// pixels inside a long horizontal run and a long vertical run, away from
// both runs' ends. A line that ends on another (a T, a bend) is no
// crossing: its run stops there.
func crossings(bm *bitmap, removed []bool, stroke int) []bool {
	w, h := bm.w, bm.h
	ink := func(i int) bool { return bm.pix[i] && !removed[i] }
	reach := 3*stroke + 3
	// ink run length ending here, from the left and from above; only
	// whether it passes reach matters, so it stops counting at 255 (a
	// byte a pixel, not four)
	left := make([]uint8, w*h)
	up := make([]uint8, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			if !ink(i) {
				continue
			}
			left[i], up[i] = 1, 1
			if x > 0 {
				left[i] = max(left[i-1], left[i-1]+1) // stays at 255
			}
			if y > 0 {
				up[i] = max(up[i-w], up[i-w]+1)
			}
		}
	}
	cut := make([]bool, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			if !ink(i) || int(left[i]) <= reach || int(up[i]) <= reach {
				continue
			}
			// the runs go on at least reach to the right and down
			if x+reach >= w || y+reach >= h {
				continue
			}
			right, down := true, true
			for k := 1; k <= reach; k++ {
				if !ink(i + k) {
					right = false
					break
				}
			}
			for k := 1; k <= reach && right; k++ {
				if !ink(i + k*w) {
					down = false
					break
				}
			}
			if right && down {
				cut[i] = true
			}
		}
	}
	// grow the blocks by a pixel: diagonal neighbours would otherwise
	// keep the four arms connected
	grown := make([]bool, w*h)
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			if !cut[y*w+x] {
				continue
			}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					grown[(y+dy)*w+x+dx] = true
				}
			}
		}
	}
	return grown
}

// outline reports the pixels a shape covers, its outline and a pixel or
// two beyond: a box's whole box, but only the diamond or the ellipse
// itself for a gateway or an event, so that an arrowhead touching a
// diamond's slanted side (inside its bounding box) stays an arrowhead.
func outline(s Shape, stroke int) func(x, y int) bool {
	b := s.Box
	cx, cy := float64(b.Min.X+b.Max.X-1)/2, float64(b.Min.Y+b.Max.Y-1)/2
	switch s.Kind {
	case Gateway:
		// the inside's half extents; the outline lies within stroke+2
		// of its sides, measured along their normals
		hw, hh := float64(s.Inner.Dx())/2, float64(s.Inner.Dy())/2
		icx, icy := float64(s.Inner.Min.X+s.Inner.Max.X-1)/2, float64(s.Inner.Min.Y+s.Inner.Max.Y-1)/2
		lim := hw*hh + float64(stroke+2)*math.Hypot(hw, hh)
		return func(x, y int) bool {
			return math.Abs(float64(x)-icx)*hh+math.Abs(float64(y)-icy)*hw <= lim
		}
	case Event:
		a, c := float64(b.Dx())/2+1, float64(b.Dy())/2+1
		return func(x, y int) bool {
			dx, dy := (float64(x)-cx)/a, (float64(y)-cy)/c
			return dx*dx+dy*dy <= 1
		}
	}
	return func(int, int) bool { return true }
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

func absDiff(a, b int) int {
	if a > b {
		return a - b
	}
	return b - a
}
