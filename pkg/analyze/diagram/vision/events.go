package vision

import (
	"image"
	"math"
	"sort"
)

// eventRing reads the circle's outline to the left and right of its
// inside: one thin run is a start event, one thick run an end event, and
// ink, a gap, ink again an intermediate event. It returns the outer box.
func eventRing(bm *bitmap, in image.Rectangle, stroke int) (Ring, image.Rectangle) {
	ring, box := eventRingBy(bm, in, stroke, 5)
	if ring != Double {
		if outer, ok := wideDoubleRing(bm, in, stroke); ok {
			return Double, outer
		}
	}
	return ring, box
}

// wideDoubleRing reads a large round inside whose second ring lies
// further out than eventRingBy allows for the stroke (Mermaid's double
// circle: 9–10 px of paper between one-pixel rings), up to a fifth of
// the inside's width: double when that ring is seen along at least two
// axes and all four diagonals, where no arrowhead, name or shadow
// reaches. A stadium or an ellipse is no double circle; nor is a split
// event's merged inside (eventRingBy alone reads those).
func wideDoubleRing(bm *bitmap, in image.Rectangle, stroke int) (image.Rectangle, bool) {
	wide := in.Dx() / 5
	if wide <= 3*stroke+3 || in.Dx()*10 < in.Dy()*9 || in.Dy()*10 < in.Dx()*9 {
		return image.Rectangle{}, false
	}
	d, ring, first := axisRings(bm, in, stroke, wide)
	if d < 2 || diagonalDoubles(bm, in, stroke, wide) < 4 {
		return image.Rectangle{}, false
	}
	return in.Inset(-first - ring), true
}

// eventRingBy is eventRing where diagonals of the four diagonals with a
// second ring beyond the outline make a double ring on their own (5:
// never): a boundary event's ring is crossed along both axes by its
// task's border and often along a third by its outgoing flow.
func eventRingBy(bm *bitmap, in image.Rectangle, stroke, diagonals int) (Ring, image.Rectangle) {
	gapMax := 3*stroke + 3
	doubles, ring, first := axisRings(bm, in, stroke, gapMax)
	if diag := diagonalDoubles(bm, in, stroke, gapMax); doubles >= 2 && diag >= 1 || diag >= diagonals {
		return Double, in.Inset(-first - ring)
	}
	if first*10 >= stroke*17 && first >= 3 {
		return Thick, in.Inset(-first)
	}
	return Thin, in.Inset(-first)
}

// axisRings scans out from the inside's four sides: doubles is how many
// find ink, paper under gapMax, and a second ring no more than twice as
// thick; ring the widest such gap and second ring; first the outline's
// width (a connector leaving the circle lengthens one of the four, so
// the second smallest).
func axisRings(bm *bitmap, in image.Rectangle, stroke, gapMax int) (doubles, ring, first int) {
	cx, cy := (in.Min.X+in.Max.X)/2, (in.Min.Y+in.Max.Y)/2
	limit := 6*stroke + 4
	scan := func(x, y, dx, dy int) (first, gap, second int) {
		for ; bm.at(x, y) && first < limit; x, y = x+dx, y+dy {
			first++
		}
		for ; !bm.at(x, y) && gap < gapMax && x >= 0 && y >= 0 && x < bm.w && y < bm.h; x, y = x+dx, y+dy {
			gap++
		}
		if gap >= gapMax {
			return first, 0, 0
		}
		for ; bm.at(x, y) && second < limit; x, y = x+dx, y+dy {
			second++
		}
		return first, gap, second
	}
	var firsts []int
	for _, d := range [][4]int{{in.Min.X - 1, cy, -1, 0}, {in.Max.X, cy, 1, 0}, {cx, in.Min.Y - 1, 0, -1}, {cx, in.Max.Y, 0, 1}} {
		f, g, s := scan(d[0], d[1], d[2], d[3])
		firsts = append(firsts, f)
		if g > 0 && s > 0 && s <= 2*f+2 && f < limit {
			doubles++
			ring = max(ring, g+s)
		}
	}
	sort.Ints(firsts)
	return doubles, ring, firsts[1]
}

// diagonalDoubles counts the diagonals along which a second ring lies
// beyond an event's outline. An intermediate event's inner ring runs
// all round it; what lies beside a plain circle at one of its four
// axis points does not reach the diagonals: a message flow's open
// arrowhead touching it, its name a few pixels below (at scale 0.75
// both passed for a second ring, and the circle for an intermediate
// event whose box took in the arrowhead). Along a diagonal a thin
// inner ring can merge with the outline, so one diagonal is enough.
func diagonalDoubles(bm *bitmap, in image.Rectangle, stroke, gapMax int) int {
	cx, cy := float64(in.Min.X+in.Max.X)/2, float64(in.Min.Y+in.Max.Y)/2
	r := float64(in.Dx()+in.Dy()) / 4
	limit := float64(6*stroke + 4)
	n := 0
	for _, d := range [][2]float64{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
		// along the ray in half-pixel steps, from just inside the
		// outline: the white, the outline, a gap, a second ring
		var runs []float64
		ink := false
		for t := r * 0.6; t < r+3*limit+float64(max(0, gapMax-3*stroke-3)); t += 0.5 {
			x := int(math.Round(cx + d[0]*t*math.Sqrt2/2))
			y := int(math.Round(cy + d[1]*t*math.Sqrt2/2))
			if on := bm.at(x, y); on != ink || len(runs) == 0 {
				runs = append(runs, 0)
				ink = on
			}
			runs[len(runs)-1] += 0.5
		}
		if bm.at(int(math.Round(cx+d[0]*r*0.6*math.Sqrt2/2)), int(math.Round(cy+d[1]*r*0.6*math.Sqrt2/2))) {
			runs = runs[1:] // the icon's ink: start from the white beyond it
		}
		// runs: white, outline, gap, second, …
		if len(runs) >= 4 && runs[1] < limit && runs[2] < float64(gapMax) && runs[3] <= 2*runs[1]+3 {
			n++
		}
	}
	return n
}

// eventIcon reads the symbols inside an event from the shapes dropped
// inside it: a circle almost as large is the inner ring of an
// intermediate event, a smaller circle a clock face, a rectangle an
// envelope.
func eventIcon(cands []*candidate, n *candidate) (icon Icon, double bool) {
	for _, c := range cands {
		if c == n || !c.dropped || !center(c.box).In(n.box) {
			continue
		}
		switch c.kind {
		case Task:
			if icon == NoIcon {
				icon = Envelope
			}
		case Event:
			if c.box.Dx()*100 >= n.box.Dx()*72 {
				double = true
			} else {
				icon = Clock
			}
		}
	}
	return icon, double
}

// iconInk reads the symbol inside an event circle from its ink, within
// seven tenths of the inside's radius (clear of an intermediate event's
// inner ring): a box wider than high with its top and bottom rows
// inked is an envelope, a ring round a centre a clock, ink in the upper
// right and lower left corners of a square but not in the others a
// lightning bolt.
func iconInk(bm *bitmap, in image.Rectangle, stroke int) Icon {
	return iconInkWithin(bm, in, stroke, 7)
}

// iconInkWithin is iconInk looking within tenths of the inside's
// radius: a circle with a single ring has no inner ring to keep clear
// of, and a bolt's lower left and upper right points, which make it a
// bolt, reach further out than seven tenths.
func iconInkWithin(bm *bitmap, in image.Rectangle, stroke, tenths int) Icon {
	c := center(in)
	r := min(in.Dx(), in.Dy()) * tenths / 20
	if r < 4 {
		return NoIcon
	}
	box, n := inkInCircle(bm, c, r)
	bw, bh := box.Dx(), box.Dy()
	if n < 2*r || bw < r/2 || bh < r/2 {
		return NoIcon // a speck, a letter's stroke
	}
	if envelopeInk(bm, box, in, stroke) {
		return Envelope
	}
	if bw*100 < bh*75 || bw*100 > bh*133 {
		return NoIcon // not square: no clock, no bolt
	}
	if clockInk(bm, box, stroke) {
		return Clock
	}
	if boltInk(bm, box, tenths) {
		return Lightning
	}
	return NoIcon
}

// inkInCircle is the box round the ink within radius r of c, and how
// many pixels are inked there.
func inkInCircle(bm *bitmap, c image.Point, r int) (image.Rectangle, int) {
	var (
		box image.Rectangle
		n   int
	)
	for y := c.Y - r; y <= c.Y+r; y++ {
		for x := c.X - r; x <= c.X+r; x++ {
			if (x-c.X)*(x-c.X)+(y-c.Y)*(y-c.Y) > r*r || !bm.at(x, y) {
				continue
			}
			p := image.Rectangle{Min: image.Pt(x, y), Max: image.Pt(x+1, y+1)}
			if n == 0 {
				box = p
			} else {
				box = box.Union(p)
			}
			n++
		}
	}
	return box, n
}

// inkShare is the share of the pixels in x0..x1 × y0..y1 that are
// inked (0 for an empty area).
func inkShare(bm *bitmap, x0, y0, x1, y1 int) float64 {
	k, all := 0, 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			all++
			if bm.at(x, y) {
				k++
			}
		}
	}
	if all == 0 {
		return 0
	}
	return float64(k) / float64(all)
}

// rowShare is the share of box's columns with ink in the band rows
// from y0.
func rowShare(bm *bitmap, box image.Rectangle, y0, band int) float64 {
	k := 0
	for x := box.Min.X; x < box.Max.X; x++ {
		for y := y0; y < y0+band; y++ {
			if bm.at(x, y) {
				k++
				break
			}
		}
	}
	return float64(k) / float64(box.Dx())
}

// envelopeInk reports whether the ink's box is an envelope: wider
// than high with its top and bottom rows inked across. An envelope
// fills a good part of its circle's height; a word (a flowchart's
// "End", letters run together in a soft photo) is a low strip across
// it.
func envelopeInk(bm *bitmap, box, in image.Rectangle, stroke int) bool {
	bw, bh := box.Dx(), box.Dy()
	band := max(stroke, 1) + 1
	return bw*100 >= bh*120 && bw*100 <= bh*220 && bh*4 >= in.Dy() &&
		rowShare(bm, box, box.Min.Y, band) >= 0.7 && rowShare(bm, box, box.Max.Y-band, band) >= 0.7
}

// clockInk reports whether the square ink's box is a clock's face: ink
// on a ring round the ink's centre, in most of 16 directions, and at
// the centre, paper between them but for a hand towards twelve
// (hollowFace, minuteHand).
func clockInk(bm *bitmap, box image.Rectangle, stroke int) bool {
	bw, bh := box.Dx(), box.Dy()
	cx, cy := float64(box.Min.X+box.Max.X-1)/2, float64(box.Min.Y+box.Max.Y-1)/2
	rr := float64(bw+bh)/4 - float64(stroke)/2
	hits := 0
	for k := range 16 {
		a := float64(k) * math.Pi / 8
		hit := false
		for d := -float64(stroke) - 1; d <= float64(stroke)+1 && !hit; d++ {
			hit = bm.at(int(math.Round(cx+(rr+d)*math.Cos(a))), int(math.Round(cy+(rr+d)*math.Sin(a))))
		}
		if hit {
			hits++
		}
	}
	return hits >= 13 && inkShare(bm, int(cx)-1, int(cy)-1, int(cx)+2, int(cy)+2) > 0 && hollowFace(bm, cx, cy, rr) && minuteHand(bm, cx, cy, rr)
}

// boltInk reports whether the square ink's box is a lightning bolt:
// ink in its upper right and lower left quarters' corners, little in
// the others. Looked at further out (a single ring, tenths over 7),
// bpmn-js's filled bolt has its middle stroke reach into the lower
// right quarter: the upper left stays empty, the two points are well
// inked.
func boltInk(bm *bitmap, box image.Rectangle, tenths int) bool {
	tw, th := max(box.Dx()/4, 1), max(box.Dy()/4, 1)
	tl := inkShare(bm, box.Min.X, box.Min.Y, box.Min.X+tw, box.Min.Y+th)
	tr := inkShare(bm, box.Max.X-tw, box.Min.Y, box.Max.X, box.Min.Y+th)
	bl := inkShare(bm, box.Min.X, box.Max.Y-th, box.Min.X+tw, box.Max.Y)
	br := inkShare(bm, box.Max.X-tw, box.Max.Y-th, box.Max.X, box.Max.Y)
	if min(tr, bl) > 0.08 && min(tr, bl) > 3*max(tl, br) {
		return true
	}
	return tenths > 7 && tl < 0.05 && min(tr, bl) > 0.25 && min(tr, bl) > 2*br
}

func center(r image.Rectangle) image.Point {
	return image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)
}

// splitInsides finds the event circles whose inside an icon splits into
// pieces, none of them round: bpmn-js's outlined bolt (an error
// boundary or catching event's) drawn at three-quarter scale touches
// the inner ring with both its points. White pieces whose boxes overlap,
// neither holding the other, are put together; when together they fill
// the circle inscribed in their square box (all but the icon's ink)
// and ink rings it all round, the box is an event's inside.
func splitInsides(ws *labels, bm *bitmap, minSide, stroke int, found []*candidate) []*candidate {
	pieces := insidePieces(ws, minSide, found)
	group := make([]int, len(pieces))
	for i := range group {
		group[i] = i
	}
	root := func(i int) int {
		for group[i] != i {
			i = group[i]
		}
		return i
	}
	for i, a := range pieces {
		for j := i + 1; j < len(pieces); j++ {
			ba, bb := ws.comps[a].box, ws.comps[pieces[j]].box
			if ba.Overlaps(bb) && !ba.In(bb) && !bb.In(ba) {
				group[root(j)] = root(i)
			}
		}
	}
	members := map[int][]int32{}
	for i, l := range pieces {
		members[root(i)] = append(members[root(i)], l)
	}
	var out []*candidate
	for i := range pieces {
		if ls := members[i]; len(ls) >= 2 {
			if c, ok := splitInside(ws, bm, ls, minSide, stroke); ok && !holdsCandidate(c.box, found) {
				out = append(out, c)
			}
		}
	}
	return out
}

// holdsCandidate reports whether a candidate's centre lies in box b
// (the shape is found whole already, or b is no event's inside), or b
// lies in an event's or a gateway's: a timer's clock face its hands
// split is the icon of an event found.
func holdsCandidate(b image.Rectangle, found []*candidate) bool {
	for _, c := range found {
		if center(c.box).In(b) || c.kind != Task && b.In(c.box) {
			return true
		}
	}
	return false
}

// insidePieces lists the white regions that may be pieces of a split
// inside: no candidate already, away from the picture's edge, at least
// half the smallest shape's side, at most ten times it.
func insidePieces(ws *labels, minSide int, found []*candidate) []int32 {
	taken := map[int32]bool{}
	for _, c := range found {
		taken[c.l] = true
	}
	var out []int32
	for l := int32(1); l < int32(len(ws.comps)); l++ {
		if taken[l] {
			continue
		}
		b := ws.comps[l].box
		if b.Min.X == 0 || b.Min.Y == 0 || b.Max.X == ws.w || b.Max.Y == ws.h {
			continue
		}
		if min(b.Dx(), b.Dy())*2 >= minSide && max(b.Dx(), b.Dy()) <= 10*minSide {
			out = append(out, l)
		}
	}
	return out
}

// splitInside reads pieces ls as one event's inside (see splitInsides):
// only a catching event's, in a double ring round an icon that is read,
// as an icon touching the inner ring splits.
func splitInside(ws *labels, bm *bitmap, ls []int32, minSide, stroke int) (*candidate, bool) {
	var u image.Rectangle
	area, big := 0, ls[0]
	for _, l := range ls {
		c := ws.comps[l]
		u = u.Union(c.box)
		area += c.area
		if c.area > ws.comps[big].area {
			big = l
		}
	}
	w, h := u.Dx(), u.Dy()
	if w*5 < h*4 || w*4 > h*5 || min(w, h) < minSide {
		return nil, false
	}
	disc := math.Pi / 4 * float64(w*h)
	if float64(area) < 0.6*disc || float64(area) > disc {
		return nil, false
	}
	in := map[int32]bool{}
	for _, l := range ls {
		in[l] = true
	}
	cx, cy := float64(u.Min.X)+float64(w-1)/2, float64(u.Min.Y)+float64(h-1)/2
	rx, ry := float64(w)/2+1, float64(h)/2+1
	for y := u.Min.Y; y < u.Max.Y; y++ {
		for x := u.Min.X; x < u.Max.X; x++ {
			dx, dy := (float64(x)-cx)/rx, (float64(y)-cy)/ry
			if in[ws.lab[y*ws.w+x]] && dx*dx+dy*dy > 1 {
				return nil, false // white outside the circle
			}
		}
	}
	if !ringed(bm, cx, cy, float64(w)/2, float64(h)/2) {
		return nil, false
	}
	if ring, _ := eventRingBy(bm, u, stroke, 3); ring != Double || iconInkWithin(bm, u, stroke, 9) == NoIcon {
		return nil, false
	}
	return &candidate{l: big, ls: ws, bm: bm, box: u, fill: math.Pi / 4, white: float64(area) / disc, kind: Event, split: true}, true
}

// ringed reports whether ink lies just outside the ellipse of radii
// rx, ry round (cx, cy) in at least 14 of 16 directions.
func ringed(bm *bitmap, cx, cy, rx, ry float64) bool {
	hits := 0
	for k := range 16 {
		a := float64(k) * math.Pi / 8
		for d := 0.0; d <= 3; d++ {
			if bm.at(int(math.Round(cx+(rx+d)*math.Cos(a))), int(math.Round(cy+(ry+d)*math.Sin(a)))) {
				hits++
				break
			}
		}
	}
	return hits >= 14
}
