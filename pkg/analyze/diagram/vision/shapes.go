package vision

import (
	"image"
	"math"
	"sort"
)

// Kind is what a shape is.
type Kind int

// Shape kinds.
const (
	// Task is a rectangle or rounded rectangle: an activity.
	Task Kind = iota + 1
	// Gateway is a diamond.
	Gateway
	// Event is a circle.
	Event
	// Pool is a collapsed pool: a wide box with its name inside and no
	// content, a participant drawn as a black box, which message flows
	// start and end on.
	Pool
)

// Marker is what a gateway diamond holds.
type Marker int

// Gateway markers.
const (
	// MarkerNone is an empty diamond, read as exclusive.
	MarkerNone Marker = iota
	// MarkerExclusive is an X.
	MarkerExclusive
	// MarkerParallel is a +.
	MarkerParallel
	// MarkerInclusive is a circle.
	MarkerInclusive
	// MarkerEventBased is a pentagon in a double circle.
	MarkerEventBased
)

// Ring is how an event circle is drawn.
type Ring int

// Event rings.
const (
	// Thin is a single thin circle: a start event.
	Thin Ring = iota
	// Thick is a single thick circle: an end event.
	Thick
	// Double is two close circles: an intermediate or boundary event.
	Double
)

// Icon is a symbol inside an event circle.
type Icon int

// Event icons.
const (
	// NoIcon is an empty circle.
	NoIcon Icon = iota
	// Envelope is a message event.
	Envelope
	// Clock is a timer event.
	Clock
	// Lightning is an error event: a zigzag from the lower left to the
	// upper right.
	Lightning
)

// Shape is one recognised flow node.
type Shape struct {
	Kind Kind
	// Box is the shape's outer bounding box, border included.
	Box image.Rectangle
	// Inner is the white inside of the shape, where its text sits.
	Inner  image.Rectangle
	Marker Marker
	Ring   Ring
	Icon   Icon
	// Hexagon is set for a flowchart's decision drawn as a hexagon
	// (PlantUML): its outline is its box's.
	Hexagon bool
	// Bar is set for a fork or join bar (a parallel gateway drawn as a
	// solid black bar, bars.go): Inner is the bar itself.
	Bar bool
}

// Band is a pool or a lane: the strip at its left holding its name
// (written upwards) and the body holding its nodes.
type Band struct {
	Header, Body image.Rectangle
	// Pool is true for a pool; its body spans its lanes, which follow it
	// as bands of their own.
	Pool bool
	// Titled is true for a flowchart's frame (a Graphviz cluster): its
	// name is written across the header strip at its top, not upwards.
	Titled bool
}

// Diagram is the structure found in an image.
type Diagram struct {
	Shapes []Shape
	Flows  []Flow
	Lanes  []Band
	// Traces are connectors that leave a shape and end nowhere found.
	Traces []Trace
	// Stroke is the typical line width in pixels.
	Stroke int
}

// candidate is a closed white region and what its outline looks like.
type candidate struct {
	// l is the region's label in ls, found on the binary image bm.
	l         int32
	ls        *labels
	bm        *bitmap
	box       image.Rectangle
	fill      float64 // span fill: 1 rectangle, .785 circle, .5 diamond
	white     float64 // white share of the spanned area
	kind      Kind
	container bool
	header    bool
	hexagon   bool
	dropped   bool
}

// Recognize finds the shapes, lanes and flows of a diagram in a straight
// (deskewed) grey image. Each phase is a method of recognizer, in the
// order below.
func Recognize(g *image.Gray) Diagram {
	g = normalise(g)
	if g.Rect.Dx() < 8 || g.Rect.Dy() < 8 {
		return Diagram{}
	}
	r := newRecognizer(g)
	r.gatherCandidates()
	r.rankCandidates()
	r.markContainers()
	r.markHeaders()
	r.tall = tallColumns(r.bm, r.stroke)
	r.pickNodes()
	r.dropMarkers()
	r.buildShapes()
	r.addDots()
	r.addBars()
	r.findLanes()
	r.addCollapsedPools()
	r.addContainerLines()
	r.d.Flows = findFlows(r.bm, &r.d, r.lines, r.cross, r.icons)
	return r.d
}

// recognizer holds what Recognize's phases hand on to each other.
type recognizer struct {
	g       *image.Gray
	bm      *bitmap
	coreBM  *bitmap
	cut     uint8
	w       int
	stroke  int
	minSide int
	cands   []*candidate
	nodes   []*candidate
	// collapsed are wide empty boxes: collapsed pools, when outside
	// every pool
	collapsed []*candidate
	icons     []image.Rectangle
	lines     []image.Rectangle
	cross     []image.Rectangle
	pooled    bool
	// tall marks the columns inked down nearly the whole picture
	tall []bool
	d    Diagram
}

// newRecognizer binarises g at its Otsu cut and measures the stroke.
func newRecognizer(g *image.Gray) *recognizer {
	cut := otsu(g)
	bm := binarize(g, cut)
	stroke := strokeWidth(bm)
	return &recognizer{
		g: g, bm: bm, cut: cut, w: g.Rect.Dx(), stroke: stroke,
		// letters' holes are smaller than this; the inside of a small
		// event circle at three-quarter scale is not
		minSide: 10 + stroke,
		d:       Diagram{Stroke: stroke},
	}
}

// core is the picture binarised halfway between the Otsu cut and the
// ink's core (made once): a soft photo's strokes, thickened at the Otsu
// cut until they close the paper between a bullseye's dot and ring, are
// apart again.
func (r *recognizer) core() *bitmap {
	if r.coreBM == nil {
		r.coreBM = r.bm
		if ink := inkLevel(r.g); ink < r.cut {
			r.coreBM = binarize(r.g, ink+(r.cut-ink)/2)
		}
	}
	return r.coreBM
}

// gatherCandidates finds the closed white regions at the Otsu cut, and
// the non-task ones only a stricter or a more lenient cut finds.
func (r *recognizer) gatherCandidates() {
	r.cands = candidates(r.bm, r.minSide)
	// a blurred picture thickens lines until a gateway's marker touches
	// its outline: a stricter cut keeps the lines' cores apart, and adds
	// the diamonds and circles only it finds
	if ink := inkLevel(r.g); ink < r.cut {
		strict := binarize(r.g, r.cut-(r.cut-ink)/2)
		r.addUnseen(candidates(strict, r.minSide), true)
	}
	// a thin outline drawn at a shallow slant (a flowchart's wide
	// diamond, a small ellipse) is grey, not black, where it is
	// anti-aliased: at the Otsu cut it has gaps its white inside leaks
	// through. A lenient cut closes them; it adds the diamonds and
	// ellipses only it finds.
	if r.stroke <= 2 {
		lenient := binarize(r.g, r.cut+(255-r.cut)/2)
		r.addUnseen(candidates(lenient, r.minSide), false)
	}
}

// addUnseen appends the non-task candidates of extra that no candidate
// found so far (only non-task ones when nonTask is set) already covers.
func (r *recognizer) addUnseen(extra []*candidate, nonTask bool) {
	for _, c := range extra {
		if c.kind == Task {
			continue
		}
		seen := false
		for _, o := range r.cands {
			if nonTask && o.kind == Task {
				continue
			}
			if center(c.box).In(o.box.Inset(-r.stroke)) || center(o.box).In(c.box) {
				seen = true
				break
			}
		}
		if !seen {
			r.cands = append(r.cands, c)
		}
	}
}

// rankCandidates puts the biggest first: a shape inside an accepted node
// is its icon or marker. Ties go by position, then label, so the order
// is the same on every run.
func (r *recognizer) rankCandidates() {
	sort.SliceStable(r.cands, func(i, j int) bool {
		return biggerFirst(r.cands[i], r.cands[j])
	})
}

// biggerFirst orders candidates by area, largest first, then top-left
// corner, then label.
func biggerFirst(a, b *candidate) bool {
	ai, aj := a.box.Dx()*a.box.Dy(), b.box.Dx()*b.box.Dy()
	if ai != aj {
		return ai > aj
	}
	if a.box.Min != b.box.Min {
		return a.box.Min.Y < b.box.Min.Y || a.box.Min.Y == b.box.Min.Y && a.box.Min.X < b.box.Min.X
	}
	return a.l < b.l
}

// within reports whether in's centre lies in out and in is the smaller.
func within(in, out image.Rectangle) bool {
	c := image.Point{X: (in.Min.X + in.Max.X) / 2, Y: (in.Min.Y + in.Max.Y) / 2}
	return c.In(out) && in.Dx()*in.Dy() < out.Dx()*out.Dy()
}

// markContainers marks the rectangles holding a node-sized shape: lanes,
// pools or expanded sub-processes.
func (r *recognizer) markContainers() {
	for _, a := range r.cands {
		if a.kind != Task || !framed(r.bm, a.box, r.stroke) {
			continue // a region fenced by arrows is no lane
		}
		for _, b := range r.cands {
			if b != a && within(b.box, a.box) && r.holds(a, b) {
				a.container = true
				break
			}
		}
	}
}

// holds reports whether b, inside a, is a task big enough to make a a
// container.
func (r *recognizer) holds(a, b *candidate) bool {
	big := min(b.box.Dx(), b.box.Dy()) >= max(15*r.stroke, 25)
	return b.kind == Task && (big || b.box.Dy()*10 >= a.box.Dy()*3 || b.box.Dx()*10 >= a.box.Dx()*3) && b.box.Dx() > 3*r.minSide
}

// markHeaders marks tall narrow framed boxes: a pool's header, when a
// pool is found.
func (r *recognizer) markHeaders() {
	for _, a := range r.cands {
		if a.kind == Task && !a.container && a.box.Dy() >= 3*a.box.Dx() && a.box.Dx() < 12*r.stroke+40 && framed(r.bm, a.box, r.stroke) {
			a.header = true
		}
	}
}

// pickNodes keeps the candidates that are nodes, drops those inside one,
// and sets wide empty boxes aside as possible collapsed pools.
func (r *recognizer) pickNodes() {
	for _, a := range r.cands {
		if a.container || a.header {
			continue
		}
		if r.owned(a) {
			a.dropped = true
			continue
		}
		ar := float64(a.box.Dx()) / float64(a.box.Dy())
		if a.kind == Task && ar > 6 && a.box.Dx()*10 >= r.w*3 && a.box.Dy() >= 3*r.minSide && framed(r.bm, a.box, r.stroke) && runsOn(r.bm, a.box, r.stroke, r.tall) < 2 {
			r.collapsed = append(r.collapsed, a)
			continue
		}
		if a.kind == Task && (ar < 0.85 || ar > 6 || !framed(r.bm, a.box, r.stroke) || runsOn(r.bm, a.box, r.stroke, r.tall) >= 2) {
			continue // data objects, text columns, regions fenced by arrows
		}
		r.nodes = append(r.nodes, a)
	}
}

// owned reports whether a lies inside a node accepted so far.
func (r *recognizer) owned(a *candidate) bool {
	for _, n := range r.nodes {
		if within(a.box, n.box) {
			return true
		}
	}
	return false
}

// dropMarkers removes from the nodes a circle or diamond far smaller
// than the task boxes, which is a marker (a message flow's start, a
// conditional flow's diamond), not a node; a box under a third of their
// height is an icon (the envelope bpmn-js draws on a message flow),
// whose ink is then the line's.
func (r *recognizer) dropMarkers() {
	var hs []int
	for _, n := range r.nodes {
		if n.kind == Task {
			hs = append(hs, n.box.Dy())
		}
	}
	if len(hs) == 0 {
		return
	}
	sort.Ints(hs)
	th := hs[len(hs)/2]
	kept := r.nodes[:0]
	for _, n := range r.nodes {
		if n.kind != Task && n.box.Dx()*100 < th*28 {
			continue
		}
		if n.kind == Task && n.box.Dy()*3 < th {
			r.icons = append(r.icons, n.box.Inset(-r.stroke-1))
			continue
		}
		kept = append(kept, n)
	}
	r.nodes = kept
}

// buildShapes turns each node into a Shape.
func (r *recognizer) buildShapes() {
	for _, n := range r.nodes {
		r.d.Shapes = append(r.d.Shapes, r.shape(n))
	}
}

// shape reads a node's ring and icon (events) or marker (gateways).
func (r *recognizer) shape(n *candidate) Shape {
	stroke := r.stroke
	s := Shape{Kind: n.kind, Inner: n.box, Box: n.box.Inset(-stroke - 1)}
	switch n.kind {
	case Event:
		s.Ring, s.Box = eventRing(r.bm, n.box, stroke)
		var double bool
		s.Icon, double = eventIcon(r.cands, n)
		if double {
			s.Ring = Double
		}
		if s.Ring != Double && (bullseye(r.bm, n.box) || bullseye(r.core(), n.box)) {
			// a ring round a filled dot: a flowchart's end (in a
			// double ring, an intermediate event's icon)
			s.Ring, s.Icon = Thick, NoIcon
			break
		}
		if s.Icon == NoIcon && n.box.Dx()*4 < n.box.Dy()*5 {
			// an icon too small for its white pieces to be shapes
			// (an envelope at three-quarter scale): read its ink
			s.Icon = iconInk(r.bm, n.box, stroke)
			if s.Icon == NoIcon && s.Ring != Double && iconInkWithin(r.bm, n.box, stroke, 9) == Lightning {
				s.Icon = Lightning
			}
		}
	case Gateway:
		// a diamond drawn wider than high holds a flowchart's
		// question, whose letters are no marker
		if n.box.Dx()*4 < n.box.Dy()*5 {
			s.Marker = gatewayMarker(n.bm, n.ls, r.cands, n)
		}
		// the corners of a diamond's outline reach past its inside by
		// the stroke times √2
		s.Box = n.box.Inset(-2*stroke - 1)
		s.Hexagon = n.hexagon
	}
	return s
}

// findLanes finds the pools' lanes and their lines or, with no BPMN
// pool, a flowchart's swimlanes: plain frames around their nodes, whose
// lines the arrows cross.
func (r *recognizer) findLanes() {
	r.d.Lanes, r.lines = bands(r.bm, r.cands, r.stroke)
	r.pooled = len(r.d.Lanes) > 0
	if r.pooled {
		return
	}
	fr := frames(r.bm, r.d.Shapes, r.stroke)
	r.d.Lanes = frameBands(fr, r.d.Shapes, r.stroke)
	if len(fr) == 0 {
		r.addColumns()
		return
	}
	k := r.stroke + 2
	for _, b := range fr {
		r.cross = append(r.cross,
			image.Rect(b.Min.X-1, b.Min.Y-1, b.Max.X+1, b.Min.Y+k-1),
			image.Rect(b.Min.X-1, b.Max.Y-k+1, b.Max.X+1, b.Max.Y+1),
			image.Rect(b.Min.X-1, b.Min.Y-1, b.Min.X+k-1, b.Max.Y+1),
			image.Rect(b.Max.X-k+1, b.Min.Y-1, b.Max.X+1, b.Max.Y+1))
	}
}

// addCollapsedPools adds the wide empty boxes outside every lane as
// collapsed pools, when the picture has pools: an empty lane's inside is
// as wide, and no flowchart frame holds a collapsed pool.
func (r *recognizer) addCollapsedPools() {
	if !r.pooled {
		return
	}
	for _, c := range r.collapsed {
		if !inBand(center(c.box), r.d.Lanes) {
			r.d.Shapes = append(r.d.Shapes, Shape{Kind: Pool, Inner: c.box, Box: c.box.Inset(-r.stroke - 1)})
		}
	}
}

// inBand reports whether p lies in the body of one of the lanes.
func inBand(p image.Point, lanes []Band) bool {
	for _, b := range lanes {
		if p.In(b.Body) {
			return true
		}
	}
	return false
}

// addContainerLines adds the outlines of containers, and of pool headers
// when there are pools, to the lines findFlows removes. A tall white
// strip is a pool's header only beside a pool: with none found it is a
// gap fenced by arrows, whose lines stay.
func (r *recognizer) addContainerLines() {
	k := r.stroke + 2
	for _, c := range r.cands {
		if !c.container && (!c.header || !r.pooled) {
			continue
		}
		b := c.box
		if c.container && lanePiece(b, r.d.Lanes, 2*k) {
			// a lane's white inside cut off by a connector running
			// across the lane: its side is that connector, which stays
			continue
		}
		r.lines = append(r.lines,
			image.Rect(b.Min.X-k, b.Min.Y-k, b.Max.X+k, b.Min.Y),
			image.Rect(b.Min.X-k, b.Max.Y, b.Max.X+k, b.Max.Y+k),
			image.Rect(b.Min.X-k, b.Min.Y, b.Min.X, b.Max.Y),
			image.Rect(b.Max.X, b.Min.Y, b.Max.X+k, b.Max.Y))
	}
}

// lanePiece reports whether a white region reaches from a lane's top to
// its bottom: a piece of the lane's inside, not a sub-process drawn in
// it.
func lanePiece(b image.Rectangle, lanes []Band, tol int) bool {
	for _, ln := range lanes {
		if ln.Pool && len(lanes) > 1 {
			continue // the pool's lanes follow, when it has any
		}
		if absDiff(b.Min.Y, ln.Body.Min.Y) <= tol && absDiff(b.Max.Y, ln.Body.Max.Y) <= tol {
			return true
		}
	}
	return false
}

// framed reports whether ink runs along most of all four sides of a
// white box (the middle three quarters of each; of a wide box's short
// sides, the middle half), as a task's border does (a message flow's little circle on
// the border leaves a gap); a region fenced in by arrows and the corners
// of diamonds leaves wide gaps along its box.
func framed(bm *bitmap, b image.Rectangle, stroke int) bool {
	side := func(x0, y0, dx, dy, n int) bool {
		lo, hi := n/8, n-n/8
		if dx == 0 && b.Dx() >= 2*b.Dy() {
			// a wide box's rounded corners (Graphviz rounds them by a
			// good part of the height) take more of its short sides
			lo, hi = n/4, n-n/4
		}
		ink, all := 0, 0
		for k := lo; k < hi; k++ {
			x, y := x0+dx*k, y0+dy*k
			all++
			for o := 1; o <= stroke+2; o++ {
				var px, py int
				switch {
				case dy == 0 && y0 < b.Min.Y+1: // top
					px, py = x, y-o+1
				case dy == 0: // bottom
					px, py = x, y+o-1
				case x0 < b.Min.X+1: // left
					px, py = x-o+1, y
				default: // right
					px, py = x+o-1, y
				}
				if bm.at(px, py) {
					ink++
					break
				}
			}
		}
		return all == 0 || ink*100 >= all*75
	}
	return side(b.Min.X, b.Min.Y-1, 1, 0, b.Dx()) && side(b.Min.X, b.Max.Y, 1, 0, b.Dx()) &&
		side(b.Min.X-1, b.Min.Y, 0, 1, b.Dy()) && side(b.Max.X, b.Min.Y, 0, 1, b.Dy())
}

// runsOn counts the sides of a white box whose border line runs on past
// a corner: a task's border turns at its corners, while a region fenced
// by a lane's border and arrows is bounded by lines that go on; tall
// marks the columns of lines down the whole picture.
func runsOn(bm *bitmap, b image.Rectangle, stroke int, tall []bool) int {
	d := 2*stroke + 4
	n := 0
	for o := 1; o <= stroke+1; o++ {
		for _, p := range [][2]int{
			{b.Min.X - d, b.Min.Y - o}, {b.Max.X - 1 + d, b.Min.Y - o}, // top
			{b.Min.X - d, b.Max.Y - 1 + o}, {b.Max.X - 1 + d, b.Max.Y - 1 + o}, // bottom
			{b.Min.X - o, b.Min.Y - d}, {b.Min.X - o, b.Max.Y - 1 + d}, // left
			{b.Max.X - 1 + o, b.Min.Y - d}, {b.Max.X - 1 + o, b.Max.Y - 1 + d}, // right
		} {
			// a line down the whole picture (a swimlane's, PlantUML's)
			// may pass a box's side: it is no border running on
			if bm.at(p[0], p[1]) && !tall[p[0]] {
				n++
			}
		}
		if n > 0 {
			return n
		}
	}
	return n
}

// candidates finds the closed white regions of a binary image and sorts
// out the ones shaped like a box, a circle or a diamond.
func candidates(bm *bitmap, minSide int) []*candidate {
	w, h := bm.w, bm.h
	ws := label(w, h, func(i int) bool { return !bm.pix[i] }, false)
	var cands []*candidate
	for l := int32(1); l < int32(len(ws.comps)); l++ {
		c := ws.comps[l]
		b := c.box
		if b.Min.X == 0 || b.Min.Y == 0 || b.Max.X == w || b.Max.Y == h {
			continue // the paper around the diagram
		}
		if b.Dx() < minSide || b.Dy() < minSide {
			continue // inside of letters
		}
		f := ws.spanFill(l)
		cd := &candidate{l: l, ls: ws, bm: bm, box: b, fill: f, white: float64(c.area) / (f * float64(b.Dx()*b.Dy()))}
		ar := float64(b.Dx()) / float64(b.Dy())
		square := ar > 0.8 && ar < 1.25
		// a flowchart's terminals and decisions are drawn around their
		// text, so wider than high: taken when their outline has the
		// shape's profile
		wide := ar >= 1.25 && ar <= 6
		switch {
		case f > 0.75 && f < 0.97 && ws.hexagon(l):
			cd.kind = Gateway
			cd.hexagon = true
		case f > 0.9:
			cd.kind = Task
		case f > 0.7 && f < 0.86 && cd.white > 0.2 && (square || wide && ar <= 4 && ws.profile(l, 0.75, 0.95)) && ws.ellipse(l):
			cd.kind = Event
		case f > 0.4 && f < 0.62 && (square && ws.diamond(l) || wide && ws.profile(l, 0.35, 0.65) || ar > 6 && ar <= maxDiamondAspect && ws.diamond(l)):
			cd.kind = Gateway
		default:
			continue
		}
		cands = append(cands, cd)
	}
	return cands
}

// maxDiamondAspect is how much wider than high a decision's diamond may
// be: Graphviz draws it round its question, and "Amount over limit?" on
// one line makes it six and a half times wider than high. Beyond six,
// its every row must end on its straight sides (diamond): a soft photo
// has long thin regions between lines whose spans fill as much.
const maxDiamondAspect = 10

// inkLevel is the grey of the darkest percent of the picture: the core
// of its lines and letters.
func inkLevel(g *image.Gray) uint8 {
	var hist [256]int
	for y := 0; y < g.Rect.Dy(); y++ {
		for _, v := range g.Pix[y*g.Stride : y*g.Stride+g.Rect.Dx()] {
			hist[v]++
		}
	}
	want := g.Rect.Dx() * g.Rect.Dy() / 100
	sum := 0
	for v, n := range hist {
		sum += n
		if sum > want {
			return uint8(v)
		}
	}
	return 0
}

// strokeWidth is the most common length of short horizontal ink runs:
// the width of vertical lines.
func strokeWidth(bm *bitmap) int {
	var hist [16]int
	// a run starting at the same column on most rows is a line down the
	// picture (PlantUML's swimlane separators, drawn thicker than its
	// shapes): it would outweigh every shape's outline
	starts := make([]int, bm.w+1)
	rows := 0
	runs := func(each func(x0, run int)) {
		for y := 0; y < bm.h; y += 2 {
			run := 0
			for x := 0; x <= bm.w; x++ {
				if x < bm.w && bm.pix[y*bm.w+x] {
					run++
					continue
				}
				if run > 0 && run < len(hist) {
					each(x-run, run)
				}
				run = 0
			}
		}
	}
	runs(func(x0, _ int) { starts[x0]++ })
	for y := 0; y < bm.h; y += 2 {
		rows++
	}
	var rest [16]int
	runs(func(x0, run int) {
		hist[run]++
		if starts[x0]*10 <= rows*6 {
			rest[run]++
		}
	})
	mode := func(h [16]int) int {
		best := 2
		for i := 1; i < len(h); i++ {
			if h[i] > h[best] {
				best = i
			}
		}
		return best
	}
	// only thick lines (three pixels or more) thicker than the rest are
	// left out: a pool's border drawn about as thin as the shapes still
	// counts with them
	if all := mode(hist); all >= 3 {
		return min(all, mode(rest))
	}
	return mode(hist)
}

// eventRing reads the circle's outline to the left and right of its
// inside: one thin run is a start event, one thick run an end event, and
// ink, a gap, ink again an intermediate event. It returns the outer box.
func eventRing(bm *bitmap, in image.Rectangle, stroke int) (Ring, image.Rectangle) {
	cx, cy := (in.Min.X+in.Max.X)/2, (in.Min.Y+in.Max.Y)/2
	limit := 6*stroke + 4
	scan := func(x, y, dx, dy int) (first, gap, second int) {
		for ; bm.at(x, y) && first < limit; x, y = x+dx, y+dy {
			first++
		}
		for ; !bm.at(x, y) && gap < 3*stroke+3 && x >= 0 && y >= 0 && x < bm.w && y < bm.h; x, y = x+dx, y+dy {
			gap++
		}
		if gap >= 3*stroke+3 {
			return first, 0, 0
		}
		for ; bm.at(x, y) && second < limit; x, y = x+dx, y+dy {
			second++
		}
		return first, gap, second
	}
	// four directions: a connector leaving the circle lengthens one of
	// them, so the second smallest is the outline
	var firsts []int
	doubles, ring := 0, 0
	for _, d := range [][4]int{{in.Min.X - 1, cy, -1, 0}, {in.Max.X, cy, 1, 0}, {cx, in.Min.Y - 1, 0, -1}, {cx, in.Max.Y, 0, 1}} {
		f, g, s := scan(d[0], d[1], d[2], d[3])
		firsts = append(firsts, f)
		if g > 0 && s > 0 && s <= 2*f+2 && f < limit {
			doubles++
			ring = max(ring, g+s)
		}
	}
	sort.Ints(firsts)
	first := firsts[1]
	if doubles >= 2 && diagonalDoubles(bm, in, stroke) >= 1 {
		return Double, in.Inset(-first - ring)
	}
	if first*10 >= stroke*17 && first >= 3 {
		return Thick, in.Inset(-first)
	}
	return Thin, in.Inset(-first)
}

// diagonalDoubles counts the diagonals along which a second ring lies
// beyond an event's outline. An intermediate event's inner ring runs
// all round it; what lies beside a plain circle at one of its four
// axis points does not reach the diagonals: a message flow's open
// arrowhead touching it, its name a few pixels below (at scale 0.75
// both passed for a second ring, and the circle for an intermediate
// event whose box took in the arrowhead). Along a diagonal a thin
// inner ring can merge with the outline, so one diagonal is enough.
func diagonalDoubles(bm *bitmap, in image.Rectangle, stroke int) int {
	cx, cy := float64(in.Min.X+in.Max.X)/2, float64(in.Min.Y+in.Max.Y)/2
	r := float64(in.Dx()+in.Dy()) / 4
	limit := float64(6*stroke + 4)
	n := 0
	for _, d := range [][2]float64{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
		// along the ray in half-pixel steps, from just inside the
		// outline: the white, the outline, a gap, a second ring
		var runs []float64
		ink := false
		for t := r * 0.6; t < r+3*limit; t += 0.5 {
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
		if len(runs) >= 4 && runs[1] < limit && runs[2] < float64(3*stroke+3) && runs[3] <= 2*runs[1]+3 {
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
	bw, bh := box.Dx(), box.Dy()
	if n < 2*r || bw < r/2 || bh < r/2 {
		return NoIcon // a speck, a letter's stroke
	}
	inked := func(x0, y0, x1, y1 int) float64 {
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
	// rows: the share of columns with ink in the top and bottom stroke
	band := max(stroke, 1) + 1
	rowInk := func(y0 int) float64 {
		k := 0
		for x := box.Min.X; x < box.Max.X; x++ {
			for y := y0; y < y0+band; y++ {
				if bm.at(x, y) {
					k++
					break
				}
			}
		}
		return float64(k) / float64(bw)
	}
	// an envelope fills a good part of its circle's height; a word
	// (a flowchart's "End", letters run together in a soft photo) is
	// a low strip across it
	if bw*100 >= bh*120 && bw*100 <= bh*220 && bh*4 >= in.Dy() && rowInk(box.Min.Y) >= 0.7 && rowInk(box.Max.Y-band) >= 0.7 {
		return Envelope
	}
	square := bw*100 >= bh*75 && bw*100 <= bh*133
	if square {
		// a clock's face: ink on a ring round the ink's centre, in most
		// of 16 directions
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
		if hits >= 13 && inked(int(cx)-1, int(cy)-1, int(cx)+2, int(cy)+2) > 0 {
			return Clock
		}
		// a bolt: ink in its upper right and lower left quarters'
		// corners, little in the others
		tw, th := max(bw/4, 1), max(bh/4, 1)
		tl := inked(box.Min.X, box.Min.Y, box.Min.X+tw, box.Min.Y+th)
		tr := inked(box.Max.X-tw, box.Min.Y, box.Max.X, box.Min.Y+th)
		bl := inked(box.Min.X, box.Max.Y-th, box.Min.X+tw, box.Max.Y)
		br := inked(box.Max.X-tw, box.Max.Y-th, box.Max.X, box.Max.Y)
		if min(tr, bl) > 0.08 && min(tr, bl) > 3*max(tl, br) {
			return Lightning
		}
		// looked at further out (a single ring), bpmn-js's filled bolt
		// has its middle stroke reach into the lower right quarter:
		// the upper left stays empty, the two points are well inked
		if tenths > 7 && tl < 0.05 && min(tr, bl) > 0.25 && min(tr, bl) > 2*br {
			return Lightning
		}
	}
	return NoIcon
}

func center(r image.Rectangle) image.Point {
	return image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)
}

// gatewayMarker reads the symbol in a diamond: ink on the diagonals is an
// X, on the axes a +, a closed ring an O, rings in rings an event-based
// gateway.
func gatewayMarker(bm *bitmap, ws *labels, cands []*candidate, n *candidate) Marker {
	holes := 0
	for _, c := range cands {
		if c != n && c.box.In(n.box) {
			holes++
		}
	}
	// closed white regions inside the diamond that are too small to be
	// candidates still count: look at the labelled white components
	seen := map[int32]bool{}
	b := n.box
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			l := ws.lab[y*ws.w+x]
			if l == 0 || l == n.l || seen[l] {
				continue
			}
			seen[l] = true
		}
	}
	// a ring's inside is a good part of the diamond; the holes of the
	// letters of a question written inside it (Mermaid) are not
	closed := 0
	for l := range seen {
		if c := ws.comps[l]; c.box.In(b) && c.area >= 4 && max(c.box.Dx(), c.box.Dy())*6 >= b.Dx() {
			closed++
		}
	}
	cx, cy := (b.Min.X+b.Max.X)/2, (b.Min.Y+b.Max.Y)/2
	r := b.Dx() / 5
	ink := func(dx, dy int) int {
		k := 0
		for t := 1; t <= 2; t++ {
			for _, s := range [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
				if bm.at(cx+s[0]*dx*t/2, cy+s[1]*dy*t/2) {
					k++
				}
			}
		}
		return k
	}
	diag := ink(r, r)
	axis := 0
	for t := 1; t <= 2; t++ {
		for _, p := range [][2]int{{r * t / 2, 0}, {-r * t / 2, 0}, {0, r * t / 2}, {0, -r * t / 2}} {
			if bm.at(cx+p[0], cy+p[1]) {
				axis++
			}
		}
	}
	switch {
	case closed >= 2:
		return MarkerEventBased
	case closed == 1:
		return MarkerInclusive
	case diag >= 6 && diag > axis:
		return MarkerExclusive
	case axis >= 6 && axis > diag:
		return MarkerParallel
	case diag+axis >= 4:
		return MarkerExclusive
	}
	return MarkerNone
}

// bands reads the pools and lanes: a tall, narrow box is a pool's
// header (its name written upwards); the pool's top border runs right
// from it to the pool's end, and every line across the whole pool below
// it separates two lanes, each with its own name written upwards along
// its left edge. Arrows running from lane to lane cut the lanes' white
// insides into pieces, so the lanes are read from these lines, not from
// the white regions. A pool without separators is one band. It also
// returns the border and separator lines, for the arrows to be read
// across them.
func bands(bm *bitmap, cands []*candidate, stroke int) ([]Band, []image.Rectangle) {
	var (
		out   []Band
		lines []image.Rectangle
	)
	k := stroke + 2
	for _, hd := range cands {
		if !hd.header {
			continue
		}
		h := hd.box
		// the top border: follow the ink right of the header, over gaps
		// of a few pixels (anti-aliasing, a crossing arrow's gap)
		y := h.Min.Y - 1 - stroke/2
		right, gap := h.Max.X, 0
		for x := h.Max.X; x < bm.w && gap <= k; x++ {
			if bm.at(x, y) || bm.at(x, y-1) || bm.at(x, y+1) {
				right, gap = x, 0
			} else {
				gap++
			}
		}
		x0 := h.Max.X + 2*stroke + 2
		if right-x0 < 4*h.Dx() {
			continue // no pool to the right of it
		}
		pool := image.Rect(h.Max.X+stroke, h.Min.Y, right-stroke, h.Max.Y)
		// separators: rows inked across nearly the whole pool
		var cuts [][2]int // first and last row of each separator
		for y := h.Min.Y + stroke + 2; y < h.Max.Y-stroke-2; y++ {
			ink := 0
			for x := x0; x < right-stroke; x++ {
				if bm.pix[y*bm.w+x] {
					ink++
				}
			}
			if ink*100 < (right-stroke-x0)*95 {
				continue
			}
			if n := len(cuts); n > 0 && cuts[n-1][1] >= y-1 {
				cuts[n-1][1] = y
			} else {
				cuts = append(cuts, [2]int{y, y})
			}
		}
		out = append(out, Band{Header: h, Body: pool, Pool: true})
		lines = append(lines,
			image.Rect(pool.Min.X-k, pool.Min.Y-k, pool.Max.X+k, pool.Min.Y),
			image.Rect(pool.Min.X-k, pool.Max.Y, pool.Max.X+k, pool.Max.Y+k),
			image.Rect(pool.Max.X-1, pool.Min.Y, pool.Max.X+k, pool.Max.Y))
		top := pool.Min.Y
		for i := 0; i <= len(cuts); i++ {
			bottom := pool.Max.Y
			if i < len(cuts) {
				bottom = cuts[i][0]
				lines = append(lines, image.Rect(pool.Min.X, cuts[i][0]-1, pool.Max.X, cuts[i][1]+2))
			}
			if bottom-top > 2*stroke+4 {
				body := image.Rect(pool.Min.X, top, pool.Max.X, bottom)
				strip := image.Rect(body.Min.X, body.Min.Y, min(body.Max.X, body.Min.X+h.Dx()+stroke), body.Max.Y)
				out = append(out, Band{Header: strip, Body: body})
			}
			if i < len(cuts) {
				top = cuts[i][1] + 1
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Header.Min.Y != out[j].Header.Min.Y {
			return out[i].Header.Min.Y < out[j].Header.Min.Y
		}
		return out[i].Header.Min.X < out[j].Header.Min.X
	})
	return out, lines
}
