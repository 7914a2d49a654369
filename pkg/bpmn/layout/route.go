package layout

import (
	"math"
	"sort"
)

const (
	sideLeft  = 0
	sideRight = 1
)

// segment is the vertical part of an edge inside a channel, with the sides
// its horizontal ends leave towards.
type segment struct {
	ya, yb float64
	sa, sb int8
	lo, hi float64
	track  int
}

type channel struct {
	segs   []segment
	labelW float64
	tracks int
	left   float64
	width  float64
}

// sidePortMin is the shortest vertical run out of a top or bottom port;
// it leaves room for the edge's label between the shape and the bend.
const sidePortMin = 20

// portInset keeps off-centre attachments away from a shape's corners.
const portInset = 12

type hopKind uint8

const (
	hopStraight hopKind = iota // horizontal line, no bend
	hopTrack                   // vertical segment on a channel track
	hopDown                    // leave the source through its bottom
	hopUp                      // enter the target through its bottom
	hopSideOut                 // leave a side-port source through top or bottom
	hopSideIn                  // enter a side-port target through top or bottom
)

type hop struct {
	kind    hopKind
	channel int
	seg     int
	top     bool // hopSideOut/hopSideIn: through the top (else the bottom)
	// offStart and offEnd mark a straight hop that attaches off-centre
	// to its free-port source or target (at the other end's height)
	offStart, offEnd bool
}

// portUse counts, per node, the edges that would use its top and bottom.
type portUse struct {
	outUp, outDown   int
	inAbove, inBelow int
	loopOut, loopIn  bool
}

// countPorts finds which nodes could use their top and bottom for edges:
// a side is free for one edge when no other edge wants it.
func (l *layouter) countPorts() []portUse {
	use := make([]portUse, len(l.g.Nodes))
	for _, p := range l.paths {
		if len(p) == 3 && p[0] == p[2] {
			continue
		}
		u, b := &l.items[p[0]], &l.items[p[1]]
		switch {
		case b.layer == u.layer+1 && b.y < u.y:
			use[p[0]].outUp++
		case b.layer == u.layer+1 && b.y > u.y:
			use[p[0]].outDown++
		case b.layer == u.layer:
			use[p[0]].loopOut = true
		}
		a, v := &l.items[p[len(p)-2]], &l.items[p[len(p)-1]]
		switch {
		case a.layer == v.layer-1 && a.y < v.y:
			use[p[len(p)-1]].inAbove++
		case a.layer == v.layer-1 && a.y > v.y:
			use[p[len(p)-1]].inBelow++
		case a.layer == v.layer:
			use[p[len(p)-1]].loopIn = true
		}
	}
	return use
}

// clear reports whether no item of a layer other than except occupies the
// vertical range between y1 and y2.
func (l *layouter) clear(layer, except int, y1, y2 float64) bool {
	lo, hi := min(y1, y2), max(y1, y2)
	for _, it := range l.layers[layer] {
		if it == except {
			continue
		}
		if l.items[it].y+l.slotBottom(it) >= lo && l.items[it].y-l.slotTop(it) <= hi {
			return false
		}
	}
	return true
}

// route decides, for every hop between consecutive items of every edge,
// how it is drawn (routeHops), assigns channel tracks, and sets the
// columns' and channels' horizontal coordinates (placeColumns). A
// cancelled context stops it between edges.
func (l *layouter) route() {
	l.channels = make([]channel, l.nLayers+1)
	l.hops = make([][]hop, len(l.g.Edges))
	if !l.routeHops() {
		return
	}
	for c := range l.channels {
		if l.ctx.Err() != nil {
			return
		}
		l.channels[c].assignTracks()
	}
	l.placeColumns()
}

// addSeg adds a vertical segment from ya to yb to channel c and returns
// the hop that runs on it.
func (l *layouter) addSeg(c int, ya float64, sa int8, yb float64, sb int8) hop {
	lo, hi := ya, yb
	if lo > hi {
		lo, hi = hi, lo
	}
	ch := &l.channels[c]
	ch.segs = append(ch.segs, segment{ya: ya, yb: yb, sa: sa, sb: sb, lo: lo, hi: hi})
	return hop{kind: hopTrack, channel: c, seg: len(ch.segs) - 1}
}

// sidePorts records which nodes' top and bottom are taken: each takes one
// edge; small offsets keep the side exit (a short jog reads better than a
// corner exit).
type sidePorts struct{ top, bottom []bool }

func newSidePorts(n int) *sidePorts {
	return &sidePorts{top: make([]bool, n), bottom: make([]bool, n)}
}

func (sp *sidePorts) free(n int, top bool) bool {
	if top {
		return !sp.top[n]
	}
	return !sp.bottom[n]
}

func (sp *sidePorts) take(n int, top bool) {
	if top {
		sp.top[n] = true
	} else {
		sp.bottom[n] = true
	}
}

// routeHops gives every edge its hops and widens the channel its label
// sits in; false when the context was cancelled.
func (l *layouter) routeHops() bool {
	use := l.countPorts()
	ports := newSidePorts(len(l.g.Nodes))
	for i, p := range l.paths {
		if i%1024 == 0 && l.ctx.Err() != nil {
			return false
		}
		self := len(p) == 3 && p[0] == p[2]
		hs := make([]hop, 0, len(p)-1)
		for k := 0; k+1 < len(p); k++ {
			hs = append(hs, l.hopFor(i, p, k, self, use, ports))
		}
		if e := l.g.Edges[i]; e.Boundary && len(hs) > 0 {
			l.boundaryHop(i, p, hs)
		}
		l.hops[i] = hs
		if e := l.g.Edges[i]; e.LabelW > 0 && len(hs) > 0 && hs[0].kind != hopDown {
			c := hs[0].channel
			if w := e.LabelW + 2*labelMargin; w > l.channels[c].labelW {
				l.channels[c].labelW = w
			}
		}
	}
	return true
}

// hopFor decides how hop k of edge i (path p) is drawn: from or into a
// node's top or bottom, off-centre on a node's side, or through the
// channels.
func (l *layouter) hopFor(i int, p []int, k int, self bool, use []portUse, ports *sidePorts) hop {
	a, b := &l.items[p[k]], &l.items[p[k+1]]
	if b.layer == a.layer+1 && a.y != b.y && !self {
		if h, ok := l.sidePortHop(i, p, k, use, ports); ok {
			return h
		}
		if h, ok := l.freePortHop(p, k); ok {
			return h
		}
	}
	return l.channelHop(p, k, self)
}

// sidePortHop leaves the edge's first node from its top or bottom, or
// enters its last node there, when that port is free, the only edge that
// way, and the column beside it is clear; the label sits between the
// shape and the bend, on the shape's side of the line, so the run must
// fit it.
func (l *layouter) sidePortHop(i int, p []int, k int, use []portUse, ports *sidePorts) (hop, bool) {
	a, b := &l.items[p[k]], &l.items[p[k+1]]
	run := max(float64(sidePortMin), l.g.Edges[i].LabelH+8)
	if n := l.g.Nodes[p[0]]; k == 0 && n.SidePorts && math.Abs(b.y-a.y) >= n.H/2+run {
		u := use[p[0]]
		up := b.y < a.y
		if ((up && u.outUp == 1) || (!up && u.outDown == 1 && !u.loopOut)) && ports.free(p[0], up) && l.clear(a.layer, p[k], a.y, b.y) {
			ports.take(p[0], up)
			return hop{kind: hopSideOut, channel: b.layer, top: up}, true
		}
	}
	if k+2 == len(p) && l.g.Nodes[p[k+1]].SidePorts && math.Abs(b.y-a.y) >= l.g.Nodes[p[k+1]].H/2+sidePortMin {
		v := use[p[k+1]]
		above := a.y < b.y
		if ((above && v.inAbove == 1) || (!above && v.inBelow == 1 && !v.loopIn)) && ports.free(p[k+1], above) && l.clear(b.layer, p[k+1], a.y, b.y) {
			ports.take(p[k+1], above)
			return hop{kind: hopSideIn, channel: b.layer, top: above}, true
		}
	}
	return hop{}, false
}

// freePortHop runs the hop straight, off the centre of a node with free
// ports, when the other end is level with a point of its side.
func (l *layouter) freePortHop(p []int, k int) (hop, bool) {
	a, b := &l.items[p[k]], &l.items[p[k+1]]
	if k == 0 && l.g.Nodes[p[0]].FreePorts && math.Abs(b.y-a.y) <= l.g.Nodes[p[0]].H/2-portInset {
		return hop{kind: hopStraight, channel: b.layer, offStart: true}, true
	}
	if k+2 == len(p) && l.g.Nodes[p[k+1]].FreePorts && math.Abs(b.y-a.y) <= l.g.Nodes[p[k+1]].H/2-portInset {
		return hop{kind: hopStraight, channel: b.layer, offEnd: true}, true
	}
	return hop{}, false
}

// channelHop runs the hop through the channel between the layers:
// straight when level, else on a vertical segment; a self-loop goes out
// right and back in left; a hop within one layer goes down or up.
func (l *layouter) channelHop(p []int, k int, self bool) hop {
	a, b := &l.items[p[k]], &l.items[p[k+1]]
	switch {
	case b.layer == a.layer+1:
		if a.y == b.y {
			return hop{kind: hopStraight, channel: b.layer}
		}
		return l.addSeg(b.layer, a.y, sideLeft, b.y, sideRight)
	case b.layer == a.layer-1:
		if a.y == b.y {
			return hop{kind: hopStraight, channel: a.layer}
		}
		return l.addSeg(a.layer, a.y, sideRight, b.y, sideLeft)
	case self && k == 0:
		return l.addSeg(a.layer+1, a.y, sideLeft, b.y, sideLeft)
	case self:
		return l.addSeg(a.layer, a.y, sideRight, b.y, sideRight)
	case k == 0:
		return hop{kind: hopDown}
	default:
		return hop{kind: hopUp}
	}
}

// placeColumns sets the horizontal coordinates: each layer's column as
// wide as its widest node, each channel wide enough for its tracks and
// label, channels and columns alternating from x = 0.
func (l *layouter) placeColumns() {
	colW := make([]float64, l.nLayers)
	for ly, items := range l.layers {
		colW[ly] = 20
		for _, it := range items {
			if v := l.items[it].node; v >= 0 && l.g.Nodes[v].W > colW[ly] {
				colW[ly] = l.g.Nodes[v].W
			}
		}
	}
	l.colLeft = make([]float64, l.nLayers)
	l.colW = colW
	x := 0.0
	for c := range l.channels {
		ch := &l.channels[c]
		min := float64(channelMin)
		if c == 0 || c == l.nLayers {
			min = channelOuter
		}
		w := float64(ch.tracks+1)*trackGap + ch.labelW
		if w < min {
			w = min
		}
		ch.left, ch.width = x, w
		x += w
		if c < l.nLayers {
			l.colLeft[c] = x
			x += colW[c]
		}
	}
	l.width = x
}

// assignTracks orders the channel's vertical segments so that as few
// horizontal ends as possible cross another segment, then packs them onto
// tracks: segments whose ranges overlap get distinct tracks in that order.
func (ch *channel) assignTracks() {
	n := len(ch.segs)
	if n == 0 {
		return
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool {
		a, b := &ch.segs[idx[i]], &ch.segs[idx[j]]
		ab, ba := crossCost(a, b), crossCost(b, a)
		if ab != ba {
			return ab < ba
		}
		// Prefer a stable geometric order: upper segments first.
		if a.lo != b.lo {
			return a.lo < b.lo
		}
		return a.hi < b.hi
	})
	placed := make([]int, 0, n)
	for _, s := range idx {
		t := 0
		seg := &ch.segs[s]
		for _, o := range placed {
			other := &ch.segs[o]
			if seg.lo <= other.hi+trackGap/2 && other.lo <= seg.hi+trackGap/2 && other.track >= t {
				t = other.track + 1
			}
		}
		seg.track = t
		if t+1 > ch.tracks {
			ch.tracks = t + 1
		}
		placed = append(placed, s)
	}
}

// crossCost counts the crossings between a and b when a runs left of b.
func crossCost(a, b *segment) int {
	c := 0
	inside := func(y float64, s *segment) bool { return y > s.lo && y < s.hi }
	if a.sa == sideRight && inside(a.ya, b) {
		c++
	}
	if a.sb == sideRight && inside(a.yb, b) {
		c++
	}
	if b.sa == sideLeft && inside(b.ya, a) {
		c++
	}
	if b.sb == sideLeft && inside(b.yb, a) {
		c++
	}
	return c
}

func (ch *channel) trackX(t int) float64 {
	return ch.left + float64(t+1)*trackGap
}

// boundaryHop makes the first hop of an edge leaving a boundary event run
// down from the event, below its host, into the next channel, so that it
// goes around the host instead of out of its side.
func (l *layouter) boundaryHop(i int, p []int, hs []hop) {
	e := l.g.Edges[i]
	a, b := &l.items[p[0]], &l.items[p[1]]
	low := a.y + l.g.Nodes[p[0]].H/2 + e.BoundaryDrop
	switch hs[0].kind {
	case hopTrack:
		seg := &l.channels[hs[0].channel].segs[hs[0].seg]
		seg.ya = low
		seg.lo, seg.hi = min(seg.ya, seg.yb), max(seg.ya, seg.yb)
	case hopStraight, hopSideOut, hopSideIn:
		if b.layer == a.layer+1 {
			hs[0] = l.addSeg(b.layer, low, sideLeft, b.y, sideRight)
		}
	}
}
