package vision

import (
	"image"
)

// collectDashes lists the pieces that may be dashes: a dashed
// connector is a row of short straight pieces (two dashes meeting at a
// bend make one L-shaped piece: thin ink, though its box is square).
// isDash marks the dashes that count towards calling a line dashed: an
// L's arms are both dash-long, while a blurred word is a thin blob too,
// but low (it is still joined, as a label beside its line).
func (t *flowTracer) collectDashes() {
	stroke := t.stroke
	for l := int32(1); l < int32(len(t.ls.comps)); l++ {
		c := t.ls.comps[l]
		long := max(c.box.Dx(), c.box.Dy())
		thin := c.area <= 2*long*(stroke+1)
		switch {
		case long >= 2*stroke+3 && long <= 12*stroke+10 && (t.straight(c.box) || thin):
			t.dashes = append(t.dashes, l)
			t.isDash[l] = t.straight(c.box) || min(c.box.Dx(), c.box.Dy()) >= 2*stroke+3
		case long >= stroke+2 && long < 2*stroke+3 && t.straight(c.box) && c.box.Dx() != c.box.Dy(),
			long < 2*stroke+3 && t.straight(c.box) && t.onLine(c.box):
			// a dash cut short by a pool's border or at the line's end:
			// joined to a whole dash on its line, never counted as one
			// (a soft photo's thick border leaves only a few rows of it)
			t.dashes = append(t.dashes, l)
			t.stub[l] = true
		}
	}
}

// onLine reports whether a piece's box touches a removed lane or frame
// line.
func (t *flowTracer) onLine(b image.Rectangle) bool {
	b = b.Inset(-1)
	for _, r := range t.all {
		if r.Overlaps(b) {
			return true
		}
	}
	return false
}

// joinDashes joins each dash to the dashes just beyond its ends (along
// its line, or round a bend).
func (t *flowTracer) joinDashes() {
	for i, a := range t.dashes {
		ba := t.ls.comps[a].box
		for _, b := range t.dashes[i+1:] {
			bb := t.ls.comps[b].box
			if bb.Min.Y > ba.Max.Y+dashGap(image.Rect(0, 0, 12*t.stroke+10, 1), t.stroke) {
				break // dashes are listed top to bottom by their first row
			}
			if t.dashesMeet(a, b) {
				t.union(a, b)
			}
		}
	}
}

// dashesMeet reports whether two dash pieces continue each other: in
// line, overlapping within half a dash, or at a corner; a stub only
// along a whole dash's line or at a corner.
func (t *flowTracer) dashesMeet(a, b int32) bool {
	stroke := t.stroke
	ba, bb := t.ls.comps[a].box, t.ls.comps[b].box
	sa, sb := t.stub[a], t.stub[b]
	if sa || sb {
		return !sa && inLine(ba, bb, stroke, t.straight(ba)) || !sb && inLine(bb, ba, stroke, t.straight(bb)) ||
			!(sa && sb) && corner(ba, bb, cornerGap(ba, bb, stroke))
	}
	reach := max(ba.Dx(), ba.Dy())/2 + stroke + 2
	return inLine(ba, bb, stroke, t.straight(ba)) || inLine(bb, ba, stroke, t.straight(bb)) ||
		ba.Inset(-reach).Overlaps(bb) && (aligned(ba, bb, stroke) || !t.straight(ba) || !t.straight(bb)) ||
		t.straight(ba) && t.straight(bb) && corner(ba, bb, cornerGap(ba, bb, stroke))
}

// joinIcons joins each icon drawn on a line to the dashes ending within
// a gap of it: the envelope bpmn-js draws on a message flow hides the
// line where it sits, and the dashes either side stop a gap short.
func (t *flowTracer) joinIcons(icons []image.Rectangle) {
	gap := dashGap(image.Rect(0, 0, 10*t.stroke, t.stroke), t.stroke)
	for _, ic := range icons {
		var own int32
		near := map[int32]bool{}
		r := ic.Inset(-gap).Intersect(t.bounds)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				l := t.ls.lab[y*t.w+x]
				switch {
				case l == 0:
				case image.Pt(x, y).In(ic):
					own = l
				case t.isDash[l] || t.stub[l]:
					near[l] = true
				}
			}
		}
		if own == 0 {
			continue
		}
		t.iconPieces = append(t.iconPieces, own)
		for l := range near {
			t.union(l, own)
		}
	}
}

// cutShort reports whether a piece ends on a removed line (a frame's
// side a solid arrow crosses): it is cut there, not drawn as a dash.
func (t *flowTracer) cutShort(b image.Rectangle) bool {
	b = b.Inset(-2).Intersect(t.bounds)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if t.removed[y*t.w+x] {
				return true
			}
		}
	}
	return false
}

// countDashes counts each joined group's straight dashes and their ink
// (a title's letters beside a line are thin blobs too: only straight
// dashes make a line dashed, an L at a bend adds its ink).
func (t *flowTracer) countDashes() {
	t.dashCount = map[int32]int{}
	t.dashArea = map[int32]int{}
	for _, l := range t.dashes {
		if !t.isDash[l] && !t.stub[l] {
			continue
		}
		// a dash cut short is dash ink, but no dash of its own
		if b := t.ls.comps[l].box; t.isDash[l] && t.straight(b) && !t.cutShort(b) {
			t.dashCount[t.find(l)]++
		}
		t.dashArea[t.find(l)] += t.ls.comps[l].area
	}
	// an envelope is drawn on message flows only: it counts as a dash
	t.iconArea = map[int32]int{}
	for _, l := range t.iconPieces {
		t.iconArea[t.find(l)] += t.ls.comps[l].area
		t.dashCount[t.find(l)]++
	}
}

// collectGroups gathers each joined group's contacts with the shapes'
// surroundings and samples its path.
func (t *flowTracer) collectGroups() {
	w := t.w
	t.groups = map[int32]*inkGroup{}
	for y := 0; y < t.h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			l := t.ls.lab[i]
			if l == 0 {
				continue
			}
			r := t.find(l)
			g := t.groups[r]
			if g == nil {
				g = &inkGroup{contacts: map[int]*contact{}}
				t.groups[r] = g
			}
			g.pixels++
			if g.pixels%4 == 1 {
				g.path = append(g.path, image.Point{X: x, Y: y})
			}
			if hn := t.halo[i]; hn != 0 {
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
}

// dashed reports whether a group is a dashed connector: dashes nearly
// all through; a solid line that a blur, its crossings and its labels
// break into a few short pieces is mostly one long stroke (a long
// dashed line keeps its name when a label beside it joins it: five
// straight dashes make it dashed with less than half the ink, as no
// solid line breaks into so many). An icon drawn on the line counts
// as one dash, its ink not at all.
func (t *flowTracer) dashed(r int32) bool {
	ink := t.groups[r].pixels - t.iconArea[r]
	return t.dashCount[r] >= 3 && t.dashArea[r]*10 >= ink*6 ||
		t.dashCount[r] >= 5 && t.dashArea[r]*10 >= ink*4
}

// extendDashEnds looks ahead of each end dash of a dashed connector,
// along its line, for a shape's halo: its last dash may stop a gap
// short of the shape it points at (an open arrowhead merged into an
// event's ring, a start circle whose stub joins another line).
func (t *flowTracer) extendDashEnds() {
	for _, l := range t.dashes {
		r := t.find(l)
		b := t.ls.comps[l].box
		if !t.isDash[l] && !t.stub[l] || !t.straight(b) || t.groups[r] == nil || !t.dashed(r) {
			continue
		}
		g := dashGap(b, t.stroke)
		var aheads []image.Rectangle
		if b.Dx() >= b.Dy() {
			aheads = []image.Rectangle{image.Rect(b.Min.X-g, b.Min.Y-g/2, b.Min.X, b.Max.Y+g/2), image.Rect(b.Max.X, b.Min.Y-g/2, b.Max.X+g, b.Max.Y+g/2)}
		} else {
			aheads = []image.Rectangle{image.Rect(b.Min.X-g/2, b.Min.Y-g, b.Max.X+g/2, b.Min.Y), image.Rect(b.Min.X-g/2, b.Max.Y, b.Max.X+g/2, b.Max.Y+g)}
		}
		for _, a := range aheads {
			if c, ok := t.lookAhead(l, r, b, a.Intersect(t.bounds)); ok && t.groups[r].contacts[c.node] == nil {
				t.groups[r].contacts[c.node] = c
			}
		}
	}
}

// lookAhead searches the area a ahead of dash l (box b, group r) for
// the shape the dashes point at: a shape's halo, or else the end of a
// solid line the dashes merge into (bpmn-js draws a message flow's last
// bend along the sequence flow that enters the same shape; the message
// goes to that line's end nearest the last dash). It finds nothing when
// the group's own ink goes on there. Its phases: the scan of the area
// (scanAhead), and the end of the line met there (mergedEnd).
func (t *flowTracer) lookAhead(l, r int32, b, a image.Rectangle) (*contact, bool) {
	mid := image.Pt((b.Min.X+b.Max.X)/2, (b.Min.Y+b.Max.Y)/2)
	dist := func(p image.Point) int { return absDiff(p.X, mid.X) + absDiff(p.Y, mid.Y) }
	found, ok := t.scanAhead(l, r, t.dashLane(b), a, dist)
	if !ok {
		return nil, false // the line goes on: no end
	}
	if found.node >= 0 {
		return &contact{node: found.node, sx: found.at.X, sy: found.at.Y, n: 1}, true
	}
	if found.other < 0 {
		return nil, false
	}
	return t.mergedEnd(r, found.other, dist)
}

// dashLane is the line of a dash with box b, a stroke wider either side:
// the group's ink there goes on along it, as do its other dashes
// anywhere (a label beside the line, joined to it, does not).
func (t *flowTracer) dashLane(b image.Rectangle) image.Rectangle {
	if b.Dx() >= b.Dy() {
		return image.Rect(-1<<30, b.Min.Y-t.stroke, 1<<30, b.Max.Y+t.stroke)
	}
	return image.Rect(b.Min.X-t.stroke, -1<<30, b.Max.X+t.stroke, 1<<30)
}

// ahead is what scanAhead finds: the nearest halo's shape (node, -1 for
// none) and where (at), and the nearest other ink's group (other, -1 for
// none).
type ahead struct {
	node  int
	at    image.Point
	other int32
}

// scanAhead looks over area a for the halo and the other ink nearest the
// dash (dist); it reports false when the ink of dash l's group r goes on
// there: another dash, a stub, or a piece on the dash's lane.
func (t *flowTracer) scanAhead(l, r int32, lane, a image.Rectangle, dist func(image.Point) int) (ahead, bool) {
	node, best := -1, 0
	other, otherD := int32(-1), 0
	var at image.Point
	for y := a.Min.Y; y < a.Max.Y; y++ {
		for x := a.Min.X; x < a.Max.X; x++ {
			i := y*t.w + x
			if lb := t.ls.lab[i]; lb != 0 && lb != l && t.find(lb) == r {
				if t.isDash[lb] || t.stub[lb] || t.ls.comps[lb].box.Overlaps(lane) {
					return ahead{}, false
				}
			} else if lb != 0 && lb != l {
				if dd := dist(image.Pt(x, y)); other < 0 || dd < otherD {
					other, otherD = t.find(lb), dd
				}
			}
			if hn := t.halo[i]; hn != 0 {
				if dd := dist(image.Pt(x, y)); node < 0 || dd < best {
					node, best, at = int(hn-1), dd, image.Pt(x, y)
				}
			}
		}
	}
	return ahead{node: node, at: at, other: other}, true
}

// mergedEnd is the end of solid line group other, met ahead of dash
// group r, that the message goes to: the contact nearest the dash
// (dist), or the line's head when the line is a sure flow between two
// shapes and no start circle sits at the nearer end.
func (t *flowTracer) mergedEnd(r, other int32, dist func(image.Point) int) (*contact, bool) {
	og := t.groups[other]
	if og == nil || len(og.contacts) < 2 || t.dashed(other) {
		return nil, false
	}
	node, best := -1, 0
	var at image.Point
	for _, c := range og.contacts {
		p := image.Pt(c.sx/c.n, c.sy/c.n)
		if dd := dist(p); node < 0 || dd < best || dd == best && c.node < node {
			node, best, at = c.node, dd, p
		}
	}
	if len(og.contacts) == 2 && t.groups[r].contacts[node] == nil &&
		!ringNear(t.bm, at.X, at.Y, t.stroke, onOutline(t.d.Shapes[node], t.stroke)) {
		// no start circle there, so not the sender's end: the message's
		// last leg runs along the sequence flow into the receiver, its
		// open head under the flow's filled one, so it goes to the
		// line's head wherever along it the dashes meet it (ink that
		// touches the nearer end's shape itself is that shape's, a
		// label's letters beside it)
		if fs := t.direct(other); len(fs) == 1 && fs[0].Sure {
			c := og.contacts[fs[0].To]
			return &contact{node: c.node, sx: c.sx / c.n, sy: c.sy / c.n, n: 1, via: true}, true
		}
	}
	return &contact{node: node, sx: at.X, sy: at.Y, n: 1, via: true}, true
}
