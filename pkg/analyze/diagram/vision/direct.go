package vision

import (
	"image"
	"math"
	"sort"
)

// connectors sorts the groups: those touching one shape become
// d.Traces when they are unfinished connectors (a line running off the
// picture is a frame's or a cut), and those touching two or more are
// returned, in label order.
func (t *flowTracer) connectors() []int32 {
	roots := make([]int32, 0, len(t.groups))
	var loose []int32
	for r, g := range t.groups {
		switch {
		case len(g.contacts) >= 2:
			roots = append(roots, r)
		case len(g.contacts) == 1:
			loose = append(loose, r)
		}
	}
	sort.Slice(loose, func(i, j int) bool { return loose[i] < loose[j] })
	t.d.Traces = t.d.Traces[:0]
	kept := loose[:0]
	for _, r := range loose {
		if t.reachesShape(r) {
			roots = append(roots, r)
		} else {
			kept = append(kept, r)
		}
	}
	for _, r := range kept {
		g := t.groups[r]
		if tr, ok := unfinished(g.path, g.pixels, g.contacts, t.stroke); ok && tr.End.In(t.bounds.Inset(2*t.stroke+2)) {
			tr.Dashed = t.dashed(r)
			t.d.Traces = append(t.d.Traces, tr)
		}
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i] < roots[j] })
	return roots
}

// reachesShape gives a connector touching one shape its other end
// when its far end stops a few pixels short of another shape, beyond
// its surroundings: Mermaid's arrowheads stop short of a circle's
// anti-aliased outline.
func (t *flowTracer) reachesShape(r int32) bool {
	g := t.groups[r]
	var c *contact
	for _, x := range g.contacts {
		c = x
	}
	if c == nil || len(g.path) == 0 {
		return false
	}
	cx, cy := c.sx/c.n, c.sy/c.n
	far, farD := g.path[0], -1
	for _, p := range g.path {
		if d := (p.X-cx)*(p.X-cx) + (p.Y-cy)*(p.Y-cy); d > farD {
			far, farD = p, d
		}
	}
	gap := t.stroke + 3 + max(3, t.stroke)
	for k, s := range t.d.Shapes {
		if k == c.node || !far.In(s.Box.Inset(-gap)) {
			continue
		}
		g.contacts[k] = &contact{node: k, sx: far.X, sy: far.Y, n: 1}
		return true
	}
	return false
}

// ends lists group r's contacts in shape order, each placed at its
// mean and weighed by the group's ink around it (an arrowhead is dense).
// With split, only ink nearer to the contact than to the group's other
// contacts counts: on a short arrow (PlantUML's between two steps
// stacked close) both windows would hold the whole arrow, its head too.
func (t *flowTracer) ends(r int32, radius int, split bool) []*contact {
	var cs []*contact
	for _, c := range t.groups[r].contacts {
		c.x, c.y = c.sx/c.n, c.sy/c.n
		cs = append(cs, c)
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].node < cs[j].node })
	if split {
		// the closer look centres each end on the connector's ink
		// just outside its shape's box: a diamond's outline left
		// beside its corner pulls the contact off the line
		for _, c := range cs {
			c.x, c.y = t.outsideBox(r, c, radius*2)
		}
	}
	nearest := func(c *contact, x, y int) bool {
		d := sq(x-c.x) + sq(y-c.y)
		for _, o := range cs {
			if o != c && sq(x-o.x)+sq(y-o.y) < d {
				return false
			}
		}
		return true
	}
	for _, c := range cs {
		k := 0
		for y := max(c.y-radius, 0); y <= min(c.y+radius, t.h-1); y++ {
			for x := max(c.x-radius, 0); x <= min(c.x+radius, t.w-1); x++ {
				if l := t.ls.lab[y*t.w+x]; l != 0 && t.find(l) == r && (!split || nearest(c, x, y)) {
					k++
				}
			}
		}
		c.density = float64(k) / float64(radius*max(t.stroke, 1))
	}
	return cs
}

// samplePath keeps at most about 400 points of a path.
func samplePath(path []image.Point) []image.Point {
	if len(path) <= 400 {
		return path
	}
	step := len(path)/400 + 1
	var p []image.Point
	for i := 0; i < len(path); i += step {
		p = append(p, path[i])
	}
	return p
}

// direct turns one connector touching two or more shapes into flows.
func (t *flowTracer) direct(r int32) []Flow {
	cs := t.ends(r, 4*t.stroke+4, false)
	dashed := t.dashed(r)
	if dashed && len(cs) > maxDashedEnds {
		// dashed lines that cross one another join into one group
		// touching every shape they reach (a photo's soft crossings):
		// which end sends to which is lost, and every tail sent to the
		// one head would be a guess
		return nil
	}
	// no end stands out: each end at its own half of the connector,
	// then closer, where an arrowhead is widest and a line's bend or a
	// label's letters are not yet reached
	for _, radius := range []int{4*t.stroke + 4, 2*t.stroke + 3} {
		if lo, hi := densities(cs); hi >= lo*1.3 || dashed || !t.short(cs) {
			break
		}
		cs = t.ends(r, radius, true)
	}
	if len(cs) > 0 {
		// ends() moved the contacts for the closer look; put them back
		for _, c := range cs {
			c.x, c.y = c.sx/c.n, c.sy/c.n
		}
	}
	path := samplePath(t.groups[r].path)
	if dashed && len(cs) > 2 {
		if fs, ok := t.messageAlongSolid(cs, path); ok {
			return fs
		}
	}
	if dashed && len(cs) == 2 {
		if f, ok := t.messageByRing(cs[0], cs[1], path); ok {
			return []Flow{f}
		}
	}
	fs := byArrowhead(cs, path, dashed)
	if dashed && len(fs) > 1 && fs[0].From == fs[1].From {
		// a message flow has one head: one tail read with two is two
		// dashed lines crossing, and which goes where is lost
		return nil
	}
	return fs
}

// maxDashedEnds is how many shapes one dashed connector may touch and
// still be read: a message flow's two ends and a sequence flow or a
// label it runs into.
const maxDashedEnds = 3

// messageAlongSolid reads dashes that merge into a sequence flow at
// both ends (its start circle sits where a sequence flow leaves the
// same shape): the ringed end sends the message to the end found along
// the solid line, and the rest of the ink is the sequence flow leaving
// the sender.
func (t *flowTracer) messageAlongSolid(cs []*contact, path []image.Point) ([]Flow, bool) {
	var src, via *contact
	rings := 0
	for _, c := range cs {
		switch {
		case c.via:
			via = c
		case ringNear(t.bm, c.x, c.y, t.stroke, onOutline(t.d.Shapes[c.node], t.stroke)):
			src = c
			rings++
		}
	}
	if via == nil || rings != 1 {
		return nil, false
	}
	flows := []Flow{{From: src.node, To: via.node, Path: path, Sure: true, Dashed: true}}
	for _, c := range cs {
		if c != src && c != via {
			flows = append(flows, Flow{From: src.node, To: c.node, Path: path, Sure: true})
		}
	}
	return flows, true
}

// messageByRing directs a dashed connector between two shapes by its
// start: a message flow starts at a small circle on its source's border
// and ends in an open arrowhead, and the circle says which end is which
// where the ink around the ends cannot.
func (t *flowTracer) messageByRing(a, b *contact, path []image.Point) (Flow, bool) {
	ra := ringNear(t.bm, a.x, a.y, t.stroke, onOutline(t.d.Shapes[a.node], t.stroke))
	rb := ringNear(t.bm, b.x, b.y, t.stroke, onOutline(t.d.Shapes[b.node], t.stroke))
	if ra == rb {
		return Flow{}, false
	}
	if rb {
		a, b = b, a
	}
	return Flow{From: a.node, To: b.node, Path: path, Sure: true, Dashed: true}, true
}

// byArrowhead directs a connector by the ink at its ends: the dense
// ends are heads, the others tails, every tail flowing to every head.
// With no arrowhead to go by a connector between two shapes is read
// left to right or top to bottom, whichever way its ends lie further
// apart (and is not Sure).
func byArrowhead(cs []*contact, path []image.Point, dashed bool) []Flow {
	lo, hi := densities(cs)
	if hi < lo*1.3 {
		if len(cs) != 2 {
			return nil
		}
		a, b := cs[0], cs[1]
		// along the way the two ends lie apart: a connector between
		// two shapes stacked one above the other goes down
		if absDiff(a.y, b.y) > absDiff(a.x, b.x) {
			if b.y < a.y {
				a, b = b, a
			}
		} else if b.x < a.x || (b.x == a.x && b.y < a.y) {
			a, b = b, a
		}
		return []Flow{{From: a.node, To: b.node, Path: path, Dashed: dashed}}
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
		// every end looks like a head (one is a head cut short by the
		// shape it points at): the thinnest end is the tail
		k := 0
		for i, c := range dsts {
			if c.density < dsts[k].density {
				k = i
			}
		}
		srcs = []*contact{dsts[k]}
		dsts = append(dsts[:k:k], dsts[k+1:]...)
	}
	var flows []Flow
	for _, s := range srcs {
		for _, d := range dsts {
			flows = append(flows, Flow{From: s.node, To: d.node, Path: path, Sure: true, Dashed: dashed})
		}
	}
	return flows
}

// short reports whether a connector joins two shapes so close that the
// windows round its ends take in most of it: only there does a closer
// look tell its head (on a long one, or on a blurred photo's, it finds
// a head in a bend or a smudge).
func (t *flowTracer) short(cs []*contact) bool {
	if len(cs) != 2 {
		return false
	}
	d := math.Hypot(float64(cs[0].x-cs[1].x), float64(cs[0].y-cs[1].y))
	return d <= float64(2*(4*t.stroke+4)+2*t.stroke+2)
}

// outsideBox is the mean of group r's ink around contact c in its
// shape's surroundings but outside the shape's box, or the contact's own
// place when there is none.
func (t *flowTracer) outsideBox(r int32, c *contact, reach int) (int, int) {
	box := t.d.Shapes[c.node].Box
	sx, sy, n := 0, 0, 0
	for y := max(c.y-reach, 0); y <= min(c.y+reach, t.h-1); y++ {
		for x := max(c.x-reach, 0); x <= min(c.x+reach, t.w-1); x++ {
			i := y*t.w + x
			if t.halo[i] != int32(c.node+1) || image.Pt(x, y).In(box) {
				continue
			}
			if l := t.ls.lab[i]; l != 0 && t.find(l) == r {
				sx, sy, n = sx+x, sy+y, n+1
			}
		}
	}
	if n == 0 {
		return c.x, c.y
	}
	return sx / n, sy / n
}

// densities is the lowest and the highest density of the contacts.
func densities(cs []*contact) (lo, hi float64) {
	lo, hi = cs[0].density, cs[0].density
	for _, c := range cs {
		lo, hi = min(lo, c.density), max(hi, c.density)
	}
	return lo, hi
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
