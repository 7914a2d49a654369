package bpmn

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/layout"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// The glue between the diagram being built and pkg/bpmn/layout for the
// pools' top levels. It stays beside the graph it reads (layout knows
// nothing of pools, lanes and message flows, only bands, nodes and edges):
// bands from pools and lanes, a scene from the top-level nodes and flows,
// then pool and lane rectangles from the result and message flows cut at
// the pools they end on.

// layoutMain lays out the pools' top levels in one layered layout: every
// leaf lane of every pool is a band, pools stacked with a gap, message
// flows are edges between bands, and ends at a pool's border are proxies.
func (g *graph) layoutMain(d *drawing) error {
	plan := g.planBands()
	s, proxies := g.mainScene(d, plan)
	left := float64(poolX+poolHeader) + float64(plan.maxDepth)*laneHeader
	res, err := layout.Layout(g.ctx, s.lg, layout.Options{X: left, Y: poolY, Wrap: wrapAspect})
	if err != nil {
		return err
	}
	g.simplified = g.simplified || res.Simplified
	g.apply(d, s, res)
	g.placePoolsAndLanes(d, plan, res, left)
	g.cutMessageFlows(d, proxies)
	return nil
}

// wrapAspect is the frame a long process is folded into rows for
// (layout.Options.Wrap): the Process Model stage at 1440 px (about 800 ×
// 512 CSS px beside the Recent list) and a landscape page (1.41), so that
// the fitted view and the reports' pictures of a 79-step procedure are
// several times larger than one row 35 times wider than high.
const wrapAspect = 1.4

// bandPlan is where pools and lanes go in the layout: one band per leaf
// lane (or per pool without lanes), pools stacked top to bottom.
type bandPlan struct {
	specs     []layout.BandSpec
	bandOf    map[[2]int]int // (pool, leaf lane or -1) → band
	poolBands [][2]int       // per pool its first and last band
	laneDepth map[int]int    // per lane its nesting depth, 1 at the top
	maxDepth  int
}

// band is the band of a pool's leaf lane, or the pool's first band.
func (b *bandPlan) band(p, lane int) int {
	if i, ok := b.bandOf[[2]int{p, lane}]; ok {
		return i
	}
	return b.poolBands[p][0]
}

// planBands gives every leaf lane of every pool a band (a collapsed pool
// or one without lanes one band), with a gap above every pool but the
// first.
func (g *graph) planBands() *bandPlan {
	b := &bandPlan{bandOf: map[[2]int]int{}, poolBands: make([][2]int, len(g.pools)), laneDepth: map[int]int{}}
	for p, pl := range g.pools {
		first := len(b.specs)
		leaves, depth := g.leafLanes(p)
		for l, dep := range depth {
			b.laneDepth[l] = dep
			b.maxDepth = max(b.maxDepth, dep)
		}
		spec := layout.BandSpec{}
		if p > 0 {
			spec.GapAbove = poolGap
		}
		if pl.collapsed || len(leaves) == 0 {
			if pl.collapsed {
				spec.MinHeight = collapsedH
			}
			b.bandOf[[2]int{p, -1}] = len(b.specs)
			b.specs = append(b.specs, spec)
		} else {
			for k, l := range leaves {
				if k > 0 {
					spec = layout.BandSpec{}
				}
				b.bandOf[[2]int{p, l}] = len(b.specs)
				b.specs = append(b.specs, spec)
			}
		}
		b.poolBands[p] = [2]int{first, len(b.specs) - 1}
	}
	return b
}

// msgProxy is a message flow end at a pool's border: a node of its own in
// the scene, cut away after the layout.
type msgProxy struct{ msg, pool int }

// mainScene puts the top-level nodes, data, notes and flows in their
// bands; message flows ending inside sub-processes attach to the
// top-level container, those ending at a pool get a proxy in the pool's
// band nearest the other end.
func (g *graph) mainScene(d *drawing, plan *bandPlan) (*scene, []msgProxy) {
	s := newScene(len(plan.specs))
	s.lg.Bands = plan.specs
	for i, n := range g.nodes {
		if n.parent < 0 && n.kind != parse.KindBoundaryEvent {
			s.addNode(0, i, g.shapeNode(d, i, plan.band(n.pool, n.lane)))
		}
	}
	for i, it := range g.data {
		if it.parent < 0 {
			s.addNode(1, i, g.dataNode(i, plan.band(it.pool, it.lane)))
		}
	}
	for i, t := range g.notes {
		if t.parent < 0 {
			s.addNode(2, i, textNode(t.text, plan.band(t.pool, t.lane)))
		}
	}
	g.sceneEdges(s, -1)
	var proxies []msgProxy
	for i, m := range g.msgs {
		end := func(e endpoint, other endpoint) int {
			if e.node >= 0 {
				return s.at[[2]int{0, g.topOf(e.node, -1)}]
			}
			b := plan.poolBands[e.pool][0]
			if e.pool < other.pool {
				b = plan.poolBands[e.pool][1]
			}
			proxies = append(proxies, msgProxy{i, e.pool})
			return s.addNode(3, len(s.what), layout.Node{Lane: b})
		}
		from := end(m.from, m.to)
		to := end(m.to, m.from)
		e := layout.Edge{From: from, To: to, Message: true}
		if m.name != "" {
			e.LabelW, e.LabelH = labelBox(m.name, labelMaxW)
		}
		s.addEdge(1, i, e)
	}
	return s, proxies
}

// placePoolsAndLanes sets the pools' rectangles from their bands, the leaf
// lanes' from theirs and parent lanes' around their children, all as wide
// as the layout.
func (g *graph) placePoolsAndLanes(d *drawing, plan *bandPlan, res *layout.Result, left float64) {
	width := left - poolX + res.Width
	for p := range g.pools {
		top, bottom := res.Lanes[plan.poolBands[p][0]], res.Lanes[plan.poolBands[p][1]]
		d.pools[p] = layout.Rect{X: poolX, Y: top.Y, W: width, H: bottom.Y + bottom.H - top.Y}
	}
	var laneRect func(l int) layout.Rect
	laneRect = func(l int) layout.Rect {
		x := float64(poolX+poolHeader) + float64(plan.laneDepth[l]-1)*laneHeader
		ln := g.lanes[l]
		if len(ln.children) == 0 {
			b := res.Lanes[plan.band(ln.pool, l)]
			return layout.Rect{X: x, Y: b.Y, W: poolX + width - x, H: b.H}
		}
		first, last := laneRect(ln.children[0]), laneRect(ln.children[len(ln.children)-1])
		return layout.Rect{X: x, Y: first.Y, W: poolX + width - x, H: last.Y + last.H - first.Y}
	}
	for l := range g.lanes {
		if !g.pools[g.lanes[l].pool].collapsed {
			d.lanes[l] = laneRect(l)
		}
	}
}

// cutMessageFlows ends each message flow with a proxy end at the border of
// that pool; a label left inside the pool the line no longer enters goes
// beside the line where it meets the pool, in the free space between the
// border and the shapes.
func (g *graph) cutMessageFlows(d *drawing, proxies []msgProxy) {
	for _, v := range proxies {
		m := g.msgs[v.msg]
		r := d.pools[v.pool]
		var end layout.Point
		switch {
		case m.to.node < 0 && m.to.pool == v.pool:
			d.msgs[v.msg] = cutAtPool(d.msgs[v.msg], r)
			end = d.msgs[v.msg][len(d.msgs[v.msg])-1]
		case m.from.node < 0 && m.from.pool == v.pool:
			d.msgs[v.msg] = reversed(cutAtPool(reversed(d.msgs[v.msg]), r))
			end = d.msgs[v.msg][0]
		default:
			continue
		}
		lb := d.msgLabels[v.msg]
		inPool := lb.X < r.X+r.W && r.X < lb.X+lb.W && lb.Y < r.Y+r.H && r.Y < lb.Y+lb.H
		if lb.W == 0 || lb.H > lanePadding-8 || !inPool {
			continue
		}
		lb.X = end.X + 6
		if end.Y <= r.Y {
			lb.Y = end.Y - 6 - lb.H
		} else {
			lb.Y = end.Y + 6
		}
		d.msgLabels[v.msg] = lb
	}
}

// leafLanes lists a pool's leaf lanes top to bottom, with each lane's
// nesting depth.
func (g *graph) leafLanes(p int) (leaves []int, depth map[int]int) {
	depth = map[int]int{}
	var walk func(l, dep int)
	walk = func(l, dep int) {
		depth[l] = dep
		if len(g.lanes[l].children) == 0 {
			leaves = append(leaves, l)
			return
		}
		for _, c := range g.lanes[l].children {
			walk(c, dep+1)
		}
	}
	for i, l := range g.lanes {
		if l.pool == p && l.parent < 0 {
			walk(i, 1)
		}
	}
	return leaves, depth
}

// lanePadding is the free space the layout keeps between a band's border
// and its shapes.
const lanePadding = 25

func reversed(pts []layout.Point) []layout.Point {
	out := make([]layout.Point, len(pts))
	for i, p := range pts {
		out[len(pts)-1-i] = p
	}
	return out
}

// cutAtPool ends a route where it first reaches the pool's border.
func cutAtPool(pts []layout.Point, r layout.Rect) []layout.Point {
	for k := 0; k+1 < len(pts); k++ {
		a, b := pts[k], pts[k+1]
		if a.X != b.X {
			continue
		}
		for _, y := range []float64{r.Y, r.Y + r.H} {
			if (a.Y < y && b.Y >= y) || (a.Y > y && b.Y <= y) {
				out := append([]layout.Point(nil), pts[:k+1]...)
				return append(out, layout.Point{X: a.X, Y: y})
			}
		}
	}
	return pts
}
