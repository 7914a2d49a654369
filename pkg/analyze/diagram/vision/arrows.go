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
// removed too and joined across whichever way they run; icons are
// small boxes drawn on a line (a message flow's envelope), joined to
// the dashes that run into them. Each phase is a method of flowTracer,
// in the order below.
func findFlows(bm *bitmap, d *Diagram, lines, cross, icons []image.Rectangle) []Flow {
	t := newFlowTracer(bm, d, lines, cross)
	t.markShapes()
	t.markLines()
	t.labelPieces()
	t.joinAcrossRows()
	t.joinAcrossColumns()
	t.collectDashes()
	t.joinDashes()
	t.joinIcons(icons)
	t.joinCrossings()
	t.joinAcrossLabels()
	t.countDashes()
	t.collectGroups()
	t.extendDashEnds()
	roots := t.connectors()
	var flows []Flow
	for _, r := range roots {
		flows = append(flows, t.direct(r)...)
	}
	return flows
}

// flowTracer holds what findFlows' phases share: the ink left when the
// shapes and lines are taken out, its pieces, and the joins between
// them (a union-find over the pieces).
type flowTracer struct {
	bm     *bitmap
	d      *Diagram
	w, h   int
	stroke int
	bounds image.Rectangle
	// lines are lane lines, cross a flowchart frame's lines; all both
	lines, cross, all []image.Rectangle
	// removed marks the shapes' outlines and the lines, halo the shape
	// (index + 1) whose surroundings a pixel is in, cut the pixels where
	// two lines cross
	removed []bool
	halo    []int32
	cut     []bool
	ls      *labels
	parent  []int32
	// dashes lists the dash-like pieces; isDash those that count
	// towards calling a line dashed, stub those cut short
	dashes              []int32
	isDash, stub        map[int32]bool
	dashCount, dashArea map[int32]int
	// iconPieces are the icons' own pieces, iconArea their ink per
	// group (not counted against a dashed line's dashes)
	iconPieces []int32
	iconArea   map[int32]int
	groups     map[int32]*inkGroup
}

// inkGroup is one joined connector: where it touches shapes, and its
// ink sampled.
type inkGroup struct {
	contacts map[int]*contact
	path     []image.Point
	pixels   int
}

func newFlowTracer(bm *bitmap, d *Diagram, lines, cross []image.Rectangle) *flowTracer {
	return &flowTracer{
		bm: bm, d: d, w: bm.w, h: bm.h, stroke: d.Stroke,
		bounds:  image.Rect(0, 0, bm.w, bm.h),
		lines:   lines,
		cross:   cross,
		all:     append(append([]image.Rectangle(nil), lines...), cross...),
		removed: make([]bool, bm.w*bm.h),
		halo:    make([]int32, bm.w*bm.h),
		isDash:  map[int32]bool{},
		stub:    map[int32]bool{},
	}
}

// markShapes marks each shape's surroundings in halo (big shapes first,
// so that a boundary event on a task's border wins) and its outline in
// removed.
func (t *flowTracer) markShapes() {
	d, w := t.d, t.w
	order := make([]int, len(d.Shapes))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		ra, rb := d.Shapes[order[a]].Box, d.Shapes[order[b]].Box
		return ra.Dx()*ra.Dy() > rb.Dx()*rb.Dy()
	})
	for _, i := range order {
		hb := d.Shapes[i].Box.Inset(-t.stroke - 3).Intersect(t.bounds)
		for y := hb.Min.Y; y < hb.Max.Y; y++ {
			for x := hb.Min.X; x < hb.Max.X; x++ {
				t.halo[y*w+x] = int32(i + 1)
			}
		}
	}
	for _, s := range d.Shapes {
		cb := s.Box.Inset(-1).Intersect(t.bounds)
		in := outline(s, t.stroke)
		for y := cb.Min.Y; y < cb.Max.Y; y++ {
			for x := cb.Min.X; x < cb.Max.X; x++ {
				if in(x, y) {
					t.removed[y*w+x] = true
				}
			}
		}
	}
}

// markLines marks the lane and frame lines in removed, each widened to
// the rows (or columns) beside it inked along nearly its whole length:
// a soft photo's line binarises thicker than the white regions beside
// it say, and a row of it left standing would join every connector
// crossing the line into one.
func (t *flowTracer) markLines() {
	for i, r := range t.all {
		r = t.lineInk(r.Intersect(t.bounds))
		t.all[i] = r
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				t.removed[y*t.w+x] = true
			}
		}
	}
}

// lineInk widens line r by the rows (or columns) beside it that are
// inked along nearly its whole length, a stroke's width at most each
// way.
func (t *flowTracer) lineInk(r image.Rectangle) image.Rectangle {
	if r.Empty() || max(r.Dx(), r.Dy()) < 8*t.stroke {
		return r
	}
	inked := func(x0, y0, dx, dy, n int) bool {
		if x0 < 0 || y0 < 0 || x0 >= t.w || y0 >= t.h {
			return false
		}
		ink := 0
		for k := range n {
			if t.bm.pix[(y0+k*dy)*t.w+x0+k*dx] {
				ink++
			}
		}
		return ink*10 >= n*9
	}
	if r.Dx() >= r.Dy() {
		for k := 0; k < t.stroke && inked(r.Min.X, r.Min.Y-1, 1, 0, r.Dx()); k++ {
			r.Min.Y--
		}
		for k := 0; k < t.stroke && inked(r.Min.X, r.Max.Y, 1, 0, r.Dx()); k++ {
			r.Max.Y++
		}
		return r
	}
	for k := 0; k < t.stroke && inked(r.Min.X-1, r.Min.Y, 0, 1, r.Dy()); k++ {
		r.Min.X--
	}
	for k := 0; k < t.stroke && inked(r.Max.X, r.Min.Y, 0, 1, r.Dy()); k++ {
		r.Max.X++
	}
	return r
}

// labelPieces finds the crossings and labels the ink left, each piece
// a set of its own.
func (t *flowTracer) labelPieces() {
	bm := t.bm
	t.cut = crossings(bm, t.removed, t.stroke)
	t.ls = label(t.w, t.h, func(i int) bool { return bm.pix[i] && !t.removed[i] && !t.cut[i] }, true)
	t.parent = make([]int32, len(t.ls.comps))
	for i := range t.parent {
		t.parent[i] = int32(i)
	}
}

func (t *flowTracer) find(a int32) int32 {
	for t.parent[a] != a {
		t.parent[a] = t.parent[t.parent[a]]
		a = t.parent[a]
	}
	return a
}

func (t *flowTracer) union(a, b int32) {
	if ra, rb := t.find(a), t.find(b); ra != rb {
		t.parent[ra] = rb
	}
}

// joinAcrossRows joins pieces across removed horizontal lines; a
// frame's line is crossed by slanted arrows too, whose ink goes on a
// little to the side.
func (t *flowTracer) joinAcrossRows() {
	w, h := t.w, t.h
	for li, r := range t.all {
		if r.Dx() < r.Dy() {
			continue
		}
		slant := 0
		if li >= len(t.lines) {
			slant = r.Dy() + 2
		}
		r = r.Intersect(t.bounds)
		reach := 4 * (t.stroke + 2)
		for x := r.Min.X; x < r.Max.X; x++ {
			// the neighbouring lane's border is removed too: look past it
			above, below := r.Min.Y-1, r.Max.Y
			for above >= 0 && t.removed[above*w+x] && r.Min.Y-above < reach {
				above--
			}
			for below < h && t.removed[below*w+x] && below-r.Max.Y < reach {
				below++
			}
			if above < 0 || below >= h {
				continue
			}
			a := t.ls.lab[above*w+x]
			if a == 0 {
				continue
			}
			for dx := range 2*slant + 1 {
				bx := x + (dx+1)/2*(1-2*(dx%2)) // x, x+1, x-1, x+2 …
				if bx < 0 || bx >= w {
					continue
				}
				if b := t.ls.lab[below*w+bx]; b != 0 {
					t.union(a, b)
					break
				}
			}
		}
	}
}

// joinAcrossLabels joins a line interrupted by its label (Mermaid
// draws an edge's label on the line, over a box of its own): from each
// end of a piece that runs out straight into open paper, it looks on
// along the line, past the label's letters, for a piece going on the
// same way. Only when letters lie in the gap: two lines that merely
// line up stay apart, and a shape or a lane line ends the look.
func (t *flowTracer) joinAcrossLabels() {
	w := t.w
	reach := 12*t.stroke + 60
	// a letter: small, and no dash of a dashed line (a stroke thin)
	small := func(l int32) bool {
		b := t.ls.comps[l].box
		return b.Dx() <= 3*t.stroke+24 && b.Dy() <= 3*t.stroke+24 && !t.straight(b)
	}
	for l := int32(1); l < int32(len(t.ls.comps)); l++ {
		b := t.ls.comps[l].box
		if max(b.Dx(), b.Dy()) < 3*t.stroke+6 {
			continue // a letter or a speck
		}
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			p, ok := t.stubEnd(l, b, d)
			if !ok {
				continue
			}
			// the label's letters start and end close to the line's
			// two stubs and sit across it, centred on it
			first, last := 0, 0
			var lbox image.Rectangle
			pad := 4*t.stroke + 8
			for k := 1; k <= reach; k++ {
				x, y := p.X+d[0]*k, p.Y+d[1]*k
				if x < 0 || y < 0 || x >= w || y >= t.h || t.removed[y*w+x] || t.halo[y*w+x] != 0 {
					break
				}
				o := t.ls.lab[y*w+x]
				if o == 0 || o == l {
					continue
				}
				if small(o) {
					if first == 0 {
						first = k
					}
					last = k
					lbox = lbox.Union(t.ls.comps[o].box)
					continue
				}
				across := lbox.Min.Y + lbox.Max.Y - 2*p.Y
				if d[0] == 0 {
					across = lbox.Min.X + lbox.Max.X - 2*p.X
				}
				if first > 0 && first <= pad && k-last <= pad && absDiff(across, 0) <= 2*t.stroke+6 &&
					t.runsOn(o, image.Pt(x, y), d) && t.find(o) != t.find(l) {
					t.union(l, o)
				}
				break
			}
		}
	}
}

// runsOn reports whether piece o goes on from p along d for a while:
// a line continuing the one interrupted, not one crossing it.
func (t *flowTracer) runsOn(o int32, p image.Point, d [2]int) bool {
	for k := 1; k <= 2*t.stroke+4; k++ {
		x, y := p.X+d[0]*k, p.Y+d[1]*k
		if x < 0 || y < 0 || x >= t.w || y >= t.h || t.ls.lab[y*t.w+x] != o {
			return false
		}
	}
	return true
}

// stubEnd finds where piece l (box b) ends at its side facing d in a
// straight stub along d: a line's end, not a corner or a letter.
func (t *flowTracer) stubEnd(l int32, b image.Rectangle, d [2]int) (image.Point, bool) {
	w := t.w
	at := func(x, y int) bool {
		return x >= 0 && y >= 0 && x < w && y < t.h && t.ls.lab[y*w+x] == l
	}
	var ends []image.Point
	switch {
	case d[0] != 0:
		x := b.Min.X
		if d[0] > 0 {
			x = b.Max.X - 1
		}
		for y := b.Min.Y; y < b.Max.Y; y++ {
			if at(x, y) {
				ends = append(ends, image.Pt(x, y))
			}
		}
	default:
		y := b.Min.Y
		if d[1] > 0 {
			y = b.Max.Y - 1
		}
		for x := b.Min.X; x < b.Max.X; x++ {
			if at(x, y) {
				ends = append(ends, image.Pt(x, y))
			}
		}
	}
	if len(ends) == 0 || len(ends) > t.stroke+1 {
		return image.Point{}, false
	}
	p := ends[len(ends)/2]
	// the stub runs back along the line for a while
	for k := 1; k <= 2*t.stroke+4; k++ {
		if !at(p.X-d[0]*k, p.Y-d[1]*k) {
			return image.Point{}, false
		}
	}
	return p, true
}

// joinAcrossColumns joins pieces across a frame's upright sides.
func (t *flowTracer) joinAcrossColumns() {
	w, h := t.w, t.h
	for _, r := range t.cross {
		if r.Dx() >= r.Dy() {
			continue
		}
		r = r.Intersect(t.bounds)
		reach := 4 * (t.stroke + 2)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			left, right := r.Min.X-1, r.Max.X
			for left >= 0 && t.removed[y*w+left] && r.Min.X-left < reach {
				left--
			}
			for right < w && t.removed[y*w+right] && right-r.Max.X < reach {
				right++
			}
			if left < 0 || right >= w {
				continue
			}
			a := t.ls.lab[y*w+left]
			if a == 0 {
				continue
			}
			for dy := range 2*(r.Dx()+2) + 1 {
				by := y + (dy+1)/2*(1-2*(dy%2)) // y, y+1, y-1, y+2 …
				if by < 0 || by >= h {
					continue
				}
				if b := t.ls.lab[by*w+right]; b != 0 {
					t.union(a, b)
					break
				}
			}
		}
	}
}

// straight reports whether a piece's box is a stroke thin.
func (t *flowTracer) straight(b image.Rectangle) bool {
	return min(b.Dx(), b.Dy()) <= t.stroke+1
}

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

// joinCrossings lets two lines crossing go straight on: it joins the
// pieces left and right of a crossing, and above and below it, but not
// across.
func (t *flowTracer) joinCrossings() {
	w, h, cut := t.w, t.h, t.cut
	join := func(a, b int) {
		if la, lb := t.ls.lab[a], t.ls.lab[b]; la != 0 && lb != 0 {
			t.union(la, lb)
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
// the group's own ink goes on there.
func (t *flowTracer) lookAhead(l, r int32, b, a image.Rectangle) (*contact, bool) {
	mid := image.Pt((b.Min.X+b.Max.X)/2, (b.Min.Y+b.Max.Y)/2)
	dist := func(p image.Point) int { return absDiff(p.X, mid.X) + absDiff(p.Y, mid.Y) }
	node, best := -1, 0
	other, otherD := int32(-1), 0
	var at image.Point
	// the dash's own line, a stroke wider either side: the group's ink
	// there goes on along it, as do its other dashes anywhere (a label
	// beside the line, joined to it, does not)
	lane := image.Rect(b.Min.X-t.stroke, -1<<30, b.Max.X+t.stroke, 1<<30)
	if b.Dx() >= b.Dy() {
		lane = image.Rect(-1<<30, b.Min.Y-t.stroke, 1<<30, b.Max.Y+t.stroke)
	}
	for y := a.Min.Y; y < a.Max.Y; y++ {
		for x := a.Min.X; x < a.Max.X; x++ {
			i := y*t.w + x
			if lb := t.ls.lab[i]; lb != 0 && lb != l && t.find(lb) == r {
				if t.isDash[lb] || t.stub[lb] || t.ls.comps[lb].box.Overlaps(lane) {
					return nil, false // the line goes on: no end
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
	if node >= 0 {
		return &contact{node: node, sx: at.X, sy: at.Y, n: 1}, true
	}
	if other < 0 {
		return nil, false
	}
	og := t.groups[other]
	if og == nil || len(og.contacts) < 2 || t.dashed(other) {
		return nil, false
	}
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
	switch {
	case s.Kind == Gateway && (s.Hexagon || s.Bar):
	case s.Kind == Gateway:
		// the inside's half extents; the outline lies within stroke+2
		// of its sides, measured along their normals
		hw, hh := float64(s.Inner.Dx())/2, float64(s.Inner.Dy())/2
		icx, icy := float64(s.Inner.Min.X+s.Inner.Max.X-1)/2, float64(s.Inner.Min.Y+s.Inner.Max.Y-1)/2
		lim := hw*hh + float64(stroke+2)*math.Hypot(hw, hh)
		return func(x, y int) bool {
			return math.Abs(float64(x)-icx)*hh+math.Abs(float64(y)-icy)*hw <= lim
		}
	case s.Kind == Event:
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

func sq(a int) int { return a * a }

func absDiff(a, b int) int {
	if a > b {
		return a - b
	}
	return b - a
}
