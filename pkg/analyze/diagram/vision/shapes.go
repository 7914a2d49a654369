package vision

import (
	"image"
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
	// Triangle is a signal event: a triangle standing on its base.
	Triangle
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
	// split is an event's inside put together from the pieces its icon
	// cuts it into (splitInsides)
	split bool
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

// gatherCandidates finds the closed white regions at the Otsu cut, the
// non-task ones only a stricter or a more lenient cut finds, and the
// event insides an icon splits.
func (r *recognizer) gatherCandidates() {
	ws := whiteRegions(r.bm)
	r.cands = candidatesIn(ws, r.bm, r.minSide)
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
		extra := candidates(lenient, r.minSide)
		r.addUnseen(extra, false)
		r.addLeakedBoxes(extra)
	}
	r.cands = append(r.cands, splitInsides(ws, r.bm, r.minSide, r.stroke, r.cands)...)
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

// addLeakedBoxes appends the boxes of extra (found at the lenient cut)
// that no candidate overlaps: a one-pixel outline's rounded corner is
// drawn in greys lighter than the Otsu cut on a page with little ink
// (Mermaid's mm-10: three rounded boxes, the corner pixels at 194 on a
// cut of 192), so the box's inside is one with the paper around it. A
// candidate over three times the box's size (a lane round it) does not
// count as seeing it.
func (r *recognizer) addLeakedBoxes(extra []*candidate) {
	for _, c := range extra {
		if c.kind != Task {
			continue
		}
		seen := false
		area := c.box.Dx() * c.box.Dy()
		for _, o := range r.cands {
			// a lane or subgraph round the box leaves it unseen
			if c.box.Overlaps(o.box) && o.box.Dx()*o.box.Dy() < 3*area {
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
		if a.kind == Gateway && r.holdsBox(a) {
			continue // paper fenced by connectors, round boxes it holds
		}
		r.nodes = append(r.nodes, a)
	}
}

// holdsBox reports whether a box candidate lies inside a: a diamond
// holds its question's letters and a marker, never a box (Graphviz
// gv-44: the paper between a fork bar's arrows, the cluster's frame and
// a curved connector made a wide diamond round two task boxes and the
// start, and took them in as its marks).
func (r *recognizer) holdsBox(a *candidate) bool {
	for _, b := range r.cands {
		if b != a && b.kind == Task && b.box.Dx() > 3*r.minSide && within(b.box, a.box) && b.box.In(a.box.Inset(-r.stroke)) {
			return true
		}
	}
	return false
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
		if n.split {
			// an icon splitting the inside reaches the inner ring of a
			// catching event; on a task's border the axes are crossed
			s.Ring, s.Box = eventRingBy(r.bm, n.box, stroke, 3)
		}
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
		if n.split {
			// the icon reaches the inside's edge: read it all
			s.Icon = iconInkWithin(r.bm, n.box, stroke, 9)
		}
		if s.Icon == NoIcon && n.box.Dx()*4 < n.box.Dy()*5 {
			// an icon too small for its white pieces to be shapes
			// (an envelope at three-quarter scale): read its ink
			s.Icon = wholeEnvelope(r.bm, n.box, stroke, iconInk(r.bm, n.box, stroke))
			if s.Icon == NoIcon && s.Ring != Double && iconInkWithin(r.bm, n.box, stroke, 9) == Lightning {
				s.Icon = Lightning
			}
			if s.Icon == NoIcon && signalInk(r.bm, n.box, stroke) {
				s.Icon = Triangle
			}
		}
	case Gateway:
		// a diamond drawn wider than high holds a flowchart's
		// question, whose letters are no marker
		if n.box.Dx()*4 < n.box.Dy()*5 {
			s.Marker = gatewayMarker(n.bm, n.ls, n)
		}
		// the corners of a diamond's outline reach past its inside by
		// the stroke times √2
		s.Box = n.box.Inset(-2*stroke - 1)
		s.Hexagon = n.hexagon
	}
	return s
}

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
