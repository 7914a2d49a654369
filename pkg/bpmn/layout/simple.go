package layout

// simple is the layout for graphs over the work budget: nodes in columns
// by layer (as the layered layout assigns them), stacked top to bottom
// inside their lane band in input order, and every edge drawn with one
// vertical segment halfway between its ends. It is linear in nodes and
// edges; it does not avoid crossings, and an edge may pass over shapes,
// which is why Result.Simplified lets callers say so.
func (l *layouter) simple(opt Options) *Result {
	n := len(l.g.Nodes)
	nLayers := max(l.nLayers, 1)
	colW := make([]float64, nLayers)
	for v, nd := range l.g.Nodes {
		colW[l.layer[v]] = max(colW[l.layer[v]], nd.W, 20)
	}
	// stacked height per (lane, layer), and each node's offset in it
	type key struct{ lane, layer int }
	used := make(map[key]float64, n)
	off := make([]float64, n)
	for v, nd := range l.g.Nodes {
		k := key{nd.Lane, l.layer[v]}
		off[v] = used[k] + nd.TopReserve
		used[k] += nd.TopReserve + nd.H + nd.BottomReserve + nodeGap
	}
	laneH := make([]float64, l.lanes)
	for k, h := range used {
		laneH[k.lane] = max(laneH[k.lane], h-nodeGap+2*lanePad)
	}
	r := &Result{
		Nodes:      make([]Rect, n),
		Edges:      make([][]Point, len(l.g.Edges)),
		Labels:     make([]Rect, len(l.g.Edges)),
		Lanes:      make([]Band, l.lanes),
		Simplified: true,
	}
	y := 0.0
	for ln := range r.Lanes {
		minH := float64(laneMinHeight)
		if ln < len(l.g.Bands) {
			y += l.g.Bands[ln].GapAbove
			if l.g.Bands[ln].MinHeight > 0 {
				minH = l.g.Bands[ln].MinHeight
			}
		}
		h := max(laneH[ln], minH)
		r.Lanes[ln] = Band{Y: opt.Y + y, H: h}
		y += h
	}
	r.Height = y
	colLeft := make([]float64, nLayers)
	x := float64(channelOuter)
	for ly := range colLeft {
		colLeft[ly] = x
		x += colW[ly] + channelMin
	}
	r.Width = x - channelMin + channelOuter
	for v, nd := range l.g.Nodes {
		ly := l.layer[v]
		cx := colLeft[ly] + colW[ly]/2
		r.Nodes[v] = Rect{X: opt.X + cx - nd.W/2, Y: r.Lanes[nd.Lane].Y + lanePad + off[v], W: nd.W, H: nd.H}
	}
	for i, e := range l.g.Edges {
		if i%4096 == 0 && l.ctx.Err() != nil {
			return r
		}
		a, b := r.Nodes[e.From], r.Nodes[e.To]
		ya, yb := a.Y+a.H/2, b.Y+b.H/2
		var pts []Point
		switch {
		case e.From == e.To:
			// a loop below the shape
			pts = []Point{{a.X + a.W/2, a.Y + a.H}, {a.X + a.W/2, a.Y + a.H + dummyGap}, {a.X - dummyGap, a.Y + a.H + dummyGap}, {a.X - dummyGap, ya}, {a.X, ya}}
		case b.X > a.X+a.W:
			mx := (a.X + a.W + b.X) / 2
			pts = []Point{{a.X + a.W, ya}, {mx, ya}, {mx, yb}, {b.X, yb}}
		default:
			// backwards or in the same column: out of the bottom, into
			// the bottom
			low := max(a.Y+a.H, b.Y+b.H) + dummyGap
			pts = []Point{{a.X + a.W/2, a.Y + a.H}, {a.X + a.W/2, low}, {b.X + b.W/2, low}, {b.X + b.W/2, b.Y + b.H}}
		}
		r.Edges[i] = simplify(pts)
		if e.LabelW > 0 {
			p := r.Edges[i][0]
			r.Labels[i] = Rect{X: p.X + labelMargin, Y: p.Y - e.LabelH - labelMargin, W: e.LabelW, H: e.LabelH}
		}
	}
	return r
}
